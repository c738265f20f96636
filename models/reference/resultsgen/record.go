package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"onnxprune/internal/safefile"
	"onnxprune/verify/score"
)

// modelFiles are the files of a model folder that results.sh records: the
// Optimum export's encoder and decoder, and its decoder with past when the
// folder has one (cacheFile).
var modelFiles = []string{"encoder_model.onnx", "decoder_model.onnx"}

// cacheFile is the decoder of cached steps in a folder exported with a
// key/value cache.
const cacheFile = "decoder_with_past_model.onnx"

// ModelFacts is an experiment's model.json: what the tables need of a
// model folder (pruned models are large and deleted once an experiment is
// cached), and the checksums that show a model regenerated later (for the
// speed runs) is the same one.
type ModelFacts struct {
	Files []FileFacts `json:"files"`
	// FileBytes is the size of the model files together.
	FileBytes int64 `json:"file_bytes"`
	// DenseMismatch counts the test lines where a gate run's own
	// translation by the dense model (its verify stage's) differs from the
	// dense model's translations of results.sh (absent but for gate runs).
	DenseMismatch *int `json:"dense_mismatch,omitempty"`
}

// FileFacts is one model file's size and SHA-256.
type FileFacts struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// modelFacts measures the model files in dir.
func modelFacts(dir string) (*ModelFacts, error) {
	mf := &ModelFacts{}
	names := modelFiles
	if _, err := os.Stat(filepath.Join(dir, cacheFile)); err == nil {
		names = append(slices.Clone(names), cacheFile)
	}
	for _, name := range names {
		path := filepath.Join(dir, name)
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		n, err := io.Copy(h, f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		mf.Files = append(mf.Files, FileFacts{Name: name, Bytes: n, SHA256: hex.EncodeToString(h.Sum(nil))})
		mf.FileBytes += n
	}
	return mf, nil
}

// recordModel writes dir's model.json to out; with dense and original
// (hypothesis files) it also counts the lines where they differ.
func recordModel(dir, dense, original, out string) error {
	mf, err := modelFacts(dir)
	if err != nil {
		return err
	}
	if (dense == "") != (original == "") {
		return fmt.Errorf("--dense and --original go together")
	}
	if dense != "" {
		ref, err := score.ReadLines(dense)
		if err != nil {
			return err
		}
		same, err := identical(ref, original)
		if err != nil {
			return err
		}
		n := len(ref) - same
		mf.DenseMismatch = &n
	}
	data, err := json.MarshalIndent(mf, "", " ")
	if err != nil {
		return err
	}
	return safefile.WriteFileAtomic(out, append(data, '\n'))
}

// checkModel fails unless the model files in dir are those recorded in
// the model.json at expect, naming the first that differs.
func checkModel(dir, expect string) error {
	var want ModelFacts
	if err := safefile.ReadJSON(expect, &want); err != nil {
		return err
	}
	got, err := modelFacts(dir)
	if err != nil {
		return err
	}
	if len(want.Files) != len(got.Files) {
		return fmt.Errorf("%s records %d files, %s has %d", expect, len(want.Files), dir, len(got.Files))
	}
	for i, w := range want.Files {
		if g := got.Files[i]; g != w {
			return fmt.Errorf("%s differs from the model recorded in %s (%d bytes, sha256 %s; recorded %d bytes, sha256 %s)",
				filepath.Join(dir, g.Name), expect, g.Bytes, g.SHA256, w.Bytes, w.SHA256)
		}
	}
	return nil
}
