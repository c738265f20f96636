package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"onnxprune/attribution/conllu"
	"onnxprune/gatesfile"
	"onnxprune/graphedit/heads"
	"onnxprune/pipeline"
	"onnxprune/verify"
	"onnxprune/verify/tokenize"
)

const analyzeFixture = "../../models/fixtures/torch_transformer/ts_opset17.onnx"

// writeIDData writes n random sentence pairs of ids in [3, 128) from a seed.
func writeIDData(t *testing.T, dir string, n int, seed uint64) (src, tgt string) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 9))
	var s, g strings.Builder
	for range n {
		for i := range 4 + r.IntN(6) {
			if i > 0 {
				s.WriteByte(' ')
			}
			fmt.Fprint(&s, 3+r.IntN(125))
		}
		s.WriteByte('\n')
		for i := range 3 + r.IntN(6) {
			if i > 0 {
				g.WriteByte(' ')
			}
			fmt.Fprint(&g, 3+r.IntN(125))
		}
		g.WriteByte('\n')
	}
	src, tgt = filepath.Join(dir, "src.ids"), filepath.Join(dir, "tgt.ids")
	for p, txt := range map[string]string{src: s.String(), tgt: g.String()} {
		if err := os.WriteFile(p, []byte(txt), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return src, tgt
}

func runAnalyze(ctx context.Context, args ...string) (int, string, string) {
	return runAnalyzeModel(ctx, []string{analyzeFixture}, "pad=0,bos=1,eos=2,decoder-start=1", args...)
}

func runAnalyzeModel(ctx context.Context, model []string, specials string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	a := append([]string{"analyze"}, model...)
	a = append(a, "--ids", "--specials", specials, "--threads", "1")
	code := run(ctx, append(a, args...), &out, &errOut)
	return code, out.String(), errOut.String()
}

type headsJSON struct {
	Model    string `json:"model"`
	Examples int    `json:"examples"`
	Partial  bool   `json:"partial"`
	Heads    []struct {
		Name       string   `json:"name"`
		Rank       int      `json:"rank"`
		Confidence *float64 `json:"confidence"`
		Roles      []string `json:"roles"`
	} `json:"heads"`
	Conservation []struct {
		Cut         string  `json:"cut"`
		MaxResidual float64 `json:"max_residual"`
	} `json:"conservation"`
}

func readHeads(t *testing.T, dir string) headsJSON {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "heads.json"))
	if err != nil {
		t.Fatal(err)
	}
	var h headsJSON
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestAnalyzeFixture runs analyze on a one-graph export and on Optimum's
// split Marian and BART exports (joined into one graph).
func TestAnalyzeFixture(t *testing.T) {
	for _, c := range []struct {
		name     string
		model    []string
		specials string
	}{
		{"torch", []string{analyzeFixture}, "pad=0,bos=1,eos=2,decoder-start=1"},
		{"marian", []string{"../../models/fixtures/marian/encoder_model.onnx", "../../models/fixtures/marian/decoder_model.onnx"}, "pad=1,bos=0,eos=2,decoder-start=2"},
		{"bart", []string{"../../models/fixtures/bart/encoder_model.onnx", "../../models/fixtures/bart/decoder_model.onnx"}, "pad=1,bos=0,eos=2,decoder-start=2"},
		// A folder stands for its encoder_model.onnx and decoder_model.onnx.
		{"marian folder", []string{"../../models/fixtures/marian"}, "pad=1,bos=0,eos=2,decoder-start=2"},
	} {
		t.Run(c.name, func(t *testing.T) { testAnalyzeFixture(t, c.model, c.specials) })
	}
}

