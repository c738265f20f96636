package graphedit_test

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// TestCheckTypesAgreesWithORT replays issue 16's fp16 failure on the fp16
// Marian decoder: a float32 constant next to the float16 activation of the
// cross-attention output projection's Add. CheckTypes refuses exactly the
// graph ONNX Runtime refuses, and accepts the converter's file as it is.
func TestCheckTypesAgreesWithORT(t *testing.T) {
	m, g := graphtest.LoadFixture(t, "../models/fixtures/quant/marian_fp16/decoder_model.onnx")
	defer m.Close()
	if err := g.CheckTypes(); err != nil {
		t.Fatalf("fp16 fixture as written: %v", err)
	}
	graphtest.NewSession(t, graphtest.MarshalGraph(t, g, m), ortrun.Options{IntraOpThreads: 1})

	const addName = "/model/decoder/layers.1/encoder_attn/out_proj/Add"
	add := g.Node(addName)
	if add == nil {
		t.Fatalf("no node %s", addName)
	}
	zero, err := g.AddInitializer(&onnxpb.TensorProto{Name: proto.String(g.FreshName("prune/zero_bias")),
		Dims: []int64{32}, DataType: proto.Int32(int32(onnxpb.TensorProto_FLOAT)), FloatData: make([]float32, 32)})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetInput(add, 0, zero); err != nil {
		t.Fatal(err)
	}
	err = g.CheckTypes()
	if err == nil || !strings.Contains(err.Error(), addName) || !strings.Contains(err.Error(), "float16") {
		t.Fatalf("CheckTypes = %v, want the mismatch at %s", err, addName)
	}
	_, ortErr := ortrun.NewSessionFromBytes(graphtest.MarshalGraph(t, g, m), ortrun.Options{IntraOpThreads: 1})
	if ortErr == nil || !strings.Contains(ortErr.Error(), "bound to different types") {
		t.Fatalf("ONNX Runtime on the mistyped graph: %v, want a type-binding error", ortErr)
	}
	if _, err := graphedit.RunPasses(g, false, graphedit.TypeCheckPass); err == nil {
		t.Errorf("TypeCheckPass accepted the mistyped graph")
	}
}
