package gatesfile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"onnxprune/graphedit/heads"
)

// FuzzRead: any bytes in gates.json give a checked file or an error,
// never a panic. An error is one line naming the file. A file that reads
// has consistent, unique head names, and writing it and reading it back
// gives the same file.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`{"version":1,"step":10,"heads":[{"name":"encoder:0:1","kind":"encoder","layer":0,"head":1,"log_alpha":-2,"p_open":0.1,"gate":0,"keep":false,"closed_at_step":4}]}`,
		`{"version":1,"heads":[{"name":"cross:2:0","kind":"cross","layer":2,"head":0,"keep":true},{"name":"decoder:0:3","kind":"decoder","layer":0,"head":3,"keep":false}],"closing_order":[{"step":3,"head":"decoder:0:3","open":false,"open_heads":1}]}`,
		`{"version":1,"heads":[{"name":"encoder:0:1","kind":"encoder","layer":0,"head":1},{"name":"encoder:0:1","kind":"encoder","layer":0,"head":1}]}`,
		`{"version":1,"heads":[{"name":"encoder:0:1","kind":"encoder","layer":0,"head":2}]}`,
		`{"version":1,"heads":[{"name":"encoder:-1:1","kind":"encoder","layer":-1,"head":1}]}`,
		`{"version":2,"heads":[]}`, `{"version":1} trailing`, `{"version":1,"step":1e400}`, `[]`, `null`, ``, "\xff\xfe",
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "gates.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := Read(path)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, path) {
				t.Errorf("error is not one line naming the file: %q", msg)
			}
			return
		}
		seen := map[string]bool{}
		for _, h := range g.Heads {
			k, err := heads.ParseKind(h.Kind)
			if err != nil || h.Name != heads.HeadName(k, h.Layer, h.Head) || seen[h.Name] {
				t.Fatalf("accepted head %+v", h)
			}
			seen[h.Name] = true
		}
		again := filepath.Join(dir, "again.json")
		if err := Write(again, g); err != nil {
			t.Fatalf("a file that reads does not write: %v", err)
		}
		g2, err := Read(again)
		if err != nil {
			t.Fatalf("written file does not read back: %v", err)
		}
		if !reflect.DeepEqual(g, g2) {
			t.Errorf("round trip changed the file:\n%+v\n%+v", g, g2)
		}
	})
}