func testAnalyzeFixture(t *testing.T, model []string, specials string) {
	dir := t.TempDir()
	src, tgt := writeIDData(t, dir, 8, 1)
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runAnalyzeModel(context.Background(), model, specials, "--dev", src+","+tgt, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	h := readHeads(t, out)
	// The fixtures have 2 layers of 4 heads in each of the three kinds.
	if h.Examples != 8 || len(h.Heads) != 24 || h.Partial {
		t.Fatalf("heads.json: %d examples, %d heads, partial %v", h.Examples, len(h.Heads), h.Partial)
	}
	ranks := map[int]bool{}
	for _, hd := range h.Heads {
		ranks[hd.Rank] = true
		if hd.Confidence == nil {
			t.Errorf("%s has no confidence", hd.Name)
		}
	}
	if len(ranks) != 24 {
		t.Errorf("ranks are not 1..24: %v", ranks)
	}
	if len(h.Conservation) < 3 {
		t.Errorf("%d conservation cuts", len(h.Conservation))
	}
	for _, c := range h.Conservation {
		// Relevance plus what biases absorbed is the target (float32 sums).
		if !(c.MaxResidual < 1e-3) {
			t.Errorf("conservation residual at %s: %g", c.Cut, c.MaxResidual)
		}
	}
	for _, f := range []string{"relevance.svg", "importance.svg", "confidence.svg", "roles.svg"} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(bytes.NewReader(b))
		rects := 0
		for {
			tok, err := d.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s is not well-formed XML: %v", f, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
				rects++
			}
		}
		want := 24
		if f == "roles.svg" {
			// Without any role the chart is a message, not an empty grid.
			roles := 0
			for _, hd := range h.Heads {
				roles += len(hd.Roles)
			}
			if roles == 0 {
				want = 0
				if !bytes.Contains(b, []byte("No head has a role")) {
					t.Errorf("roles.svg of heads without roles lacks the message:\n%s", b)
				}
			}
		}
		if rects != want {
			t.Errorf("%s has %d cells, want %d", f, rects, want)
		}
	}
	sum, err := os.ReadFile(filepath.Join(out, "summary.md"))
	if err != nil || !strings.Contains(string(sum), "## Heads by relevance") {
		t.Errorf("summary.md: %v %.200s", err, sum)
	}
}

