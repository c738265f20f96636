package features

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// npyFile builds a version-1 .npy file with the given header dictionary
// and data bytes, padded as numpy pads it.
func npyFile(dict string, data []byte) []byte {
	h := dict
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	h += "\n"
	b := []byte(npyMagic + "\x01\x00")
	b = binary.LittleEndian.AppendUint16(b, uint16(len(h)))
	b = append(b, h...)
	return append(b, data...)
}

func floats(v ...float32) []byte {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

func write(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The Whisper fixture's features, written by numpy.save: 8 utterances of
// 8 mel bins × 32 frames, standard normal draws.
func TestReadFixture(t *testing.T) {
	f, err := Read(filepath.Join("..", "..", "models", "fixtures", "whisper", "features.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if f.N != 8 || f.Mel != 8 || f.Frames != 32 || len(f.Data) != 8*8*32 {
		t.Fatalf("shape %d×%d×%d, %d values; want 8×8×32", f.N, f.Mel, f.Frames, len(f.Data))
	}
	var sum, sq float64
	for _, v := range f.Data {
		sum += float64(v)
		sq += float64(v) * float64(v)
	}
	mean, sd := sum/float64(len(f.Data)), math.Sqrt(sq/float64(len(f.Data)))
	if math.Abs(mean) > 0.15 || sd < 0.85 || sd > 1.15 {
		t.Errorf("mean %.3f, rms %.3f: not standard normal draws", mean, sd)
	}
	if err := f.Check("input_features", []int64{-1, 8, 32}); err != nil {
		t.Error(err)
	}
	if err := f.Check("input_features", []int64{-1, 80, -1}); err == nil || !strings.Contains(err.Error(), "8 mel bins per frame, but input_features takes 80") {
		t.Errorf("mel mismatch: %v", err)
	}
	if err := f.Check("input_features", []int64{-1, 8, 3000}); err == nil || !strings.Contains(err.Error(), "32 frames per utterance") {
		t.Errorf("frames mismatch: %v", err)
	}
}

func TestReadRoundTrip(t *testing.T) {
	p := write(t, "a.npy", npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 1, 3), }", floats(1, 2, 3, 4, 5, 6)))
	f, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if f.N != 2 || f.Mel != 1 || f.Frames != 3 || f.Row(1)[2] != 6 || f.Row(0)[0] != 1 {
		t.Errorf("got %+v", f)
	}
}

// Every malformed file is refused in one line naming it and the fault.
func TestReadRefuses(t *testing.T) {
	ok := "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 2), }"
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "shorter than its 8-byte preamble"},
		{"text", []byte("1 2 3\n4 5 6\n"), "does not start with \\x93NUMPY"},
		{"version", append([]byte(npyMagic+"\x07\x00"), 0, 0), "version 7.0"},
		{"header cut", append([]byte(npyMagic+"\x01\x00"), 200, 0, '{'), "file ends before its 200 bytes"},
		{"not dict", npyFile("[1, 2]", nil), "not a dictionary literal"},
		{"no shape", npyFile("{'descr': '<f4', 'fortran_order': False, }", nil), `no "shape"`},
		{"bad shape", npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (1, x), }", nil), "shape: want a non-negative integer"},
		{"key", npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), 'x': 1}", nil), `unknown key "x"`},
		{"float64", npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 1, 2), }", floats(1, 2, 3, 4)), `dtype "<f8" is not little-endian float32`},
		{"big endian", npyFile("{'descr': '>f4', 'fortran_order': False, 'shape': (1, 1, 2), }", floats(1, 2)), `dtype ">f4"`},
		{"fortran", npyFile("{'descr': '<f4', 'fortran_order': True, 'shape': (1, 1, 2), }", floats(1, 2)), "Fortran order"},
		{"rank", npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 1), }", floats(1, 2)), "shape [2, 1] is not [utterances, mel bins, frames]"},
		{"zero", npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 8, 32), }", nil), "holds no features"},
		{"short", npyFile(ok, floats(1)), "ends after 4 of the 8 bytes"},
		{"long", npyFile(ok, floats(1, 2, 3)), "more data than the 8 bytes"},
		{"nan", npyFile(ok, floats(1, float32(math.NaN()))), "utterance 1 holds NaN"},
		{"huge", npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000, 100000), }", nil), "more than 512 MiB"},
	} {
		p := write(t, c.name+".npy", c.data)
		_, err := Read(p)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), p) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v; want one line starting with the path and containing %q", c.name, err, c.want)
		}
	}
}

func TestIsFile(t *testing.T) {
	for p, want := range map[string]bool{"a.npy": true, "dir/B.NPY": true, "a.en": false, "a.npy.txt": false, "a.ids": false} {
		if IsFile(p) != want {
			t.Errorf("IsFile(%q) = %v", p, !want)
		}
	}
}
