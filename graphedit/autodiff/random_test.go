package autodiff_test

import (
	"fmt"
	"math/rand"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio/onnxpb"
)

// randomOperand draws an operand broadcastable to out: a suffix of out's
// dims with some set to 1, each declared as a number or a symbol. Symbols
// name the position and size ("p2n4"), so equal symbols mean equal sizes,
// and "one_p2" declares a symbolic dim that is 1 at run time (only run-time
// broadcasting can resolve it).
func randomOperand(rng *rand.Rand, out []int64) (dims []any, shape []int64) {
	r := rng.Intn(len(out) + 1)
	dims, shape = []any{}, []int64{}
	for i := len(out) - r; i < len(out); i++ {
		n := out[i]
		if rng.Intn(3) == 0 {
			n = 1
		}
		shape = append(shape, n)
		switch {
		case rng.Intn(2) == 0:
			dims = append(dims, int(n))
		case n == 1 && out[i] != 1:
			dims = append(dims, fmt.Sprintf("one_p%d", i))
		default:
			dims = append(dims, fmt.Sprintf("p%dn%d", i, n))
		}
	}
	return dims, shape
}

// Random ranks, sizes, broadcast patterns and static/symbolic declarations
// for the broadcasting binary ops, Where and MatMul, at opsets 11 and 13.
func TestRandomBroadcast(t *testing.T) {
	const cases = 12
	for _, op := range []string{"Add", "Sub", "Mul", "Div", "Pow", "Where", "MatMul"} {
		for k := 0; k < cases; k++ {
			seed := int64(3000 + 100*len(op) + k)
			rng := rand.New(rand.NewSource(seed))
			out := make([]int64, 1+rng.Intn(4))
			for i := range out {
				out[i] = int64(1 + rng.Intn(3))
			}
			var c opCase
			switch op {
			case "MatMul":
				m, kk, n := int64(1+rng.Intn(3)), int64(1+rng.Intn(3)), int64(1+rng.Intn(3))
				batch := out[:len(out)-1]
				ad, as := randomOperand(rng, batch)
				bd, bs := randomOperand(rng, batch)
				ad, as = append(ad, int(m), int(kk)), append(as, m, kk)
				bd, bs = append(bd, int(kk), int(n)), append(bs, kk, n)
				c = opCase{ins: []in{{"a", ad, as, normal, 0}, {"b", bd, bs, normal, 0}}, wrt: []string{"a", "b"}, build: binary("MatMul")}
			case "Where":
				cd, cs := randomOperand(rng, out)
				randomOperand(rng, out) // a draw the cases were generated with; a is replaced below
				bd, bs := randomOperand(rng, out)
				// The condition alone may not set the output shape: give
				// one value operand the full shape.
				ad, as := make([]any, len(out)), append([]int64{}, out...)
				for i, n := range out {
					ad[i] = int(n)
				}
				c = opCase{ins: []in{{"c", cd, cs, normal, onnxpb.TensorProto_BOOL}, {"a", ad, as, normal, 0}, {"b", bd, bs, normal, 0}},
					wrt: []string{"a", "b"},
					build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
						return []*graphedit.Value{b.Op("Where", x["c"], x["a"], x["b"])}
					}}
			default:
				ad, as := randomOperand(rng, out)
				bd, bs := randomOperand(rng, out)
				// One operand has the full shape so the output is out.
				if rng.Intn(2) == 0 {
					ad, as = make([]any, len(out)), append([]int64{}, out...)
					for i, n := range out {
						ad[i] = fmt.Sprintf("p%dn%d", i, n)
					}
				}
				ga, gb := normal, normal
				switch op {
				case "Div":
					gb = positive
				case "Pow":
					ga = positive
				}
				c = opCase{ins: []in{{"a", ad, as, ga, 0}, {"b", bd, bs, gb, 0}}, wrt: []string{"a", "b"}, build: binary(op)}
			}
			// Odd cases run at opset 11, where ReduceSum's axes are an
			// attribute and run-time broadcasting is undone by Where.
			c.opset = 13
			if k%2 == 1 {
				c.opset = 11
			}
			c.name = fmt.Sprintf("%s/%d/opset%d", op, k, c.opset)
			t.Run(c.name, func(t *testing.T) { c.run(t, seed) })
		}
	}
}

func TestFastGelu(t *testing.T) {
	c := opCase{
		name:    "com.microsoft/FastGelu",
		opset:   17,
		f32:     true,
		domains: map[string]int64{"com.microsoft": 1},
		ins:     []in{{"x", []any{"b", 6}, []int64{3, 6}, normal, 0}, {"bias", []any{6}, []int64{6}, normal, 0}},
		wrt:     []string{"x", "bias"},
		build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
			return b.OpN("com.microsoft", "FastGelu", 1, x["x"], x["bias"])
		},
	}
	c.run(t, 3900)
}

// Pow with a constant exponent, float and integer (opset 12 allows an
// integer exponent; the rule casts it).
func TestPowConstantExponent(t *testing.T) {
	for k, exp := range []string{"float", "int"} {
		c := opCase{
			name:  exp,
			opset: 13,
			ins:   []in{{"x", []any{"b", 4}, []int64{3, 4}, normal, 0}},
			wrt:   []string{"x"},
			build: func(b *graphedit.Builder, x vals) []*graphedit.Value {
				var e *graphedit.Value
				if exp == "int" {
					e = b.Int64("e", nil, []int64{3})
				} else {
					e = scalarF(b, "e", false, 2)
				}
				return []*graphedit.Value{b.Op("Pow", x["x"], e)}
			},
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, int64(3950+k)) })
	}
}
