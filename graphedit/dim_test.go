package graphedit

import "testing"

func TestDimArithmetic(t *testing.T) {
	cases := []struct {
		op   byte
		a, b Dim
		want string // "" when not representable
	}{
		{'+', IntDim(2), IntDim(3), "5"},
		{'*', SymDim("batch"), SymDim("seq"), "batch*seq"},
		{'*', SymDim("seq"), SymDim("batch"), "batch*seq"},
		{'*', SymDim("batch"), IntDim(4), "4*batch"},
		{'/', SymDim("4*batch"), IntDim(4), "batch"},
		{'/', SymDim("batch*seq"), SymDim("seq"), "batch"},
		{'/', SymDim("64*batch*seq"), SymDim("4*batch*seq"), "16"},
		{'/', SymDim("batch"), IntDim(2), ""},
		{'/', SymDim("batch+seq"), SymDim("seq"), ""},
		{'+', SymDim("past_sequence_length + 1"), IntDim(-1), "past_sequence_length"},
		{'+', SymDim("seq"), SymDim("past"), "past+seq"},
		{'-', SymDim("past+seq"), SymDim("seq"), "past"},
		{'-', SymDim("seq"), IntDim(1), "seq-1"},
		{'*', SymDim("a b"), IntDim(1), "a b"}, // not a formula: an atom
		{'-', SymDim("x"), SymDim("x"), "0"},
	}
	for _, c := range cases {
		got, ok := dimOp(c.op, c.a, c.b)
		if c.want == "" {
			if ok {
				t.Errorf("%s %c %s = %s, want not representable", c.a, c.op, c.b, got)
			}
			continue
		}
		if !ok || got.String() != c.want {
			t.Errorf("%s %c %s = %s (%v), want %s", c.a, c.op, c.b, got, ok, c.want)
		}
	}
}

func TestDimEqual(t *testing.T) {
	cases := []struct {
		a, b Dim
		want bool
	}{
		{SymDim("batch*seq"), SymDim("seq*batch"), true},
		{SymDim("past_sequence_length + 1"), SymDim("1+past_sequence_length"), true},
		{SymDim("batch"), SymDim("seq"), false},
		{SymDim("batch"), IntDim(1), false},
		{IntDim(3), IntDim(3), true},
	}
	for _, c := range cases {
		if got := SameDim(c.a, c.b); got != c.want {
			t.Errorf("SameDim(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestKnownSizes(t *testing.T) {
	cases := []struct {
		name string
		dims []Dim
		want []int64
		ok   bool
	}{
		{"unknown rank", nil, nil, false},
		{"scalar", []Dim{}, []int64{}, true},
		{"all known", Dims(2, 3, 4), []int64{2, 3, 4}, true},
		{"one symbol", Dims(2, "seq", 4), nil, false},
	}
	for _, c := range cases {
		got, ok := KnownSizes(c.dims)
		if ok != c.ok || len(got) != len(c.want) || (ok && got == nil) {
			t.Errorf("%s: KnownSizes = %v, %v; want %v, %v", c.name, got, ok, c.want, c.ok)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: KnownSizes = %v; want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// TestDimEval evaluates dims with values given to their symbols.
func TestDimEval(t *testing.T) {
	vals := map[string]int64{"batch": 3, "seq": 5, "past_sequence_length": 7}
	sym := func(s string) int64 { return vals[s] }
	cases := []struct {
		d    Dim
		want int64
	}{
		{IntDim(4), 4},
		{SymDim("batch"), 3},
		{SymDim("4*batch*seq"), 60},
		{SymDim("past_sequence_length + 1"), 8},
		{SymDim("batch*batch+seq"), 14},
	}
	for _, c := range cases {
		got, ok := c.d.Eval(sym)
		if !ok || got != c.want {
			t.Errorf("%s.Eval = %d, %v; want %d", c.d, got, ok, c.want)
		}
	}
}
