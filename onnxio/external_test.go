package onnxio

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// externalEntry returns the external_data value of key for tensor t.
func externalEntry(t *onnxpb.TensorProto, key string) string {
	for _, e := range t.ExternalData {
		if e.GetKey() == key {
			return e.GetValue()
		}
	}
	return ""
}

func TestSaveExternalData(t *testing.T) {
	dir := t.TempDir()
	m := &Model{Proto: tinyModel()}
	inline, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		opts     *SaveOptions
		dataFile string
	}{
		{"asked", &SaveOptions{ExternalData: true, Threshold: 16}, "a.onnx.data"},
		{"named", &SaveOptions{ExternalData: true, Threshold: 16, DataFile: "weights.bin"}, "weights.bin"},
	} {
		path := filepath.Join(dir, string(c.dataFile[0])+".onnx")
		if c.name == "named" {
			path = filepath.Join(dir, "b.onnx")
		}
		if err := m.Save(path, c.opts); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m2, err := Load(path, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		w, b := m2.Proto.Graph.Initializer[0], m2.Proto.Graph.Initializer[1]
		if w.GetDataLocation() != onnxpb.TensorProto_EXTERNAL || b.GetDataLocation() == onnxpb.TensorProto_EXTERNAL {
			t.Errorf("%s: W (48 bytes) external %v, b (12 bytes) external %v; want W only (threshold 16)",
				c.name, w.GetDataLocation(), b.GetDataLocation())
		}
		if loc := externalEntry(w, "location"); loc != c.dataFile {
			t.Errorf("%s: location %q, want %q", c.name, loc, c.dataFile)
		}
		if off, _ := strconv.Atoi(externalEntry(w, "offset")); off%smallAlign != 0 {
			t.Errorf("%s: offset %d not aligned to %d", c.name, off, smallAlign)
		}
		got, err := m2.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, inline) {
			t.Errorf("%s: reloaded and inlined model differs from the original", c.name)
		}
		m2.Close()
	}
	// A model over MaxInlineBytes is saved with external data automatically.
	big := tinyModel()
	big.Graph.Initializer = append(big.Graph.Initializer, NewFloat32("big", []int64{1000}, make([]float32, 1000)))
	big.Graph.Input = append(big.Graph.Input, &onnxpb.ValueInfoProto{Name: str("big")})
	limit := int64(proto.Size(big)) - 1
	path := filepath.Join(dir, "c.onnx")
	if err := (&Model{Proto: big}).Save(path, &SaveOptions{MaxInlineBytes: limit}); err != nil {
		t.Fatal(err)
	}
	m2, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	if loc := externalEntry(m2.Proto.Graph.Initializer[2], "location"); loc != "c.onnx.data" {
		t.Errorf("automatic external data: location %q, want c.onnx.data", loc)
	}
	if externalEntry(m2.Proto.Graph.Initializer[0], "location") != "" {
		t.Error("automatic external data moved W (48 bytes, under the default threshold)")
	}
	// Without the limit it stays inline.
	if err := (&Model{Proto: big}).Save(filepath.Join(dir, "d.onnx"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "d.onnx.data")); !os.IsNotExist(err) {
		t.Errorf("a small model got a data file: %v", err)
	}
	// The model in memory is unchanged by the saves.
	if !proto.Equal(m.Proto, tinyModel()) {
		t.Error("saving with external data changed the model in memory")
	}
}

// externalModel writes a model whose W reads 48 bytes from location at
// offset into dir, and returns its path.
func externalModel(t *testing.T, dir, location string, offset, length int64) string {
	t.Helper()
	p := tinyModel()
	w := p.Graph.Initializer[0]
	w.RawData = nil
	loc := onnxpb.TensorProto_EXTERNAL
	w.DataLocation = &loc
	w.ExternalData = []*onnxpb.StringStringEntryProto{kv("location", location),
		kv("offset", strconv.FormatInt(offset, 10)), kv("length", strconv.FormatInt(length, 10))}
	return writeModel(t, dir, "model.onnx", p)
}

// weightBytes is W of tinyModel as raw little-endian float32.
func weightBytes() []byte {
	b := make([]byte, 48)
	for i := range 12 {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(i)-5.5))
	}
	return b
}

