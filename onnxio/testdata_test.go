package onnxio

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// testValues mirrors VALUES in testdata/make_testdata.py: element i of every
// tensor there is testValues[i%len(testValues)] cast to the tensor's type.
var testValues = []float64{0.0, 1.5, -2.0, 3.0, -0.5, 4.0, 0.25, -8.0}

// TestOnnxWrittenRoundTrip checks that a model serialized by the onnx Python
// package comes back byte for byte from Marshal and Save.
func TestOnnxWrittenRoundTrip(t *testing.T) {
	const path = "testdata/features.onnx"
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, orig) {
		t.Errorf("Marshal differs from %s at byte %d (%d vs %d bytes)", path, firstDiff(b, orig), len(b), len(orig))
	}
	out := filepath.Join(t.TempDir(), "features.onnx")
	if err := m.Save(out, nil); err != nil {
		t.Fatal(err)
	}
	saved, _ := os.ReadFile(out)
	if !bytes.Equal(saved, orig) {
		t.Errorf("Save differs from %s at byte %d", path, firstDiff(saved, orig))
	}
}

// TestOnnxWrittenTensors decodes every initializer of the onnx-written model
// (typed fields and raw_data, nine types) and checks its values.
func TestOnnxWrittenTensors(t *testing.T) {
	for _, path := range []string{"testdata/features.onnx", "testdata/external/model.onnx"} {
		m, err := Load(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		inits := m.Proto.Graph.Initializer
		if len(inits) != 18 {
			t.Fatalf("%s: %d initializers, want 18", path, len(inits))
		}
		for _, p := range inits {
			tn, err := m.Tensor(p)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if err := checkTestValues(tn); err != nil {
				t.Errorf("%s: tensor %q: %v", path, p.GetName(), err)
			}
		}
		m.Close()
	}
}

func checkTestValues(tn *Tensor) error {
	if fmt.Sprint(tn.Dims) != "[3 5]" {
		return fmt.Errorf("dims %v, want [3 5]", tn.Dims)
	}
	n := int(tn.NumElements())
	for i := range n {
		want := testValues[i%len(testValues)]
		var got float64
		switch {
		case tn.DataType == onnxpb.TensorProto_BOOL:
			if tn.Bool[i] != (want != 0) {
				return fmt.Errorf("element %d = %v, want %v", i, tn.Bool[i], want != 0)
			}
			continue
		case tn.DataType == onnxpb.TensorProto_UINT8:
			want = float64(uint8(max(want, -want)))
			got = float64(tn.U8[i])
		case strings.HasPrefix(tn.Name, "float") || strings.HasPrefix(tn.Name, "bfloat"):
			f, err := tn.AsFloat32()
			if err != nil {
				return err
			}
			got = float64(f[i])
		default:
			v, err := tn.AsInt64()
			if err != nil {
				return err
			}
			want = float64(int64(want))
			got = float64(v[i])
		}
		if got != want {
			return fmt.Errorf("element %d = %v, want %v", i, got, want)
		}
	}
	return nil
}

// TestOnnxWrittenExternal reads the model onnx saved with external data:
// inlining its data gives the bytes of the inline model, and saving it
// elsewhere carries the data over.
func TestOnnxWrittenExternal(t *testing.T) {
	inline, err := os.ReadFile("testdata/features.onnx")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load("testdata/external/model.onnx", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if !m.HasExternalData() {
		t.Fatal("testdata/external/model.onnx has no external tensors")
	}
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, inline) {
		t.Errorf("inlined external model differs from features.onnx at byte %d", firstDiff(b, inline))
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "copy.onnx")
	if err := m.Save(out, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "copy.onnx.data")); err != nil {
		t.Errorf("no data file next to the copy: %v", err)
	}
	m2, err := Load(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	b2, err := m2.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b2, inline) {
		t.Errorf("copy of the external model, inlined, differs from features.onnx at byte %d", firstDiff(b2, inline))
	}
	// The copy in memory is unchanged by saving.
	m3, _ := Load("testdata/external/model.onnx", nil)
	defer m3.Close()
	if !proto.Equal(m.Proto, m3.Proto) {
		t.Error("Save changed the model in memory")
	}
}
