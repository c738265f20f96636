package pipeline

import (
	"os"
	"path/filepath"
	"testing"

	"onnxprune/onnxio"
)

// TestFingerprintCoversEveryInput: the stages' fingerprints change when a
// byte of the model's external data, of the config.json beside it or of the
// tokenizer changes, so a run reruns what read them; the rest is kept.
func TestFingerprintCoversEveryInput(t *testing.T) {
	dir := t.TempDir()
	m, err := onnxio.Load("../models/planted/planted_ungated.onnx", nil)
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "model.onnx")
	err = m.Save(model, &onnxio.SaveOptions{ExternalData: true})
	m.Close()
	if err != nil {
		t.Fatal(err)
	}
	data := model + ".data"
	config := filepath.Join(dir, "config.json")
	tokenizer := filepath.Join(dir, "vocab.txt")
	for p, text := range map[string]string{config: `{"pad_token_id": 0}`, tokenizer: "a\nb\n"} {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := plantedConfig(t, t.TempDir())
	fingerprints := func() map[string]string {
		t.Helper()
		loaded, err := loadModel([]string{model}, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		defer closeModel(loaded)
		r := &runner{c: c, files: []string{model}, model: loaded, tokPath: tokenizer, fp: map[string]string{}}
		if err := r.fingerprints(); err != nil {
			t.Fatal(err)
		}
		return r.fp
	}
	// flip changes one byte of path in place (same size).
	flip := func(path string, at int64) {
		t.Helper()
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		b := make([]byte, 1)
		if _, err := f.ReadAt(b, at); err != nil {
			t.Fatal(err)
		}
		b[0] ^= 1
		if _, err := f.WriteAt(b, at); err != nil {
			t.Fatal(err)
		}
	}
	before := fingerprints()
	for _, tc := range []struct {
		what   string
		path   string
		at     int64
		reruns []string // the stages whose fingerprint must change
	}{
		{"external data", data, 100, Stages},
		{"config.json", config, 2, Stages},
		{"tokenizer", tokenizer, 0, []string{StageTrain, StageAnalyze, StagePrune, StageVerify}},
	} {
		flip(tc.path, tc.at)
		after := fingerprints()
		rerun := map[string]bool{}
		for _, s := range tc.reruns {
			rerun[s] = true
		}
		for _, s := range Stages {
			if changed := after[s] != before[s]; changed != rerun[s] {
				t.Errorf("%s changed: stage %s fingerprint changed %v, want %v", tc.what, s, changed, rerun[s])
			}
		}
		flip(tc.path, tc.at)
		if again := fingerprints(); again[StageVerify] != before[StageVerify] {
			t.Errorf("%s restored: fingerprint %s, was %s", tc.what, again[StageVerify], before[StageVerify])
		}
	}
}
