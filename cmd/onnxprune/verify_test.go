package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"onnxprune/verify"
)

const marianSpecials = "pad=0,eos=1,decoder-start=0"

var (
	marianDir   = filepath.Join("..", "..", "models", "fixtures", "marian")
	marianPaths = []string{
		filepath.Join(marianDir, "encoder_model.onnx"),
		filepath.Join(marianDir, "decoder_model.onnx"),
		filepath.Join(marianDir, "decoder_with_past_model.onnx"),
	}
)

func runVerifyCLI(t *testing.T, ctx context.Context, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(ctx, args, &out, &errOut)
	return out.String(), errOut.String(), code
}

func writeText(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const idSource = "5 6 7 8\n9 10 11 12 13 14\n20 21\n30 31 32\n"

func TestTranslateCommand(t *testing.T) {
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", idSource)
	out := filepath.Join(dir, "out.txt")
	common := []string{"--ids", "--specials", marianSpecials, "--src", src, "--max-len", "9"}
	_, stderr, code := runVerifyCLI(t, context.Background(), append([]string{"translate", marianDir, "-o", out, "--beam", "2"}, common...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(got), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d output lines for 4 sources: %q", len(lines), got)
	}
	// The same through the library: the command adds EOS to each source.
	m, err := verify.OpenModel([]string{marianDir}, verify.ModelOptions{Overrides: marianSpecials})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	srcIDs, err := verify.EncodeLines(strings.Split(strings.TrimSpace(idSource), "\n"), nil, m.Specials, false, true, src)
	if err != nil {
		t.Fatal(err)
	}
	o := verify.DefaultSearch()
	o.Beam, o.MaxLen = 2, 9
	hyps, err := m.Translate(context.Background(), srcIDs, o)
	if err != nil {
		t.Fatal(err)
	}
	for i, h := range hyps {
		if want := verify.DecodeIDs(h.Tokens, nil, m.Specials); lines[i] != want {
			t.Errorf("line %d: %q, library gives %q", i+1, lines[i], want)
		}
	}
	// Cached and uncached decoding write the same file.
	out2 := filepath.Join(dir, "out2.txt")
	if _, stderr, code := runVerifyCLI(t, context.Background(), append([]string{"translate", marianDir, "-o", out2, "--beam", "2", "--no-cache"}, common...)...); code != 0 {
		t.Fatalf("--no-cache: exit %d: %s", code, stderr)
	}
	if got2, _ := os.ReadFile(out2); !bytes.Equal(got, got2) {
		t.Errorf("--no-cache output differs:\n%s\nvs\n%s", got, got2)
	}
}

func TestTranslateErrors(t *testing.T) {
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", idSource)
	empty := writeText(t, dir, "empty.txt", "")
	img := writeText(t, dir, "notes.txt", "x\n")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"empty source", []string{marianDir, "--ids", "--src", empty, "-o", "-"}, "empty.txt is empty"},
		{"unknown provider", []string{marianDir, "--ids", "--src", src, "-o", "-", "--provider", "tpu"}, `unknown execution provider "tpu"`},
		{"no model", []string{"--ids", "--src", src, "-o", "-"}, "needs MODEL"},
		{"no tokenizer", []string{marianDir, "--src", src, "-o", "-", "--specials", marianSpecials}, "give --tokenizer"},
		{"not a model", []string{img, "--ids", "--src", src, "-o", "-"}, "notes.txt"},
		{"missing specials", []string{marianDir, "--ids", "--src", src, "-o", "-"}, "special ids eos, decoder-start, pad"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runVerifyCLI(t, context.Background(), append([]string{"translate"}, c.args...)...)
			first := strings.SplitN(stderr, "\n", 2)[0]
			if code != 2 || !strings.Contains(first, c.want) {
				t.Errorf("exit %d, stderr %q; want 2 and a first line containing %q", code, stderr, c.want)
			}
		})
	}
}

// pruneWithCLI runs `onnxprune prune` on the Marian fixture.
func pruneWithCLI(t *testing.T, spec string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "pruned") + "/"
	args := append(append([]string{"prune"}, marianPaths...), "--remove", spec, "-o", out)
	if _, stderr, code := runVerifyCLI(t, context.Background(), args...); code != 0 {
		t.Fatalf("prune: exit %d: %s", code, stderr)
	}
	return out
}

