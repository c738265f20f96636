package heads_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/ortrun"
)

// maskedTol bounds the difference between a pruned file on ONNX Runtime and
// PyTorch's head-masked forward: different kernels and summation orders
// over a few layers of fp32 (the unpruned files match within 2.2e-6).
const maskedTol = 1e-4

// maskedManifest is the part of the manifest listing head-masked
// references.
type maskedManifest struct {
	Fixtures []struct {
		File       string `json:"file"`
		HeadMasked []struct {
			Decision     string   `json:"decision"`
			RemoveInFile []string `json:"remove_in_file"`
			TestDataSets []struct {
				Dir string `json:"dir"`
			} `json:"test_data_sets"`
		} `json:"head_masked"`
	} `json:"fixtures"`
}

// TestPruneMatchesMaskedReference cuts the heads of each head-masked
// decision out of every file that has references for it, and checks the
// pruned file against PyTorch's masked forward: outputs within maskedTol
// (past inputs and present outputs without the removed heads' slices),
// the same input and output names with the same symbolic dims, and a
// smaller file wherever heads went.
func TestPruneMatchesMaskedReference(t *testing.T) {
	const dir = "../../models/fixtures"
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man maskedManifest
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, fx := range man.Fixtures {
		for _, hm := range fx.HeadMasked {
			t.Run(fx.File+"/"+hm.Decision, func(t *testing.T) {
				checked++
				var sets []string
				for _, set := range hm.TestDataSets {
					sets = append(sets, set.Dir)
				}
				checkMaskedPrune(t, dir, fx.File, hm.RemoveInFile, sets, maskedTol)
			})
		}
	}
	if checked == 0 {
		t.Fatal("no fixture has head-masked references")
	}
}

// quantMaskedTol bounds, per variant of the quantized and half-precision
// fixtures (quant/), the difference between a pruned file on ONNX Runtime
// and the same file with the removed heads' output-projection rows zeroed
// (the masked reference, ONNX Runtime 1.30 CPU, one thread). A variant
// absent here is not checked; adding one is one line.
var quantMaskedTol = map[string]float64{
	"int8_qdq":             qdqMaskedTol,
	"int8_qdq_per_channel": qdqMaskedTol,
	"fp16":                 fp16MaskedTol,
	"bf16":                 bf16MaskedTol,
}

// Tolerances of the quantized and half-precision masked references, with
// the largest differences measured (over files, decisions, data sets and
// outputs).
const (
	// Static QDQ: activation scales are constants, so the kept heads are
	// quantized exactly as in the masked file and the int8 kernels sum
	// integers; what is left is the float32 summation order of the float
	// ops around them. Measured 7.2e-7 (Marian encoder), 0 elsewhere.
	qdqMaskedTol = 1e-5
	// float16 computes every op in half precision: a rounding of an
	// intermediate near 1 that flips because fewer heads are summed moves
	// an output by a float16 ulp, about 1e-3. Measured 3.8e-6 (Marian with
	// float16 graph outputs); the bound on logits is 1e-2.
	fp16MaskedTol = 1e-3
	// bfloat16 is weight storage: every op computes in float32 on the
	// same weights as the masked file. Measured 0.
	bf16MaskedTol = 1e-5
)

// quantManifest is the part of quant/manifest.json listing masked
// references.
type quantManifest struct {
	Fixtures []struct {
		File             string `json:"file"`
		Variant          string `json:"variant"`
		MaskedReferences []struct {
			Decision     string   `json:"decision"`
			Heads        []string `json:"heads"`
			TestDataSets []struct {
				Dir string `json:"dir"`
			} `json:"test_data_sets"`
		} `json:"masked_references"`
	} `json:"fixtures"`
}

