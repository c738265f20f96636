package graphedit

import (
	"math"
	"strings"
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

// maskGraph makes a graph with inputs src_ids [batch, src_len] and tgt_ids
// [batch, tgt_len] (int64) and a mask input m of element type elem and
// dims [batch, length], feeding nodes (which may read the initializers
// neg = -inf, zero = 0 and one = 1); the last node's first output is the
// graph output.
func maskGraph(t *testing.T, elem onnxpb.TensorProto_DataType, length string, nodes ...*onnxpb.NodeProto) *Graph {
	t.Helper()
	vi := func(name string, elem onnxpb.TensorProto_DataType, dims ...string) *onnxpb.ValueInfoProto {
		sh := &onnxpb.TensorShapeProto{}
		for _, d := range dims {
			sh.Dim = append(sh.Dim, &onnxpb.TensorShapeProto_Dimension{Value: &onnxpb.TensorShapeProto_Dimension_DimParam{DimParam: d}})
		}
		return &onnxpb.ValueInfoProto{Name: proto.String(name), Type: &onnxpb.TypeProto{Value: &onnxpb.TypeProto_TensorType{TensorType: &onnxpb.TypeProto_Tensor{ElemType: proto.Int32(int32(elem)), Shape: sh}}}}
	}
	scalar := func(name string, v float32) *onnxpb.TensorProto {
		return &onnxpb.TensorProto{Name: proto.String(name), DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), FloatData: []float32{v}}
	}
	gp := &onnxpb.GraphProto{
		Name: proto.String("masks"),
		Input: []*onnxpb.ValueInfoProto{vi("src_ids", onnxpb.TensorProto_INT64, "batch", "src_len"),
			vi("tgt_ids", onnxpb.TensorProto_INT64, "batch", "tgt_len"), vi("m", elem, "batch", length)},
		Initializer: []*onnxpb.TensorProto{scalar("neg", float32(math.Inf(-1))), scalar("zero", 0), scalar("one", 1)},
		Node:        nodes,
		Output:      []*onnxpb.ValueInfoProto{{Name: proto.String(nodes[len(nodes)-1].Output[0])}},
	}
	g, err := FromProto(gp, []*onnxpb.OperatorSetIdProto{{Version: proto.Int64(17)}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func node(op string, in []string, out ...string) *onnxpb.NodeProto {
	return &onnxpb.NodeProto{OpType: proto.String(op), Input: in, Output: out}
}

// A mask input's role comes from the length axis it shares with ids, and
// its polarity from what the graph does with it; what the graph does not
// tell is an error naming the input.
func TestGuessIORolesMaskPolarity(t *testing.T) {
	castTo := func(in, out string, to onnxpb.TensorProto_DataType) *onnxpb.NodeProto {
		n := node("Cast", []string{in}, out)
		n.Attribute = []*onnxpb.AttributeProto{{Name: proto.String("to"), Type: onnxpb.AttributeProto_INT.Enum(), I: proto.Int64(int64(to))}}
		return n
	}
	tests := []struct {
		name    string
		elem    onnxpb.TensorProto_DataType
		length  string
		nodes   []*onnxpb.NodeProto
		src     bool // the source's mask, else the decoder's
		want    MaskFormat
		wantErr string
	}{
		{name: "bool, Where(m, -inf, 0): true at padding", elem: onnxpb.TensorProto_BOOL, length: "src_len", src: true,
			nodes: []*onnxpb.NodeProto{node("Where", []string{"m", "neg", "zero"}, "bias")},
			want:  MaskFormat{Bool: true, TrueMasks: true}},
		{name: "bool, Not then Where: true on tokens", elem: onnxpb.TensorProto_BOOL, length: "tgt_len",
			nodes: []*onnxpb.NodeProto{node("Not", []string{"m"}, "n"), node("Where", []string{"n", "neg", "zero"}, "bias")},
			want:  MaskFormat{Bool: true}},
		{name: "bool, Where(m, 0, -inf): true on tokens", elem: onnxpb.TensorProto_BOOL, length: "src_len", src: true,
			nodes: []*onnxpb.NodeProto{node("Where", []string{"m", "zero", "neg"}, "bias")},
			want:  MaskFormat{Bool: true}},
		{name: "int64, (1 - m)·(-inf): Hugging Face's", elem: onnxpb.TensorProto_INT64, length: "src_len", src: true,
			nodes: []*onnxpb.NodeProto{castTo("m", "f", onnxpb.TensorProto_FLOAT), node("Sub", []string{"one", "f"}, "inv"), node("Mul", []string{"inv", "neg"}, "bias")},
			want:  MaskFormat{}},
		{name: "int64 cast to bool, Where: 1 at padding", elem: onnxpb.TensorProto_INT64, length: "tgt_len",
			nodes: []*onnxpb.NodeProto{castTo("m", "b", onnxpb.TensorProto_BOOL), node("Where", []string{"b", "neg", "zero"}, "bias")},
			want:  MaskFormat{TrueMasks: true}},
		{name: "bool, no masking use", elem: onnxpb.TensorProto_BOOL, length: "src_len",
			nodes:   []*onnxpb.NodeProto{node("Identity", []string{"m"}, "out")},
			wantErr: `mask input "m" is bool, but the graph does not show whether true marks masked or attended positions`},
		{name: "length axis of neither ids", elem: onnxpb.TensorProto_BOOL, length: "other",
			nodes:   []*onnxpb.NodeProto{node("Where", []string{"m", "neg", "zero"}, "bias")},
			wantErr: `input "m" [batch,other] looks like a padding mask, but its length axis is not that of the source ids "src_ids" alone nor of the decoder ids "tgt_ids" alone`},
		{name: "uses that disagree", elem: onnxpb.TensorProto_BOOL, length: "src_len",
			nodes:   []*onnxpb.NodeProto{node("Where", []string{"m", "neg", "zero"}, "a"), node("Where", []string{"m", "zero", "neg"}, "b"), node("Add", []string{"a", "b"}, "bias")},
			wantErr: `mask input "m" masks where it is true at`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := maskGraph(t, tc.elem, tc.length, tc.nodes...)
			r, err := GuessIORoles(g, IORoles{})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			mask, f := r.DecMask, r.DecMaskFormat
			if tc.src {
				mask, f = r.SrcMask, r.SrcMaskFormat
			}
			if mask != "m" || f != tc.want {
				t.Errorf("roles %+v: want m as the %s mask, %s", r, map[bool]string{true: "source", false: "decoder"}[tc.src], tc.want)
			}
		})
	}
}
