package attribution

import (
	"math"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
)

// targetTol bounds |target − Σ top-1 logits| relative to Σ|top-1 logits|:
// the target is computed as dot products of the projection's input with
// the gathered weight columns, the top-1 logits by the projection MatMul,
// so the two differ by float32 summation order over d_model terms.
const targetTol = 1e-5

// TestTargetFromProjection checks the LRP target computed from the logits
// projection's input: it equals the summed top-1 logits that ReduceMax
// reports, and where the projection was found the relevance pass never
// touches a vocabulary-sized tensor (the top-1 columns are gathered instead
// of multiplying a one-hot [T,V] signal by the whole weight matrix).
func TestTargetFromProjection(t *testing.T) {
	for _, c := range []struct {
		path     string
		vocab    int
		gathered bool // the projection must be found
	}{
		{"../models/reference/model.onnx", 8000, true},
		{"../models/fixtures/torch_transformer/ts_opset17.onnx", fixtureVocab, true},
		{"../models/fixtures/torch113/model.onnx", fixtureVocab, true},
	} {
		t.Run(c.path, func(t *testing.T) {
			m, err := onnxio.Load(c.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			g, err := graphedit.Load(m)
			if err != nil {
				t.Fatal(err)
			}
			a, err := New(g, m, graphedit.IORoles{}, ortrun.Options{IntraOpThreads: 1, Name: c.path}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			gathered := false
			for _, n := range g.Nodes() {
				if n.OpType() == "ArgMax" && strings.HasPrefix(n.Name(), "attr/") {
					gathered = true
				}
			}
			if c.gathered && !gathered {
				t.Fatalf("the target of %s is not computed from its logits projection", c.path)
			}
			t.Logf("target from the projection: %v", gathered)
			if gathered {
				_ = g.InferShapes()
				for _, n := range g.Nodes() {
					if !strings.HasPrefix(n.Name(), RelPrefix) {
						continue
					}
					for _, x := range n.Inputs() {
						if sh := x.Shape(); len(sh) > 0 && sh[len(sh)-1] == graphedit.IntDim(int64(c.vocab)) {
							t.Errorf("relevance node %s reads %q of shape %v (vocabulary-sized)", n.Name(), x.Name(), sh)
						}
					}
				}
			}
			for i, ex := range randomExamples(11, 4, min(c.vocab, fixtureVocab)) {
				r, err := a.Run(ex)
				if err != nil {
					t.Fatal(err)
				}
				var sum, abs float64
				for _, v := range r.Top {
					sum += float64(v)
					abs += math.Abs(float64(v))
				}
				if d := math.Abs(r.Target - sum); !(d <= targetTol*abs) {
					t.Errorf("example %d: target %.6g, summed top-1 logits %.6g (|Δ| %.3g > %.0e·%.3g)", i, r.Target, sum, d, targetTol, abs)
				}
			}
		})
	}
}