func TestVerifyCommand(t *testing.T) {
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", idSource)
	ref := writeText(t, dir, "ref.txt", "5 6 7\n9 9 9\n20\n31 32\n")
	const spec = "encoder:1:3,decoder:1:0"
	pruned := pruneWithCLI(t, spec)
	base := []string{"verify", "--original", strings.Join(marianPaths, ","), "--pruned", pruned, "--test", src + "," + ref,
		"--ids", "--specials", marianSpecials, "--max-len", "8", "--bench-batch", "1,2", "--warmup", "1", "--repeats", "2",
		"--remove", spec, "--bench-in-process"}

	out := filepath.Join(dir, "ok")
	stdout, stderr, code := runVerifyCLI(t, context.Background(), append(base, "-o", out, "--max-bleu-drop", "100")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "passed: ") {
		t.Errorf("stdout %q", stdout)
	}
	var r verify.Report
	data, err := os.ReadFile(filepath.Join(out, verify.ReportJSON))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	if !r.Passed || r.Equivalence == nil || !r.Equivalence.Passed || len(r.Speedups) != 2 || r.Sentences != 4 {
		t.Errorf("report: passed %v equivalence %+v speedups %d sentences %d", r.Passed, r.Equivalence, len(r.Speedups), r.Sentences)
	}

	// A missed threshold exits 1 and still writes the report.
	out = filepath.Join(dir, "strict")
	_, stderr, code = runVerifyCLI(t, context.Background(), append(base, "-o", out, "--max-logit-diff", "0", "--no-bench")...)
	if code != 1 || !strings.Contains(stderr, "max-logit-diff") {
		t.Errorf("exit %d stderr %q, want 1 naming --max-logit-diff", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, verify.ReportMarkdown)); err != nil {
		t.Errorf("no report after a missed threshold: %v", err)
	}

	// Input errors exit 2 with one line and write nothing.
	short := writeText(t, dir, "short.txt", "1 2\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--test", src + "," + short}, "short.txt has 1 lines but source"},
		{[]string{"--provider", "gpu9"}, `unknown execution provider "gpu9"`},
		{[]string{"--rounds", "0"}, "--rounds 0 < 1"},
		{[]string{"--test", writeText(t, dir, "e.txt", "")}, "e.txt is empty"},
		{[]string{"--pruned", writeText(t, dir, "bad.onnx", "not a model")}, "bad.onnx"},
	} {
		out := filepath.Join(dir, "bad")
		_, stderr, code := runVerifyCLI(t, context.Background(), append(append(base, "-o", out, "--no-bench"), c.args...)...)
		if code != 2 || !strings.Contains(strings.SplitN(stderr, "\n", 2)[0], c.want) {
			t.Errorf("%v: exit %d stderr %q, want 2 and %q", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: output folder written for an input error", c.args)
		}
	}
}

// TestVerifySignal: a signal during verification writes a partial report
// and exits with 128 + the signal number.
func TestVerifySignal(t *testing.T) {
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", idSource)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(interrupted{sig})
		out := filepath.Join(dir, sig.String())
		_, stderr, code := runVerifyCLI(t, ctx, "verify", "--original", marianDir, "--pruned", marianDir, "--test", src,
			"--ids", "--specials", marianSpecials, "-o", out)
		if code != 128+int(sig) {
			t.Errorf("%v: exit %d (%s), want %d", sig, code, stderr, 128+int(sig))
		}
		data, err := os.ReadFile(filepath.Join(out, verify.ReportJSON))
		if err != nil {
			t.Fatalf("%v: no partial report: %v", sig, err)
		}
		var r verify.Report
		if err := json.Unmarshal(data, &r); err != nil || !r.Interrupted || r.Passed {
			t.Errorf("%v: partial report interrupted %v passed %v (%v)", sig, r.Interrupted, r.Passed, err)
		}
	}
}