// TestAnalyzeConlluMismatch: trees whose words are not the source's are
// refused, naming the first mismatching sentence.
func TestAnalyzeConlluMismatch(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src.ids")
	tgt := filepath.Join(dir, "tgt.ids")
	tree := filepath.Join(dir, "trees.conllu")
	files := map[string]string{
		src:  "5 6 7\n8 9\n",
		tgt:  "5 6\n7\n",
		tree: "# sent_id = a\n1\t5\t_\tX\t_\t_\t0\troot\t_\t_\n2\t6\t_\tX\t_\t_\t1\tobj\t_\t_\n3\t7\t_\tX\t_\t_\t1\tamod\t_\t_\n\n# sent_id = b\n1\t8\t_\tX\t_\t_\t0\troot\t_\t_\n2\t10\t_\tX\t_\t_\t1\tobj\t_\t_\n",
	}
	for p, s := range files {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, _, stderr := runAnalyze(context.Background(), "--dev", src+","+tgt, "--conllu", tree, "-o", filepath.Join(dir, "out"))
	if code != 2 || !strings.Contains(stderr, "sentence 2 (b, line 6)") {
		t.Errorf("exit %d, stderr %q; want 2 naming sentence 2 (b, line 6)", code, stderr)
	}
}

// TestAnalyzeInterrupted: a signal before the first sentence still writes
// the (empty, partial) report and exits 128 + the signal.
func TestAnalyzeInterrupted(t *testing.T) {
	dir := t.TempDir()
	src, tgt := writeIDData(t, dir, 4, 2)
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(interrupted{syscall.SIGTERM})
	out := filepath.Join(dir, "out")
	code, _, stderr := runAnalyze(ctx, "--dev", src+","+tgt, "-o", out)
	if code != 143 {
		t.Fatalf("exit %d, want 143: %s", code, stderr)
	}
	if h := readHeads(t, out); !h.Partial {
		t.Errorf("heads.json not marked partial")
	}
}

// TestAnalyzeAlignEWT: the reference corpus's SentencePiece pieces of the UD
// English-EWT dev sentences spell their trees' characters (unknown pieces
// included), so syntactic roles can use nearly every sentence.
func TestAnalyzeAlignEWT(t *testing.T) {
	tok, err := tokenize.Load("../../models/corpus/spm8k.model")
	if err != nil {
		t.Fatal(err)
	}
	trees, err := conllu.ReadFile("../../models/data/ud-ewt/en_ewt-ud-dev.conllu")
	if err != nil {
		t.Fatalf("reading the shared UD English-EWT dev set: %v", err)
	}
	var lines []string
	for _, s := range trees {
		lines = append(lines, s.Text)
	}
	sp := tok.Specials()
	src, err := verify.EncodeLines(lines, tok, sp, false, true, "ewt")
	if err != nil {
		t.Fatal(err)
	}
	exs, failed := pipeline.AnalysisExamples(pipeline.AnalysisInput{Src: src, Tgt: make([][]int64, len(src)), SrcLines: lines, Trees: trees}, tok, sp)
	logged := 0
	for i, ex := range exs {
		words := ex.SrcWords
		if words == nil {
			if logged++; logged <= 3 {
				t.Logf("not aligned: %q", lines[i])
			}
			continue
		}
		if words[len(words)-1] != -1 {
			t.Fatalf("sentence %d: EOS mapped to word %d", i+1, words[len(words)-1])
		}
	}
	// minAligned: NFKC normalization changes a few characters (full-width
	// forms, ligatures), which then cannot be found in the tree.
	const minAligned = 0.98
	if got := 1 - float64(failed)/float64(len(src)); got < minAligned {
		t.Errorf("%.3f of %d sentences aligned, want ≥ %.2f", got, len(src), minAligned)
	}
	t.Logf("%d of %d sentences not aligned", failed, len(src))
}

// TestAnalyzeGates: with the pruning decision that keeps the planted
// fixture's live heads (its dead heads have zeroed output projections),
// the kept heads outrank the removed ones.
func TestAnalyzeGates(t *testing.T) {
	dir := t.TempDir()
	dead := map[string]bool{}
	for _, k := range []string{"encoder", "decoder", "cross"} {
		for _, h := range []int{2, 3} {
			dead[fmt.Sprintf("%s:0:%d", k, h)] = true
		}
	}
	gf := gatesfile.File{Version: gatesfile.Version}
	for _, k := range []string{"encoder", "decoder", "cross"} {
		for h := range 4 {
			name := fmt.Sprintf("%s:0:%d", k, h)
			gf.Heads = append(gf.Heads, heads.GateRecord{Name: name, Kind: k, Layer: 0, Head: h, Keep: !dead[name]})
		}
	}
	b, err := json.Marshal(gf)
	if err != nil {
		t.Fatal(err)
	}
	gates := filepath.Join(dir, "gates.json")
	if err := os.WriteFile(gates, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, stdout, stderr := runAnalyzeModel(context.Background(), []string{"../../models/planted/planted_ungated.onnx"}, "pad=0,bos=1,eos=2,decoder-start=1",
		"--dev", "../../models/planted/dev.src,../../models/planted/dev.tgt", "--max-sentences", "30", "--gates", gates, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	raw, err := os.ReadFile(filepath.Join(out, "heads.json"))
	if err != nil {
		t.Fatal(err)
	}
	var h struct {
		Pruning *struct {
			Kept          int     `json:"kept"`
			Removed       int     `json:"removed"`
			AUCImportance float64 `json:"auc_importance"`
		} `json:"pruning"`
	}
	if err := json.Unmarshal(raw, &h); err != nil {
		t.Fatal(err)
	}
	if h.Pruning == nil || h.Pruning.Kept != 6 || h.Pruning.Removed != 6 || h.Pruning.AUCImportance != 1 {
		t.Fatalf("pruning comparison %+v, want 6 kept, 6 removed, importance AUC 1", h.Pruning)
	}
	if !strings.Contains(stdout, "kept heads rank") {
		t.Errorf("stdout lacks the comparison: %s", stdout)
	}
}
