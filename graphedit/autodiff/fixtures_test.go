package autodiff_test

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/graphedit/autodiff/gradcheck"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

const fixtureDir = "../../models/fixtures"

// Fixture checks: the gradient graphs run in float32, so the float32
// tolerance; finite differences run on a float64 copy of the forward model
// (float32 differences of a ~5-valued loss carry rounding near 1e-5, the
// size of small weight gradients, and a large step crosses ReLU kinks).
const (
	fixtureTol     = 2e-3
	fixtureWeights = 3 // weight initializers sampled per fixture
	fixtureElems   = 4 // elements sampled per requested value
	fixtureBatch   = 2
	fixtureLen     = 5 // every other symbolic dimension
	fixturePad     = 1
	// fixtureDirections random directions per value for fused models.
	fixtureDirections = 3
)

// fusedOps reports whether the graph has ops outside the default domain.
func fusedOps(g *graphedit.Graph) bool {
	for _, n := range g.Nodes() {
		if n.Domain() != "" && n.Domain() != "ai.onnx" {
			return true
		}
	}
	return false
}

type manifest struct {
	Fixtures []struct {
		File string `json:"file"`
	} `json:"fixtures"`
}

func fixtureFiles(t testing.TB) []string {
	b, err := os.ReadFile(filepath.Join(fixtureDir, "manifest.json"))
	if err != nil {
		t.Fatalf("fixture manifest: %v", err)
	}
	var m manifest
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("fixture manifest: %v", err)
	}
	var out []string
	for _, f := range m.Fixtures {
		out = append(out, f.File)
	}
	if len(out) == 0 {
		t.Fatal("fixture manifest lists no fixtures")
	}
	return out
}

// fixtureSetup loads a fixture with the sampled weights listed as inputs,
// inserts a scalar gate after the first Softmax, adds the loss, and makes
// the feeds. It returns the graph, base model, loss name and the values to
// differentiate.
type fixtureSetup struct {
	gates []string // the gate inputs InsertGates added
	g     *graphedit.Graph
	base  *onnxpb.ModelProto
	loss  string
	wrt   []string
	feeds map[string]*ortrun.Tensor
}

func setupFixture(t testing.TB, file string, seed int64, nWeights int) *fixtureSetup {
	return setupFixtureSized(t, file, seed, nWeights, fixtureBatch, fixtureLen)
}

// setupFixtureSized is setupFixture with the batch size and the size of
// every other symbolic dimension given.
func setupFixtureSized(t testing.TB, file string, seed int64, nWeights int, batch, length int64) *fixtureSetup {
	t.Helper()
	m, err := onnxio.Load(filepath.Join(fixtureDir, file), nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(seed))
	feeds := map[string]*ortrun.Tensor{}
	// Sample float weight initializers and expose them as inputs.
	var cands []*onnxpb.TensorProto
	for _, init := range m.Proto.GetGraph().GetInitializer() {
		n := int64(1)
		for _, d := range init.GetDims() {
			n *= d
		}
		if init.GetDataType() == int32(onnxpb.TensorProto_FLOAT) && n >= 4 {
			cands = append(cands, init)
		}
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].GetName() < cands[j].GetName() })
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	if len(cands) > nWeights {
		cands = cands[:nWeights]
	}
	var wrt []string
	for _, w := range cands {
		d, err := m.Tensor(w)
		if err != nil {
			t.Fatal(err)
		}
		f32, err := d.AsFloat32()
		if err != nil {
			t.Fatal(err)
		}
		feeds[w.GetName()] = ortrun.NewF32(append([]int64{}, w.GetDims()...), append([]float32{}, f32...))
		wrt = append(wrt, w.GetName())
	}
	sampled := append([]string(nil), wrt...) // the weights so far
	// Gradients do not flow through If: specialize the merged decoder to
	// its uncached path (use_cache_branch = false), as training runs it.
	if strings.Contains(file, "merged") {
		if n, err := graphedit.InlineIf(m.Proto, "use_cache_branch", false); err != nil || n != 1 {
			t.Fatalf("inline If: %d replaced, %v", n, err)
		}
	}
	g, err := graphedit.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	_ = g.InferShapes()
	// Feeds for the model's own inputs.
	size := func(d graphedit.Dim) int64 {
		switch {
		case d.Known():
			return d.Value
		case strings.Contains(d.Param, "batch"):
			return batch
		default:
			return length
		}
	}
	for _, in := range g.Inputs() {
		if feeds[in.Name()] != nil {
			continue
		}
		var shape []int64
		n := 1
		for _, d := range in.Shape() {
			shape = append(shape, size(d))
			n *= int(size(d))
		}
		switch in.ElemType() {
		case int32(onnxpb.TensorProto_INT64):
			v := make([]int64, n)
			for i := range v {
				if strings.Contains(in.Name(), "mask") {
					v[i] = 1
					if i == n-1 {
						v[i] = 0 // one masked position
					}
				} else {
					v[i] = int64(2 + rng.Intn(20))
				}
			}
			feeds[in.Name()] = ortrun.NewI64(shape, v)
		case int32(onnxpb.TensorProto_FLOAT):
			feeds[in.Name()] = ortrun.NewF32(shape, randF32(rng, n))
			wrt = append(wrt, in.Name())
		case int32(onnxpb.TensorProto_BOOL):
			feeds[in.Name()] = ortrun.NewBool(shape, make([]bool, n))
		default:
			t.Fatalf("%s: input %s of type %d", file, in.Name(), in.ElemType())
		}
	}
	// Head gates: one gate vector per attention block (graphedit's
	// FindHeads and InsertGates), fed values in [0.2, 1.2).
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatalf("%s: find heads: %v", file, err)
	}
	gates, err := heads.InsertGates(g, blocks, nil)
	var gateNames []string
	if err != nil {
		t.Fatalf("%s: insert gates: %v", file, err)
	}
	for _, gt := range gates {
		v := make([]float32, gt.Heads)
		for i := range v {
			v[i] = float32(0.2 + rng.Float64())
		}
		feeds[gt.Name] = ortrun.NewF32([]int64{int64(gt.Heads)}, v)
		wrt = append(wrt, gt.Name)
		gateNames = append(gateNames, gt.Name)
	}
	// Finite differences feed the sampled weights: list them as inputs
	// (Build would too), after the head finder has read them as constants.
	for _, name := range sampled {
		if err := g.ExposeInitializer(g.Value(name)); err != nil {
			t.Fatal(err)
		}
	}
	// The loss: cross-entropy on logits, else a random projection of the
	// first output.
	var loss string
	if logits := g.Value("logits"); logits != nil && logits.IsGraphOutput() {
		ls := logits.Shape()
		labels, err := g.AddInput("test/labels", int32(onnxpb.TensorProto_INT64), ls[:len(ls)-1])
		if err != nil {
			t.Fatal(err)
		}
		var shape []int64
		n := 1
		for _, d := range ls[:len(ls)-1] {
			shape = append(shape, size(d))
			n *= int(size(d))
		}
		lab := make([]int64, n)
		for i := range lab {
			lab[i] = int64(rng.Intn(int(ls[len(ls)-1].Value)))
			if i%4 == 1 {
				lab[i] = fixturePad
			}
		}
		feeds[labels.Name()] = ortrun.NewI64(shape, lab)
		lv, err := autodiff.CrossEntropy(g, logits, labels, autodiff.CrossEntropyOptions{Smoothing: 0.1, PadID: fixturePad, Name: "test/loss"})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.AddOutput(lv); err != nil {
			t.Fatal(err)
		}
		loss = lv.Name()
	} else {
		loss, err = gradcheck.ProjectionLoss(g, g.Outputs()[:1], feeds, seed+1)
		if err != nil {
			t.Fatal(err)
		}
	}
	return &fixtureSetup{gates: gateNames, g: g, base: m.Proto, loss: loss, wrt: wrt, feeds: feeds}
}

