package graphedit_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"onnxprune/graphedit"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/ortrun"
)

// joinTol: the joined graph runs the same kernels on the same values as the
// two sessions; only ORT's fusion across the former file boundary may
// reorder float sums.
const joinTol = 1e-5

// TestJoinSplitEncoderDecoder joins Optimum's Marian encoder and decoder
// files and checks on ONNX Runtime that the joined graph's logits equal the
// decoder's logits fed with the encoder's output.
func TestJoinSplitEncoderDecoder(t *testing.T) {
	for _, dir := range []string{"marian", "bart"} {
		t.Run(dir, func(t *testing.T) {
			encM, enc := graphtest.LoadFixture(t, "../models/fixtures/"+dir+"/encoder_model.onnx")
			decM, dec := graphtest.LoadFixture(t, "../models/fixtures/"+dir+"/decoder_model.onnx")
			spec := graphedit.JoinSpec{
				Connect: map[string]string{"encoder_hidden_states": "last_hidden_state", "encoder_attention_mask": "attention_mask"},
				Rename:  map[string]string{"input_ids": "decoder_input_ids"},
			}
			j, _, err := graphedit.Join(enc, dec, spec)
			if err != nil {
				t.Fatal(err)
			}
			if err := j.Validate(); err != nil {
				t.Fatal(err)
			}
			var ins []string
			for _, v := range j.Inputs() {
				ins = append(ins, v.Name())
			}
			if got := strings.Join(ins, ","); got != "input_ids,attention_mask,decoder_input_ids" {
				t.Fatalf("joined inputs %s", got)
			}
			if j.Outputs()[0].Name() != "logits" {
				t.Fatalf("first output %s", j.Outputs()[0].Name())
			}
			// Neither input graph changed.
			if enc.Value("decoder_input_ids") != nil || dec.Value("decoder_input_ids") != nil {
				t.Fatal("Join changed an input graph")
			}
			opts := ortrun.Options{IntraOpThreads: 1}
			se := graphtest.NewSession(t, graphtest.MarshalGraph(t, enc, encM), opts)
			sd := graphtest.NewSession(t, graphtest.MarshalGraph(t, dec, decM), opts)
			sj := graphtest.NewSession(t, graphtest.MarshalGraph(t, j, encM), opts)
			r := rand.New(rand.NewPCG(5, 6))
			const B, S, T = 2, 7, 5
			src := make([]int64, B*S)
			mask := make([]int64, B*S)
			tgt := make([]int64, B*T)
			for i := range src {
				src[i] = 3 + r.Int64N(100)
				mask[i] = 1
			}
			mask[S-1], mask[S-2] = 0, 0 // padding in row 0
			for i := range tgt {
				tgt[i] = 3 + r.Int64N(100)
			}
			eo, err := se.Run(map[string]*ortrun.Tensor{"input_ids": ortrun.NewI64([]int64{B, S}, src), "attention_mask": ortrun.NewI64([]int64{B, S}, mask)}, []string{"last_hidden_state"})
			if err != nil {
				t.Fatal(err)
			}
			do, err := sd.Run(map[string]*ortrun.Tensor{"input_ids": ortrun.NewI64([]int64{B, T}, tgt), "encoder_attention_mask": ortrun.NewI64([]int64{B, S}, mask),
				"encoder_hidden_states": eo["last_hidden_state"]}, []string{"logits"})
			if err != nil {
				t.Fatal(err)
			}
			jo, err := sj.Run(map[string]*ortrun.Tensor{"input_ids": ortrun.NewI64([]int64{B, S}, src), "attention_mask": ortrun.NewI64([]int64{B, S}, mask),
				"decoder_input_ids": ortrun.NewI64([]int64{B, T}, tgt)}, []string{"logits"})
			if err != nil {
				t.Fatal(err)
			}
			want, got := do["logits"].F32, jo["logits"].F32
			if len(want) != len(got) || len(got) == 0 {
				t.Fatalf("logits sizes %d and %d", len(want), len(got))
			}
			worst := 0.0
			for i := range want {
				worst = math.Max(worst, math.Abs(float64(want[i]-got[i])))
			}
			if worst > joinTol {
				t.Fatalf("joined logits differ by %g", worst)
			}
		})
	}
}

func TestJoinErrors(t *testing.T) {
	_, enc := graphtest.LoadFixture(t, "../models/fixtures/marian/encoder_model.onnx")
	_, dec := graphtest.LoadFixture(t, "../models/fixtures/marian/decoder_model.onnx")
	tests := []struct {
		name string
		spec graphedit.JoinSpec
		want string
	}{
		{"unknown input", graphedit.JoinSpec{Connect: map[string]string{"nope": "last_hidden_state"}}, `no input "nope"`},
		{"unknown value", graphedit.JoinSpec{Connect: map[string]string{"encoder_hidden_states": "nope"}}, `no value "nope"`},
		{"rename onto a used name", graphedit.JoinSpec{Rename: map[string]string{"input_ids": "attention_mask"}}, "already in use"},
	}
	for _, tc := range tests {
		if _, _, err := graphedit.Join(enc, dec, tc.spec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}