// TestPruneQuantMatchesMaskedReference is TestPruneMatchesMaskedReference
// for the quantized and half-precision fixtures: each decision (one
// encoder head, a cross-attention layer, five mixed heads) cut out of
// every file of a variant in quantMaskedTol, against the same file with
// those heads' output-projection rows zeroed, within the variant's
// tolerance; the pruned file loads in ONNX Runtime, is smaller and passes
// the tool's type check. The mixed decision is also run as gates: the
// gated file (float32 gate inputs, cast to the heads' type where the model
// computes in another) fed 0 for the removed heads computes the masked
// reference too.
func TestPruneQuantMatchesMaskedReference(t *testing.T) {
	const dir = "../../models/fixtures"
	data, err := os.ReadFile(filepath.Join(dir, "quant", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man quantManifest
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	checked := map[string]int{}
	for _, fx := range man.Fixtures {
		tol, ok := quantMaskedTol[fx.Variant]
		if !ok {
			continue
		}
		for _, mr := range fx.MaskedReferences {
			t.Run(fx.File+"/"+mr.Decision, func(t *testing.T) {
				checked[fx.Variant]++
				var sets []string
				for _, set := range mr.TestDataSets {
					sets = append(sets, set.Dir)
				}
				checkMaskedPrune(t, dir, fx.File, mr.Heads, sets, tol)
				if mr.Decision == "mixed5" {
					checkMaskedGates(t, dir, fx.File, mr.Heads, sets, tol)
				}
			})
		}
	}
	for v := range quantMaskedTol {
		if checked[v] == 0 {
			t.Errorf("no fixture of variant %s has masked references", v)
		}
	}
}

// checkMaskedPrune removes the named heads from the fixture file (relative
// to dir) and compares the pruned model's outputs with each reference set
// (folders relative to dir) within tol.
func checkMaskedPrune(t *testing.T, dir, file string, remove, sets []string, tol float64) {
	t.Helper()
	path := filepath.Join(dir, file)
	m, g := graphtest.LoadFixture(t, path)
	orig := graphtest.LoadGraph(t, path)
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	dec := heads.Decision{}
	if len(remove) > 0 {
		spec, err := heads.ParseSpec(strings.Join(remove, ","), blocks)
		if err != nil {
			t.Fatal(err)
		}
		dec = heads.RemoveDecision(blocks, spec)
	}
	kept := headsAxes(blocks, dec)
	if _, err := heads.RemoveHeads(g, blocks, dec); err != nil {
		t.Fatal(err)
	}
	if err := g.CheckTypes(); err != nil {
		t.Fatalf("the pruned file: %v", err)
	}
	model := graphtest.MarshalGraph(t, g, m)
	// The pruned file is analysed again with the heads left.
	_, again := graphOf(t, model)
	left, err := heads.FindHeads(again)
	if err != nil {
		t.Fatalf("the pruned file: %v", err)
	}
	// Blocks that lost every head are gone; the later ones of their kind
	// are numbered from their layer on.
	want, got := map[heads.Kind][]int{}, map[heads.Kind][]int{}
	for _, b := range blocks {
		if n := countKept(dec[b.Name()], b.NumHeads); n > 0 {
			want[b.Kind] = append(want[b.Kind], n)
		}
	}
	for _, b := range left {
		got[b.Kind] = append(got[b.Kind], b.NumHeads)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the pruned file's heads per layer are %v, want %v", got, want)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(remove) > 0 && int64(len(model)) >= st.Size() {
		t.Errorf("pruned file has %d bytes, the original %d", len(model), st.Size())
	}
	sameSignature(t, orig, g)
	sess := graphtest.NewSession(t, model, ortrun.Options{IntraOpThreads: 1})
	worst, outputs := 0.0, 0
	for _, set := range sets {
		ts, err := graphtest.ReadTestSet(filepath.Join(dir, set))
		if err != nil {
			t.Fatal(err)
		}
		feeds := map[string]*ortrun.Tensor{}
		for name, v := range ts.Inputs {
			feeds[name] = kept.take(name, v)
		}
		var names []string
		for name := range ts.Outputs {
			names = append(names, name)
		}
		got, err := sess.Run(feeds, names)
		if err != nil {
			t.Fatalf("%s: %v", set, err)
		}
		for _, name := range names {
			want := kept.take(name, ts.Outputs[name])
			d, err := maxAbsDiff(got[name], want)
			if err != nil {
				t.Fatalf("%s: output %s: %v", set, name, err)
			}
			if d > tol || math.IsNaN(d) {
				t.Errorf("%s: output %s differs from the masked reference by %.3g", set, name, d)
			}
			worst = math.Max(worst, d)
			outputs++
		}
	}
	t.Logf("removed %d heads; %d outputs within %.3g of the masked reference; %d -> %d bytes (%.1f%%)",
		removedHeads(dec), outputs, worst, st.Size(), len(model), 100*float64(len(model))/float64(st.Size()))
}

// checkMaskedGates gates every block of the fixture file, feeds gate 0 to
// the named heads and 1 to the others, and compares the outputs with each
// reference set within tol.
func checkMaskedGates(t *testing.T, dir, file string, remove, sets []string, tol float64) {
	t.Helper()
	m, g := graphtest.LoadFixture(t, filepath.Join(dir, file))
	blocks, err := heads.FindHeads(g)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := heads.ParseSpec(strings.Join(remove, ","), blocks)
	if err != nil {
		t.Fatal(err)
	}
	dec := heads.RemoveDecision(blocks, spec)
	gates, err := heads.InsertGates(g, blocks, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.CheckTypes(); err != nil {
		t.Fatalf("the gated file: %v", err)
	}
	sess := graphtest.NewSession(t, graphtest.MarshalGraph(t, g, m), ortrun.Options{IntraOpThreads: 1})
	for _, set := range sets {
		ts, err := graphtest.ReadTestSet(filepath.Join(dir, set))
		if err != nil {
			t.Fatal(err)
		}
		feeds := map[string]*ortrun.Tensor{}
		for name, v := range ts.Inputs {
			feeds[name] = v
		}
		for _, gt := range gates {
			vals := make([]float32, gt.Heads)
			for h := range vals {
				vals[h] = 1
				if keep, ok := dec[gt.Block]; ok && !keep[h] {
					vals[h] = 0
				}
			}
			feeds[gt.Name] = ortrun.NewF32([]int64{int64(gt.Heads)}, vals)
		}
		var names []string
		for name := range ts.Outputs {
			names = append(names, name)
		}
		got, err := sess.Run(feeds, names)
		if err != nil {
			t.Fatalf("gated, %s: %v", set, err)
		}
		worst := 0.0
		for _, name := range names {
			d, err := maxAbsDiff(got[name], ts.Outputs[name])
			if err != nil {
				t.Fatalf("gated, %s: output %s: %v", set, name, err)
			}
			if d > tol || math.IsNaN(d) {
				t.Errorf("gated, %s: output %s differs from the masked reference by %.3g", set, name, d)
			}
			worst = math.Max(worst, d)
		}
		t.Logf("gated, %s: largest difference from the masked reference %.3g", set, worst)
	}
}

// removedHeads counts the heads a decision removes.
func removedHeads(dec heads.Decision) int {
	n := 0
	for _, keep := range dec {
		for _, k := range keep {
			if !k {
				n++
			}
		}
	}
	return n
}

// keptAxes maps graph inputs and outputs that carry a pruned block's heads
// to the head axis and the kept head indices.
type keptAxes map[string]struct {
	axis int
	idx  []int64
}

// headsAxes reads, from the blocks' head constants, which graph inputs and
// outputs carry the heads of a block the decision prunes.
func headsAxes(blocks []*heads.Block, dec heads.Decision) keptAxes {
	out := keptAxes{}
	for _, b := range blocks {
		keep, ok := dec[b.Name()]
		if !ok {
			continue
		}
		var idx []int64
		for h, k := range keep {
			if k {
				idx = append(idx, int64(h))
			}
		}
		for _, hc := range b.HeadConsts {
			if hc.What == "graph input" || hc.What == "graph output" {
				out[hc.Value.Name()] = struct {
					axis int
					idx  []int64
				}{hc.Axis, idx}
			}
		}
	}
	return out
}

// take returns v without the removed heads when name carries them.
func (k keptAxes) take(name string, v *ortrun.Tensor) *ortrun.Tensor {
	a, ok := k[name]
	if !ok || (v.F32 == nil && v.F16 == nil && v.BF16 == nil) || a.axis >= len(v.Shape) {
		return v
	}
	return graphtest.TakeAxis(v, a.axis, a.idx)
}

// sameSignature checks that the pruned graph has the original's input and
// output names, in order, and the same symbolic dims (sizes may change).
func sameSignature(t *testing.T, orig, pruned *graphedit.Graph) {
	t.Helper()
	for _, side := range []struct {
		what string
		a, b []*graphedit.Value
	}{{"input", orig.Inputs(), pruned.Inputs()}, {"output", orig.Outputs(), pruned.Outputs()}} {
		if len(side.a) != len(side.b) {
			t.Errorf("%d graph %ss, originally %d", len(side.b), side.what, len(side.a))
			continue
		}
		for i := range side.a {
			a, b := side.a[i], side.b[i]
			if a.Name() != b.Name() {
				t.Errorf("graph %s %d is %q, originally %q", side.what, i, b.Name(), a.Name())
				continue
			}
			da, db := a.Type().GetTensorType().GetShape().GetDim(), b.Type().GetTensorType().GetShape().GetDim()
			if len(da) != len(db) {
				t.Errorf("graph %s %q has rank %d, originally %d", side.what, a.Name(), len(db), len(da))
				continue
			}
			for j := range da {
				if p := da[j].GetDimParam(); p != "" && db[j].GetDimParam() != p {
					t.Errorf("graph %s %q axis %d is %q, originally %q", side.what, a.Name(), j, db[j].GetDimParam(), p)
				}
			}
		}
	}
}

// countKept is the number of heads a block keeps: those of keep, or all
// when the decision leaves the block alone.
func countKept(keep []bool, all int) int {
	if keep == nil {
		return all
	}
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	return n
}

// TestQuantFixturesNeverSilent runs discovery on every file of quant/: a
// variant of quantMaskedTol finds exactly the blocks of the base model's
// inventory (kind, layer, heads, head size) and nothing it cannot analyse;
// any other file finds its blocks or reports the Softmax nodes it cannot
// analyse, never zero blocks and nothing said.
func TestQuantFixturesNeverSilent(t *testing.T) {
	const dir = "../../models/fixtures"
	data, err := os.ReadFile(filepath.Join(dir, "quant", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var man struct {
		Fixtures []struct {
			File      string `json:"file"`
			Variant   string `json:"variant"`
			Attention []struct {
				Kind     string `json:"kind"`
				Layer    int    `json:"layer"`
				NumHeads int    `json:"num_heads"`
				HeadDim  int    `json:"head_dim"`
			} `json:"attention"`
		} `json:"fixtures"`
	}
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	for _, fx := range man.Fixtures {
		t.Run(fx.File, func(t *testing.T) {
			_, g := graphtest.LoadFixture(t, filepath.Join(dir, fx.File))
			d, err := heads.Discover(g)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Blocks) == 0 && len(d.NotUnderstood) == 0 {
				t.Fatalf("no block found and nothing reported")
			}
			if _, ok := quantMaskedTol[fx.Variant]; !ok {
				return
			}
			for _, nu := range d.NotUnderstood {
				t.Errorf("not understood: %v", nu)
			}
			var got, want []string
			for _, b := range d.Blocks {
				got = append(got, fmt.Sprintf("%s:%d %dx%d", b.Kind, b.Layer, b.NumHeads, b.HeadDim))
			}
			for _, a := range fx.Attention {
				want = append(want, fmt.Sprintf("%s:%d %dx%d", a.Kind, a.Layer, a.NumHeads, a.HeadDim))
			}
			sort.Strings(got)
			sort.Strings(want)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("blocks %v, the base model's inventory %v", got, want)
			}
		})
	}
}
