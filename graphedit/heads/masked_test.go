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

// dynamicInt8Tol bounds the difference between a pruned dynamically
// quantized file and the same file with the removed heads' rows of the
// int8 output projection set to the zero point (quant/manifest.json's
// masked references). They differ by design, not by surgery error: the
// surgery oracle holds on these files within oracleTol (pruned = gated
// with the removed heads' gates at 0, TestSurgeryOracleOnORT), but the
// masked reference keeps the removed heads' values in the tensor that
// DynamicQuantizeLinear quantizes before the output projection, and that
// op takes its scale from the tensor's range: the kept heads are rounded
// to another int8 grid, and the next layers move by about a rounding step.
// Where the removed heads did not hold the range's ends, or a whole block
// went (no quantization left), the outputs agree to fp32 rounding.
// Measured on ONNX Runtime 1.30 CPU (largest max-abs over outputs and
// sets; the decisions move the fp32 outputs by 0.7 to 3.4), encoder_head /
// cross_layer / mixed5: Marian encoder 0.0245 / - / 7e-7, decoder - /
// 7e-7 / 0.0358, decoder_with_past - / 5e-7 / 7e-7, merged - / 0 / 0.0358,
// ORT-optimized encoder 0.0245 / - / 0, per-channel encoder 0.023 / - /
// 7e-7, nn.Transformer 0 / 0 / 0.0514, per-channel 7e-7 / 0 / 0.0548,
// Whisper with QAttention - / 0 / 0.0624, per channel - / 0 / 0.0768. 0.1
// is 1.3 times the largest, for another machine's float kernels around the
// integer products, and 7 times smaller than the smallest change a
// decision makes.
const dynamicInt8Tol = 0.1

// Tolerances of the other quantized and half-precision masked references,
// with the largest differences measured (over files, decisions, data sets
// and outputs).
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

// maskedManifest is the part of a manifest listing head-masked
// references: manifest.json's head_masked (fp32, PyTorch's masked
// forward), quant/manifest.json's masked_references (the converted file
// itself with the removed heads' weight rows zeroed).
type maskedManifest struct {
	Fixtures []struct {
		File       string       `json:"file"`
		Variant    string       `json:"variant"`
		HeadMasked []maskedRef  `json:"head_masked"`
		QuantRefs  []maskedRefQ `json:"masked_references"`
	} `json:"fixtures"`
}

type maskedRef struct {
	Decision     string   `json:"decision"`
	RemoveInFile []string `json:"remove_in_file"`
	TestDataSets []struct {
		Dir string `json:"dir"`
	} `json:"test_data_sets"`
}

type maskedRefQ struct {
	Decision     string   `json:"decision"`
	Heads        []string `json:"heads"`
	TestDataSets []struct {
		Dir string `json:"dir"`
	} `json:"test_data_sets"`
}

// maskedSources are the manifests with head-masked references (their paths
// relative to the fixtures folder) and, per variant of quant/ (empty for
// manifest.json), the tolerance.
var maskedSources = []struct {
	manifest string
	variants map[string]float64
}{
	{"manifest.json", map[string]float64{"": maskedTol}},
	{"quant/manifest.json", map[string]float64{
		"int8_dynamic":         dynamicInt8Tol,
		"int8_qdq":             qdqMaskedTol,
		"int8_qdq_per_channel": qdqMaskedTol,
		"fp16":                 fp16MaskedTol,
		"bf16":                 bf16MaskedTol,
	}},
}

// maskedCase is one file and decision with its masked references.
type maskedCase struct {
	file     string
	decision string
	remove   []string
	sets     []string
	tol      float64
}

