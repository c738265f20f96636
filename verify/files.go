package verify

import (
	"fmt"
	"path/filepath"

	"onnxprune/internal/safefile"
	"onnxprune/verify/tokenize"
)

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
	fi, err := readFileInfo(files[0], allowDirs, nil)
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
