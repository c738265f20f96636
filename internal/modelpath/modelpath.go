// Package modelpath turns the model a user names (ONNX files, or a folder
// holding them) into its files: the one rule every command and every
// pipeline stage resolves a model by.
//
// A folder stands for the files of a Hugging Face Optimum export that are
// in it, in the order Optimum lists them: encoder_model.onnx, then
// decoder_model.onnx, decoder_with_past_model.onnx and
// decoder_model_merged.onnx. A folder without encoder_model.onnx stands for
// its model.onnx. A named file must be a regular file. Each consumer then
// takes the files it needs by role (see JoinPair; verify picks a decoding
// layout among them), so a folder and the same files named one by one give
// the same result everywhere.
package modelpath

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The file names of an Optimum export, and of a single-graph model.
const (
	Encoder         = "encoder_model.onnx"
	Decoder         = "decoder_model.onnx"
	DecoderWithPast = "decoder_with_past_model.onnx"
	DecoderMerged   = "decoder_model_merged.onnx"
	Single          = "model.onnx"
)

// decoders are the decoder files of an Optimum folder, in order.
var decoders = []string{Decoder, DecoderWithPast, DecoderMerged}

// Resolve returns the ONNX files of the model named by args: each folder is
// replaced by its files (see the package documentation), each file kept.
// The error is one line naming the path it refuses: no arguments, a path
// that does not exist, a folder without a model, or a path that is neither
// a folder nor a regular file.
func Resolve(args []string) ([]string, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("model: no files given")
	}
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		switch {
		case err != nil && os.IsNotExist(err):
			return nil, fmt.Errorf("model: %s: no such file or folder", a)
		case err != nil:
			return nil, fmt.Errorf("model: %s: %v", a, unwrapPath(err))
		case st.IsDir():
			files, err := folderFiles(a)
			if err != nil {
				return nil, err
			}
			out = append(out, files...)
		case !st.Mode().IsRegular():
			return nil, fmt.Errorf("model: %s: not a regular file", a)
		default:
			out = append(out, a)
		}
	}
	return out, nil
}

// folderFiles returns the model files of folder dir.
func folderFiles(dir string) ([]string, error) {
	if !isFile(filepath.Join(dir, Encoder)) {
		if isFile(filepath.Join(dir, Single)) {
			return []string{filepath.Join(dir, Single)}, nil
		}
		return nil, fmt.Errorf("model: %s is a folder without a model: no %s nor %s in it", dir, Encoder, Single)
	}
	files := []string{filepath.Join(dir, Encoder)}
	for _, n := range decoders {
		if isFile(filepath.Join(dir, n)) {
			files = append(files, filepath.Join(dir, n))
		}
	}
	if len(files) == 1 {
		return nil, fmt.Errorf("model: %s: %s without %s", dir, Encoder, strings.Join(decoders, " or "))
	}
	return files, nil
}

// JoinPair returns the files of a model that are joined into one graph for
// gate training and analysis: a single-graph file alone, or an encoder and
// its decoder without past. Resolved Optimum files give their first two
// (encoder_model.onnx, decoder_model.onnx); other names are taken as given,
// one file or two. With merged set, an encoder given with Optimum's merged
// decoder is a pair too (training runs the merged file's branch without
// past). The error names the files when they are not such a pair.
func JoinPair(files []string, merged bool) ([]string, error) {
	if len(files) > 2 && filepath.Base(files[0]) == Encoder && filepath.Base(files[1]) == Decoder {
		return files[:2], nil
	}
	if len(files) == 1 {
		return files, nil
	}
	if len(files) == 2 {
		switch filepath.Base(files[1]) {
		case DecoderWithPast:
		case DecoderMerged:
			if merged {
				return files, nil
			}
		default:
			return files, nil
		}
	}
	return nil, fmt.Errorf("model: %s: want one model file, or an encoder and a decoder without past (%s and %s)",
		strings.Join(files, ", "), Encoder, Decoder)
}

// ForDecoding returns the files of a resolved model that decoding runs:
// with cache, decoder_model.onnx with decoder_with_past_model.onnx when
// both are there, else decoder_model_merged.onnx when it is there; without
// cache, decoder_model.onnx when it is there. Files of the other decoder
// roles are left out; files not named as Optimum names them are kept as
// given.
func ForDecoding(files []string, cache bool) []string {
	has := map[string]bool{}
	for _, f := range files {
		has[filepath.Base(f)] = true
	}
	drop := map[string]bool{}
	switch {
	case cache && has[Decoder] && has[DecoderWithPast]:
		drop[DecoderMerged] = true
	case cache && has[DecoderMerged]:
		drop[Decoder], drop[DecoderWithPast] = true, true
	case !cache && has[Decoder]:
		drop[DecoderWithPast], drop[DecoderMerged] = true, true
	}
	var out []string
	for _, f := range files {
		if !drop[filepath.Base(f)] {
			out = append(out, f)
		}
	}
	return out
}

// isFile reports whether p is a regular file (after symlinks).
func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// unwrapPath drops the operation and path an *os.PathError repeats.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