func TestExternalLocations(t *testing.T) {
	root := t.TempDir()
	modelDir := filepath.Join(root, "model")
	outside := filepath.Join(root, "outside")
	for _, d := range []string{modelDir, outside, filepath.Join(modelDir, "sub"), filepath.Join(root, "elsewhere")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	data := append(make([]byte, 64), weightBytes()...)
	for _, f := range []string{filepath.Join(modelDir, "w.bin"), filepath.Join(modelDir, "sub", "w.bin"), filepath.Join(outside, "w.bin")} {
		if err := os.WriteFile(f, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "w.bin"), filepath.Join(modelDir, "link.bin")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(modelDir, "linkdir")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("sub/w.bin", filepath.Join(modelDir, "inner.bin")); err != nil {
		t.Fatal(err)
	}
	absOutside := filepath.Join(outside, "w.bin")
	cases := []struct {
		location       string
		offset, length int64
		allow          []string
		want           string // "" = loads and decodes to W
	}{
		{"w.bin", 64, 48, nil, ""},
		{"sub/w.bin", 64, 48, nil, ""},
		{"./w.bin", 64, 48, nil, ""},
		{"inner.bin", 64, 48, nil, ""},
		{absOutside, 64, 48, nil, "is an absolute path"},
		{filepath.Join(modelDir, "w.bin"), 64, 48, nil, "is an absolute path"},
		{"../outside/w.bin", 64, 48, nil, `contains ".."`},
		{"sub/../w.bin", 64, 48, nil, `contains ".."`},
		{"link.bin", 64, 48, nil, "outside the model's folder"},
		{"linkdir/w.bin", 64, 48, nil, "outside the model's folder"},
		{"linkdir/w.bin", 64, 48, []string{outside}, ""},
		{absOutside, 64, 48, []string{outside}, ""},
		{"../outside/w.bin", 64, 48, []string{outside}, ""},
		{"link.bin", 64, 48, []string{filepath.Join(root, "elsewhere")}, "outside the model's folder"},
		{"nope.bin", 64, 48, nil, "does not exist"},
		{"w.bin", 100, 48, nil, "past the end of the file"},
		{"w.bin", 64, 60, nil, "needs 48 bytes, external_data length is 60"},
		{"w.bin", 200, 48, nil, "past the end of the file"},
		{"sub", 0, 48, nil, "not a regular file"},
	}
	for _, c := range cases {
		name := c.location + " allow=" + strings.Join(c.allow, ",")
		path := externalModel(t, modelDir, c.location, c.offset, c.length)
		m, err := Load(path, &LoadOptions{AllowDirs: c.allow})
		if c.want != "" {
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), `"W"`) {
				t.Errorf("%s: error %v, want one naming the file, tensor \"W\" and containing %q", name, err, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		tn, err := m.Tensor(m.Proto.Graph.Initializer[0])
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if want, _ := DecodeTensor(tinyModel().Graph.Initializer[0], nil); !slices.Equal(tn.F32, want.F32) {
			t.Errorf("%s: W = %v, want %v", name, tn.F32, want.F32)
		}
		m.Close()
	}
}

// TestExternalMappedOnce checks that two reads of external data share one
// mapping (the file is not read twice).
func TestExternalMappedOnce(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "w.bin"), weightBytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Load(externalModel(t, dir, "w.bin", 0, 48), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	a, err := m.ReadExternal("w.bin", 0, 48)
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.ReadExternal("./w.bin", 4, -1)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 44 || &a[4] != &b[0] {
		t.Error("second read of the same file did not come from the same mapping")
	}
	if len(m.ext.files) != 1 {
		t.Errorf("%d files mapped, want 1", len(m.ext.files))
	}
}

// TestSaveCarriesExternalData saves a model with external data to another
// folder, removes the original folder, and reads the copy.
func TestSaveCarriesExternalData(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(src, "w.bin"), append([]byte("junk"), weightBytes()...), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Load(externalModel(t, src, "w.bin", 4, 48), nil)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dst, "copy.onnx")
	if err := m.Save(out, nil); err != nil {
		t.Fatal(err)
	}
	m.Close()
	if err := os.RemoveAll(src); err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, dst); !slices.Equal(got, []string{"copy.onnx", "copy.onnx.data"}) {
		t.Errorf("files in target folder: %v", got)
	}
	m2, err := Load(out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m2.Close()
	raw, err := m2.RawBytes(m2.Proto.Graph.Initializer[0])
	if err != nil || !bytes.Equal(raw, weightBytes()) {
		t.Errorf("carried-over W = %x, %v", raw, err)
	}
	// Inline on request: no data file.
	out2 := filepath.Join(dst, "inline.onnx")
	if err := m2.Save(out2, &SaveOptions{InlineData: true}); err != nil {
		t.Fatal(err)
	}
	m3, err := Load(out2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m3.HasExternalData() || !bytes.Equal(m3.Proto.Graph.Initializer[0].RawData, weightBytes()) {
		t.Error("InlineData save did not inline W")
	}
}

// TestSaveInPlace saves a model with external data over its own files and
// checks that the originals were replaced (never written into) and the
// result is right.
func TestSaveInPlace(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.onnx")
	m := &Model{Proto: tinyModel()}
	if err := m.Save(path, &SaveOptions{ExternalData: true, Threshold: 16}); err != nil {
		t.Fatal(err)
	}
	origModel, _ := os.ReadFile(path)
	origData, _ := os.ReadFile(path + ".data")
	// Keep the old files open: if Save wrote into them, these would change.
	fm, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fm.Close()
	fd, err := os.Open(path + ".data")
	if err != nil {
		t.Fatal(err)
	}
	defer fd.Close()
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}

	m2, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	m2.Proto.Graph.Initializer = append([]*onnxpb.TensorProto{NewFloat32("extra", []int64{8}, make([]float32, 8))}, m2.Proto.Graph.Initializer...)
	if err := m2.Save(path, &SaveOptions{Threshold: 16}); err != nil {
		t.Fatal(err)
	}
	m2.Close()
	for _, c := range []struct {
		f    *os.File
		want []byte
	}{{fm, origModel}, {fd, origData}} {
		got := make([]byte, len(c.want)+1)
		n, _ := c.f.ReadAt(got, 0)
		if !bytes.Equal(got[:n], c.want) {
			t.Errorf("%s was written in place", c.f.Name())
		}
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the replaced file's 0600", st.Mode().Perm())
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"model.onnx", "model.onnx.data"}) {
		t.Errorf("files after save: %v", got)
	}
	m3, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer m3.Close()
	raw, err := m3.RawBytes(m3.Proto.Graph.Initializer[1])
	if err != nil || !bytes.Equal(raw, weightBytes()) {
		t.Errorf("W after in-place save = %x, %v", raw, err)
	}
}

// TestSaveFailureLeavesNothing makes a save fail after the data file was
// written and checks that the old target is untouched and no temporary
// file remains.
func TestSaveFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.onnx")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := &Model{Proto: tinyModel()}
	for _, opts := range []*SaveOptions{
		{ExternalData: true, Threshold: 16, MaxInlineBytes: 10}, // fails after writing data
		{MaxInlineBytes: 10, Threshold: 1 << 20},                // automatic external, still too big
		{InlineData: true, MaxInlineBytes: 10},
		{ExternalData: true, InlineData: true},
		{DataFile: "../x.data", ExternalData: true},
		{DataFile: "model.onnx", ExternalData: true},
	} {
		if err := m.Save(path, opts); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%+v: error %v, want one naming %s", *opts, err, path)
		}
		if got := listDir(t, dir); !slices.Equal(got, []string{"model.onnx"}) {
			t.Errorf("%+v: files after the failed save: %v", *opts, got)
		}
		if b, _ := os.ReadFile(path); string(b) != "old" {
			t.Errorf("%+v: old file changed", *opts)
		}
	}
	if err := m.Save(filepath.Join(dir, "no", "such", "dir", "m.onnx"), nil); err == nil {
		t.Error("save into a missing folder succeeded")
	}
}

// TestExternalNoLength reads a tensor whose external_data has no length:
// its size comes from its shape, not from the end of the file.
func TestExternalNoLength(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "w.bin"), append(append([]byte("head"), weightBytes()...), make([]byte, 100)...), 0o644); err != nil {
		t.Fatal(err)
	}
	path := externalModel(t, dir, "w.bin", 4, 48)
	m, err := Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := m.Proto.Graph.Initializer[0]
	w.ExternalData = w.ExternalData[:2] // location, offset
	raw, err := m.RawBytes(w)
	if err != nil || !bytes.Equal(raw, weightBytes()) {
		t.Errorf("W without length = %x, %v", raw, err)
	}
	b, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(b, "inlined.onnx", nil); err != nil {
		t.Errorf("inlined model does not parse: %v", err)
	}
	m.Close()
}
