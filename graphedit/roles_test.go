package graphedit

import (
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// rolesGraph makes a graph with the named int64 inputs, each fed through
// Identity to an output of the given name (outputs[i] reads inputs[i]).
func rolesGraph(t *testing.T, inputs, outputs []string) *Graph {
	t.Helper()
	gp := &onnxpb.GraphProto{Name: proto.String("roles")}
	for i, in := range inputs {
		gp.Input = append(gp.Input, &onnxpb.ValueInfoProto{Name: proto.String(in), Type: &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{TensorType: &onnxpb.TypeProto_Tensor{ElemType: proto.Int32(int32(onnxpb.TensorProto_INT64))}}}})
		if i < len(outputs) {
			gp.Node = append(gp.Node, &onnxpb.NodeProto{OpType: proto.String("Identity"), Input: []string{in}, Output: []string{outputs[i]}})
			gp.Output = append(gp.Output, &onnxpb.ValueInfoProto{Name: proto.String(outputs[i])})
		}
	}
	g, err := FromProto(gp, []*onnxpb.OperatorSetIdProto{{Version: proto.Int64(17)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGuessIORoles(t *testing.T) {
	tests := []struct {
		name            string
		inputs, outputs []string
		given, want     IORoles
	}{
		{
			name:    "fairseq-style names",
			inputs:  []string{"src_ids", "src_mask", "tgt_ids"},
			outputs: []string{"logits"},
			want:    IORoles{Src: "src_ids", SrcMask: "src_mask", DecIn: "tgt_ids", Logits: "logits"},
		},
		{
			name:    "Optimum names, logits second",
			inputs:  []string{"input_ids", "attention_mask", "decoder_input_ids", "decoder_attention_mask"},
			outputs: []string{"other", "logits"},
			want:    IORoles{Src: "input_ids", SrcMask: "attention_mask", DecIn: "decoder_input_ids", DecMask: "decoder_attention_mask", Logits: "logits"},
		},
		{
			name:   "the more specific name wins",
			inputs: []string{"input_ids", "src_ids", "decoder_input_ids", "tgt_ids"},
			want:   IORoles{Src: "src_ids", DecIn: "tgt_ids"},
		},
		{
			name:    "given names are kept unchecked",
			inputs:  []string{"src_ids", "tgt_ids"},
			outputs: []string{"logits"},
			given:   IORoles{Src: "mine", Logits: "out"},
			want:    IORoles{Src: "mine", DecIn: "tgt_ids", Logits: "out"},
		},
		{
			name:    "nothing matches",
			inputs:  []string{"a", "b"},
			outputs: []string{"c"},
			want:    IORoles{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := rolesGraph(t, tc.inputs, tc.outputs)
			got, err := GuessIORoles(g, tc.given)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
