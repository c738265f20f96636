package structures_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// oracleTol is the surgery oracle's tolerance: the pruned and the gated
// model sum the same products in a different order (fewer terms in the
// down projection), so they agree to fp32 rounding of values of order 1.
const oracleTol = 1e-5

// decisions returns the decisions a fixture is checked with: random
// neurons of every FFN with one FFN emptied; and random neurons, one
// sublayer of each part removed (attn and cross of layer 0, ffn of layer
// 1) and random heads of the blocks left, together.
func decisions(d *structures.Discovery, rng *rand.Rand) map[string]structures.Decision {
	randomNeurons := func() map[string][]bool {
		m := map[string][]bool{}
		for _, f := range d.FFNs {
			keep := make([]bool, f.Width)
			for i := range keep {
				keep[i] = rng.IntN(2) == 0
			}
			keep[rng.IntN(len(keep))] = true
			m[f.Key()] = keep
		}
		return m
	}
	out := map[string]structures.Decision{}
	empty := randomNeurons()
	f := d.FFNs[rng.IntN(len(d.FFNs))]
	empty[f.Key()] = make([]bool, f.Width)
	out["neurons, "+f.Name()+" emptied"] = structures.Decision{Neurons: empty}
	subs := map[string]bool{}
	for _, s := range d.Sublayers {
		if (s.Layer == 0 && s.Part != structures.PartFFN) || (s.Layer == 1 && s.Part == structures.PartFFN) {
			subs[s.Key()] = true
		}
	}
	hd := heads.Decision{}
	for _, b := range d.Heads.Blocks {
		keep := make([]bool, b.NumHeads)
		for i := range keep {
			keep[i] = rng.IntN(2) == 0
		}
		keep[rng.IntN(len(keep))] = true
		hd[b.Name()] = keep // ignored where the sublayer goes whole
	}
	out["mixed"] = structures.Decision{Neurons: randomNeurons(), Sublayers: subs, Heads: hd}
	return out
}

// headIO maps graph inputs and outputs that carry heads to their block
// and axis.
func headIO(blocks []*heads.Block) map[string]struct {
	block string
	axis  int
} {
	m := map[string]struct {
		block string
		axis  int
	}{}
	for _, b := range blocks {
		for _, hc := range b.HeadConsts {
			if hc.Value != nil && (hc.Value.IsGraphInput() || hc.Value.IsGraphOutput()) {
				m[hc.Value.Name()] = struct {
					block string
					axis  int
				}{b.Name(), hc.Axis}
			}
		}
	}
	return m
}

// keepHeads keeps the kept heads' part of axis of t (H equal parts).
func keepHeads(t *ortrun.Tensor, axis int, keep []bool) *ortrun.Tensor {
	per := t.Shape[axis] / int64(len(keep))
	var idx []int64
	for h, k := range keep {
		for c := int64(0); k && c < per; c++ {
			idx = append(idx, int64(h)*per+c)
		}
	}
	return graphtest.TakeAxis(t, axis, idx)
}

// maxAbsDiff is the largest difference between a and b, integers or
// floats of any width.
func maxAbsDiff(a, b *ortrun.Tensor) (float64, error) {
	if a == nil || b == nil || fmt.Sprint(a.Shape) != fmt.Sprint(b.Shape) || a.DType() != b.DType() {
		return 0, fmt.Errorf("shapes differ: %v and %v", a, b)
	}
	var m float64
	af, bf := a.Float32s(), b.Float32s()
	for i := range af {
		d := math.Abs(float64(af[i]) - float64(bf[i]))
		if math.IsNaN(d) {
			return 0, fmt.Errorf("value %d: %g and %g", i, af[i], bf[i])
		}
		m = math.Max(m, d)
	}
	for i := range a.I64 {
		m = math.Max(m, math.Abs(float64(a.I64[i]-b.I64[i])))
	}
	if af == nil && a.I64 == nil && a.Len() > 0 {
		return 0, fmt.Errorf("cannot compare %v", a)
	}
	return m, nil
}

