package features

import (
	"fmt"
	"math"
	"strings"

	"onnxprune/internal/safefile"
)

// Features are the float32 features of N utterances, each Mel × Frames,
// read from Path.
type Features struct {
	Path           string
	N, Mel, Frames int
	Data           []float32
}

// Ext is the file name ending that marks a source file as features.
const Ext = ".npy"

// IsFile reports whether a source path names a features file (it ends in
// ".npy") rather than text or token ids.
func IsFile(path string) bool { return strings.HasSuffix(strings.ToLower(path), Ext) }

// Row returns the Mel × Frames features of utterance i (0-based), laid out
// mel-major as in the file.
func (f *Features) Row(i int) []float32 {
	n := f.Mel * f.Frames
	return f.Data[i*n : (i+1)*n]
}

// Read reads a .npy file holding a float32 array [utterances, mel bins,
// frames] in C order. The file may be a pipe; its data may take at most
// safefile.TextLimit bytes, checked against the header before reading.
func Read(path string) (*Features, error) {
	limit, err := safefile.TextLimit()
	if err != nil {
		return nil, err
	}
	r, err := safefile.OpenInput(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	h, err := readNPYHeader(r, path)
	if err != nil {
		return nil, err
	}
	switch {
	case h.descr != "<f4":
		return nil, fmt.Errorf("%s: dtype %q is not little-endian float32 ('<f4'): save the features with .astype(numpy.float32)", path, h.descr)
	case h.fortran:
		return nil, fmt.Errorf("%s: the array is in Fortran order: save it in C order (numpy.ascontiguousarray)", path)
	case len(h.shape) != 3:
		return nil, fmt.Errorf("%s: shape %s is not [utterances, mel bins, frames]", path, DimsString(h.shape))
	}
	n := int64(4)
	for _, d := range h.shape {
		if d == 0 {
			return nil, fmt.Errorf("%s: shape %s holds no features", path, DimsString(h.shape))
		}
		if d > limit || n*d > limit {
			return nil, &safefile.LimitError{Path: path, What: "one input", Limit: limit, Hint: "set " + safefile.EnvMaxInputMB + " to raise it"}
		}
		n *= d
	}
	data, err := readFloat32(r, path, n/4)
	if err != nil {
		return nil, err
	}
	f := &Features{Path: path, N: int(h.shape[0]), Mel: int(h.shape[1]), Frames: int(h.shape[2]), Data: data}
	for i := 0; i < f.N; i++ {
		for _, v := range f.Row(i) {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("%s: utterance %d holds %v: features must be finite", path, i+1, v)
			}
		}
	}
	return f, nil
}

// Check compares the features with the model input that reads them, whose
// declared dims are [batch, mel bins, frames] (-1 where symbolic): the mel
// bins, and the frames where the model fixes them, must match. what names
// the input in the error ("encoder_model.onnx input input_features").
func (f *Features) Check(what string, dims []int64) error {
	if len(dims) != 3 {
		return fmt.Errorf("%s: %s has rank %d, not [batch, mel bins, frames]", f.Path, what, len(dims))
	}
	if dims[1] >= 0 && int64(f.Mel) != dims[1] {
		return fmt.Errorf("%s: %d mel bins per frame, but %s takes %d (shape %s)", f.Path, f.Mel, what, dims[1], DimsString(dims))
	}
	if dims[2] >= 0 && int64(f.Frames) != dims[2] {
		return fmt.Errorf("%s: %d frames per utterance, but %s takes %d (shape %s)", f.Path, f.Frames, what, dims[2], DimsString(dims))
	}
	return nil
}

// DimsString writes a shape as [8, 80, 3000], with "?" for -1.
func DimsString(dims []int64) string {
	var s []string
	for _, d := range dims {
		if d < 0 {
			s = append(s, "?")
		} else {
			s = append(s, fmt.Sprint(d))
		}
	}
	return "[" + strings.Join(s, ", ") + "]"
}
