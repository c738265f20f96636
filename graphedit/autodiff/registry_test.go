package autodiff_test

import (
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/graphedit/autodiff/gradcheck"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

func TestRegistryOpsets(t *testing.T) {
	r := autodiff.DefaultRules()
	cases := []struct {
		op    string
		opset int64
		ok    bool
	}{
		{"Softmax", 11, true}, {"Softmax", 13, true}, {"Gelu", 18, false}, {"Gelu", 20, true},
		{"Sin", 13, false}, {"Attention", 13, false},
	}
	for _, c := range cases {
		if _, ok := r.Lookup("", c.op, c.opset); ok != c.ok {
			t.Errorf("Lookup(%s, opset %d) = %v, want %v", c.op, c.opset, ok, c.ok)
		}
	}
	// Softmax's two rules (before and from opset 13) are distinct.
	old, _ := r.Lookup("", "Softmax", 12)
	cur, _ := r.Lookup("", "Softmax", 13)
	if old == cur {
		t.Error("Softmax at opsets 12 and 13 share a rule")
	}
	if err := r.Add(autodiff.Rule{Op: "Softmax", MinOpset: 12, MaxOpset: 14}); err == nil || !strings.Contains(err.Error(), "overlaps") {
		t.Errorf("overlapping Add: %v", err)
	}
	ops := strings.Join(r.Ops(), " ")
	for _, want := range []string{"MatMul", "LayerNormalization", "Softmax[13-]", "com.microsoft:Gelu"} {
		if !strings.Contains(ops, want) {
			t.Errorf("Ops() lacks %s", want)
		}
	}
}

// The checker catches a wrong rule: Exp's gradient doubled.
func TestCheckerCatchesWrongRule(t *testing.T) {
	reg := autodiff.DefaultRules().Clone()
	reg.Override(autodiff.Rule{Op: "Exp", Grad: func(c *autodiff.Context) {
		if c.Need(0) {
			g := c.Op("Mul", c.GY(0), c.Y(0))
			c.SetGrad(0, c.Op("Add", g, g))
		}
	}})
	b := graphedit.NewBuilder(13)
	x := b.Input("x", onnxpb.TensorProto_DOUBLE, "n", 3)
	y := b.Op("Exp", x)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	feeds := map[string]*ortrun.Tensor{"x": ortrun.NewF64([]int64{2, 3}, []float64{0.1, -0.2, 0.3, 0.4, -0.5, 0.6})}
	loss, err := gradcheck.ProjectionLoss(g, []*graphedit.Value{y}, feeds, 1)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gradcheck.Check(g, nil, loss, []string{"x"}, feeds, gradcheck.Options{Seed: 2, Build: &autodiff.Options{Rules: reg}})
	if err != nil {
		t.Fatal(err)
	}
	if res[0].OK() {
		t.Errorf("a doubled Exp gradient passed the check: %v", res[0])
	}
	if res[0].Err < 0.4 {
		t.Errorf("relative error %v, want about 0.5 for a doubled gradient", res[0].Err)
	}
}
