package onnxio

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
)

// fixturesDir holds the exported reference models (written by the scripts
// under models/fixtures with the exporters users run).
const fixturesDir = "../models/fixtures"

// TestFixturesRoundTrip loads every committed .onnx fixture, marshals it and
// saves it, and checks that both give the file's exact bytes back and a
// model proto.Equal to the original. Once the fixtures folder exists it must
// hold at least one model.
func TestFixturesRoundTrip(t *testing.T) {
	if _, err := os.Stat(fixturesDir); os.IsNotExist(err) {
		t.Skipf("%s does not exist yet", fixturesDir)
	}
	var paths []string
	err := filepath.WalkDir(fixturesDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != fixturesDir && strings.HasPrefix(d.Name(), ".") {
			return fs.SkipDir // scratch folders of the fixture scripts
		}
		if !d.IsDir() && strings.HasSuffix(p, ".onnx") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no .onnx fixtures under %s", fixturesDir)
	}
	for _, p := range paths {
		t.Run(filepath.ToSlash(strings.TrimPrefix(p, fixturesDir+"/")), func(t *testing.T) {
			orig, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			m, err := Load(p, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			out := filepath.Join(t.TempDir(), filepath.Base(p))
			if err := m.Save(out, nil); err != nil {
				t.Fatal(err)
			}
			saved, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if m.HasExternalData() {
				// The data file is rewritten with its own layout; the model
				// must still load to the same tensors.
				checkSameTensors(t, m, out)
				return
			}
			if !bytes.Equal(saved, orig) {
				t.Errorf("saved bytes differ from the fixture: %d vs %d bytes, first difference at %d", len(saved), len(orig), firstDiff(saved, orig))
			}
			m2, err := Load(out, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer m2.Close()
			if !proto.Equal(m.Proto, m2.Proto) {
				t.Error("reloaded model is not proto.Equal to the original")
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
