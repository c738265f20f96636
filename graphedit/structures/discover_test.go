package structures_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio/onnxpb"
)

const fixturesDir = "../../models/fixtures"

// fixtureFFN is what each fixture family was built with (models/fixtures/README.md):
// the FFN width, the activation its exporter writes and, where a family
// differs from the 2 encoder and 2 decoder layers of most, its layer counts.
var fixtureFFN = map[string]struct {
	width      int64
	activation string
	layers     map[string]int
}{
	"marian": {width: 64, activation: "Erf"}, "bart": {width: 64, activation: "Erf"}, "whisper": {width: 32, activation: "Erf"},
	"fsmt": {width: 32, activation: "Relu"}, "m2m100": {width: 32, activation: "Relu"}, "t5": {width: 32, activation: "Relu"},
	"torch_transformer": {width: 64, activation: "Relu"}, "torch113": {width: 64, activation: "Relu"},
	"torch_masks": {width: 32, activation: "Relu"}, "torch113_masks": {width: 32, activation: "Relu"},
	"torch_seqio": {width: 32, activation: "Relu"},
	"fused":       {width: 64, activation: "BiasGelu"},
	"tied":        {width: 32, activation: "Relu", layers: map[string]int{"encoder": 2, "decoder": 1}},
}

// TestDiscoverFixtures: every fixture's FFNs and sublayers are found, in
// every layer of every stack present, with nothing left not understood:
// 2 encoder and 2 decoder layers each unless the family says otherwise, an
// encoder layer with attn and ffn
// sublayers, a decoder layer with attn, cross and ffn; FFNs of merged
// decoders are found in both If branches.
func TestDiscoverFixtures(t *testing.T) {
	files, err := graphtest.Fixtures(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		name := strings.TrimPrefix(path, fixturesDir+"/")
		t.Run(name, func(t *testing.T) {
			family := filepath.Dir(name)
			want, ok := fixtureFFN[family]
			if !ok {
				t.Fatalf("no expectation for family %s", family)
			}
			g := graphtest.LoadGraph(t, path)
			d, err := structures.Discover(g)
			if err != nil {
				t.Fatal(err)
			}
			for _, nu := range d.NotUnderstood {
				t.Errorf("not understood: %v", nu)
			}
			base := filepath.Base(name)
			var stacks []string
			switch {
			case strings.Contains(base, "encoder"):
				stacks = []string{"encoder"}
			case strings.Contains(base, "decoder"):
				stacks = []string{"decoder"}
			default:
				stacks = []string{"encoder", "decoder"}
			}
			var wantFFN, gotFFN, wantSub, gotSub []string
			for _, s := range stacks {
				layers, ok := want.layers[s]
				if !ok {
					layers = 2
				}
				for l := range layers {
					wantFFN = append(wantFFN, fmt.Sprintf("ffn:%s:%d", s, l))
					parts := []string{"attn", "ffn"}
					if s == "decoder" {
						parts = []string{"attn", "cross", "ffn"}
					}
					for _, p := range parts {
						wantSub = append(wantSub, fmt.Sprintf("sublayer:%s:%d:%s", s, l, p))
					}
				}
			}
			regions := 1
			if strings.Contains(base, "merged") {
				regions = 2
			}
			for _, f := range d.FFNs {
				gotFFN = append(gotFFN, f.Name())
				if f.Width != want.width || f.Activation != want.activation || len(f.Up) != 1 || f.Gate != nil {
					t.Errorf("%s: width %d activation %q, %d up projections, gate %v; want %d %q 1 none", f.Name(), f.Width, f.Activation, len(f.Up), f.Gate, want.width, want.activation)
				}
				if f.Graphs() != regions {
					t.Errorf("%s: found in %d graphs, want %d", f.Name(), f.Graphs(), regions)
				}
				if family != "t5" && len(f.Biases) != 1 {
					t.Errorf("%s: %d up biases, want 1", f.Name(), len(f.Biases))
				}
			}
			for _, s := range d.Sublayers {
				gotSub = append(gotSub, s.Name())
				if s.Gate != nil || s.Stream == nil || s.Branch == nil {
					t.Errorf("%s: gate %v stream %v branch %v", s.Name(), s.Gate, s.Stream, s.Branch)
				}
			}
			slices.Sort(wantFFN)
			slices.Sort(gotFFN)
			slices.Sort(wantSub)
			slices.Sort(gotSub)
			if !slices.Equal(gotFFN, wantFFN) {
				t.Errorf("FFNs %v, want %v", gotFFN, wantFFN)
			}
			if !slices.Equal(gotSub, wantSub) {
				t.Errorf("sublayers %v, want %v", gotSub, wantSub)
			}
		})
	}
}

// ffnGraph builds one layer x + FFN(x) with d=4 and F=6, the FFN's hidden
// activation made by act from the up projection; gated multiplies it by a
// second up projection.
func ffnGraph(t *testing.T, gated bool, act func(b *graphedit.Builder, c func(float32) *graphedit.Value, h *graphedit.Value) *graphedit.Value) *graphedit.Graph {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	b := graphedit.NewBuilder(17)
	rnd := func(name string, dims ...int64) *graphedit.Value {
		n := int64(1)
		for _, d := range dims {
			n *= d
		}
		vals := make([]float32, n)
		for i := range vals {
			vals[i] = rng.Float32() - 0.5
		}
		return b.Float32(name, dims, vals)
	}
	nc := 0
	c := func(v float32) *graphedit.Value {
		nc++
		return b.Float32(fmt.Sprintf("c%d", nc), nil, []float32{v})
	}
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "batch", "seq", 4)
	h := b.Op("Add", b.Op("MatMul", x, rnd("wi", 4, 6)), rnd("bi", 6))
	h = act(b, c, h)
	if gated {
		h = b.Op("Mul", h, b.Op("MatMul", x, rnd("wg", 4, 6)))
	}
	y := b.Op("Add", b.Op("Add", b.Op("MatMul", h, rnd("wo", 6, 4)), rnd("bo", 4)), x)
	b.Output(y)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// tanhGelu is GELU's tanh approximation as exporters write it (T5's
