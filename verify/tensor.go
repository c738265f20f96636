package verify

import (
	"fmt"

	"onnxprune/graphedit"
	"onnxprune/internal/modelfeed"
	"onnxprune/ortrun"
)

// gatherRows returns a tensor whose row i is t's row idx[i] (rows along the
// first axis). Rows may repeat; the result never shares t's data.
func gatherRows(t *ortrun.Tensor, idx []int) (*ortrun.Tensor, error) {
	if t == nil {
		return nil, nil
	}
	if len(t.Shape) == 0 || t.Shape[0] <= 0 {
		if len(t.Shape) > 0 && t.Shape[0] == 0 && len(idx) == 0 {
			return t, nil
		}
		return nil, fmt.Errorf("verify: cannot gather rows of %s", t)
	}
	rows := int(t.Shape[0])
	per := t.Len() / rows
	shape := append([]int64{int64(len(idx))}, t.Shape[1:]...)
	for _, r := range idx {
		if r < 0 || r >= rows {
			return nil, fmt.Errorf("verify: row %d of %s out of range", r, t)
		}
	}
	switch {
	case t.F32 != nil:
		return ortrun.NewF32(shape, gatherSlice(t.F32, idx, per)), nil
	case t.I64 != nil:
		return ortrun.NewI64(shape, gatherSlice(t.I64, idx, per)), nil
	case t.Bool != nil:
		return ortrun.NewBool(shape, gatherSlice(t.Bool, idx, per)), nil
	case t.F64 != nil:
		return ortrun.NewF64(shape, gatherSlice(t.F64, idx, per)), nil
	case t.F16 != nil:
		return ortrun.NewF16(shape, gatherSlice(t.F16, idx, per)), nil
	case t.BF16 != nil:
		return ortrun.NewBF16(shape, gatherSlice(t.BF16, idx, per)), nil
	case t.I32 != nil:
		return ortrun.NewI32(shape, gatherSlice(t.I32, idx, per)), nil
	}
	return nil, fmt.Errorf("verify: cannot gather rows of %s", t)
}

func gatherSlice[T any](src []T, idx []int, per int) []T {
	dst := make([]T, 0, len(idx)*per)
	for _, r := range idx {
		dst = append(dst, src[r*per:(r+1)*per]...)
	}
	return dst
}

// lastPosition returns, per row, the logits of the last position of a
// [rows, T, V] (or [rows, V]) logits tensor of float32, float16 or bfloat16,
// as one rows×V float32 slice.
func lastPosition(t *ortrun.Tensor, rows int, name string) ([]float32, int, error) {
	var f []float32
	if t != nil {
		f = t.Float32s()
	}
	if f == nil {
		return nil, 0, fmt.Errorf("verify: %s: logits missing or not float32, float16 or bfloat16 (got %v)", name, t)
	}
	switch len(t.Shape) {
	case 3:
		if int(t.Shape[0]) != rows || t.Shape[1] < 1 {
			return nil, 0, fmt.Errorf("verify: %s: logits shape %v, want [%d, T, vocab]", name, t.Shape, rows)
		}
		T, V := int(t.Shape[1]), int(t.Shape[2])
		if T == 1 {
			return f, V, nil
		}
		out := make([]float32, rows*V)
		for r := 0; r < rows; r++ {
			copy(out[r*V:(r+1)*V], f[(r*T+T-1)*V:(r*T+T)*V])
		}
		return out, V, nil
	case 2:
		if int(t.Shape[0]) != rows {
			return nil, 0, fmt.Errorf("verify: %s: logits shape %v, want [%d, vocab]", name, t.Shape, rows)
		}
		return f, int(t.Shape[1]), nil
	}
	return nil, 0, fmt.Errorf("verify: %s: logits shape %v, want [rows, T, vocab]", name, t.Shape)
}

// maskIn writes keep (a [rows, len] int64 mask, 1 on tokens, as padRows
// returns it) in the format of a model's mask input.
func maskIn(keep *ortrun.Tensor, f graphedit.MaskFormat) *ortrun.Tensor {
	if f == (graphedit.MaskFormat{}) {
		return keep
	}
	return modelfeed.Mask(keep.Shape, keep.I64, f)
}

// idsIn lays ids [rows, len] out as a model's ids input: as they are, or
// [len, rows] when seqFirst.
func idsIn(ids *ortrun.Tensor, seqFirst bool) *ortrun.Tensor {
	if !seqFirst {
		return ids
	}
	return modelfeed.IDs(ids.I64, int(ids.Shape[0]), int(ids.Shape[1]), true)
}

// logitsOut returns a sequence-first model's logits [len, rows, vocab] as
// [rows, len, vocab]; other logits as they are.
func logitsOut(logits *ortrun.Tensor, seqFirst bool) (*ortrun.Tensor, error) {
	if !seqFirst || logits == nil {
		return logits, nil
	}
	x := logits.Float32s()
	if len(logits.Shape) != 3 || x == nil {
		return nil, fmt.Errorf("verify: logits %v: want float [len, batch, vocab]", logits.Shape)
	}
	t, rows, v := int(logits.Shape[0]), int(logits.Shape[1]), int(logits.Shape[2])
	out := make([]float32, len(x))
	for p := range t {
		for r := range rows {
			copy(out[(r*t+p)*v:(r*t+p+1)*v], x[(p*rows+r)*v:(p*rows+r+1)*v])
		}
	}
	return ortrun.NewF32([]int64{int64(rows), int64(t), int64(v)}, out), nil
}

// padRows lays rows out as a [len(rows), maxLen] id tensor padded with pad
// and the matching 0/1 mask.
func padRows(rows [][]int64, pad int64) (ids, mask *ortrun.Tensor) {
	n := 0
	for _, r := range rows {
		n = max(n, len(r))
	}
	idv := make([]int64, len(rows)*n)
	mv := make([]int64, len(rows)*n)
	for i, r := range rows {
		for j := 0; j < n; j++ {
			if j < len(r) {
				idv[i*n+j] = r[j]
				mv[i*n+j] = 1
			} else {
				idv[i*n+j] = pad
			}
		}
	}
	shape := []int64{int64(len(rows)), int64(n)}
	return ortrun.NewI64(shape, idv), ortrun.NewI64(shape, mv)
}
