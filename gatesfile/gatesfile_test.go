package gatesfile

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
)

// TestCommittedFiles: every gates.json committed in the repository reads,
// and writing it again gives the same bytes (the layout is unchanged).
func TestCommittedFiles(t *testing.T) {
	var paths []string
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != ".." && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "gates.json" {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 5 {
		t.Fatalf("found %d committed gates.json files (%v), want the 5 of resultsgen's testdata at least", len(paths), paths)
	}
	for _, p := range paths {
		f, err := Read(p)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if len(f.Heads) == 0 {
			t.Errorf("%s: no heads read", p)
		}
		again := filepath.Join(t.TempDir(), "gates.json")
		if err := Write(again, f); err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(again); !bytes.Equal(got, want) {
			t.Errorf("%s: written again, the file differs (%d bytes, was %d)", p, len(got), len(want))
		}
	}
}

// TestReadRefuses: a file of another version or none, and records that do
// not check, are refused with one line naming the file.
func TestReadRefuses(t *testing.T) {
	dir := t.TempDir()
	head := `{"name":"encoder:0:1","kind":"encoder","layer":0,"head":1,"keep":false}`
	for _, tc := range []struct{ name, body, want string }{
		{"version 2", `{"version":2,"heads":[` + head + `]}`, "gates file of version 2; this onnxprune reads version 1"},
		{"no version", `{"heads":[` + head + `]}`, "gates file of no version"},
		{"not JSON", "\x00gates", "invalid character"},
		{"trailing data", `{"version":1,"heads":[]} {}`, "invalid character"},
		{"name disagrees", `{"version":1,"heads":[{"name":"encoder:0:2","kind":"encoder","layer":0,"head":1}]}`, "kind, layer, head and name disagree"},
		{"head twice", `{"version":1,"heads":[` + head + `,` + head + `]}`, `"encoder:0:1" listed twice`},
		{"ffn name", `{"version":1,"heads":[],"ffn":[{"name":"ffn:encoder:0"}]}`, "is not ffn:KIND:LAYER:NEURON"},
		{"sublayer name", `{"version":1,"heads":[],"sublayers":[{"name":"encoder:0:attn"}]}`, "is not sublayer:STACK:LAYER:PART"},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".json")
		if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(path)
		if err == nil {
			t.Errorf("%s: read without error", tc.name)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "gatesfile: "+path+": ") || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("%s: error %q, want one line starting gatesfile: %s: and saying %q", tc.name, msg, path, tc.want)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("missing file: %v", err)
	}
}

// TestDecisions: the head and structure records become the decisions
// surgery follows.
func TestDecisions(t *testing.T) {
	closed := 7
	f := &File{Version: Version, Heads: []heads.GateRecord{
		{Name: "encoder:0:1", Kind: "encoder", Layer: 0, Head: 1, Keep: false, ClosedAtStep: &closed},
		{Name: "encoder:0:0", Kind: "encoder", Layer: 0, Head: 0, Keep: true},
	}}
	blocks := []*heads.Block{{Kind: heads.KindEncoder, Layer: 0, NumHeads: 3}, {Kind: heads.KindCross, Layer: 0, NumHeads: 2}}
	d, err := f.HeadDecision(blocks)
	if err != nil {
		t.Fatal(err)
	}
	if got := d["encoder:0"]; len(got) != 3 || !got[0] || got[1] || !got[2] {
		t.Errorf("encoder:0 keeps %v, want [true false true]", got)
	}
	if got := d["cross:0"]; len(got) != 2 || !got[0] || !got[1] {
		t.Errorf("cross:0 keeps %v, want every head (not listed)", got)
	}
	if f.HasStructures() {
		t.Error("a heads-only file has structures")
	}
	f.Sublayers = []structures.GateRecord{{Name: "sublayer:decoder:0:cross"}}
	if !f.HasStructures() {
		t.Error("a file with a sublayer record has no structures")
	}
	if _, err := f.StructureDecision(&structures.Model{}); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a sublayer the model lacks: %v", err)
	}
}
