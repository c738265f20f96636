package onnxio

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"weak"

	"onnxprune/onnxio/onnxpb"
)

// TestEncodeTensorKeepsNoDecodedValues checks that the TensorProto from
// EncodeTensor holds nothing of the Tensor it came from: a pruned weight
// saved as raw bytes must not keep its decoded float32 copy alive too.
func TestEncodeTensorKeepsNoDecodedValues(t *testing.T) {
	for _, name := range []string{"named", ""} {
		src := &Tensor{Name: name, DataType: onnxpb.TensorProto_FLOAT, Dims: []int64{256}, F32: make([]float32, 256)}
		wp := weak.Make(src)
		p, err := EncodeTensor(src)
		if err != nil {
			t.Fatal(err)
		}
		src = nil
		runtime.GC()
		if wp.Value() != nil {
			t.Errorf("name %q: the encoded proto keeps the decoded Tensor reachable", name)
		}
		if p.GetName() != name || len(p.RawData) != 4*256 {
			t.Errorf("name %q: encoded %q with %d raw bytes", name, p.GetName(), len(p.RawData))
		}
	}
}

// TestSaveStreamsExternalData checks that saving a model with external
// data copies the bytes by reading the data file, not through its mapping
// (which would make the whole file resident in the process), and still
// refuses a data file that shrank after loading.
func TestSaveStreamsExternalData(t *testing.T) {
	src := t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "w.bin"), append([]byte("junk"), weightBytes()...), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Load(externalModel(t, src, "w.bin", 4, 48), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	// A stray write into the (private) mapping shows where Save reads:
	// the file's bytes must come out, not the mapping's.
	mapped, err := m.ReadExternal("w.bin", 4, 48)
	if err != nil {
		t.Fatal(err)
	}
	mapped[0] ^= 0xff
	out := filepath.Join(t.TempDir(), "copy.onnx")
	if err := m.Save(out, nil); err != nil {
		t.Fatal(err)
	}
	mapped[0] ^= 0xff
	checkSameTensors(t, m, out)

	if err := os.Truncate(filepath.Join(src, "w.bin"), 20); err != nil {
		t.Fatal(err)
	}
	err = m.Save(filepath.Join(t.TempDir(), "short.onnx"), nil)
	if err == nil || !strings.Contains(err.Error(), "past the end of the file") || !strings.Contains(err.Error(), "w.bin") {
		t.Errorf("saving after the data file shrank: %v, want an error naming w.bin and its end", err)
	}
	// The bytes saved the first time are the original ones.
	m2, err := Load(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	raw, err := m2.RawBytes(m2.Proto.Graph.Initializer[0])
	if err != nil || !bytes.Equal(raw, weightBytes()) {
		t.Errorf("saved W = %x, %v", raw, err)
	}
}
