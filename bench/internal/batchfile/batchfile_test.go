package batchfile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestMakeWriteRead(t *testing.T) {
	const seed = 7
	f, err := Make(4, 5, 6, 50, 0, 2, 3, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range f.Src {
		if len(f.Src[i]) != 5 || len(f.Tgt[i]) != 6 {
			t.Fatalf("row %d: lengths %d, %d", i, len(f.Src[i]), len(f.Tgt[i]))
		}
		for _, id := range append(append([]int64(nil), f.Src[i]...), f.Tgt[i]...) {
			if id <= 3 || id >= 50 {
				t.Fatalf("row %d: id %d is a special or outside the vocabulary", i, id)
			}
		}
	}
	g, _ := Make(4, 5, 6, 50, 0, 2, 3, seed)
	if !reflect.DeepEqual(f, g) {
		t.Fatal("same seed, different batch")
	}
	path := filepath.Join(t.TempDir(), "b.json")
	if err := f.Write(path); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, back) {
		t.Fatal("read back differs")
	}
	src, err := os.ReadFile(path + ".src")
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(string(src)), "\n"); len(lines) != 4 || len(strings.Fields(lines[0])) != 5 {
		t.Fatalf("id file: %q", src)
	}
}

func TestBad(t *testing.T) {
	if _, err := Make(2, 3, 3, 4, 0, 2, 3, 1); err == nil {
		t.Error("vocabulary of specials only: no error")
	}
	dir := t.TempDir()
	for name, body := range map[string]string{
		"rows":  `{"src": [[5]], "tgt": []}`,
		"empty": `{"src": [[]], "tgt": [[5]]}`,
		"range": `{"src": [[5]], "tgt": [[60]], "vocab": 50}`,
		"json":  `{"src": `,
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(body), 0o644)
		if _, err := Read(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: error %v does not name the file", name, err)
		}
	}
}
