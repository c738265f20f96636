package ortrun

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func TestModulePath(t *testing.T) {
	cases := []struct{ gomod, want string }{
		{"module onnxprune\n\ngo 1.26\n", "onnxprune"},
		{"// comment\nmodule   \"onnxprune\" // trailing\n", "onnxprune"},
		{"module onnxprune/sub\n", "onnxprune/sub"},
		{"modulex onnxprune\n", ""},
		{"go 1.26\n", ""},
	}
	for _, c := range cases {
		p := filepath.Join(t.TempDir(), "go.mod")
		if err := os.WriteFile(p, []byte(c.gomod), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := modulePath(p); got != c.want {
			t.Errorf("modulePath(%q) = %q, want %q", c.gomod, got, c.want)
		}
	}
	if got := modulePath(filepath.Join(t.TempDir(), "absent")); got != "" {
		t.Errorf("modulePath(absent) = %q", got)
	}
}

func TestFindRepoRoot(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	// A go.mod of another module on the way up is passed by.
	if err := os.WriteFile(filepath.Join(root, "a", "go.mod"), []byte("module other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := findRepoRoot(deep); ok {
		t.Fatal("found a root with no onnxprune go.mod")
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module onnxprune\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, ok := findRepoRoot(deep)
	if !ok || got != root {
		t.Fatalf("findRepoRoot = %q, %v; want %q", got, ok, root)
	}
}

func TestFindLibraryOrder(t *testing.T) {
	dir := t.TempDir()
	explicit := filepath.Join(dir, "explicit.so")
	fromEnv := filepath.Join(dir, "env.so")
	for _, p := range []string{explicit, fromEnv} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(EnvLibrary, fromEnv)
	if p, _, err := FindLibrary(explicit); err != nil || p != explicit {
		t.Fatalf("explicit: %q, %v", p, err)
	}
	if p, origin, err := FindLibrary(""); err != nil || p != fromEnv || !strings.Contains(origin, EnvLibrary) {
		t.Fatalf("env: %q (%s), %v", p, origin, err)
	}
	// A missing explicit or environment path is an error, not a fallback.
	t.Setenv(EnvLibrary, filepath.Join(dir, "absent.so"))
	if _, _, err := FindLibrary(""); err == nil || !strings.Contains(err.Error(), "absent.so") || !strings.Contains(err.Error(), EnvLibrary) {
		t.Fatalf("missing env path: %v", err)
	}
	if _, _, err := FindLibrary(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("folder as library: %v", err)
	}
	// Without either, the repository's install location (the tests run
	// inside the repository).
	t.Setenv(EnvLibrary, "")
	p, origin, err := FindLibrary("")
	if err != nil {
		t.Fatalf("default location: %v (run `make ort`)", err)
	}
	if !strings.HasSuffix(p, filepath.FromSlash(DefaultLibrary)) || !strings.HasPrefix(origin, "repository") {
		t.Fatalf("default location: %q (%s)", p, origin)
	}
}

func TestFindLibraryOutsideRepo(t *testing.T) {
	t.Setenv(EnvLibrary, "")
	t.Chdir(t.TempDir())
	// The test binary lives outside the repository too, so nothing is found.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := findRepoRoot(filepath.Dir(exe)); ok {
		t.Skip("test binary was built inside the repository")
	}
	_, _, err = FindLibrary("")
	if err == nil || !strings.Contains(err.Error(), "make ort") {
		t.Fatalf("FindLibrary outside the repository: %v, want an error that says `make ort`", err)
	}
}

func TestMissingLibrary(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nowhere", "libonnxruntime.so.1")
	_, err := NewSessionFromBytes(defaultAffine(t), Options{Library: missing})
	if err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("session with missing library: %v", err)
	}
	if err := Init(missing); err == nil {
		t.Fatal("Init(missing) succeeded")
	}
}

func TestInitConcurrentAndSwitch(t *testing.T) {
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i] = Init("")
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Init #%d: %v", i, err)
		}
	}
	loaded := Library()
	if loaded == "" {
		t.Fatal("Library() empty after Init")
	}
	if err := Init(loaded); err != nil {
		t.Fatalf("Init with the loaded path: %v", err)
	}
	// Another existing file cannot replace the loaded library.
	other := filepath.Join(t.TempDir(), "libonnxruntime.so.1")
	if err := os.WriteFile(other, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Init(other); err == nil || !strings.Contains(err.Error(), "already loaded") {
		t.Fatalf("Init(other) = %v, want 'already loaded'", err)
	}
}
