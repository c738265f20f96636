package structures_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// The gradient graph's ∂loss/∂gate and a central difference of the loss
// with step gradStep agree within gradTol relative plus gradAbs: the
// central difference is off by the curvature times the step squared (a
// step of 1e-2 already moves a post-LN attention sublayer's by 2%), and
// by the fp32 rounding of the logits (about 1e-7 on a loss near 5) over
// the step; the largest differences seen were 8e-5 on gradients of 2e-3
// to 0.26.
const (
	gradStep = 1e-3
	gradTol  = 1e-2
	gradAbs  = 2e-4
)

// TestGateGradientsOnORT: the cross-entropy's gradient with respect to the
// FFN neuron gates and the sublayer gates (what gate training samples and
// Michel et al.'s importance reads at g = 1), built by package autodiff
// through the gated torch.nn.Transformer export, agrees with central
// differences of the loss on ONNX Runtime for a few neurons of every FFN
// and for every sublayer.
func TestGateGradientsOnORT(t *testing.T) {
	m, g := graphtest.LoadFixture(t, fixturesDir+"/torch_transformer/ts_opset17.onnx")
	d, err := structures.Discover(g)
	if err != nil {
		t.Fatal(err)
	}
	gates, err := structures.InsertGates(g, d, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	forward := graphtest.MarshalGraph(t, g, m)
	tgt := g.Value("tgt_ids")
	labels, err := g.AddInput("labels", int32(onnxpb.TensorProto_INT64), tgt.Shape())
	if err != nil {
		t.Fatal(err)
	}
	loss, err := autodiff.CrossEntropy(g, g.Outputs()[0], labels, autodiff.CrossEntropyOptions{PadID: -100})
	if err != nil {
		t.Fatal(err)
	}
	var wrt []*graphedit.Value
	for _, gt := range gates {
		wrt = append(wrt, g.Value(gt.Name))
	}
	grads, err := autodiff.Build(g, loss, wrt, nil)
	if err != nil {
		t.Fatal(err)
	}
	var outs []string
	for _, v := range wrt {
		if err := g.AddOutput(grads[v.Name()]); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, grads[v.Name()].Name())
	}
	if err := g.AddOutput(loss); err != nil {
		t.Fatal(err)
	}
	train := graphtest.NewSession(t, graphtest.MarshalGraph(t, g, m), graphtest.ExactOpts)
	fwd := graphtest.NewSession(t, forward, graphtest.ExactOpts)
	rng := rand.New(rand.NewPCG(11, 12))
	feeds := graphtest.RandomFeeds(fwd.Inputs(), [2]int64{2, 5}, rng)
	lab := make([]int64, 10)
	for i := range lab {
		lab[i] = 1 + rng.Int64N(60)
	}
	tfeeds := map[string]*ortrun.Tensor{"labels": ortrun.NewI64([]int64{2, 5}, lab)}
	for k, v := range feeds {
		tfeeds[k] = v
	}
	res, err := train.Run(tfeeds, outs)
	if err != nil {
		t.Fatal(err)
	}
	// The forward model's loss at chosen gates, computed in Go.
	lossAt := func(name string, i int, val float32, size int64) float64 {
		f := map[string]*ortrun.Tensor{}
		for k, v := range feeds {
			f[k] = v
		}
		gv := make([]float32, size)
		for j := range gv {
			gv[j] = 1
		}
		gv[i] = val
		f[name] = ortrun.NewF32([]int64{size}, gv)
		o, err := fwd.Run(f, graphtest.OutputNames(fwd))
		if err != nil {
			t.Fatal(err)
		}
		logits := o[graphtest.OutputNames(fwd)[0]]
		V := logits.Shape[len(logits.Shape)-1]
		var sum float64
		for r, l := range lab {
			row := logits.F32[int64(r)*V : int64(r+1)*V]
			mx := math.Inf(-1)
			for _, x := range row {
				mx = math.Max(mx, float64(x))
			}
			var z float64
			for _, x := range row {
				z += math.Exp(float64(x) - mx)
			}
			sum += mx + math.Log(z) - float64(row[l])
		}
		return sum / float64(len(lab))
	}
	checked := 0
	for k, gt := range gates {
		got := res[outs[k]].F32
		idx := []int{0}
		if gt.Size > 1 {
			idx = []int{rng.IntN(int(gt.Size)), rng.IntN(int(gt.Size))}
		}
		for _, i := range idx {
			fd := (lossAt(gt.Name, i, 1+gradStep, gt.Size) - lossAt(gt.Name, i, 1-gradStep, gt.Size)) / (2 * gradStep)
			if diff := math.Abs(fd - float64(got[i])); diff > gradTol*math.Abs(fd)+gradAbs {
				t.Errorf("%s[%d]: gradient %g, central difference %g", gt.Name, i, got[i], fd)
			}
			checked++
		}
	}
	if len(gates) != 14 || checked != 18 {
		t.Errorf("%d gates (want 4 FFNs + 10 sublayers), %d gradients checked", len(gates), checked)
	}
}
