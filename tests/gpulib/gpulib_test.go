// Package gpulib_test checks ONNX Runtime's CUDA build as `make ort-gpu`
// installs it (.ort/gpu/lib), on a machine without a GPU: the library loads
// through onnxruntime_go, runs models on the CPU provider with the same
// results as the PyTorch references, and a CUDA session that cannot start
// fails with one line naming what is missing. Each case that needs a fresh
// process (one ONNX Runtime library, one set of CUDA libraries per process)
// reruns this test binary.
package gpulib_test

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"onnxprune/internal/testset"
	"onnxprune/ortrun"
)

const encoder = "../../models/fixtures/marian/encoder_model.onnx"

// childCase names the case a re-executed test binary runs.
const childCase = "ONNXPRUNE_GPULIB_CASE"

func TestMain(m *testing.M) {
	if c := os.Getenv(childCase); c != "" {
		os.Exit(runChild(c))
	}
	os.Exit(m.Run())
}

// runChild runs one case in a fresh process and prints its result: the
// session error's text, or "ok".
func runChild(c string) int {
	p, err := ortrun.ParseProvider(c)
	if err != nil {
		fmt.Println(err)
		return 2
	}
	s, err := ortrun.NewSession(encoder, ortrun.Options{Provider: p, IntraOpThreads: 1})
	if err != nil {
		fmt.Println(err)
		return 1
	}
	s.Close()
	fmt.Println("ok")
	return 0
}

func child(t *testing.T, provider string, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), append(env, childCase+"="+provider)...)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// TestCPUThroughCUDABuild runs the Marian encoder fixture on the CPU provider
// of the CUDA build and compares it with the PyTorch reference outputs.
func TestCPUThroughCUDABuild(t *testing.T) {
	if err := ortrun.InitFor("", ortrun.CUDA); err != nil {
		t.Fatalf("%v (make test runs `make ort-gpu` first)", err)
	}
	if lib := ortrun.Library(); !strings.HasSuffix(lib, filepath.FromSlash(ortrun.DefaultGPULibrary)) {
		t.Fatalf("loaded %s, want the CUDA build %s", lib, ortrun.DefaultGPULibrary)
	}
	s, err := ortrun.NewSession(encoder, ortrun.Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	set, err := testset.Read(filepath.Join(strings.TrimSuffix(encoder, ".onnx"), "test_data_set_0"))
	if err != nil {
		t.Fatal(err)
	}
	names := set.OutputNames()
	got, err := s.Run(set.Inputs, names)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		g, w := got[n].F32, set.Outputs[n].F32
		if len(g) != len(w) || len(g) == 0 {
			t.Fatalf("%s: %d values, want %d", n, len(g), len(w))
		}
		worst := 0.0
		for i := range g {
			worst = math.Max(worst, math.Abs(float64(g[i]-w[i])))
		}
		if worst > 1e-5 {
			t.Errorf("%s: max |ORT CUDA build on CPU − PyTorch| = %.3g > 1e-5", n, worst)
		}
		t.Logf("%s: max |ORT CUDA build on CPU − PyTorch| = %.3g", n, worst)
	}
}

// TestCUDAWithoutCUDALibraries asks for CUDA with an empty CUDA library
// folder: the provider cannot load libcublasLt.so.12, and the error says so
// in one line, with the command that installs it.
func TestCUDAWithoutCUDALibraries(t *testing.T) {
	out, err := child(t, "cuda", ortrun.EnvCUDALibs+"="+t.TempDir())
	if err == nil {
		t.Fatalf("CUDA session started without CUDA libraries: %s", out)
	}
	for _, want := range []string{"libcublasLt.so.12", "CUDA_LIBS=pip make ort-gpu", "cuda"} {
		if !strings.Contains(out, want) {
			t.Errorf("error %q does not mention %q", out, want)
		}
	}
	if strings.Count(out, "\n") > 0 {
		t.Errorf("error is not one line: %q", out)
	}
}

// TestCUDAWithCUDALibrariesNoDriver runs where `CUDA_LIBS=pip make ort-gpu`
// installed the CUDA 12 libraries: they load from .ort/gpu/cuda, so what is
// missing on a machine without a GPU is the driver, and the error names it.
func TestCUDAWithCUDALibrariesNoDriver(t *testing.T) {
	dir := filepath.Join("..", "..", filepath.FromSlash(ortrun.DefaultCUDALibs))
	if _, err := os.Stat(filepath.Join(dir, "libcublasLt.so.12")); err != nil {
		t.Skipf("CUDA 12 libraries not installed (CUDA_LIBS=pip make ort-gpu): %v", err)
	}
	if _, err := exec.LookPath("nvidia-smi"); err == nil {
		t.Skip("this machine has an NVIDIA driver; scripts/gpu-check.sh covers it")
	}
	out, err := child(t, "cuda")
	if err == nil {
		t.Fatalf("CUDA session started without a driver: %s", out)
	}
	if !strings.Contains(out, "libcuda.so.1") || !strings.Contains(out, "driver") {
		t.Errorf("error %q does not name the missing driver libcuda.so.1", out)
	}
}

// TestTensorRTNamesTensorRT asks for TensorRT, which `make ort-gpu` does not
// install: the error names TensorRT's library.
func TestTensorRTNamesTensorRT(t *testing.T) {
	out, err := child(t, "tensorrt", ortrun.EnvCUDALibs+"="+t.TempDir())
	if err == nil {
		t.Fatalf("TensorRT session started: %s", out)
	}
	if !strings.Contains(out, ".so") || !strings.Contains(out, "tensorrt") {
		t.Errorf("error %q names no missing library", out)
	}
}
