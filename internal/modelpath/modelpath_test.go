package modelpath

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// touch writes an empty file at each path.
func touch(t *testing.T, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFolderEqualsItsFiles: a folder resolves to the same files as naming
// them one by one, and so does every selection made from them.
func TestFolderEqualsItsFiles(t *testing.T) {
	for _, names := range [][]string{
		{Encoder, Decoder, DecoderWithPast, DecoderMerged},
		{Encoder, Decoder, DecoderWithPast},
		{Encoder, Decoder},
		{Encoder, DecoderMerged},
		{Encoder, Decoder, DecoderMerged},
		{Single},
	} {
		dir := t.TempDir()
		var named []string
		for _, n := range names {
			named = append(named, filepath.Join(dir, n))
		}
		touch(t, named...)
		if len(names) > 1 {
			touch(t, filepath.Join(dir, Single)) // an Optimum folder may hold a model.onnx too
		}
		byFolder, err := Resolve([]string{dir})
		if err != nil {
			t.Fatalf("%v: %v", names, err)
		}
		byFiles, err := Resolve(named)
		if err != nil {
			t.Fatalf("%v: %v", names, err)
		}
		if !slices.Equal(byFolder, byFiles) || !slices.Equal(byFolder, named) {
			t.Errorf("%v: folder gives %v, the files %v", names, byFolder, byFiles)
		}
		for _, cache := range []bool{true, false} {
			if a, b := ForDecoding(byFolder, cache), ForDecoding(byFiles, cache); !slices.Equal(a, b) {
				t.Errorf("%v cache=%v: decoding picks %v from the folder, %v from the files", names, cache, a, b)
			}
		}
		a, errA := JoinPair(byFolder, false)
		b, errB := JoinPair(byFiles, false)
		if !slices.Equal(a, b) || (errA == nil) != (errB == nil) {
			t.Errorf("%v: joined pair %v (%v) from the folder, %v (%v) from the files", names, a, errA, b, errB)
		}
	}
}

func TestForDecoding(t *testing.T) {
	all := []string{Encoder, Decoder, DecoderWithPast, DecoderMerged}
	for _, tc := range []struct {
		files []string
		cache bool
		want  []string
	}{
		{all, true, []string{Encoder, Decoder, DecoderWithPast}},
		{all, false, []string{Encoder, Decoder}},
		{[]string{Encoder, Decoder, DecoderMerged}, true, []string{Encoder, DecoderMerged}},
		{[]string{Encoder, DecoderMerged}, false, []string{Encoder, DecoderMerged}},
		{[]string{"enc.onnx", "dec.onnx"}, true, []string{"enc.onnx", "dec.onnx"}},
	} {
		if got := ForDecoding(tc.files, tc.cache); !slices.Equal(got, tc.want) {
			t.Errorf("ForDecoding(%v, %v) = %v, want %v", tc.files, tc.cache, got, tc.want)
		}
	}
}

func TestJoinPair(t *testing.T) {
	for _, tc := range []struct {
		files  []string
		merged bool
		want   []string
	}{
		{[]string{"m.onnx"}, false, []string{"m.onnx"}},
		{[]string{"enc.onnx", "dec.onnx"}, false, []string{"enc.onnx", "dec.onnx"}},
		{[]string{"d/" + Encoder, "d/" + Decoder, "d/" + DecoderWithPast}, false, []string{"d/" + Encoder, "d/" + Decoder}},
		{[]string{"d/" + Encoder, "d/" + DecoderMerged}, false, nil},
		{[]string{"d/" + Encoder, "d/" + DecoderMerged}, true, []string{"d/" + Encoder, "d/" + DecoderMerged}},
		{[]string{"d/" + Encoder, "d/" + DecoderWithPast}, true, nil},
		{[]string{"a.onnx", "b.onnx", "c.onnx"}, true, nil},
	} {
		got, err := JoinPair(tc.files, tc.merged)
		if tc.want == nil {
			if err == nil || !strings.Contains(err.Error(), tc.files[0]) {
				t.Errorf("JoinPair(%v) = %v, %v; want an error naming the files", tc.files, got, err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("JoinPair(%v) = %v, %v; want %v", tc.files, got, err, tc.want)
		}
	}
}

// TestRejections: each refused path gives one line naming it.
func TestRejections(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	lone := filepath.Join(dir, "lone")
	for _, d := range []string{empty, lone} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	touch(t, filepath.Join(lone, Encoder))
	missing := filepath.Join(dir, "missing.onnx")
	for _, tc := range []struct {
		args []string
		path string
		want string
	}{
		{nil, "", "no files given"},
		{[]string{missing}, missing, "no such file or folder"},
		{[]string{empty}, empty, "folder without a model"},
		{[]string{lone}, lone, "without " + Decoder},
		{[]string{"/dev/null"}, "/dev/null", "not a regular file"},
	} {
		_, err := Resolve(tc.args)
		if err == nil {
			t.Errorf("Resolve(%v): no error", tc.args)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tc.path) || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("Resolve(%v): %q; want one line naming %q with %q", tc.args, msg, tc.path, tc.want)
		}
	}
}
