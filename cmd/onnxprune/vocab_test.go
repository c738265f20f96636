package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/pipeline"
)

// TestDeprecatedSpellings: an old flag still works, as its new flag, and
// says once on stderr which spelling replaces it.
func TestDeprecatedSpellings(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.onnx")
	code, _, stderr := runCLI("prune", filepath.Join(plantedDir, "planted_ungated.onnx"), "--removed", "encoder:0:2", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "onnxprune: --removed is deprecated and will be removed; use --remove\n" +
		"onnxprune: --out is deprecated and will be removed; use --output\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("no output: %v", err)
	}
	// train's old --bos-id meant the decoder start id.
	var o trainOptions
	var errb bytes.Buffer
	fs := newFlagSet(command{name: "train"}, &bytes.Buffer{})
	dep := newDeprecations(fs, &errb)
	o.text.bind(fs, dep)
	bindDataSet(fs, dep, &o.train, "train", "", "train-src", "train-tgt")
	for _, a := range []struct{ old, key string }{{"pad-id", "pad"}, {"bos-id", "decoder-start"}} {
		dep.custom(a.old, "--specials "+a.key+"=ID", "int", func(v string) error {
			if o.text.specials != "" {
				o.text.specials += ","
			}
			o.text.specials += a.key + "=" + v
			return nil
		})
	}
	if err := fs.Parse([]string{"--pad-id", "0", "--bos-id", "1", "--train-tgt", "b", "--train-src", "a", "--spm", "x.model"}); err != nil {
		t.Fatal(err)
	}
	if o.text.specials != "pad=0,decoder-start=1" || o.train.String() != "a,b" || o.text.tokenizer != "x.model" {
		t.Errorf("specials %q, train %q, tokenizer %q", o.text.specials, &o.train, o.text.tokenizer)
	}
	if n := strings.Count(errb.String(), "\n"); n != 5 {
		t.Errorf("%d notices, want 5:\n%s", n, errb.String())
	}
}

// TestRunConflicts: a flag that contradicts a key of the configuration
// file is applied and said; two flags that exclude each other, two such
// keys in the file, and a flag the file makes ineffective are usage
// errors.
func TestRunConflicts(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	target := write("target.yaml", "model: m.onnx\ntrain:\n  target-heads: 12\n")
	lambda := write("lambda.yaml", "model: m.onnx\ntrain:\n  l0-lambda: 0.05\n")
	both := write("both.yaml", "train:\n  l0-lambda: 0.05\n  target-heads: 12\n")
	ids := write("ids.yaml", "tokenizer: spm.model\n")
	for _, c := range []struct {
		name  string
		file  string
		flags map[string]string
		want  string // stderr notice, or "error: ..." for a usage error
		check func(cfg *pipeline.Config) bool
	}{
		{"lambda flag replaces target", target, map[string]string{"l0-lambda": "0.1"},
			"--l0-lambda 0.1 replaces train.target-heads: 12 (" + target + ":3)", func(c *pipeline.Config) bool { return c.TargetHeads == 0 && c.Lambda == 0.1 }},
		{"target flag replaces lambda", lambda, map[string]string{"target-heads": "4"},
			"--target-heads 4 replaces train.l0-lambda: 0.05 (" + lambda + ":3)", func(c *pipeline.Config) bool { return c.TargetHeads == 4 }},
		{"both flags", lambda, map[string]string{"target-heads": "4", "l0-lambda": "0.2"}, "error: exclude each other", nil},
		{"both keys", both, nil, "error: train.l0-lambda (" + both + ":2) and train.target-heads (" + both + ":3)", nil},
		{"ids flag replaces tokenizer", ids, map[string]string{"ids": "true"},
			"--ids replaces tokenizer: ", func(c *pipeline.Config) bool { return c.IDs && c.Tokenizer == "" }},
		{"keep-heads with gates", lambda, map[string]string{"keep-heads": "3"}, "error: --keep-heads applies when pruning by a ranking", nil},
	} {
		cfg := pipeline.Default()
		src, err := pipeline.ReadFile(&cfg, c.file)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for flag, v := range c.flags {
			f, _ := pipeline.FieldByFlag(flag)
			if err := f.Set(&cfg, v); err != nil {
				t.Fatal(err)
			}
		}
		var stderr bytes.Buffer
		err = resolveConflicts(&cfg, func(n string) bool { _, ok := c.flags[n]; return ok }, src.Keys, &stderr)
		if want, isErr := strings.CutPrefix(c.want, "error: "); isErr {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %v, want one containing %q", c.name, err, want)
			}
			continue
		}
		if err != nil || !strings.Contains(stderr.String(), c.want) || !c.check(&cfg) {
			t.Errorf("%s: error %v, stderr %q (want %q), config %+v", c.name, err, stderr.String(), c.want, cfg)
		}
	}
}

// TestOutputRule: prune -o NEW/ makes the folder and writes into it; a
// prune that fails leaves no folder; an existing output folder that holds
// files is refused before any work unless --overwrite.
func TestOutputRule(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(plantedDir, "planted_ungated.onnx")
	fresh := filepath.Join(dir, "new") + string(filepath.Separator)
	if code, _, stderr := runCLI("prune", model, "--remove", "encoder:0:2", "-o", fresh); code != 0 {
		t.Fatalf("prune -o new/: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(fresh, "planted_ungated.onnx")); err != nil {
		t.Errorf("prune -o new/: %v", err)
	}
	failed := filepath.Join(dir, "never", "sub") + string(filepath.Separator)
	if code, _, _ := runCLI("prune", model, "--remove", "encoder:7:0", "-o", failed); code != 2 {
		t.Errorf("prune of a missing head: exit %d, want 2", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "never")); err == nil {
		t.Errorf("a failed prune left %s", filepath.Join(dir, "never"))
	}
	full := filepath.Join(dir, "full")
	if err := os.MkdirAll(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "keep.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(plantedDir, "dev.src")
	for _, args := range [][]string{
		{"analyze", model, "--ids", "--dev", src, "-o", full},
		{"verify", "--original", model, "--pruned", model, "--ids", "--test", src, "-o", full},
		{"train", model, "--ids", "--train", src + "," + src, "-o", full},
	} {
		code, _, stderr := runCLI(args...)
		if code != 2 || !strings.Contains(stderr, "exists and is not empty (use --overwrite") {
			t.Errorf("%s into a full folder: exit %d, stderr %q", args[0], code, stderr)
		}
	}
}

// TestVersion: --version names the tool, and the ONNX Runtime version and
// library it loads.
func TestVersion(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"--version"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"onnxprune " + toolVersion + "\n", "commit:", "onnxruntime:  1.30.0\n", "library:      ", "libonnxruntime.so"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--version output lacks %q:\n%s", want, out.String())
		}
	}
}
