// Package modelfeed writes the id and mask inputs of a translation model in
// the layout and formats its graph reads (graphedit.IORoles): batch-first or
// sequence-first ids, padding masks as bool or int64 with either polarity,
// and a causal mask input as bool, int64 or additive float.
//
// Rows are always given batch-first, as [rows, len] data with a keep mask
// (nonzero on tokens); the functions lay them out for the model.
package modelfeed

import (
	"math"

	"onnxprune/graphedit"
	"onnxprune/ortrun"
)

// IDs returns ids [rows, n] (row-major) as the model's ids input: [rows, n],
// or [n, rows] when seqFirst.
func IDs(ids []int64, rows, n int, seqFirst bool) *ortrun.Tensor {
	if !seqFirst {
		return ortrun.NewI64([]int64{int64(rows), int64(n)}, ids)
	}
	return ortrun.NewI64([]int64{int64(n), int64(rows)}, Transpose(ids, rows, n))
}

// Transpose returns the [cols, rows] transpose of x [rows, cols].
func Transpose[T any](x []T, rows, cols int) []T {
	out := make([]T, len(x))
	for i := range rows {
		for j := range cols {
			out[j*rows+i] = x[i*cols+j]
		}
	}
	return out
}

// Mask returns a mask of the given shape from keep (nonzero where attended,
// 0 where masked) in format f: bool or int64, true (1) where masked when
// f.TrueMasks, else where attended; float: 0 where attended and -inf where
// masked.
func Mask(shape []int64, keep []int64, f graphedit.MaskFormat) *ortrun.Tensor {
	switch {
	case f.Float:
		v := make([]float32, len(keep))
		for i, k := range keep {
			if k == 0 {
				v[i] = float32(math.Inf(-1))
			}
		}
		return ortrun.NewF32(shape, v)
	case f.Bool:
		b := make([]bool, len(keep))
		for i, k := range keep {
			b[i] = (k != 0) != f.TrueMasks
		}
		return ortrun.NewBool(shape, b)
	case f.TrueMasks:
		v := make([]int64, len(keep))
		for i, k := range keep {
			if k == 0 {
				v[i] = 1
			}
		}
		return ortrun.NewI64(shape, v)
	}
	return ortrun.NewI64(shape, keep)
}

// Causal returns the causal mask [t, t] in format f: position i attends to
// positions j ≤ i.
func Causal(t int, f graphedit.MaskFormat) *ortrun.Tensor {
	keep := make([]int64, t*t)
	for i := range t {
		for j := 0; j <= i; j++ {
			keep[i*t+j] = 1
		}
	}
	return Mask([]int64{int64(t), int64(t)}, keep, f)
}
