package onnxio

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/onnxio/onnxpb"
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

// FuzzTensor decodes tensors of arbitrary type, shape and data, in raw and
// typed form. Whatever the input: no panic; a tensor decodes exactly when
// its data matches its shape; decoding then encoding raw_data gives the
// same bytes (BOOL normalised to 0/1).
func FuzzTensor(f *testing.F) {
	f.Add(int32(onnxpb.TensorProto_FLOAT), []byte{2, 3}, []byte("0123456789abcdefghijklmn"), false)
	f.Add(int32(onnxpb.TensorProto_FLOAT16), []byte{2}, []byte{0, 0x3c, 0xff, 0x7f}, true)
	f.Add(int32(onnxpb.TensorProto_BOOL), []byte{}, []byte{7}, false)
	f.Add(int32(onnxpb.TensorProto_INT8), []byte{3, 0}, []byte{}, true)
	f.Fuzz(func(t *testing.T, dt int32, dimBytes, data []byte, typed bool) {
		if len(dimBytes) > 6 {
			dimBytes = dimBytes[:6]
		}
		dims := make([]int64, len(dimBytes))
		for i, b := range dimBytes {
			dims[i] = int64(int8(b)) // negative dims too
		}
		p := &onnxpb.TensorProto{Name: str("t"), DataType: &dt, Dims: dims}
		if typed {
			// Spread the bytes over the typed fields, one value per byte.
			for _, b := range data {
				p.FloatData = append(p.FloatData, float32(int8(b)))
				p.DoubleData = append(p.DoubleData, float64(b))
				p.Int32Data = append(p.Int32Data, int32(int8(b)))
				p.Int64Data = append(p.Int64Data, int64(b)<<40)
			}
		} else {
			p.RawData = data
		}
		tn, err := DecodeTensor(p, nil)
		n, nerr := numElements(dims)
		ok := nerr == nil && supported(onnxpb.TensorProto_DataType(dt))
		if ok {
			size, _ := ByteSize(onnxpb.TensorProto_DataType(dt), n)
			ok = (typed && int64(len(data)) == n) || (!typed && int64(len(data)) == size)
		}
		if (err == nil) != ok {
			t.Fatalf("DecodeTensor(type %d, dims %v, %d bytes, typed %v): error %v, want success %v", dt, dims, len(data), typed, err, ok)
		}
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if int64(tn.valuesLen()) != n {
			t.Fatalf("%d values for %d elements", tn.valuesLen(), n)
		}
		if f, err := tn.AsFloat32(); err == nil && int64(len(f)) != n {
			t.Fatalf("AsFloat32 gave %d values for %d", len(f), n)
		}
		if v, err := tn.AsInt64(); err == nil && int64(len(v)) != n {
			t.Fatalf("AsInt64 gave %d values for %d", len(v), n)
		}
		enc, err := EncodeTensor(tn)
		if err != nil {
			t.Fatalf("decoded tensor does not encode: %v", err)
		}
		if !typed {
			want := data
			if dt == int32(onnxpb.TensorProto_BOOL) {
				want = make([]byte, len(data))
				for i, b := range data {
					if b != 0 {
						want[i] = 1
					}
				}
			}
			if !bytes.Equal(enc.RawData, want) {
				t.Fatalf("raw_data changed by decode → encode: %x → %x", data, enc.RawData)
			}
		}
	})
}
