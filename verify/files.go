package verify

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"onnxprune/gatetrain"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
	"onnxprune/onnxio"
	"onnxprune/verify/tokenize"
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

// metaTokenizer says, in errors, where a tokenizer path came from.
const metaTokenizer = "tokenizer named in the model's metadata"

// OpenTokenizerHint opens the tokenizer that the first model file's
// metadata_props name (key "tokenizer"). It returns a nil tokenizer and no
// error when there is none. The name is a stranger's data and follows the
// rules for paths from inside a model (safefile.Folder): it must lie in the
// model's folder or one of allowDirs (the --allow-dir directories) and be a
// regular file of at most safefile.DocumentLimit bytes. A file that is not a
// tokenizer is an error that names it without quoting its contents. path is
// the file read.
func OpenTokenizerHint(paths []string, allowDirs []string) (tok tokenize.Tokenizer, path string, err error) {
	files, err := expandPaths(paths, true)
	if err != nil || len(files) == 0 {
		return nil, "", err
	}
	fi, err := readFileInfo(files[0], allowDirs)
	if err != nil {
		return nil, "", err
	}
	return TokenizerFromMetadata(FileMeta{Path: files[0], Props: fi.meta}, allowDirs)
}

// TokenizerFromMetadata opens the tokenizer that the metadata_props of an
// already loaded model file name (key "tokenizer"), by the rules of
// OpenTokenizerHint.
func TokenizerFromMetadata(file FileMeta, allowDirs []string) (tok tokenize.Tokenizer, path string, err error) {
	hint := file.Props["tokenizer"]
	if hint == "" {
		return nil, "", nil
	}
	folder, err := safefile.NewFolder(filepath.Dir(file.Path), allowDirs)
	if err != nil {
		return nil, "", fmt.Errorf("verify: %s: %w", file.Path, err)
	}
	data, real, err := folder.Read(metaTokenizer, hint, safefile.DocumentLimit)
	if err != nil {
		return nil, "", fmt.Errorf("verify: %s: %w (give --tokenizer)", file.Path, err)
	}
	tok, err = tokenize.Parse(data, real)
	if err != nil {
		return nil, "", fmt.Errorf("verify: %s: %s %q (%s) is not a tokenizer file onnxprune reads (give --tokenizer)", file.Path, metaTokenizer, hint, real)
	}
	return tok, real, nil
}

// ReadGatesFile reads a gates file (gates.json, as gate training writes it)
// for a head decision: a pipe is fine, more than safefile.DocumentLimit
// bytes is an error naming the limit, and a version other than
// gatetrain.GatesVersion is refused (a later layout may mean something
// else by the same fields).
func ReadGatesFile(path string) (*heads.GatesFile, error) {
	data, err := safefile.ReadInput(path, safefile.DocumentLimit, "a gates file")
	if err != nil {
		return nil, err
	}
	var head struct {
		Version *int `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if head.Version == nil || *head.Version != gatetrain.GatesVersion {
		v := "no version"
		if head.Version != nil {
			v = fmt.Sprintf("version %d", *head.Version)
		}
		return nil, fmt.Errorf("%s: gates file of %s; this onnxprune reads version %d", path, v, gatetrain.GatesVersion)
	}
	var gf heads.GatesFile
	if err := json.Unmarshal(data, &gf); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &gf, nil
}
