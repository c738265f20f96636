package verify

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"onnxprune/internal/safefile"
	"onnxprune/verify/tokenize"
)

// Keys of special ids in ONNX metadata_props and in a Hugging Face
// config.json next to the model.
var specialKeys = []struct {
	key string
	set func(s *tokenize.Specials, v int64)
}{
	{"pad_token_id", func(s *tokenize.Specials, v int64) { s.Pad = v }},
	{"bos_token_id", func(s *tokenize.Specials, v int64) { s.Bos = v }},
	{"eos_token_id", func(s *tokenize.Specials, v int64) { s.Eos = v }},
	{"unk_token_id", func(s *tokenize.Specials, v int64) { s.Unk = v }},
	{"decoder_start_token_id", func(s *tokenize.Specials, v int64) { s.DecoderStart = v }},
}

// modelConfig is what a model's metadata or config.json says beyond the
// special ids.
type modelConfig struct {
	specials     tokenize.Specials
	maxPositions int    // 0 when unknown
	vocabSize    int    // 0 when unknown
	source       string // where the specials came from, for reports
}

// readConfig collects special ids from the files' metadata_props, then from
// config.json in the first file's folder for ids the metadata lacks.
func readConfig(files []*fileInfo) (modelConfig, error) {
	c := modelConfig{specials: tokenize.NoSpecials}
	var sources []string
	seen := map[string]bool{}
	apply := func(key string, raw json.RawMessage, from string) error {
		if seen[key] {
			return nil
		}
		var v int64
		if err := json.Unmarshal(raw, &v); err != nil {
			var f float64
			if err2 := json.Unmarshal(raw, &f); err2 != nil || f != float64(int64(f)) {
				return fmt.Errorf("verify: %s: %s is %s, not an integer", from, key, string(raw))
			}
			v = int64(f)
		}
		for _, sk := range specialKeys {
			if sk.key == key {
				sk.set(&c.specials, v)
				seen[key] = true
			}
		}
		switch key {
		case "max_position_embeddings":
			c.maxPositions = int(v)
			seen[key] = true
		case "vocab_size":
			c.vocabSize = int(v)
			seen[key] = true
		}
		return nil
	}
	keys := []string{"max_position_embeddings", "vocab_size"}
	for _, sk := range specialKeys {
		keys = append(keys, sk.key)
	}
	for _, f := range files {
		used := false
		for _, k := range keys {
			if v, ok := f.meta[k]; ok && strings.TrimSpace(v) != "" && v != "null" {
				if err := apply(k, json.RawMessage(strings.TrimSpace(v)), f.path+" metadata_props"); err != nil {
					return c, err
				}
				used = true
			}
		}
		if used {
			sources = append(sources, f.path+" metadata_props")
		}
	}
	if len(files) > 0 {
		dir := filepath.Dir(files[0].path)
		cfgPath := filepath.Join(dir, "config.json")
		if _, err := os.Lstat(cfgPath); err == nil {
			// A file beside the model follows the rules for paths from
			// inside a model: a regular file in its folder (or an allowed
			// directory), size-capped.
			folder, err := safefile.NewFolder(dir, files[0].allowDirs)
			if err != nil {
				return c, fmt.Errorf("verify: %s: %w", cfgPath, err)
			}
			data, _, err := folder.Read("config.json beside the model", "config.json", safefile.DocumentLimit)
			if err != nil {
				return c, fmt.Errorf("verify: %w", err)
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(data, &m); err != nil {
				return c, fmt.Errorf("verify: %s: %w", cfgPath, err)
			}
			used := false
			for _, k := range keys {
				if raw, ok := m[k]; ok && string(raw) != "null" && !seen[k] {
					// eos_token_id may be a list in some configs: take the first.
					if strings.HasPrefix(strings.TrimSpace(string(raw)), "[") {
						var l []int64
						if err := json.Unmarshal(raw, &l); err != nil || len(l) == 0 {
							return c, fmt.Errorf("verify: %s: %s is %s", cfgPath, k, string(raw))
						}
						raw = json.RawMessage(strconv.FormatInt(l[0], 10))
					}
					if err := apply(k, raw, cfgPath); err != nil {
						return c, err
					}
					used = true
				}
			}
			if used {
				sources = append(sources, cfgPath)
			}
		}
	}
	c.source = strings.Join(sources, ", ")
	return c, nil
}