// TestTranslateText: with a tokenizer (a plain vocabulary of the fixture's
// 128 ids) text goes in and out, its special ids fill in what the model does
// not say, and the words are those of --ids decoding.
func TestTranslateText(t *testing.T) {
	dir := t.TempDir()
	var vocab strings.Builder
	vocab.WriteString("<pad>\n</s>\n<s>\n")
	for i := 3; i < 128; i++ {
		vocab.WriteString("w" + strconv.Itoa(i) + "\n")
	}
	vp := writeText(t, dir, "vocab.txt", vocab.String())
	src := writeText(t, dir, "src.txt", idSource)
	var words strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(idSource, "\n"), "\n") {
		f := strings.Fields(l)
		for i := range f {
			f[i] = "w" + f[i]
		}
		words.WriteString(strings.Join(f, " ") + "\n")
	}
	wsrc := writeText(t, dir, "src.words", words.String())
	idsOut, textOut := filepath.Join(dir, "ids.out"), filepath.Join(dir, "text.out")
	if _, stderr, code := runVerifyCLI(t, context.Background(), "translate", marianDir, "--ids", "--specials", marianSpecials,
		"--src", src, "--max-len", "6", "-o", idsOut); code != 0 {
		t.Fatalf("--ids: exit %d: %s", code, stderr)
	}
	// The vocabulary gives pad, eos and bos; only the decoder start is set.
	if _, stderr, code := runVerifyCLI(t, context.Background(), "translate", marianDir, "--tokenizer", vp, "--specials", "decoder-start=0",
		"--src", wsrc, "--max-len", "6", "-o", textOut); code != 0 {
		t.Fatalf("text: exit %d: %s", code, stderr)
	}
	ids, _ := os.ReadFile(idsOut)
	text, _ := os.ReadFile(textOut)
	idLines := strings.Split(strings.TrimSuffix(string(ids), "\n"), "\n")
	textLines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(idLines) != 4 || len(textLines) != 4 || strings.TrimSpace(string(ids)) == "" {
		t.Fatalf("%d and %d lines: %q", len(idLines), len(textLines), ids)
	}
	for i := range idLines {
		f := strings.Fields(idLines[i])
		for k := range f {
			f[k] = "w" + f[k]
		}
		if want := strings.Join(f, " "); textLines[i] != want {
			t.Errorf("line %d: text %q, ids give %q", i+1, textLines[i], want)
		}
	}
}

// TestVerifyBenchChild: the built program times each model in a child
// process of its own, in 2 interleaved rounds (3 timed runs: 2 then 1),
// and reports that process's peak memory.
func TestVerifyBenchChild(t *testing.T) {
	dir := t.TempDir()
	src := writeText(t, dir, "src.txt", idSource)
	out := filepath.Join(dir, "out")
	cmd := exec.Command(testBinary(t), "verify", "--original", marianDir, "--pruned", marianDir, "--test", src,
		"--ids", "--specials", marianSpecials, "--max-len", "8", "--bench-batch", "1", "--warmup", "0", "--repeats", "3",
		"--rounds", "2", "-o", out)
	cmd.Env = ortEnv(t)
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, msg)
	}
	// The same model on both sides: nothing changed, so no speedup.
	if !strings.Contains(string(msg), "cpu tokens/s unchanged (no part of the model changed)") {
		t.Errorf("summary does not call the unchanged model unchanged: %s", msg)
	}
	data, err := os.ReadFile(filepath.Join(out, verify.ReportJSON))
	if err != nil {
		t.Fatal(err)
	}
	var r verify.Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	for _, mr := range []verify.ModelReport{r.Original, r.Pruned} {
		b := mr.Bench["cpu"]
		if b == nil || !b.Isolated || b.PeakRSS <= 0 || len(b.Batches) != 1 || b.Rounds != 2 || b.Repeats != 3 {
			t.Fatalf("bench %+v", b)
		}
		for _, tm := range []verify.Timing{*b.Batches[0].Encoder, b.Batches[0].Step, b.Batches[0].Sentence} {
			if tm.Runs != 3 || len(tm.Times) != 3 || len(tm.RoundMedians) != 2 || !(tm.Min > 0) || tm.Median > tm.P90 {
				t.Errorf("timing %+v, want 3 runs in 2 rounds", tm)
			}
		}
	}
	if len(r.Speedups) != 1 || r.Speedups[0].Rounds != 2 || !(r.Speedups[0].StepPaired > 0) || !(r.Speedups[0].TokensPaired > 0) {
		t.Errorf("speedups %+v, want paired ratios over 2 rounds", r.Speedups)
	}
	md, err := os.ReadFile(filepath.Join(out, verify.ReportMarkdown))
	if err != nil || !strings.Contains(string(md), "3 timed runs interleaved in 2 rounds") {
		t.Errorf("report.md does not describe the rounds (%v):\n%s", err, md)
	}
	// Both models timed alike, each in a process of its own: their peak
	// memory is compared.
	if !strings.Contains(string(md), "| peak RSS |") || !strings.Contains(string(md), "each model timed in a process of its own") {
		t.Errorf("report.md does not compare the isolated peak RSS:\n%s", md)
	}
}
