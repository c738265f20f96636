package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadJSON(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if err := os.WriteFile(good, []byte(`{"steps": 3, "heads": ["encoder:0:1"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var v struct {
		Steps int      `json:"steps"`
		Heads []string `json:"heads"`
	}
	if err := ReadJSON(good, &v); err != nil || v.Steps != 3 || len(v.Heads) != 1 {
		t.Errorf("read %+v, %v", v, err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"steps": `), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ReadJSON(bad, &v); err == nil || !strings.HasPrefix(err.Error(), bad+": ") {
		t.Errorf("truncated JSON: %v, want an error naming %s", err, bad)
	}
	if err := ReadJSON(filepath.Join(dir, "missing.json"), &v); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v, want one that is fs.ErrNotExist", err)
	}
	if err := ReadJSON(dir, &v); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("a folder: %v, want an error naming it", err)
	}
}
