package onnxio

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"onnxprune/onnxio/onnxpb"
)

// sparseFile creates a file of size bytes that takes no disk space (a hole
// that reads as zeros) and returns its path.
func sparseFile(t *testing.T, dir, name string, size int64) string {
	t.Helper()
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// bigExternalModel writes a model whose W is a float32 tensor of n elements
// stored in the external file big.bin (a sparse file of zeros).
func bigExternalModel(t *testing.T, dir string, n int64) string {
	t.Helper()
	sparseFile(t, dir, "big.bin", 4*n)
	p := tinyModel()
	w := p.Graph.Initializer[0]
	w.RawData = nil
	w.Dims = []int64{n}
	loc := onnxpb.TensorProto_EXTERNAL
	w.DataLocation = &loc
	w.ExternalData = []*onnxpb.StringStringEntryProto{kv("location", "big.bin"), kv("offset", "0"), kv("length", strconv.FormatInt(4*n, 10))}
	return writeModel(t, dir, "model.onnx", p)
}

// TestOver2GiBNotInlined loads a model with a 2.25 GiB external tensor
// (lazily: the data is mapped, not read) and checks that Marshal and an
// inline Save refuse it, before allocating it, and leave nothing behind.
func TestOver2GiBNotInlined(t *testing.T) {
	dir := t.TempDir()
	const n = 1<<29 + 1<<26 // float32 elements: 2.25 GiB
	path := bigExternalModel(t, dir, n)
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	defer func() {
		// Nothing above may have copied the 2.25 GiB into the heap.
		const maxAlloc = 64 << 20
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		if d := after.TotalAlloc - before.TotalAlloc; d > maxAlloc {
			t.Errorf("allocated %d bytes for a model with 2.25 GiB of external data, want under %d", d, maxAlloc)
		}
	}()
	if _, err := m.Marshal(); err == nil || !strings.Contains(err.Error(), "over the 2147483647-byte limit") {
		t.Errorf("Marshal of a 2.25 GiB model: error %v", err)
	}
	files := listDir(t, dir)
	if err := m.Save(filepath.Join(dir, "inline.onnx"), &SaveOptions{InlineData: true}); err == nil || !strings.Contains(err.Error(), "save it with external data") {
		t.Errorf("inline Save of a 2.25 GiB model: error %v", err)
	}
	if now := listDir(t, dir); !slices.Equal(files, now) {
		t.Errorf("files after a failed save: %v, before %v", now, files)
	}
}

// TestOver2GiBAutomaticExternal saves a model whose inline size passes
// 2 GiB (two 1.1 GiB initializers) and checks that it is written with
// external data that loads back. It writes 2.2 GiB to the temporary
// folder, so it runs only with ONNXIO_LARGE=1.
func TestOver2GiBAutomaticExternal(t *testing.T) {
	if os.Getenv("ONNXIO_LARGE") != "1" {
		t.Skip("writes 2.2 GiB; set ONNXIO_LARGE=1 to run")
	}
	dir := t.TempDir()
	const n = 1<<28 + 1<<25 // float32 elements: 1.125 GiB
	src, err := Load(bigExternalModel(t, dir, n), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	zeros, err := src.ReadExternal("big.bin", 0, -1) // mapped, not read
	if err != nil {
		t.Fatal(err)
	}
	p := tinyModel()
	for _, name := range []string{"A", "B"} {
		p.Graph.Initializer = append(p.Graph.Initializer, &onnxpb.TensorProto{Name: str(name), Dims: []int64{n}, DataType: int32Ptr(1), RawData: zeros})
		p.Graph.Input = append(p.Graph.Input, &onnxpb.ValueInfoProto{Name: str(name)})
	}
	out := filepath.Join(dir, "out", "big.onnx")
	if err := os.Mkdir(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := (&Model{Proto: p}).Save(out, nil); err != nil {
		t.Fatal(err)
	}
	m, err := Load(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for _, init := range m.Proto.Graph.Initializer[2:] {
		if init.GetDataLocation() != onnxpb.TensorProto_EXTERNAL || externalEntry(init, "location") != "big.onnx.data" {
			t.Errorf("%s not saved as external data: %v", init.GetName(), init.ExternalData)
		}
		off, _ := strconv.ParseInt(externalEntry(init, "offset"), 10, 64)
		if off%pageAlign != 0 {
			t.Errorf("%s at offset %d, not page-aligned", init.GetName(), off)
		}
	}
	if m.Proto.Graph.Initializer[0].GetDataLocation() == onnxpb.TensorProto_EXTERNAL {
		t.Error("W (48 bytes) moved to the data file")
	}
	st, err := os.Stat(out + ".data")
	if err != nil || st.Size() < 2*4*n {
		t.Errorf("data file: %v, %v", st, err)
	}
}