// gated-gelu NewGELUActivation).
func tanhGelu(b *graphedit.Builder, c func(float32) *graphedit.Value, h *graphedit.Value) *graphedit.Value {
	cube := b.Op("Pow", h, c(3))
	inner := b.Op("Mul", b.Op("Add", h, b.Op("Mul", cube, c(0.044715))), c(0.7978846))
	return b.Op("Mul", b.Op("Mul", h, c(0.5)), b.Op("Add", b.Op("Tanh", inner), c(1)))
}

// swish is SiLU, h·sigmoid(h).
func swish(b *graphedit.Builder, _ func(float32) *graphedit.Value, h *graphedit.Value) *graphedit.Value {
	return b.Op("Mul", h, b.Op("Sigmoid", h))
}

// TestDiscoverActivations: gated tanh-GELU (T5's DenseGatedActDense) and
// SiLU FFNs are found with their up projections, bias and width.
func TestDiscoverActivations(t *testing.T) {
	for _, tc := range []struct {
		name  string
		gated bool
		act   func(*graphedit.Builder, func(float32) *graphedit.Value, *graphedit.Value) *graphedit.Value
		want  string
	}{
		{"gated tanh-gelu", true, tanhGelu, "gated Tanh"},
		{"silu", false, swish, "Sigmoid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := structures.Discover(ffnGraph(t, tc.gated, tc.act))
			if err != nil {
				t.Fatal(err)
			}
			if len(d.NotUnderstood) > 0 || len(d.FFNs) != 1 || len(d.Sublayers) != 1 {
				t.Fatalf("FFNs %d sublayers %d not understood %v", len(d.FFNs), len(d.Sublayers), d.NotUnderstood)
			}
			f := d.FFNs[0]
			ups := 1
			if tc.gated {
				ups = 2
			}
			if f.Name() != "ffn:encoder:0" || f.Width != 6 || f.Activation != tc.want || len(f.Up) != ups || len(f.Biases) != 1 || f.Biases[0].Name() != "bi" || f.Down.Weight.Name() != "wo" {
				t.Errorf("%s width %d activation %q ups %d biases %v down %s", f.Name(), f.Width, f.Activation, len(f.Up), f.Biases, f.Down.Weight.Name())
			}
			if s := d.Sublayers[0]; s.Name() != "sublayer:encoder:0:ffn" || s.Stream.Name() != "x" {
				t.Errorf("sublayer %s stream %s", s.Name(), s.Stream.Name())
			}
		})
	}
}

// TestDiscoverNotUnderstood: a Reshape between the projections is not an
// FFN region the surgery can cut: the candidate is reported, naming the
// node, and no FFN is listed.
func TestDiscoverNotUnderstood(t *testing.T) {
	g := ffnGraph(t, false, func(b *graphedit.Builder, _ func(float32) *graphedit.Value, h *graphedit.Value) *graphedit.Value {
		flat := b.Op("Reshape", b.Op("Relu", h), b.Int64("flat", []int64{3}, []int64{0, -1, 6}))
		return flat
	})
	d, err := structures.Discover(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.FFNs) != 0 || len(d.NotUnderstood) != 1 {
		t.Fatalf("FFNs %d, not understood %v", len(d.FFNs), d.NotUnderstood)
	}
	if msg := d.NotUnderstood[0].Error(); !strings.Contains(msg, "ffn at \"Relu\"") || !strings.Contains(msg, "0 projections") {
		t.Errorf("message %q", msg)
	}
}

// TestDiscoverQuantized: in the quantized and half-precision fixtures no
// FFN goes unmentioned: fp16 FFNs are found, and the int8 and bf16 ones,
// whose weights are dequantized or cast, are reported not understood
// (one entry per FFN and If branch); an fp16 FFN is gated (its float32
// gate cast to fp16) and found gated again.
func TestDiscoverQuantized(t *testing.T) {
	files, err := graphtest.AllFixtures(fixturesDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		if !strings.Contains(path, "/"+graphtest.QuantDir+"/") {
			continue
		}
		n++
		name := strings.TrimPrefix(path, fixturesDir+"/")
		g := graphtest.LoadGraph(t, path)
		d, err := structures.Discover(g)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := 2
		switch {
		case strings.Contains(name, "merged"):
			want = 4
		case strings.Contains(name, "torch_transformer"):
			want = 4
		}
		found, reported := 0, 0
		for _, f := range d.FFNs {
			found += f.Graphs()
		}
		for _, nu := range d.NotUnderstood {
			if nu.Structure == "ffn" {
				reported++
			}
		}
		fp16 := strings.Contains(name, "fp16")
		if found+reported != want || (fp16 && found != want) {
			t.Errorf("%s: %d FFN regions found, %d reported, want %d in all", name, found, reported, want)
		}
		if fp16 && found > 0 {
			if _, err := structures.InsertGates(g, d, 1, false); err != nil {
				t.Errorf("%s: gating fp16: %v", name, err)
				continue
			}
			again, err := structures.Discover(g)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, f := range again.FFNs {
				if f.Gate == nil {
					t.Errorf("%s: %s: the fp16 gate (a Cast of the float32 input) is not found again", name, f.Name())
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no quantized fixtures")
	}
}
