package graphedit_test

import (
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// TestComputedFrom: a value is computed from its inputs through any path,
// not from a value beside it, not through an initializer, and a search
// that runs out of its visit budget says no.
func TestComputedFrom(t *testing.T) {
	b := graphedit.NewBuilder(17)
	x := b.Input("x", onnxpb.TensorProto_FLOAT, "n", 4)
	other := b.Input("other", onnxpb.TensorProto_FLOAT, "n", 4)
	w := b.Float32("w", []int64{4}, []float32{1, 2, 3, 4})
	h := b.Op("Relu", x)
	y := b.Op("Add", b.Op("Mul", h, w), h)
	z := b.Op("Relu", other)
	b.Output(y, z)
	if _, err := b.Graph(); err != nil {
		t.Fatal(err)
	}
	is := func(v *graphedit.Value) func(*graphedit.Value) bool {
		return func(c *graphedit.Value) bool { return c == v }
	}
	for _, c := range []struct {
		name     string
		v        *graphedit.Value
		from     func(*graphedit.Value) bool
		limit    int
		computed bool
	}{
		{"output from input", y, is(x), 100, true},
		{"itself", y, is(y), 1, true},
		{"output from the other input", y, is(other), 100, false},
		{"not through an initializer", y, is(w), 100, false},
		{"by name", z, func(c *graphedit.Value) bool { return c.Name() == "other" }, 100, true},
		{"budget too small", y, is(x), 2, false},
	} {
		if got := graphedit.ComputedFrom(c.v, c.from, c.limit); got != c.computed {
			t.Errorf("%s: ComputedFrom = %v, want %v", c.name, got, c.computed)
		}
	}
}