// gatedGraph is g with every head, FFN and sublayer gated.
func gatedGraph(t *testing.T, g *graphedit.Graph) (*graphedit.Graph, []heads.Gate, []structures.Gate) {
	t.Helper()
	gg, err := g.Clone()
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := heads.FindHeads(gg)
	if err != nil {
		t.Fatal(err)
	}
	hg, err := heads.InsertGates(gg, blocks, nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := structures.Discover(gg)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.NotUnderstood) > 0 {
		t.Fatalf("gated graph: %v", d.NotUnderstood[0])
	}
	sg, err := structures.InsertGates(gg, d, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	return gg, hg, sg
}

// gateFeeds sets every gate from a decision: 1 for what is kept, 0 for
// what is removed.
func gateFeeds(feeds map[string]*ortrun.Tensor, dec structures.Decision, hg []heads.Gate, sg []structures.Gate) {
	for _, gt := range hg {
		vals := make([]float32, gt.Heads)
		for h := range vals {
			vals[h] = 1
			if keep, ok := dec.Heads[gt.Block]; ok && !keep[h] {
				vals[h] = 0
			}
		}
		feeds[gt.Name] = ortrun.NewF32([]int64{int64(gt.Heads)}, vals)
	}
	for _, gt := range sg {
		vals := make([]float32, gt.Size)
		for i := range vals {
			vals[i] = 1
		}
		key := strings.TrimPrefix(strings.TrimPrefix(gt.Structure, "ffn:"), "sublayer:")
		if keep, ok := dec.Neurons[key]; ok && strings.HasPrefix(gt.Structure, "ffn:") {
			for i, k := range keep {
				if !k {
					vals[i] = 0
				}
			}
		}
		if dec.Sublayers[key] && strings.HasPrefix(gt.Structure, "sublayer:") {
			vals[0] = 0
		}
		feeds[gt.Name] = ortrun.NewF32([]int64{gt.Size}, vals)
	}
}

// TestSurgeryOracleOnORT checks the surgery oracle for FFN neurons and
// sublayers on every fixture: for each decision the pruned model loads in
// ONNX Runtime, its outputs equal the fully gated model's fed the same 0/1
// gates within oracleTol at two batch sizes and lengths (both branches of
// merged decoders), every graph input and output keeps its name, the
// file is smaller by 4 bytes per float32 weight cut, and surgery finds no
// heads again (it cuts the discovery's blocks). Fails when ONNX Runtime is
// missing.
func TestSurgeryOracleOnORT(t *testing.T) {
	files, err := graphtest.Fixtures(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	fp32 := oracleCheck{opts: graphtest.ExactOpts, tol: oracleTol, neuronBytes: func(f *structures.FFN) int64 { return 4 * f.NeuronParams() }}
	for _, path := range files {
		name := strings.TrimPrefix(path, fixturesDir+"/")
		t.Run(name, func(t *testing.T) { checkSurgeryOracle(t, path, name, fp32) })
	}
}

// oracleCheck is how one fixture's surgery oracle is checked: the ONNX
// Runtime options, the tolerance, and the bytes of the file one cut
// neuron of an FFN frees (its weights in the file's storage types).
type oracleCheck struct {
	opts        ortrun.Options
	tol         float64
	neuronBytes func(f *structures.FFN) int64
	// quantParams: an emptied FFN also frees the scales and zero points
	// of its weights and activations, which neuronBytes does not count;
	// the bytes removed are then at least the neurons'.
	quantParams bool
	// decisions, when set, are the decisions checked, by name (nil:
	// decisions' random ones).
	decisions func(d *structures.Discovery) map[string]structures.Decision
}

// checkSurgeryOracle checks the surgery oracle on the fixture at path
// (named name) for the decisions of decisions(), and returns the largest
// difference seen between the pruned and the gated model.
func checkSurgeryOracle(t *testing.T, path, name string, c oracleCheck) float64 {
	t.Helper()
	worst := 0.0
	sizes := [][2]int64{{1, 3}, {2, 5}}
	opts := c.opts
	m, g := graphtest.LoadFixture(t, path)
	orig, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	gg, hg, sg := gatedGraph(t, g)
	gated := graphtest.NewSession(t, graphtest.MarshalGraph(t, gg, m), opts)
	d0, err := structures.Discover(g)
	if err != nil {
		t.Fatal(err)
	}
	io := headIO(d0.Heads.Blocks)
	sublayerOf := map[string]string{}
	for _, b := range d0.Heads.Blocks {
		sublayerOf[b.Name()] = structures.BlockSublayer(b.Kind, b.Layer)
	}
	rng := rand.New(rand.NewPCG(7, uint64(len(path))))
	decs := decisions(d0, rng)
	if c.decisions != nil {
		decs = c.decisions(d0)
	}
	names := make([]string, 0, len(decs))
	for k := range decs {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, dname := range names {
		dec := decs[dname]
		// What the pruned model's cache inputs and outputs lose:
		// the removed heads of the blocks that stay.
		cut := map[string][]bool{}
		for blk, keep := range dec.Heads {
			if countTrue(keep) < len(keep) && !dec.Sublayers[sublayerOf[blk]] {
				cut[blk] = keep
			}
		}
		if strings.Contains(name, "fused") && dname == "mixed" {
			dec.Heads = keepOneHead(dec.Heads)
		}
		pg, err := g.Clone()
		if err != nil {
			t.Fatal(err)
		}
		pd, err := structures.Discover(pg)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		stop := heads.ObserveDiscoveries(func(*graphedit.Graph) { found++ })
		rep, err := structures.Remove(pg, pd, dec)
		stop()
		if err != nil {
			t.Fatalf("%s: %v", dname, err)
		}
		if found > 0 {
			t.Errorf("%s: surgery found heads %d times; want none (it cuts the discovery's blocks)", dname, found)
		}
		if len(rep.FFNs)+len(rep.Sublayers) == 0 {
			t.Fatalf("%s: nothing removed", dname)
		}
		if err := pg.CheckTypes(); err != nil {
			t.Errorf("%s: %v", dname, err)
		}
		if strings.HasPrefix(dname, "neurons") && len(rep.Copies) == 0 {
			// Cut neurons remove their weights exactly, and an
			// emptied FFN its up projections and biases too (and
			// its quantization parameters), for three int64 shape
			// constants of its zeros per graph.
			var want int64
			for _, f := range d0.FFNs {
				kept := int64(countTrue(dec.Neurons[f.Key()]))
				want += (f.Width - kept) * c.neuronBytes(f)
				if kept == 0 {
					want -= 3 * 8 * int64(f.Graphs())
				}
			}
			if rep.RemovedBytes != want && !(c.quantParams && rep.RemovedBytes > want) {
				t.Errorf("%s: %d bytes removed, want %d", dname, rep.RemovedBytes, want)
			}
		}
		pb := graphtest.MarshalGraph(t, pg, m)
		if len(pb) >= len(orig) {
			t.Errorf("%s: pruned file %d bytes, original %d", dname, len(pb), len(orig))
		}
		pruned := graphtest.NewSession(t, pb, opts)
		if fmt.Sprint(ioNames(pruned)) != fmt.Sprint(ioNames(gated)) {
			t.Errorf("%s: inputs/outputs %v, want %v", dname, ioNames(pruned), ioNames(gated))
		}
		for run, sz := range runs(sizes, gated.Inputs()) {
			gfeeds := halfFeeds(graphtest.RandomFeedsFor(g, gated.Inputs(), sz, rng), gated.Inputs())
			if _, ok := gfeeds["use_cache_branch"]; ok {
				gfeeds["use_cache_branch"] = ortrun.NewBool([]int64{1}, []bool{run%2 == 1})
			}
			// The gated model reads every head of the caches; the
			// pruned one the kept heads.
			feeds := map[string]*ortrun.Tensor{}
			for k, v := range gfeeds {
				if ha, ok := io[k]; ok && (v.F32 != nil || v.F16 != nil) {
					if keep, ok := cut[ha.block]; ok {
						v = keepHeads(v, ha.axis, keep)
					}
				}
				feeds[k] = v
			}
			gateFeeds(gfeeds, dec, hg, sg)
			outs := graphtest.OutputNames(pruned)
			want, err := gated.Run(gfeeds, outs)
			if err != nil {
				t.Fatalf("%s: gated: %v", dname, err)
			}
			got, err := pruned.Run(feeds, outs)
			if err != nil {
				t.Fatalf("%s: pruned: %v", dname, err)
			}
			for _, o := range outs {
				w := want[o]
				if w.Len() == 0 && got[o] != nil && got[o].Len() == 0 {
					continue // the merged decoder's empty placeholders
				}
				if ha, ok := io[o]; ok {
					if keep, ok := cut[ha.block]; ok {
						w = keepHeads(w, ha.axis, keep)
					}
				}
				diff, err := maxAbsDiff(got[o], w)
				if err != nil || diff > c.tol {
					t.Errorf("%s: size %v: output %s differs by %g (%v)", dname, sz, o, diff, err)
				}
				worst = math.Max(worst, diff)
			}
		}
	}
	return worst
}

// halfFeeds converts the float32 feeds of float16 inputs to float16.
func halfFeeds(feeds map[string]*ortrun.Tensor, inputs []ortrun.ValueInfo) map[string]*ortrun.Tensor {
	for _, vi := range inputs {
		if t := feeds[vi.Name]; t != nil && t.F32 != nil && vi.DType == "float16" {
			h := make([]uint16, len(t.F32))
			for i, f := range t.F32 {
				h[i] = onnxio.Float32ToFloat16(f)
			}
			feeds[vi.Name] = ortrun.NewF16(t.Shape, h)
		}
	}
	return feeds
}

// ioNames lists a session's input and output names.
func ioNames(s *ortrun.Session) []string {
	var out []string
	for _, in := range s.Inputs() {
		out = append(out, in.Name)
	}
	return append(out, graphtest.OutputNames(s)...)
}

// runs lists the sizes to run at; a merged decoder runs each size once per
// branch.
func runs(sizes [][2]int64, inputs []ortrun.ValueInfo) [][2]int64 {
	for _, in := range inputs {
		if in.Name == "use_cache_branch" {
			var out [][2]int64
			for _, s := range sizes {
				out = append(out, s, s)
			}
			return out
		}
	}
	return sizes
}

func countTrue(xs []bool) int {
	n := 0
	for _, x := range xs {
		if x {
			n++
		}
	}
	return n
}

// keepOneHead keeps head 0 of a block that would lose every head (a fused
// attention node cannot run without heads).
func keepOneHead(d heads.Decision) heads.Decision {
	out := heads.Decision{}
	for k, v := range d {
		v = append([]bool{}, v...)
		if countTrue(v) == 0 {
			v[0] = true
		}
		out[k] = v
	}
	return out
}

// TestSurgeryFusedNormOnORT checks the oracle on the Marian encoder with
// each residual Add and its LayerNormalization fused into one
// com.microsoft SkipLayerNormalization, as ONNX Runtime's optimizer writes
// them: removing layer 0's FFN sublayer replaces the normalized output
// that layer 1's attention reads, whose heads the surgery then cuts with
// the discovery's blocks (the output looked up as its replacement).
func TestSurgeryFusedNormOnORT(t *testing.T) {
	m, g := graphtest.LoadFixture(t, fixturesDir+"/marian/encoder_model.onnx")
	fused := 0
	for _, n := range g.Nodes() {
		if fuseSkipNorm(t, g, n) {
			fused++
		}
	}
	if fused != 4 {
		t.Fatalf("fused %d Add + LayerNormalization pairs, want 4", fused)
	}
	g.SetOpset("com.microsoft", 1)
	path := graphtest.WriteModel(t, graphtest.MarshalGraph(t, g, m))
	check := oracleCheck{opts: graphtest.ExactOpts, tol: oracleTol, neuronBytes: func(f *structures.FFN) int64 { return 4 * f.NeuronParams() },
		decisions: func(d *structures.Discovery) map[string]structures.Decision {
			b := d.Heads.Blocks[1]
			keep := make([]bool, b.NumHeads)
			keep[1] = true
			return map[string]structures.Decision{"ffn sublayer before a cut block": {
				Sublayers: map[string]bool{structures.SublayerName(heads.KindEncoder, 0, structures.PartFFN): true},
				Heads:     heads.Decision{b.Name(): keep},
			}}
		}}
	checkSurgeryOracle(t, path, "marian encoder, fused normalization", check)
}

// fuseSkipNorm replaces n, a LayerNormalization of the sum of two computed
// values read by it alone, by SkipLayerNormalization(a, b, γ, β) under
// n's output name, and reports whether it did.
func fuseSkipNorm(t *testing.T, g *graphedit.Graph, n *graphedit.Node) bool {
	t.Helper()
	if n.OpType() != "LayerNormalization" || n.Graph() == nil {
		return false
	}
	add, _ := n.Input(0).Producer()
	if add == nil || add.OpType() != "Add" || add.Output(0).NumUses() != 1 {
		return false
	}
	for _, in := range add.Inputs() {
		if p, _ := in.Producer(); p == nil {
			return false
		}
	}
	var attrs []*onnxpb.AttributeProto
	if a := n.Attr("epsilon"); a != nil {
		attrs = append(attrs, graphedit.FloatAttr("epsilon", a.GetF()))
	}
	out := n.Output(0)
	name := out.Name()
	skip, err := g.AddNode(graphedit.NodeSpec{OpType: "SkipLayerNormalization", Domain: "com.microsoft",
		Inputs: []*graphedit.Value{add.Input(0), add.Input(1), n.Input(1), n.Input(2)}, Outputs: []string{g.FreshName(name + "/skip")}, Attrs: attrs})
	if err == nil {
		err = g.ReplaceAllUses(out, skip.Output(0), &graphedit.ReplaceOptions{GraphOutputs: true})
	}
	if err == nil {
		g.Cleanup()
		err = g.Rename(skip.Output(0), name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return true
}

// TestSurgeryBuiltFFNsOnORT checks the oracle on FFNs no fixture has: a
// gated tanh-GELU FFN (two up projections cut together) and a SiLU FFN,
// keeping 2 of 6 neurons; the pruned weights have 2 rows or columns.
func TestSurgeryBuiltFFNsOnORT(t *testing.T) {
	for _, tc := range []struct {
		name  string
		gated bool
		act   func(*graphedit.Builder, func(float32) *graphedit.Value, *graphedit.Value) *graphedit.Value
	}{
		{"gated tanh-gelu", true, tanhGelu},
		{"silu", false, swish},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep := []bool{false, true, false, false, true, false}
			gg := ffnGraph(t, tc.gated, tc.act)
			d, err := structures.Discover(gg)
			if err != nil {
				t.Fatal(err)
			}
			gates, err := structures.InsertGates(gg, d, 1, false)
			if err != nil {
				t.Fatal(err)
			}
			pg := ffnGraph(t, tc.gated, tc.act)
			pd, err := structures.Discover(pg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := structures.Remove(pg, pd, structures.Decision{Neurons: map[string][]bool{"encoder:0": keep}}); err != nil {
				t.Fatal(err)
			}
			for _, w := range []string{"wi", "wg", "bi", "wo"} {
				v := pg.Value(w)
				if v == nil {
					if w == "wg" && !tc.gated {
						continue
					}
					t.Fatalf("%s is gone", w)
				}
				if s := v.Shape(); (w == "wo" && s[0].Value != 2) || (w != "wo" && s[len(s)-1].Value != 2) {
					t.Errorf("%s has shape %s", w, graphedit.ShapeString(s))
				}
			}
			gated := graphtest.NewSession(t, marshal(t, gg), graphtest.ExactOpts)
			pruned := graphtest.NewSession(t, marshal(t, pg), graphtest.ExactOpts)
			feeds := graphtest.RandomFeeds(pruned.Inputs(), [2]int64{2, 3}, rand.New(rand.NewPCG(1, 1)))
			got, err := pruned.Run(feeds, graphtest.OutputNames(pruned))
			if err != nil {
				t.Fatal(err)
			}
			gateFeeds(feeds, structures.Decision{Neurons: map[string][]bool{"encoder:0": keep}}, nil, gates)
			want, err := gated.Run(feeds, graphtest.OutputNames(pruned))
			if err != nil {
				t.Fatal(err)
			}
			for o, w := range want {
				if diff, err := maxAbsDiff(got[o], w); err != nil || diff > oracleTol {
					t.Errorf("output %s differs by %g (%v)", o, diff, err)
				}
			}
		})
	}
}

func marshal(t *testing.T, g *graphedit.Graph) []byte {
	t.Helper()
	b, err := proto.Marshal(g.ModelProto(nil))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
