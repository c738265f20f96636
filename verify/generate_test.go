package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// hfGenerate is testdata/marian_generate.json, written by
// models/fixtures/hf_generate.py: Hugging Face generate's outputs on the
// Marian fixture.
type hfGenerate struct {
	Transformers string    `json:"transformers"`
	Eos          int64     `json:"eos"`
	MaxNew       int       `json:"max_new_tokens"`
	Sources      [][]int64 `json:"sources"`
	Runs         []struct {
		Beam          int       `json:"beam"`
		LengthPenalty float64   `json:"length_penalty"`
		EarlyStopping bool      `json:"early_stopping"`
		Outputs       [][]int64 `json:"outputs"`
	} `json:"runs"`
}

// TestSearchMatchesTransformers: greedy and beam search (early stopping on
// and off, two length penalties) give the tokens of transformers' generate
// on the Marian fixture, with and without the key/value cache, in batches.
func TestSearchMatchesTransformers(t *testing.T) {
	data, err := os.ReadFile("testdata/marian_generate.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref hfGenerate
	if err := json.Unmarshal(data, &ref); err != nil {
		t.Fatalf("testdata/marian_generate.json: %v", err)
	}
	if len(ref.Runs) == 0 || len(ref.Sources) == 0 {
		t.Fatal("testdata/marian_generate.json holds no runs")
	}
	files := fixtureLayouts("marian")[LayoutSplitPast]
	m := openFixture(t, files, fixtureSpecials["marian"])
	m.Specials.Eos = ref.Eos
	differ := 0 // sentences where early stopping changes the output
	var byMode = map[string][][]int64{}
	for _, run := range ref.Runs {
		for _, noCache := range []bool{false, true} {
			name := fmt.Sprintf("beam %d, length penalty %g, early stopping %v, no cache %v", run.Beam, run.LengthPenalty, run.EarlyStopping, noCache)
			o := SearchOptions{Beam: run.Beam, LengthPenalty: run.LengthPenalty, EarlyStopping: run.EarlyStopping,
				MaxLen: ref.MaxNew, Batch: 5, NoCache: noCache}
			got, err := m.Translate(context.Background(), ref.Sources, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if d := diffTokens(run.Outputs, tokensOf(got)); d != "" {
				t.Errorf("%s: transformers %s vs onnxprune: %s", name, ref.Transformers, d)
			}
		}
		byMode[fmt.Sprint(run.Beam, run.LengthPenalty, run.EarlyStopping)] = run.Outputs
	}
	for _, run := range ref.Runs {
		if run.EarlyStopping && run.Beam > 1 {
			other := byMode[fmt.Sprint(run.Beam, run.LengthPenalty, false)]
			for i := range other {
				if fmt.Sprint(other[i]) != fmt.Sprint(run.Outputs[i]) {
					differ++
				}
			}
		}
	}
	if differ == 0 {
		t.Error("the reference never separates early stopping from its absence: the test data proves nothing about it")
	}
}