// maskedCases lists every file and decision of maskedSources.
func maskedCases(t *testing.T, dir string) []maskedCase {
	var out []maskedCase
	for _, src := range maskedSources {
		data, err := os.ReadFile(filepath.Join(dir, src.manifest))
		if err != nil {
			t.Fatal(err)
		}
		var man maskedManifest
		if err := json.Unmarshal(data, &man); err != nil {
			t.Fatal(err)
		}
		for _, fx := range man.Fixtures {
			tol, ok := src.variants[fx.Variant]
			if !ok {
				continue
			}
			for _, hm := range fx.HeadMasked {
				c := maskedCase{file: fx.File, decision: hm.Decision, remove: hm.RemoveInFile, tol: tol}
				for _, s := range hm.TestDataSets {
					c.sets = append(c.sets, s.Dir)
				}
				out = append(out, c)
			}
			for _, hm := range fx.QuantRefs {
				c := maskedCase{file: fx.File, decision: hm.Decision, remove: hm.Heads, tol: tol}
				for _, s := range hm.TestDataSets {
					c.sets = append(c.sets, s.Dir)
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// TestPruneMatchesMaskedReference cuts the heads of each head-masked
// decision out of every file that has references for it, and checks the
// pruned file against the masked forward: outputs within the source's
// tolerance (past inputs and present outputs without the removed heads'
// slices), the tool's type check, the same input and output names with the
// same symbolic dims, and a smaller file wherever heads went.
func TestPruneMatchesMaskedReference(t *testing.T) {
	const dir = "../../models/fixtures"
	cases := maskedCases(t, dir)
	if len(cases) == 0 {
		t.Fatal("no fixture has head-masked references")
	}
	for _, c := range cases {
		t.Run(c.file+"/"+c.decision, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			m, g := graphtest.LoadFixture(t, path)
			orig := graphtest.LoadGraph(t, path)
			blocks, err := heads.FindHeads(g)
			if err != nil {
				t.Fatal(err)
			}
			dec := heads.Decision{}
			if len(c.remove) > 0 {
				remove, err := heads.ParseSpec(strings.Join(c.remove, ","), blocks)
				if err != nil {
					t.Fatal(err)
				}
				dec = heads.RemoveDecision(blocks, remove)
			}
			kept := headsAxes(blocks, dec)
			if _, err := heads.RemoveHeads(g, blocks, dec); err != nil {
				t.Fatal(err)
			}
			if err := g.CheckTypes(); err != nil {
				t.Fatalf("the pruned graph: %v", err)
			}
			model := graphtest.MarshalGraph(t, g, m)
			// The pruned file is analysed again with the heads left.
			_, again := graphOf(t, model)
			left, err := heads.FindHeads(again)
			if err != nil {
				t.Fatalf("the pruned file: %v", err)
			}
			// Blocks that lost every head are gone; the later ones of
			// their kind are numbered from their layer on.
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
			if len(c.remove) > 0 {
				st, err := os.Stat(path)
				if err != nil {
					t.Fatal(err)
				}
				if int64(len(model)) >= st.Size() {
					t.Errorf("pruned file has %d bytes, the original %d", len(model), st.Size())
				}
				t.Logf("%d -> %d bytes", st.Size(), len(model))
			}
			sameSignature(t, orig, g)
			sess := graphtest.NewSession(t, model, ortrun.Options{IntraOpThreads: 1})
			worst := 0.0
			for _, set := range c.sets {
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
					if d > c.tol || math.IsNaN(d) {
						t.Errorf("%s: output %s differs from the masked reference by %.3g", set, name, d)
					}
					worst = max(worst, d)
				}
			}
			t.Logf("largest difference from the masked reference: %.3g", worst)
		})
	}
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

// TestGatesMatchQuantMaskedReference gates every block of each quantized
// and half-precision file (float32 gate inputs, cast to the heads' type
// where the model computes in another), feeds 0 to the heads of the mixed
// decision and 1 to the others, and compares with the masked reference
// within the variant's tolerance: gating is the oracle the pruned files
// are checked against, in every precision.
func TestGatesMatchQuantMaskedReference(t *testing.T) {
	const dir = "../../models/fixtures"
	checked := 0
	for _, c := range maskedCases(t, dir) {
		if !strings.HasPrefix(c.file, "quant/") || c.decision != "mixed5" {
			continue
		}
		t.Run(c.file, func(t *testing.T) {
			checked++
			checkMaskedGates(t, dir, c.file, c.remove, c.sets, c.tol)
		})
	}
	if checked == 0 {
		t.Fatal("no quantized file has a mixed5 masked reference")
	}
}

// quantVariants returns the variants of quant/ whose masked references
// are checked, with their tolerances.
func quantVariants() map[string]float64 {
	for _, src := range maskedSources {
		if src.manifest == "quant/manifest.json" {
			return src.variants
		}
	}
	return nil
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

// TestQuantFixturesNeverSilent runs discovery on every file of quant/: a
// variant with masked references checked (maskedSources) finds exactly the blocks of the base model's
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
			if _, ok := quantVariants()[fx.Variant]; !ok {
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
