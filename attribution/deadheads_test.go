package attribution

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// plantedDir holds gatetrain's fixture: a trained 1-layer encoder-decoder
// on a reverse task whose heads 2 and 3 in every block have zeroed output
// projection rows (planted.json lists them).
const plantedDir = "../models/planted/"

// deadTol: a dead head's output is multiplied by exact zeros, so its gate
// gradients are zero up to float32 rounding of the other terms (none).
const deadTol = 1e-7

func readIDLines(t *testing.T, path string, n int) [][]int64 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]int64
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var ids []int64
		for _, f := range strings.Fields(l) {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, v)
		}
		out = append(out, ids)
		if len(out) == n {
			break
		}
	}
	return out
}

// TestDeadHeads: heads that cannot influence the output get zero relevance
// and zero importance; with a decision that keeps the live heads, every
// kept head outranks every removed one (AUC 1).
func TestDeadHeads(t *testing.T) {
	var meta struct {
		Dead []string `json:"dead_heads"`
		BOS  int64    `json:"bos_id"`
		EOS  int64    `json:"eos_id"`
	}
	b, err := os.ReadFile(plantedDir + "planted.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		t.Fatal(err)
	}
	src := readIDLines(t, plantedDir+"dev.src", 40)
	tgt := readIDLines(t, plantedDir+"dev.tgt", 40)
	var exs []Example
	for i := range src {
		exs = append(exs, Example{
			Src:    append(append([]int64(nil), src[i]...), meta.EOS),
			DecIn:  append([]int64{meta.BOS}, tgt[i]...),
			Labels: append(append([]int64(nil), tgt[i]...), meta.EOS),
		})
	}
	rep := analyzeFile(t, plantedDir+"planted_ungated.onnx", exs)
	dead := map[string]bool{}
	for _, d := range meta.Dead {
		dead[d] = true
	}
	keep := map[string]bool{}
	for _, h := range rep.Heads {
		keep[h.Name] = !dead[h.Name]
		t.Logf("%s relevance %.4f importance %.4f rank %d", h.Name, h.Relevance, h.Importance, h.Rank)
		if dead[h.Name] {
			if math.Abs(h.RelevanceRaw) > deadTol || math.Abs(h.ImportanceRaw) > deadTol {
				t.Errorf("dead head %s: relevance %g, importance %g", h.Name, h.RelevanceRaw, h.ImportanceRaw)
			}
		} else if h.ImportanceRaw <= deadTol {
			t.Errorf("live head %s has importance %g", h.Name, h.ImportanceRaw)
		}
	}
	if len(dead) != 6 || len(rep.Heads) != 12 {
		t.Fatalf("%d dead of %d heads", len(dead), len(rep.Heads))
	}
	c, err := CompareKeep(rep, keep)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", *c)
	if c.AUCImportance != 1 {
		t.Errorf("importance AUC %g, want 1", c.AUCImportance)
	}
	// Relevance is signed: a live head can work against the top-1 logit
	// and rank below the zeros of the dead heads; most do not.
	if c.AUCRelevance < 0.75 {
		t.Errorf("relevance AUC %g, want ≥ 0.75", c.AUCRelevance)
	}
	for _, c := range rep.Conservation {
		if !(c.MaxResidual <= residualTol) {
			t.Errorf("conservation residual at %s: %g", c.Cut, c.MaxResidual)
		}
	}
}
