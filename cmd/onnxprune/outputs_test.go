package main

// End-to-end tests of the output rule: nothing is written before every
// check has passed, several files are written all or nothing, OUT.data is
// part of OUT, an output is never an input's data file, and only regular
// files are ever replaced.

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"onnxprune/onnxio"
	"onnxprune/tests/large/synth"
)

const marianFixture = "../../models/fixtures/marian"

// copyTo copies the file src into dir (under its own name or name) and
// returns the new path.
func copyTo(t *testing.T, src, dir, name string) string {
	t.Helper()
	if name == "" {
		name = filepath.Base(src)
	}
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// snapshot returns the names and contents of every entry of dir ("" when
// dir does not exist), hidden ones included.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		out[e.Name()] = string(b)
	}
	return out
}

func sameSnapshot(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestGateChecksBeforeWriting: gate --attention cross on a model without
// cross-attention fails with "no attention block" and writes nothing (it
// used to save the output first).
func TestGateChecksBeforeWriting(t *testing.T) {
	dir := t.TempDir()
	model := smallModel(t, dir)
	out := filepath.Join(dir, "out", "gated.onnx")
	env := os.Environ()
	for _, kinds := range []string{"cross", "decoder", "cross,decoder"} {
		r := runE2E(t, env, "gate", "--attention", kinds, model, "-o", out)
		if r.code != 2 || !strings.Contains(r.stderr, "no attention block") {
			t.Errorf("gate --attention %s: exit %d, want 2 with \"no attention block\"\n%s", kinds, r.code, r.stderr)
		}
		for _, p := range []string{out, out + ".data", filepath.Dir(out)} {
			if _, err := os.Lstat(p); err == nil {
				t.Errorf("gate --attention %s: %s was written", kinds, p)
			}
		}
	}
}

// TestMultiFileAllOrNothing: when the second file of a split export fails
// (its decoder already gated), gate and prune leave the destination as it
// was: a new folder is not created, an existing one (--overwrite) keeps its
// old files, and no temporary folder is left. A successful run writes every
// file, into a new folder and over an existing one.
func TestMultiFileAllOrNothing(t *testing.T) {
	root := t.TempDir()
	env := os.Environ()
	enc := filepath.Join(marianFixture, "encoder_model.onnx")
	dec := filepath.Join(marianFixture, "decoder_model.onnx")
	mixed := filepath.Join(root, "mixed")
	copyTo(t, enc, mixed, "")
	gatedDec := filepath.Join(mixed, "decoder_model.onnx")
	if r := runE2E(t, env, "gate", dec, "-o", gatedDec); r.code != 0 {
		t.Fatalf("gating the decoder: exit %d\n%s", r.code, r.stderr)
	}
	old := filepath.Join(root, "old")
	for _, n := range []string{"encoder_model.onnx", "decoder_model.onnx"} {
		if err := os.MkdirAll(old, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(old, n), []byte("old "+n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gate", mixed}, "already a name in the graph"},
		{[]string{"prune", mixed, "--remove", "decoder:0:0"}, "is gated"},
	} {
		fresh := filepath.Join(root, "fresh-"+c.args[0])
		r := runE2E(t, env, append(c.args, "-o", fresh)...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s -o NEW: exit %d, want 2 with %q\n%s", c.args[0], r.code, c.want, r.stderr)
		}
		if _, err := os.Lstat(fresh); err == nil {
			t.Errorf("%s -o NEW: %s was created: %v", c.args[0], fresh, snapshot(t, fresh))
		}
		before := snapshot(t, old)
		r = runE2E(t, env, append(c.args, "-o", old, "--overwrite")...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s -o OLD --overwrite: exit %d, want 2 with %q\n%s", c.args[0], r.code, c.want, r.stderr)
		}
		if after := snapshot(t, old); !sameSnapshot(before, after) {
			t.Errorf("%s -o OLD --overwrite changed the folder: %d entries before, %d after", c.args[0], len(before), len(after))
		}
		for _, e := range []string{root, old} {
			noTempFolders(t, e)
		}
	}
	// Success: both files written, into a new folder and over the old one.
	for _, out := range []string{filepath.Join(root, "new"), old} {
		r := runE2E(t, env, "gate", enc, dec, "-o", out, "--overwrite")
		if r.code != 0 {
			t.Fatalf("gate -o %s: exit %d\n%s", out, r.code, r.stderr)
		}
		for _, n := range []string{"encoder_model.onnx", "decoder_model.onnx"} {
			if r := runE2E(t, env, "inspect", filepath.Join(out, n)); r.code != 0 {
				t.Errorf("%s/%s does not load: %s", out, n, r.stderr)
			}
		}
		noTempFolders(t, out)
	}
	noTempFolders(t, root)
}

// noTempFolders fails if a temporary file or folder is left in dir.
func noTempFolders(t *testing.T, dir string) {
	t.Helper()
	for name := range snapshot(t, dir) {
		if strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp") {
			t.Errorf("temporary entry left in %s: %s", dir, name)
		}
	}
}

// TestOutputDataCountsAsOutput: OUT.data is part of OUT: an existing
// OUT.data needs --overwrite even when OUT does not exist, and is never
// replaced when it is not a regular file.
func TestOutputDataCountsAsOutput(t *testing.T) {
	dir, model, done := guardedModel(t)
	env := os.Environ()
	for _, cmd := range modelWriters {
		out := filepath.Join(dir, cmd[0]+".onnx")
		if err := os.WriteFile(out+".data", []byte("precious"), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runE2E(t, env, append(append([]string{}, cmd...), model, "-o", out)...)
		if r.code != 2 || !strings.Contains(r.stderr, out+".data") || !strings.Contains(r.stderr, "--overwrite") {
			t.Errorf("%s with an existing OUT.data: exit %d, want 2 naming it and --overwrite\n%s", cmd[0], r.code, r.stderr)
		}
		if b, _ := os.ReadFile(out + ".data"); string(b) != "precious" {
			t.Errorf("%s replaced OUT.data without --overwrite", cmd[0])
		}
		if _, err := os.Lstat(out); err == nil {
			t.Errorf("%s wrote %s", cmd[0], out)
		}
		os.Remove(out + ".data")
		if err := syscall.Mkfifo(out+".data", 0o644); err != nil {
			t.Fatal(err)
		}
		r = runE2E(t, env, append(append([]string{}, cmd...), model, "-o", out, "--overwrite")...)
		if r.code != 2 || !strings.Contains(r.stderr, "named pipe") {
			t.Errorf("%s over a named pipe OUT.data: exit %d, want 2\n%s", cmd[0], r.code, r.stderr)
		}
		if st, err := os.Lstat(out + ".data"); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s replaced the named pipe OUT.data", cmd[0])
		}
	}
	done("OUT.data")
}

// TestOutputIsInputData: -o naming the input's own external data file is
// refused, with or without --overwrite; the input stays whole.
func TestOutputIsInputData(t *testing.T) {
	_, model, done := guardedModel(t)
	data := model + ".data"
	env := os.Environ()
	for _, cmd := range modelWriters {
		for _, c := range []struct {
			extra []string
			want  string
		}{
			{nil, "exists (use --overwrite"},
			{[]string{"--overwrite"}, "external data of input"},
		} {
			args := append(append(append([]string{}, cmd...), model, "-o", data), c.extra...)
			r := runE2E(t, env, args...)
			if r.code != 2 || !strings.Contains(r.stderr, c.want) {
				t.Errorf("%s: exit %d, want 2 with %q\n%s", strings.Join(args, " "), r.code, c.want, r.stderr)
			}
		}
	}
	if r := runE2E(t, env, "inspect", model); r.code != 0 {
		t.Errorf("the input no longer loads: %s", r.stderr)
	}
	done("-o INPUT.data")
}

// TestTranslateOutputRule: translate -o replaces an existing file only with
// --overwrite, and never a device node, a named pipe or a symlink; the
// check comes before the model is opened.
func TestTranslateOutputRule(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.txt")
	if err := os.WriteFile(src, []byte("1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	existing := filepath.Join(dir, "old.txt")
	if err := os.WriteFile(existing, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(existing, link); err != nil {
		t.Fatal(err)
	}
	env := ortEnv(t)
	for _, c := range []struct {
		out   string
		extra []string
		want  string
	}{
		{existing, nil, "exists (use --overwrite"},
		{null, nil, "is a character device"},
		{null, []string{"--overwrite"}, "is a character device"},
		{fifo, []string{"--overwrite"}, "is a named pipe"},
		{link, []string{"--overwrite"}, "is a symbolic link"},
		{src, []string{"--overwrite"}, "is the input"},
	} {
		args := append([]string{"translate", marianFixture, "--ids", "--specials", marianSpecials, "--src", src, "-o", c.out}, c.extra...)
		r := runE2E(t, env, args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, want 2 with %q\n%s", strings.Join(args, " "), r.code, c.want, r.stderr)
		}
	}
	if b, _ := os.ReadFile(existing); string(b) != "old" {
		t.Error("translate replaced an existing output")
	}
	if st, err := os.Lstat(null); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Error("translate replaced a device node")
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("translate replaced a symlink")
	}
	// A model with external data: -o naming its data file is refused.
	ext := filepath.Join(dir, "ext")
	copyTo(t, filepath.Join(marianFixture, "decoder_model.onnx"), ext, "")
	m, err := onnxio.Load(filepath.Join(marianFixture, "encoder_model.onnx"), nil)
	if err != nil {
		t.Fatal(err)
	}
	err = m.Save(filepath.Join(ext, "encoder_model.onnx"), &onnxio.SaveOptions{ExternalData: true})
	m.Close()
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(ext, "encoder_model.onnx.data")
	done := guard(t, data)
	r := runE2E(t, env, "translate", ext, "--ids", "--specials", marianSpecials, "--src", src, "-o", data, "--overwrite")
	if r.code != 2 || !strings.Contains(r.stderr, "is the input") {
		t.Errorf("translate -o MODEL_DATA --overwrite: exit %d, want 2 refusing it\n%s", r.code, r.stderr)
	}
	done("translate -o the model's data file")
	r = runE2E(t, env, "translate", marianFixture, "--ids", "--specials", marianSpecials, "--src", src, "-o", existing, "--overwrite")
	if b, _ := os.ReadFile(existing); r.code != 0 || string(b) == "old" {
		t.Errorf("translate --overwrite over a regular file: exit %d, output %q\n%s", r.code, b, r.stderr)
	}
}

// TestVerifyChecksDecisionFirst: verify refuses a --removed head that does
// not exist, or a gates file of another version, before it translates
// anything: exit 2 and no report (a check after the translations left a
// partial one).
func TestVerifyChecksDecisionFirst(t *testing.T) {
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", idSource)
	gates := writeText(t, dir, "gates.json", `{"version":99,"heads":[]}`)
	for _, c := range []struct {
		flag []string
		want string
	}{
		{[]string{"--remove", "encoder:9:0"}, "encoder:9"},
		{[]string{"--gates", gates}, "version 99"},
	} {
		out := filepath.Join(dir, "out-"+c.flag[0][2:])
		args := append([]string{"verify", "--original", marianDir, "--pruned", marianDir, "--ids", "--specials", marianSpecials,
			"--test", src, "--no-bench", "-o", out}, c.flag...)
		_, stderr, code := runVerifyCLI(t, context.Background(), args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, want 2 with %q\n%s", strings.Join(c.flag, " "), code, c.want, stderr)
		}
		if _, err := os.Stat(filepath.Join(out, "verify.json")); err == nil {
			t.Errorf("%s: a report was written", strings.Join(c.flag, " "))
		}
	}
}

// TestMultiFileInterrupted: SIGINT after the first of two files is written
// ends gate with exit 130 and leaves the destination as it was: a new
// folder is not created, an existing one keeps its old files, and no
// temporary folder is left.
func TestMultiFileInterrupted(t *testing.T) {
	root := t.TempDir()
	models := filepath.Join(root, "models")
	cfg := synth.Config{Layers: 2, Heads: 4, HeadDim: 8, Seed: 5}
	cfg.Vocab = synth.VocabFor(cfg, 48<<20)
	if err := os.MkdirAll(models, 0o755); err != nil {
		t.Fatal(err)
	}
	a, err := synth.Write(models, "a.onnx", cfg)
	if err != nil {
		t.Fatal(err)
	}
	b := copyTo(t, a, models, "b.onnx")
	old := filepath.Join(root, "old")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a.onnx", "b.onnx"} {
		if err := os.WriteFile(filepath.Join(old, n), []byte("old "+n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, out := range []string{filepath.Join(root, "new"), old} {
		before := snapshot(t, out)
		cmd := exec.Command(testBinary(t), "gate", a, b, "-o", out, "--overwrite")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait until a.onnx is written (in the temporary folder, or, before
		// outputs were all or nothing, in the destination), then interrupt.
		deadline := time.Now().Add(time.Minute)
		for !firstWritten(root, filepath.Join(old, "a.onnx")) && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
		if code := cmd.ProcessState.ExitCode(); code != 130 {
			t.Errorf("gate -o %s interrupted: exit %d, want 130\n%s", out, code, stderr.String())
		}
		if after := snapshot(t, out); !sameSnapshot(before, after) {
			t.Errorf("gate -o %s interrupted changed the destination: %d entries before, %d after", out, len(before), len(after))
		}
		noTempFolders(t, root)
		noTempFolders(t, old)
	}
}

// firstWritten reports whether a finished a.onnx exists in a folder under
// root other than the input folder, skipping the file oldA.
func firstWritten(root, oldA string) bool {
	found := false
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "a.onnx" && p != oldA && filepath.Base(filepath.Dir(p)) != "models" {
			found = true
		}
		return nil
	})
	return found
}

// TestTrainOutputsRegular: train refuses an output folder (with --overwrite) whose log or
// checkpoint is a named pipe or a symlink (the log used to be opened for
// appending whatever it was; a named pipe hung the run).
func TestTrainOutputsRegular(t *testing.T) {
	env := ortEnv(t)
	for _, c := range []struct {
		name string
		make func(p string) error
		want string
	}{
		{"train.jsonl", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "is a named pipe"},
		{"checkpoint.gob", func(p string) error { return os.Symlink("/dev/null", p) }, "is a symbolic link"},
	} {
		out := t.TempDir()
		if err := c.make(filepath.Join(out, c.name)); err != nil {
			t.Fatal(err)
		}
		r := runE2EWithin(t, env, 2*time.Minute, append(plantedArgs(out, "3"), "--overwrite")...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("train -o with %s: exit %d, want 2 with %q\n%s", c.name, r.code, c.want, r.stderr)
		}
	}
}
