package main

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

// TestLossPlantedMatchesPyTorch: the dev loss of the planted model is
// PyTorch's cross_entropy over its dev set (planted.json, written by
// make_planted.py).
func TestLossPlantedMatchesPyTorch(t *testing.T) {
	var info struct {
		DevLoss float64 `json:"dev_loss"`
	}
	b, err := os.ReadFile("../../models/planted/planted.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &info); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("loss", "../../models/planted/planted_ungated.onnx", "--ids", "--specials", "pad=0,bos=1,eos=2,decoder-start=1",
		"--dev", "../../models/planted/dev.src,../../models/planted/dev.tgt", "--threads", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep lossReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if math.Abs(rep.Loss-info.DevLoss) > 2e-5 || rep.Sentences != 200 || rep.Provider != "cpu" {
		t.Errorf("got %+v, want loss %.6f on 200 sentences", rep, info.DevLoss)
	}
}

// TestLossSplitEqualsSingleGraph: the reference model's encoder and
// decoder files, joined, give the loss of its single-graph export, and
// --max-sentences takes the first pairs.
func TestLossSplitEqualsSingleGraph(t *testing.T) {
	args := []string{"--tokenizer", "../../models/corpus/spm8k.model", "--dev", "../../models/demo/slice/bible-dev.en,../../models/demo/slice/bible-dev.es",
		"--max-sentences", "4", "--threads", "1", "--json"}
	var reps []lossReport
	for _, model := range [][]string{{"../../models/reference"}, {"../../models/reference/model.onnx"}} {
		code, out, errOut := runCLI(append(append([]string{"loss"}, model...), args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", model, code, errOut)
		}
		var rep lossReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		reps = append(reps, rep)
	}
	if reps[0].Sentences != 4 || reps[0].Tokens != reps[1].Tokens || reps[0].Tokens < 4 {
		t.Errorf("sentences or tokens differ: %+v, %+v", reps[0], reps[1])
	}
	if math.Abs(reps[0].Loss-reps[1].Loss) > 1e-4 || reps[0].Loss < 0.5 || reps[0].Loss > 10 {
		t.Errorf("split %.6f, single graph %.6f", reps[0].Loss, reps[1].Loss)
	}
	if !strings.Contains(reps[0].Model, "encoder_model.onnx + ") {
		t.Errorf("model %q does not name the joined pair", reps[0].Model)
	}
}

func TestLossRefusals(t *testing.T) {
	planted := "../../models/planted/"
	dev := planted + "dev.src," + planted + "dev.tgt"
	for name, c := range map[string]struct {
		args []string
		want string
	}{
		"no dev":            {[]string{planted + "planted_ungated.onnx", "--ids"}, "--dev SRC,TGT"},
		"one file":          {[]string{planted + "planted_ungated.onnx", "--ids", "--dev", planted + "dev.src"}, "--dev SRC,TGT"},
		"gated":             {[]string{planted + "planted.onnx", "--ids", "--dev", dev}, "a gated model (input gate/"},
		"uneven":            {[]string{planted + "planted_ungated.onnx", "--ids", "--dev", planted + "dev.src," + planted + "train.tgt"}, "lines"},
		"no src eos":        {[]string{planted + "planted_ungated.onnx", "--ids", "--dev", dev, "--no-src-eos"}, "--no-src-eos"},
		"speech model, ids": {[]string{"../../models/fixtures/whisper", "--ids", "--dev", dev}, "float features"},
		"speech features":   {[]string{"../../models/fixtures/whisper", "--ids", "--dev", "../../models/fixtures/whisper/features.npy," + planted + "dev.tgt"}, "not speech features"},
	} {
		args := append([]string{"loss"}, c.args...)
		args = append(args, "--specials", "pad=0,bos=1,eos=2,decoder-start=1", "--threads", "1")
		code, _, errOut := runCLI(args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 1 {
			t.Errorf("%s: exit %d, stderr %q; want 2 and a line containing %q", name, code, errOut, c.want)
		}
	}
}
