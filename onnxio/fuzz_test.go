package onnxio

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzDir makes the folder fuzzed models read external data from: data
// files at the top and in a subfolder, the data file of
// testdata/external/model.onnx, and a symlink that leads out of the folder.
func fuzzDir(f testing.TB) string {
	root := f.TempDir()
	dir := filepath.Join(root, "model")
	outside := filepath.Join(root, "outside")
	for _, d := range []string{dir, outside, filepath.Join(dir, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			f.Fatal(err)
		}
	}
	pattern := make([]byte, 4096)
	for i := range pattern {
		pattern[i] = byte(i * 7)
	}
	ext, err := os.ReadFile("testdata/external/model.onnx.data")
	if err != nil {
		f.Fatal(err)
	}
	for name, data := range map[string][]byte{
		filepath.Join(dir, "w.bin"):           pattern,
		filepath.Join(dir, "sub", "w.bin"):    pattern[:100],
		filepath.Join(dir, "model.onnx.data"): ext,
		filepath.Join(outside, "w.bin"):       pattern,
	} {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			f.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "w.bin"), filepath.Join(dir, "out.bin")); err != nil {
		f.Fatal(err)
	}
	return dir
}

// FuzzLoad parses arbitrary bytes as a model whose external data lives in a
// prepared folder. Whatever the input: no panic, errors are one line naming
// the file; a model that loads decodes its tensors without panicking,
// marshals (external data inlined) to bytes that parse again and marshal
// to the same bytes, and saves with external data to a folder it then
// loads from with the same tensor bytes.
func FuzzLoad(f *testing.F) {
	for _, p := range []string{"testdata/features.onnx", "testdata/external/model.onnx"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	dir := fuzzDir(f)
	outDir := filepath.Join(filepath.Dir(dir), "saved")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Parse(data, "fuzz.onnx", &LoadOptions{BaseDir: dir})
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, "onnxio: fuzz.onnx: ") || strings.Contains(msg, "\n") {
				t.Fatalf("error is not one line naming the file: %q", msg)
			}
			return
		}
		defer m.Close()
		for _, r := range m.Tensors() {
			if tn, err := m.Tensor(r.Tensor); err == nil {
				if int64(tn.valuesLen()) != tn.NumElements() {
					t.Fatalf("%s: decoded %d values for %d elements", r.Where, tn.valuesLen(), tn.NumElements())
				}
				_, _ = tn.AsFloat32()
				_, _ = tn.AsInt64()
				if _, err := EncodeTensor(tn); err != nil {
					t.Fatalf("%s: decoded tensor does not encode: %v", r.Where, err)
				}
			}
		}
		inline, err := m.Marshal()
		if err != nil {
			t.Fatalf("Marshal of a loaded model: %v", err)
		}
		m2, err := Parse(inline, "inline.onnx", nil)
		if err != nil {
			t.Fatalf("marshalled model does not parse: %v", err)
		}
		again, err := m2.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, inline) {
			t.Fatalf("parse → marshal is not stable (first difference at byte %d)", firstDiff(again, inline))
		}

		// Save with every tensor external (no sync: fuzzing speed).
		o, err := (&SaveOptions{ExternalData: true, Threshold: 1}).withDefaults("m.onnx")
		if err != nil {
			t.Fatal(err)
		}
		var ext bytes.Buffer
		buf, _, err := m.encode(true, o, &ext)
		if err != nil {
			t.Fatalf("encoding with external data: %v", err)
		}
		if err := os.WriteFile(filepath.Join(outDir, "m.onnx.data"), ext.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		m3, err := Parse(buf, "saved.onnx", &LoadOptions{BaseDir: outDir})
		if err != nil {
			t.Fatalf("model saved with external data does not load: %v", err)
		}
		defer m3.Close()
		a, b := m.Tensors(), m3.Tensors()
		if len(a) != len(b) {
			t.Fatalf("%d tensors after saving, want %d", len(b), len(a))
		}
		for i := range a {
			ra, errA := m.RawBytes(a[i].Tensor)
			rb, errB := m3.RawBytes(b[i].Tensor)
			if (errA == nil) != (errB == nil) || !bytes.Equal(ra, rb) {
				t.Fatalf("%s: bytes differ after saving with external data (%v, %v)", a[i].Where, errA, errB)
			}
		}
	})
}
