package verify

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"onnxprune/internal/safefile"
	"onnxprune/verify/tokenize"
)

// Keys of special ids in ONNX metadata_props and in the Hugging Face
// config.json and generation_config.json beside the model.
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

// sizeKeys are the other integers read: the longest decoder input (Whisper
// names it max_target_positions, which wins) and the vocabulary size.
var sizeKeys = []string{"max_target_positions", "max_position_embeddings", "vocab_size"}

// ConfigFiles are the files beside a model whose ids are read, first
// first: Optimum writes both, and generation uses generation_config.json.
var ConfigFiles = []string{"generation_config.json", "config.json"}

// FileMeta is the metadata_props of one model file.
type FileMeta struct {
	Path  string
	Props map[string]string
}

// ModelSpecials are a model's special ids and what else its configuration
// says.
type ModelSpecials struct {
	// Specials are the ids (-1 where no source gives one).
	tokenize.Specials
	// From lists the sources that gave special ids, in precedence order, e.g.
	// "flags, models/fixtures/t5/generation_config.json".
	From string
	// MaxPositions is the longest decoder input and VocabSize the
	// vocabulary size (0 when unknown).
	MaxPositions, VocabSize int
}

// SpecialSources are where a model's special ids may come from.
type SpecialSources struct {
	// Overrides are the user's flags (tokenize.ParseSpecials syntax,
	// "pad=0,eos=1,decoder-start=0").
	Overrides string
	// Dir is the model's folder, holding generation_config.json and
	// config.json or not; AllowDirs are the other folders files named
	// from inside the model may lie in.
	Dir       string
	AllowDirs []string
	// Files are the model files' metadata.
	Files []FileMeta
	// Fallback gives the ids no other source gives (nil: none), and
	// FallbackFrom names it ("": "tokenizer").
	Fallback     *tokenize.Specials
	FallbackFrom string
}

// ResolveSpecials is the one place a model's special ids are resolved.
// Each id comes from the first source that has it:
//
//  1. the overrides (flags);
//  2. generation_config.json, then config.json, in Dir, read as files
//     from inside a model are (safefile.Folder: a regular file in Dir or
//     AllowDirs, size-capped);
//  3. the metadata_props of the files;
//  4. the fallback, e.g. the tokenizer's ids.
//
// A decoder start id no source gives is the bos id, as Hugging Face
// generation starts the decoder (unless the flags unset it with
// decoder-start=-1); translation and gate training both start the decoder
// with it. Any other id no source gives stays -1 (callers apply their
// defaults). A list value (eos_token_id: [1, 2]) gives its first element.
func ResolveSpecials(src SpecialSources) (*ModelSpecials, error) {
	dir, allowDirs, files, fallback, overrides := src.Dir, src.AllowDirs, src.Files, src.Fallback, src.Overrides
	ms := &ModelSpecials{Specials: tokenize.NoSpecials}
	seen := map[string]bool{}
	var sources []string
	if overrides != "" {
		sp, err := tokenize.ParseSpecials(tokenize.NoSpecials, overrides)
		if err != nil {
			return nil, fmt.Errorf("verify: special ids: %w", err)
		}
		ms.Specials = sp
		for _, sk := range specialKeys {
			seen[sk.key] = overridden(overrides, sk.key)
		}
		sources = append(sources, "flags")
	}
	apply := func(values map[string]json.RawMessage, from string) error {
		used := false
		for _, k := range keyNames() {
			raw, ok := values[k]
			if !ok || seen[k] || strings.TrimSpace(string(raw)) == "null" {
				continue
			}
			v, err := jsonInt(raw)
			if err != nil {
				return fmt.Errorf("verify: %s: %s is %s, not an integer", from, k, strings.TrimSpace(string(raw)))
			}
			seen[k] = true
			switch k {
			case "max_target_positions":
				ms.MaxPositions = int(v)
				seen["max_position_embeddings"] = true
			case "max_position_embeddings":
				ms.MaxPositions = int(v)
			case "vocab_size":
				ms.VocabSize = int(v)
			default:
				for _, sk := range specialKeys {
					if sk.key == k {
						sk.set(&ms.Specials, v)
						used = true
					}
				}
			}
		}
		if used {
			sources = append(sources, from)
		}
		return nil
	}
	for _, name := range ConfigFiles {
		values, path, err := readConfigFile(dir, allowDirs, name)
		if err != nil {
			return nil, err
		}
		if err := apply(values, path); err != nil {
			return nil, err
		}
	}
	for _, f := range files {
		values := map[string]json.RawMessage{}
		for k, v := range f.Props {
			if v = strings.TrimSpace(v); v != "" {
				values[k] = json.RawMessage(v)
			}
		}
		if err := apply(values, f.Path+" metadata_props"); err != nil {
			return nil, err
		}
	}
	if fb := fallback; fb != nil {
		before := ms.Specials
		// An id the flags unset ("-1") stays unset.
		fill := func(key string, dst *int64, v int64) {
			if !seen[key] && *dst < 0 && v >= 0 {
				*dst = v
			}
		}
		fill("pad_token_id", &ms.Pad, fb.Pad)
		fill("bos_token_id", &ms.Bos, fb.Bos)
		fill("eos_token_id", &ms.Eos, fb.Eos)
		fill("unk_token_id", &ms.Unk, fb.Unk)
		fill("decoder_start_token_id", &ms.DecoderStart, fb.DecoderStart)
		if ms.Specials != before {
			name := src.FallbackFrom
			if name == "" {
				name = "tokenizer"
			}
			sources = append(sources, name)
		}
	}
	if ms.DecoderStart < 0 && ms.Bos >= 0 && !seen["decoder_start_token_id"] {
		ms.DecoderStart = ms.Bos
	}
	ms.From = strings.Join(sources, ", ")
	return ms, nil
}

