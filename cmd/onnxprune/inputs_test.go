package main

// End-to-end tests of user-named inputs: /dev/zero, /dev/urandom or a
// gzip bomb given as any text or document input ends in one error line
// naming the limit (never an out-of-memory crash), and pipes (process
// substitution) still work.

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"onnxprune/internal/safefile"
)

// writeGzip writes text, gzip-compressed, to path.
func writeGzip(t *testing.T, path string, text []byte) {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(text)
	zw.Close()
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestUserInputLimits: every user-named input refuses endless or
// overlarge data with exit 2 and one line naming the file and the limit.
func TestUserInputLimits(t *testing.T) {
	dir := t.TempDir()
	model := smallModel(t, dir)
	src := writeText(t, dir, "src.txt", idSource)
	// 8 MiB of short lines, 8 KiB compressed; the limit is set to 4 MiB.
	bomb := filepath.Join(dir, "bomb.txt.gz")
	writeGzip(t, bomb, bytes.Repeat([]byte("a\n"), 4<<20))
	env := append(ortEnv(t), safefile.EnvMaxInputMB+"=4")
	out := func(n string) string { return filepath.Join(dir, "out", n) }
	translate := []string{"translate", marianDir, "--specials", marianSpecials, "-o", out("t.txt")}
	for _, c := range []struct {
		args []string
		file string
		want string
	}{
		{[]string{"score", "--hyp", "/dev/zero", "--ref", src}, "/dev/zero", "(the limit for one line)"},
		{[]string{"score", "--hyp", src, "--ref", bomb}, bomb, "more than 4 MiB (the limit for one text input; set ONNXPRUNE_MAX_INPUT_MB"},
		{[]string{"score", "--hyp", "/dev/urandom", "--ref", src}, "/dev/urandom", "line 1: invalid UTF-8"},
		{append(append([]string{}, translate...), "--ids", "--src", "/dev/zero"), "/dev/zero", "(the limit for one line)"},
		{append(append([]string{}, translate...), "--ids", "--src", bomb), bomb, "(the limit for one text input"},
		{append(append([]string{}, translate...), "--tokenizer", "/dev/zero", "--src", src), "/dev/zero", "more than 64 MiB (the limit for a tokenizer file)"},
		{append(append([]string{}, translate...), "--tokenizer", "/dev/urandom", "--src", src), "/dev/urandom", "more than 64 MiB (the limit for a tokenizer file)"},
		{[]string{"prune", model, "--gates", "/dev/zero", "-o", out("p.onnx")}, "/dev/zero", "more than 64 MiB (the limit for a gates file)"},
		{[]string{"prune", model, "--gates", "/dev/urandom", "-o", out("p.onnx")}, "/dev/urandom", "more than 64 MiB (the limit for a gates file)"},
		{[]string{"run", "--config", "/dev/zero"}, "/dev/zero", "more than 64 MiB (the limit for a configuration file)"},
		{[]string{"analyze", marianDir, "--ids", "--specials", marianSpecials, "--dev", "/dev/zero", "-o", out("a")}, "/dev/zero", "(the limit for one line)"},
		{[]string{"analyze", marianDir, "--ids", "--specials", marianSpecials, "--dev", src, "--conllu", "/dev/zero", "-o", out("a")}, "/dev/zero", "(the limit for one line)"},
		{[]string{"verify", "--original", marianDir, "--pruned", marianDir, "--ids", "--specials", marianSpecials, "--test", "/dev/zero", "-o", out("v")}, "/dev/zero", "(the limit for one line)"},
	} {
		r := runE2EWithin(t, env, time.Minute, c.args...)
		line := strings.SplitN(r.stderr, "\n", 2)[0]
		if r.code != 2 || !strings.Contains(line, c.file) || !strings.Contains(line, c.want) {
			t.Errorf("%s: exit %d, want 2 with one line naming %s and %q\n%s", strings.Join(c.args, " "), r.code, c.file, c.want, r.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Errorf("an output was written for a refused input")
	}
}

// TestPipeInputs: inputs may be pipes: --src <(zcat src.gz) translates as
// the file does, and score reads hypotheses and references from process
// substitution.
func TestPipeInputs(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed for process substitution: %v", err)
	}
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", idSource)
	writeGzip(t, src+".gz", []byte(idSource))
	env := ortEnv(t)
	b := testBinary(t)
	common := "--ids --specials " + marianSpecials + " --max-len 9 -o -"
	direct := runE2E(t, env, append([]string{"translate", marianDir, "--src", src}, strings.Fields(common)...)...)
	if direct.code != 0 || direct.stdout == "" {
		t.Fatalf("translate --src FILE: exit %d\n%s", direct.code, direct.stderr)
	}
	for _, script := range []string{
		b + " translate " + marianDir + " --src <(zcat " + src + ".gz) " + common,
		"zcat " + src + ".gz | " + b + " translate " + marianDir + " --src /dev/stdin " + common,
	} {
		cmd := exec.Command(bash, "-c", script)
		cmd.Env = env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil || stdout.String() != direct.stdout {
			t.Errorf("%s: %v; output %q, want %q\n%s", script, err, stdout.String(), direct.stdout, stderr.String())
		}
	}
	hyp := writeText(t, dir, "hyp.txt", "the cat sat on the mat\nhello world\n")
	ref := filepath.Join(dir, "ref.txt.gz")
	writeGzip(t, ref, []byte("the cat sat on a mat\nhello world\n"))
	want := runE2E(t, env, "score", "--hyp", hyp, "--ref", ref)
	cmd := exec.Command(bash, "-c", b+" score --hyp <(cat "+hyp+") --ref <(zcat "+ref+")")
	cmd.Env = env
	got, err := cmd.Output()
	if err != nil || want.code != 0 || string(got) != want.stdout {
		t.Errorf("score from pipes: %v; output %q, want %q (exit %d)", err, got, want.stdout, want.code)
	}
}
