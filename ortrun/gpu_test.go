package ortrun

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseByteSize(t *testing.T) {
	good := map[string]int64{"0": 0, "1500": 1500, "4GiB": 4 << 30, "512MiB": 512 << 20, "2G": 2e9, "1.5 GB": 1.5e9, "64kB": 64e3, "8 KiB": 8 << 10}
	for in, want := range good {
		got, err := ParseByteSize(in)
		if err != nil || got != want {
			t.Errorf("ParseByteSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "GiB", "-1", "4XB", "1e999", "12 parsecs"} {
		if _, err := ParseByteSize(in); err == nil {
			t.Errorf("ParseByteSize(%q) accepted", in)
		}
	}
}

func TestCUDAOptions(t *testing.T) {
	o := CUDAOptions{MemLimit: 2 << 30, ConvAlgoSearch: "Heuristic"}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"device_id": "1", "gpu_mem_limit": "2147483648", "cudnn_conv_algo_search": "HEURISTIC"}
	if got := o.providerValues(1); !reflect.DeepEqual(got, want) {
		t.Errorf("providerValues = %v, want %v", got, want)
	}
	if got := (CUDAOptions{ConvAlgoSearch: "off"}).providerValues(0)["cudnn_conv_algo_search"]; got != "DEFAULT" {
		t.Errorf("off → %q, want DEFAULT", got)
	}
	if got := (CUDAOptions{}).providerValues(0); !reflect.DeepEqual(got, map[string]string{"device_id": "0"}) {
		t.Errorf("zero options give %v, want only device_id", got)
	}
	for _, bad := range []CUDAOptions{{MemLimit: -1}, {ConvAlgoSearch: "fastest"}} {
		if err := bad.Validate(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

func TestExplainProviderError(t *testing.T) {
	cases := map[string]string{
		"Failed to load library libonnxruntime_providers_cuda.so with error: libcublasLt.so.12: cannot open shared object file: No such file or directory": "CUDA 12 library libcublasLt.so.12 is missing: run `CUDA_LIBS=pip make ort-gpu`",
		"Failed to load library libonnxruntime_providers_cuda.so with error: libcuda.so.1: cannot open shared object file: No such file or directory":      "NVIDIA driver library libcuda.so.1 is missing",
		"Failed to load library libonnxruntime_providers_tensorrt.so with error: libnvinfer.so.10: cannot open shared object file":                         "TensorRT 10 library libnvinfer.so.10 is missing",
	}
	for in, want := range cases {
		got := explainProviderError(CUDA, errString(in)).Error()
		if !strings.Contains(got, want) || strings.Contains(got, "\n") {
			t.Errorf("explain(%q) = %q, want one line containing %q", in, got, want)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

// TestLoadAllGlobalOrder builds two shared libraries, libfirst.so needing
// libsecond.so by soname, in a folder that is not on the linker's path:
// loadAllGlobal must load libsecond.so by path, then libfirst.so through it
// (the order that the CUDA libraries need), and name a library that can
// never load.
func TestLoadAllGlobalOrder(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Fatalf("no C compiler (cgo needs one): %v", err)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	build := func(args ...string) {
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("cc %v: %v\n%s", args, err, out)
		}
	}
	second := write("second.c", "int ortrun_second(void) { return 2; }\n")
	first := write("first.c", "int ortrun_second(void);\nint ortrun_first(void) { return ortrun_second() + 1; }\n")
	libs := filepath.Join(dir, "libs")
	if err := os.Mkdir(libs, 0o755); err != nil {
		t.Fatal(err)
	}
	build("-shared", "-fPIC", "-Wl,-soname,libsecond.so", "-o", filepath.Join(libs, "libsecond.so"), second)
	// libfirst sorts before libsecond, so the first pass cannot load it.
	build("-shared", "-fPIC", "-o", filepath.Join(libs, "libfirst.so"), first, "-L"+libs, "-lsecond")
	loaded, err := loadAllGlobal(libs)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"libsecond.so", "libfirst.so"}; !reflect.DeepEqual(loaded, want) {
		t.Errorf("loaded %v, want %v", loaded, want)
	}

	broken := filepath.Join(dir, "broken")
	if err := os.Mkdir(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	// A library whose dependency is nowhere: named with the linker's reason.
	build("-shared", "-fPIC", "-Wl,-soname,libnowhere.so", "-o", filepath.Join(dir, "libnowhere.so"), second)
	build("-shared", "-fPIC", "-o", filepath.Join(broken, "libneedsnowhere.so"), first, filepath.Join(dir, "libnowhere.so"))
	if err := os.Remove(filepath.Join(dir, "libnowhere.so")); err != nil {
		t.Fatal(err)
	}
	_, err = loadAllGlobal(broken)
	if err == nil || !strings.Contains(err.Error(), "libneedsnowhere.so") || !strings.Contains(err.Error(), "libnowhere.so") {
		t.Errorf("err = %v, want one naming libneedsnowhere.so and its missing libnowhere.so", err)
	}
}
