package modelfeed

import (
	"math"
	"slices"
	"testing"

	"onnxprune/graphedit"
)

func TestMaskFormats(t *testing.T) {
	keep := []int64{1, 1, 0}
	inf := float32(math.Inf(-1))
	if m := Mask([]int64{1, 3}, keep, graphedit.MaskFormat{}); !slices.Equal(m.I64, []int64{1, 1, 0}) {
		t.Errorf("Hugging Face: %v", m.I64)
	}
	if m := Mask([]int64{1, 3}, keep, graphedit.MaskFormat{TrueMasks: true}); !slices.Equal(m.I64, []int64{0, 0, 1}) {
		t.Errorf("int64, 1 where masked: %v", m.I64)
	}
	if m := Mask([]int64{1, 3}, keep, graphedit.MaskFormat{Bool: true, TrueMasks: true}); !slices.Equal(m.Bool, []bool{false, false, true}) {
		t.Errorf("bool, true where masked: %v", m.Bool)
	}
	if m := Mask([]int64{1, 3}, keep, graphedit.MaskFormat{Bool: true}); !slices.Equal(m.Bool, []bool{true, true, false}) {
		t.Errorf("bool, true where attended: %v", m.Bool)
	}
	if m := Causal(3, graphedit.MaskFormat{Float: true}); !slices.Equal(m.F32, []float32{0, inf, inf, 0, 0, inf, 0, 0, 0}) || !slices.Equal(m.Shape, []int64{3, 3}) {
		t.Errorf("float causal: %v %v", m.Shape, m.F32)
	}
	if m := IDs([]int64{1, 2, 3, 4, 5, 6}, 2, 3, true); !slices.Equal(m.I64, []int64{1, 4, 2, 5, 3, 6}) || !slices.Equal(m.Shape, []int64{3, 2}) {
		t.Errorf("sequence-first ids: %v %v", m.Shape, m.I64)
	}
}
