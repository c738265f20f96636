package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	for _, content := range []string{"first\n", "second, longer than the first\n", ""} {
		if err := WriteFileAtomic(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != content {
			t.Errorf("file holds %q, want %q", got, content)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o644 {
			t.Errorf("mode %v, want 0644", st.Mode().Perm())
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only out.json (temporary files left behind?)", len(entries))
	}

	// A target that is a folder: the rename fails, the error names the
	// path and the temporary file is gone.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err = WriteFileAtomic(sub, []byte("x"))
	if err == nil || !strings.HasPrefix(err.Error(), sub+": ") {
		t.Errorf("writing over a folder: error %v, want one starting with %q", err, sub+": ")
	}
	entries, err = os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Errorf("after the failed write the folder holds %d entries, want 2", len(entries))
	}

	missing := filepath.Join(dir, "no-such-folder", "out.json")
	if err := WriteFileAtomic(missing, []byte("x")); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing folder: error %v, want one naming %s", err, missing)
	}
}
