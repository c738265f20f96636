package verify

import (
	"fmt"
	"os"
	"path/filepath"

	"onnxprune/onnxio"
)

// WriteFileAtomic writes data to a temporary file in path's folder, syncs it
// and renames it to path, so that path holds the old content or the new one,
// never a part (onnxio.WriteFileAtomic).
func WriteFileAtomic(path string, data []byte) error {
	if err := onnxio.WriteFileAtomic(path, data); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	return nil
}

// TokenizerHint returns the tokenizer a model's metadata_props names (key
// "tokenizer"), resolved as given, beside the model file, or in the folders
// above it (a path relative to the repository root); "" when there is none
// or it cannot be found. allowDirs are the extra directories the model's
// external data may live in (ModelOptions.AllowDirs).
func TokenizerHint(paths []string, allowDirs []string) string {
	files, err := expandPaths(paths, true)
	if err != nil || len(files) == 0 {
		return ""
	}
	fi, err := readFileInfo(files[0], allowDirs)
	if err != nil {
		return ""
	}
	hint := fi.meta["tokenizer"]
	if hint == "" {
		return ""
	}
	exists := func(p string) bool {
		st, err := os.Stat(p)
		return err == nil && !st.IsDir()
	}
	if exists(hint) || filepath.IsAbs(hint) {
		return hint
	}
	dir, _ := filepath.Abs(filepath.Dir(files[0]))
	for d := dir; ; d = filepath.Dir(d) {
		if p := filepath.Join(d, hint); exists(p) {
			return p
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}
