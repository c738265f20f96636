package graphedit

import (
	"errors"
	"strings"
	"testing"

	"onnxprune/onnxio/onnxpb"
)

// checkedPass records the order of its hooks and can fail in any of them.
type checkedPass struct {
	log               *[]string
	failPre, failPost bool
	change            bool
}

func (p checkedPass) Name() string { return "checked" }
func (p checkedPass) PreCheck(*Graph) error {
	*p.log = append(*p.log, "pre")
	if p.failPre {
		return errors.New("pre failed")
	}
	return nil
}
func (p checkedPass) Run(*Graph) (bool, error) { *p.log = append(*p.log, "run"); return p.change, nil }
func (p checkedPass) PostCheck(*Graph) error {
	*p.log = append(*p.log, "post")
	if p.failPost {
		return errors.New("post failed")
	}
	return nil
}

func TestRunPasses(t *testing.T) {
	cases := []struct {
		name    string
		pass    checkedPass
		log     string
		changed bool
		err     string
	}{
		{"all hooks in order", checkedPass{change: true}, "pre run post", true, ""},
		{"no change", checkedPass{}, "pre run post", false, ""},
		{"pre-check stops the run", checkedPass{failPre: true}, "pre", false, "pass checked: pre-check: pre failed"},
		{"post-check failure is reported", checkedPass{failPost: true, change: true}, "pre run post", true, "pass checked: post-check: post failed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, _ := chain(t)
			var log []string
			c.pass.log = &log
			changed, err := RunPasses(g, true, c.pass)
			if got := strings.Join(log, " "); got != c.log {
				t.Errorf("hooks = %q, want %q", got, c.log)
			}
			if changed != c.changed {
				t.Errorf("changed = %v, want %v", changed, c.changed)
			}
			if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Errorf("err = %v, want %q", err, c.err)
			}
		})
	}
	// A PassFunc that breaks the graph is caught by validation.
	g, v := chain(t)
	breaker := PassFunc{PassName: "break", Fn: func(g *Graph) (bool, error) {
		n, _ := v["b"].Producer()
		n.inputs[0] = &Value{name: "stray"} // bypasses the edit API on purpose
		return true, nil
	}}
	if _, err := RunPasses(g, true, breaker); err == nil || !strings.Contains(err.Error(), "after pass break") || !strings.Contains(err.Error(), "stray") {
		t.Errorf("err = %v, want a validation error naming the pass and the value", err)
	}
}

func TestValueInfo(t *testing.T) {
	b := NewBuilder(17)
	x := b.Input("x", f32, "batch", "seq", 8)
	w := b.Float32("w", []int64{8, 4}, make([]float32, 32))
	h := b.Op("MatMul", x, w)
	y := b.Op("Relu", h)
	b.Output(y)
	g, err := b.Graph()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.WriteValueInfo(); err != nil {
		t.Fatal(err)
	}
	gp := g.ToProto()
	if len(gp.GetValueInfo()) != 1 || gp.GetValueInfo()[0].GetName() != h.Name() {
		t.Fatalf("value_info = %v, want one entry for %s", gp.GetValueInfo(), h.Name())
	}
	back, err := FromProto(gp, g.Opsets(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := ShapeString(back.Value(h.Name()).Shape()); got != "[batch,seq,4]" {
		t.Errorf("declared shape read back = %s", got)
	}
	g.DropValueInfo()
	if n := len(g.ToProto().GetValueInfo()); n != 0 {
		t.Errorf("%d value_info entries after DropValueInfo", n)
	}
	// SetType declares a type that ToProto writes.
	h.SetType(int32(onnxpb.TensorProto_FLOAT), Dims("batch", "seq", 4))
	if vi := g.ToProto().GetValueInfo(); len(vi) != 1 || len(vi[0].GetType().GetTensorType().GetShape().GetDim()) != 3 {
		t.Errorf("SetType not written: %v", vi)
	}
}
