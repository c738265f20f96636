package pipeline

import (
	"strings"
	"testing"

	"onnxprune/internal/modelpath"
)

// TestCheckFeatures: before any stage runs, a speech encoder refuses a
// text test source, a text model refuses features, and features of the
// encoder's shape pass.
func TestCheckFeatures(t *testing.T) {
	const whisper = "../models/fixtures/whisper"
	for _, tc := range []struct {
		model, test, want string
	}{
		{whisper, whisper + "/targets.ids", "give the test source as a .npy file"},
		{"../models/planted/planted_ungated.onnx", whisper + "/features.npy", "no file of the model reads float features"},
		{whisper, whisper + "/features.npy", ""},
	} {
		files, err := modelpath.Resolve([]string{tc.model})
		if err != nil {
			t.Fatal(err)
		}
		model, err := loadModel(files, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		r := &runner{c: Config{Test: [2]string{tc.test, ""}}, files: files, model: model}
		err = r.checkFeatures()
		closeModel(model)
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s with test source %s: %v; want %q", tc.model, tc.test, err, tc.want)
		}
	}
}