// On every exported fixture, gradients of the loss with respect to the
// head gates (one vector per attention block), sampled weights and the
// float inputs match finite differences.
func TestFixtureGradients(t *testing.T) {
	for k, file := range fixtureFiles(t) {
		seed := int64(2000 + k)
		t.Run(file, func(t *testing.T) {
			s := setupFixture(t, file, seed, fixtureWeights)
			opts := gradcheck.Options{Seed: seed, Samples: fixtureElems, Tol: fixtureTol, Float64Forward: true}
			if fusedOps(s.g) {
				// com.microsoft fused ops run in float32 only: compare
				// directional derivatives, whose finite differences stand
				// far above float32 rounding.
				opts = gradcheck.Options{Seed: seed, Directions: fixtureDirections, Tol: fixtureTol}
			}
			res, err := gradcheck.Check(s.g, s.base, s.loss, s.wrt, s.feeds, opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range res {
				if !r.OK() {
					t.Errorf("%v\n analytic %v\n numeric  %v", r, head(r.Analytic), head(r.Numeric))
				} else if testing.Verbose() {
					t.Logf("%v", r)
				}
			}
		})
	}
}

// On the largest fixture, asking for the gates' gradients alone computes no
// gradient of any weight: no rule sets a gradient for an initializer input
// other than a gate (traced), and the gate-only graph is smaller than gates
// plus weights.
func TestFixtureGateOnlyEmitsNoWeightGradients(t *testing.T) {
	var largest string
	var size int64 = -1
	for _, f := range fixtureFiles(t) {
		st, err := os.Stat(filepath.Join(fixtureDir, f))
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > size {
			largest, size = f, st.Size()
		}
	}
	count := func(withWeights bool) (int, int) {
		s := setupFixture(t, largest, 1, 0)
		var wrt []*graphedit.Value
		for _, name := range s.gates {
			wrt = append(wrt, s.g.Value(name))
		}
		if withWeights {
			for _, v := range s.g.Initializers() {
				if v.ElemType() == int32(onnxpb.TensorProto_FLOAT) && len(v.Shape()) > 0 && !strings.HasPrefix(v.Name(), "gate/") {
					wrt = append(wrt, v)
				}
			}
		}
		weightGrads := 0
		before := s.g.NumNodes()
		_, err := autodiff.Build(s.g, s.g.Value(s.loss), wrt, &autodiff.Options{
			Trace: func(n *graphedit.Node, i int, _ *graphedit.Value) {
				if x := n.Input(i); x.IsInitializer() && !strings.HasPrefix(x.Name(), "gate/") {
					weightGrads++
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		return s.g.NumNodes() - before, weightGrads
	}
	gateNodes, gateWeightGrads := count(false)
	allNodes, allWeightGrads := count(true)
	if gateWeightGrads != 0 {
		t.Errorf("gate-only: %d weight gradients emitted", gateWeightGrads)
	}
	if allWeightGrads == 0 || allNodes <= gateNodes {
		t.Errorf("with weights: %d weight gradients, %d nodes (gate-only %d)", allWeightGrads, allNodes, gateNodes)
	}
	t.Logf("%s: gate-only %d backward nodes; with every weight %d nodes, %d weight gradients", largest, gateNodes, allNodes, allWeightGrads)
}
