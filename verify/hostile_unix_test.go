//go:build unix

package verify

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// quickRefusal is how fast a special file named from inside a model must be
// refused (opening a named pipe used to block forever).
const quickRefusal = time.Second

// secret is the contents of files outside the model's folder: no error may
// quote it.
const secret = "SECRET-LINE\n"

// within runs f and fails the test when it takes longer than quickRefusal.
func within(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(quickRefusal):
		t.Fatalf("%s: still running after %v", what, quickRefusal)
		return nil
	}
}

// TestTokenizerHintContained: the tokenizer a model's metadata names is read
// only from the model's folder or an allowed directory, only as a regular
// file; refusals come at once and never quote the file.
func TestTokenizerHintContained(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "model")
	outside := filepath.Join(root, "outside")
	for _, d := range []string{dir, outside, filepath.Join(root, "corpus")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "vocab.txt"), "<pad>\n</s>\nhello\nworld\n")
	write(filepath.Join(dir, "bad.model"), secret)
	write(filepath.Join(outside, "secret.txt"), secret)
	write(filepath.Join(root, "corpus", "up.txt"), "a\nb\n")
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.txt")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		hint  string
		allow []string
		want  string // "" = opens
	}{
		{"vocab.txt", nil, ""},
		{"/etc/passwd", nil, "is an absolute path"},
		{filepath.Join(outside, "secret.txt"), nil, "is an absolute path"},
		{"../outside/secret.txt", nil, `contains ".."`},
		{"link.txt", nil, "outside the model's folder"},
		{"link.txt", []string{outside}, ""},
		{"pipe.txt", nil, "is a named pipe"},
		{"zero.txt", nil, "outside the model's folder"},
		{"zero.txt", []string{"/dev"}, "is a character device"},
		{"corpus/up.txt", nil, "does not exist"},
		{"bad.model", nil, "is not a tokenizer file"},
	} {
		model := writeModel(t, dir, "m.onnx", []string{"input_ids", "decoder_input_ids"}, "logits", map[string]string{"tokenizer": c.hint})
		var path string
		err := within(t, c.hint, func() error {
			tok, p, err := OpenTokenizerHint([]string{model}, c.allow)
			if err == nil && tok == nil {
				t.Errorf("%s: no tokenizer and no error", c.hint)
			}
			path = p
			return err
		})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s allow=%v: %v", c.hint, c.allow, err)
		case c.want == "" && filepath.Dir(path) != dir && !strings.HasPrefix(path, outside):
			t.Errorf("%s: read %s", c.hint, path)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), model)):
			t.Errorf("%s allow=%v: error %v, want one naming %s and saying %q", c.hint, c.allow, err, model, c.want)
		case err != nil && (strings.Contains(err.Error(), "SECRET") || strings.Contains(err.Error(), "root:")):
			t.Errorf("%s: error quotes the file: %v", c.hint, err)
		}
	}
}

// TestConfigJSONRefused: a config.json beside the model that is a named
// pipe, a symlink to /dev/zero or out of the folder, or larger than the
// document limit, is an error naming it, at once.
func TestConfigJSONRefused(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, cfg string)
		want string
	}{
		{"named pipe", func(t *testing.T, cfg string) {
			if err := syscall.Mkfifo(cfg, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "is a named pipe"},
		{"symlink to /dev/zero", func(t *testing.T, cfg string) {
			if err := os.Symlink("/dev/zero", cfg); err != nil {
				t.Fatal(err)
			}
		}, "outside the model's folder"},
		{"symlink out of the folder", func(t *testing.T, cfg string) {
			out := filepath.Join(filepath.Dir(filepath.Dir(cfg)), "secret.json")
			if err := os.WriteFile(out, []byte(`{"pad_token_id": 1}`), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(out, cfg); err != nil {
				t.Fatal(err)
			}
		}, "outside the model's folder"},
		{"sparse 65 MiB", func(t *testing.T, cfg string) {
			f, err := os.Create(cfg)
			if err != nil {
				t.Fatal(err)
			}
			f.Truncate(65 << 20)
			f.Close()
		}, "more than 64 MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "model")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			var files []string
			for _, n := range []string{"encoder_model.onnx", "decoder_model.onnx"} {
				data, err := os.ReadFile(filepath.Join(fixtures, "marian", n))
				if err != nil {
					t.Fatal(err)
				}
				p := filepath.Join(dir, n)
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
				files = append(files, p)
			}
			cfg := filepath.Join(dir, "config.json")
			c.make(t, cfg)
			err := within(t, c.name, func() error {
				m, err := OpenModel(files, ModelOptions{Overrides: "pad=0,eos=1,decoder-start=0"})
				if err == nil {
					m.Close()
				}
				return err
			})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "config.json") {
				t.Errorf("error %v, want one naming config.json and saying %q", err, c.want)
			}
		})
	}
}

// TestGatedWorkDir: the gated original's folder is made inside the work
// folder, and folders a killed run left there are removed first (a SIGKILL
// of verify used to leave 20 MB folders in /tmp for good).
func TestGatedWorkDir(t *testing.T) {
	work := t.TempDir()
	stale := filepath.Join(work, gatedDirPattern+"123")
	if err := os.MkdirAll(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stale, "encoder_model.onnx"), []byte("left by a killed run"), 0o644); err != nil {
		t.Fatal(err)
	}
	keep := filepath.Join(work, "verify.json")
	if err := os.WriteFile(keep, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir, err := gatedWorkDir(work)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(dir) != work || !strings.HasPrefix(filepath.Base(dir), gatedDirPattern) {
		t.Errorf("gated folder %s, want one named %s* in %s", dir, gatedDirPattern, work)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("stale folder %s was not removed", stale)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("other files of the work folder were removed: %v", err)
	}
}
