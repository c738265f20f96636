package autodiff_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/graphedit/autodiff/gradcheck"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// lossValueTol bounds |ORT − reference| for the float64 loss value.
const lossValueTol = 1e-12

// refCrossEntropy is PyTorch's CrossEntropyLoss(ignore_index=pad,
// label_smoothing=eps) in float64.
func refCrossEntropy(logits []float64, labels []int64, v int, eps float64, pad int64) float64 {
	sum, n := 0.0, 0
	for i, lab := range labels {
		if lab == pad {
			continue
		}
		row := logits[i*v : (i+1)*v]
		m := math.Inf(-1)
		for _, x := range row {
			m = math.Max(m, x)
		}
		z := 0.0
		for _, x := range row {
			z += math.Exp(x - m)
		}
		lse := m + math.Log(z)
		nll := lse - row[lab]
		smooth := 0.0
		for _, x := range row {
			smooth += lse - x
		}
		smooth /= float64(v)
		sum += (1-eps)*nll + eps*smooth
		n++
	}
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

func TestCrossEntropy(t *testing.T) {
	const B, T, V = 2, 5, 7
	k := 0
	for _, opset := range []int64{11, 13, 18} {
		for _, eps := range []float64{0, 0.1} {
			for _, pad := range []int64{1, -100} {
				k++
				seed := int64(1100 + k)
				t.Run(fmt.Sprintf("opset%d/eps%v/pad%d", opset, eps, pad), func(t *testing.T) {
					b := graphedit.NewBuilder(opset)
					logits := b.Input("logits", onnxpb.TensorProto_DOUBLE, "b", "t", V)
					labels := b.Input("labels", onnxpb.TensorProto_INT64, "b", "t")
					g, err := b.Graph()
					if err != nil {
						t.Fatal(err)
					}
					loss, err := autodiff.CrossEntropy(g, logits, labels, autodiff.CrossEntropyOptions{Smoothing: eps, PadID: pad})
					if err != nil {
						t.Fatal(err)
					}
					if err := g.AddOutput(loss); err != nil {
						t.Fatal(err)
					}
					rng := rand.New(rand.NewSource(seed))
					lg := make([]float64, B*T*V)
					for i := range lg {
						lg[i] = 2 * rng.NormFloat64()
					}
					lb := make([]int64, B*T)
					for i := range lb {
						lb[i] = int64(rng.Intn(V))
						if i%4 == 3 {
							lb[i] = pad
						}
					}
					feeds := map[string]*ortrun.Tensor{
						"logits": ortrun.NewF64([]int64{B, T, V}, lg),
						"labels": ortrun.NewI64([]int64{B, T}, lb),
					}
					// The loss value.
					bs, err := proto.Marshal(g.ModelProto(nil))
					if err != nil {
						t.Fatal(err)
					}
					s, err := ortrun.NewSessionFromBytes(bs, ortrun.Options{IntraOpThreads: 1})
					if err != nil {
						t.Fatal(err)
					}
					out, err := s.Run(feeds, []string{loss.Name()})
					s.Close()
					if err != nil {
						t.Fatal(err)
					}
					got, want := out[loss.Name()].F64[0], refCrossEntropy(lg, lb, V, eps, pad)
					if math.Abs(got-want) > lossValueTol {
						t.Errorf("loss = %.15g, reference %.15g", got, want)
					}
					// Its gradient.
					res, err := gradcheck.Check(g, nil, loss.Name(), []string{"logits"}, feeds, gradcheck.Options{Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					for _, r := range res {
						if !r.OK() {
							t.Errorf("%v", r)
						}
					}
				})
			}
		}
	}
}