// overridden reports whether overrides names key's id ("-1" included:
// an id the flags unset is not taken from another source).
func overridden(overrides, key string) bool {
	name := map[string]string{"pad_token_id": "pad", "bos_token_id": "bos", "eos_token_id": "eos", "unk_token_id": "unk", "decoder_start_token_id": "decoder-start"}[key]
	for _, kv := range strings.Split(overrides, ",") {
		if k, _, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && strings.TrimSpace(k) == name {
			return true
		}
	}
	return false
}

// keyNames lists every key read, special ids first.
func keyNames() []string {
	var keys []string
	for _, sk := range specialKeys {
		keys = append(keys, sk.key)
	}
	return append(keys, sizeKeys...)
}

// jsonInt reads an integer, an integral float, or the first element of a
// list of integers.
func jsonInt(raw json.RawMessage) (int64, error) {
	if strings.HasPrefix(strings.TrimSpace(string(raw)), "[") {
		var l []json.RawMessage
		if err := json.Unmarshal(raw, &l); err != nil || len(l) == 0 {
			return 0, fmt.Errorf("not a list of integers")
		}
		raw = l[0]
	}
	var v int64
	if err := json.Unmarshal(raw, &v); err == nil {
		return v, nil
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f != float64(int64(f)) {
		return 0, fmt.Errorf("not an integer")
	}
	return int64(f), nil
}

// readConfigFile reads the JSON object of file name in dir, when there is
// one (nil otherwise), as a file named from inside a model: a regular file
// within dir or allowDirs, size-capped. path is its path for messages.
func readConfigFile(dir string, allowDirs []string, name string) (values map[string]json.RawMessage, path string, err error) {
	path = filepath.Join(dir, name)
	if _, err := os.Lstat(path); err != nil {
		return nil, path, nil
	}
	folder, err := safefile.NewFolder(dir, allowDirs)
	if err != nil {
		return nil, path, fmt.Errorf("verify: %s: %w", path, err)
	}
	data, _, err := folder.Read(name+" beside the model", name, safefile.DocumentLimit)
	if err != nil {
		return nil, path, fmt.Errorf("verify: %w", err)
	}
	if err := json.Unmarshal(data, &values); err != nil {
		return nil, path, fmt.Errorf("verify: %s: %w", path, err)
	}
	return values, path, nil
}

// specialsOf resolves the specials of a model's files (ResolveSpecials with
// the first file's folder).
func specialsOf(files []*fileInfo, opts ModelOptions) (*ModelSpecials, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("verify: no model files")
	}
	var metas []FileMeta
	for _, f := range files {
		metas = append(metas, FileMeta{Path: f.path, Props: f.meta})
	}
	return ResolveSpecials(SpecialSources{Overrides: opts.Overrides, Dir: filepath.Dir(files[0].path), AllowDirs: files[0].allowDirs,
		Files: metas, Fallback: opts.Fallback, FallbackFrom: opts.FallbackFrom})
}
