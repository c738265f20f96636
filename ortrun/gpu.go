package ortrun

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>

static void *ortrun_dlopen_global(const char *path) {
	return dlopen(path, RTLD_NOW | RTLD_GLOBAL);
}

static const char *ortrun_dlerror(void) {
	return dlerror();
}
*/
import "C"

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// DefaultGPULibrary is where `make ort-gpu` installs ONNX Runtime's CUDA
// build, relative to the repository root. It runs the CPU provider too.
const DefaultGPULibrary = ".ort/gpu/lib/libonnxruntime.so.1"

// DefaultCUDALibs is where `CUDA_LIBS=pip make ort-gpu` puts the CUDA 12
// libraries, relative to the repository root.
const DefaultCUDALibs = ".ort/gpu/cuda"

// EnvCUDALibs names a folder of CUDA libraries to load before the CUDA
// provider starts, instead of DefaultCUDALibs.
const EnvCUDALibs = "ONNXPRUNE_CUDA_LIBS"

// CUDAOptions are the CUDA execution provider's settings that users change.
// The zero value keeps ONNX Runtime's defaults.
type CUDAOptions struct {
	// MemLimit caps the provider's memory arena in bytes (0: no cap).
	MemLimit int64
	// ConvAlgoSearch is cuDNN's convolution algorithm search: "exhaustive"
	// (ONNX Runtime's default), "heuristic" or "default" (no search).
	ConvAlgoSearch string
}

// convAlgoSearch maps the accepted spellings to ONNX Runtime's values.
var convAlgoSearch = map[string]string{
	"exhaustive": "EXHAUSTIVE",
	"heuristic":  "HEURISTIC",
	"default":    "DEFAULT",
	"off":        "DEFAULT",
}

// Validate checks the options' values.
func (c CUDAOptions) Validate() error {
	if c.MemLimit < 0 {
		return fmt.Errorf("CUDA memory limit %d < 0", c.MemLimit)
	}
	if c.ConvAlgoSearch != "" {
		if _, ok := convAlgoSearch[strings.ToLower(c.ConvAlgoSearch)]; !ok {
			return fmt.Errorf("cuDNN convolution algorithm search %q: want exhaustive, heuristic or default", c.ConvAlgoSearch)
		}
	}
	return nil
}

// providerValues returns the CUDA provider option keys and values for
// device id and c.
func (c CUDAOptions) providerValues(deviceID int) map[string]string {
	m := map[string]string{"device_id": strconv.Itoa(deviceID)}
	if c.MemLimit > 0 {
		m["gpu_mem_limit"] = strconv.FormatInt(c.MemLimit, 10)
	}
	if c.ConvAlgoSearch != "" {
		m["cudnn_conv_algo_search"] = convAlgoSearch[strings.ToLower(c.ConvAlgoSearch)]
	}
	return m
}

// ParseByteSize reads a size such as "4GiB", "512MiB", "2G", "1500000000" or
// "0" (no limit) as bytes. Decimal (kB, MB, GB) and binary (KiB, MiB, GiB)
// units are accepted; a bare number is bytes.
func ParseByteSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	mult := map[string]float64{"": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9,
		"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30}[strings.ToLower(unit)]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || v < 0 || v*mult > 1<<62 {
		return 0, fmt.Errorf("size %q: want a number of bytes, optionally with a unit (KiB, MiB, GiB, kB, MB, GB)", s)
	}
	return int64(v * mult), nil
}

// isGPU reports whether p needs ONNX Runtime's CUDA build.
func (p Provider) isGPU() bool { return p == CUDA || p == TensorRT }

// cudaLibs loads the CUDA libraries of DefaultCUDALibs (or $EnvCUDALibs)
// once per process, before the first CUDA or TensorRT provider is added.
var cudaLibs struct {
	once   sync.Once
	dir    string
	loaded []string
	err    error
}

// CUDALibraries returns the folder the CUDA libraries were loaded from and
// their file names ("" and none when no such folder exists: the system's
// libraries are used), loading them first if needed.
func CUDALibraries() (string, []string, error) {
	preloadCUDA()
	return cudaLibs.dir, cudaLibs.loaded, cudaLibs.err
}

// preloadCUDA opens every shared library in the CUDA library folder with
// RTLD_GLOBAL. The CUDA provider library finds its dependencies by soname,
// and the dynamic linker reuses a library already loaded under that soname,
// so libraries loaded here by path satisfy it without LD_LIBRARY_PATH (which
// a running process cannot change for itself). Libraries that depend on
// others of the folder are retried until no more can be loaded.
func preloadCUDA() {
	cudaLibs.once.Do(func() {
		dir := os.Getenv(EnvCUDALibs)
		explicit := dir != ""
		if !explicit {
			root, ok := repoRootOfProcess()
			if !ok {
				return
			}
			dir = filepath.Join(root, filepath.FromSlash(DefaultCUDALibs))
		}
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() {
			if explicit {
				cudaLibs.err = fmt.Errorf("$%s=%s is not a folder", EnvCUDALibs, dir)
			}
			return
		}
		cudaLibs.dir = dir
		cudaLibs.loaded, cudaLibs.err = loadAllGlobal(dir)
	})
}

// sharedLibName matches file names of shared libraries (libX.so, libX.so.12).
var sharedLibName = regexp.MustCompile(`^lib.+\.so(\.[0-9]+)*$`)

// loadAllGlobal dlopens every shared library in dir, retrying those whose
// dependencies were not loaded yet. It fails only when a library never
// loads, naming it and the dynamic linker's reason.
func loadAllGlobal(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("CUDA libraries: %w", err)
	}
	var pending []string
	for _, e := range entries {
		if e.Type().IsRegular() && sharedLibName.MatchString(e.Name()) {
			pending = append(pending, e.Name())
		}
	}
	sort.Strings(pending)
	var loaded []string
	reasons := map[string]string{}
	for len(pending) > 0 {
		var next []string
		for _, name := range pending {
			if reason := dlopenGlobal(filepath.Join(dir, name)); reason != "" {
				reasons[name] = reason
				next = append(next, name)
				continue
			}
			loaded = append(loaded, name)
		}
		if len(next) == len(pending) {
			return loaded, fmt.Errorf("CUDA library %s in %s does not load: %s", next[0], dir, reasons[next[0]])
		}
		pending = next
	}
	return loaded, nil
}

// dlopenGlobal loads path with RTLD_NOW|RTLD_GLOBAL and returns "" or the
// dynamic linker's error.
func dlopenGlobal(path string) string {
	cs := C.CString(path)
	defer C.free(unsafe.Pointer(cs))
	if C.ortrun_dlopen_global(cs) != nil {
		return ""
	}
	if msg := C.ortrun_dlerror(); msg != nil {
		return C.GoString(msg)
	}
	return "unknown error"
}

// repoRootOfProcess finds the onnxprune repository above the working
// directory or the executable, as FindLibrary does.
func repoRootOfProcess() (string, bool) {
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		starts = append(starts, filepath.Dir(exe))
	}
	for _, s := range starts {
		if root, ok := findRepoRoot(s); ok {
			return root, true
		}
	}
	return "", false
}

// missingLibrary matches the dynamic linker's "cannot open" message that
// ONNX Runtime passes on when a provider library cannot load.
var missingLibrary = regexp.MustCompile(`([A-Za-z0-9_.+-]+\.so[.0-9]*): cannot open shared object file`)

// explainProviderError turns ONNX Runtime's failure to start a GPU provider
// into one line that names what is missing and how to get it.
func explainProviderError(p Provider, err error) error {
	msg := err.Error()
	m := missingLibrary.FindStringSubmatch(msg)
	if m == nil {
		if strings.Contains(msg, "not enabled in this build") || strings.Contains(msg, "not available in this build") {
			return fmt.Errorf("the ONNX Runtime library %s is a CPU build; run `make ort-gpu` and use %s (or leave %s unset)",
				Library(), DefaultGPULibrary, EnvLibrary)
		}
		return err
	}
	lib := m[1]
	switch {
	case lib == "libcuda.so.1":
		return fmt.Errorf("the NVIDIA driver library libcuda.so.1 is missing: %s needs an NVIDIA GPU with its driver installed", p)
	case strings.HasPrefix(lib, "libnvinfer") || strings.HasPrefix(lib, "libnvonnxparser"):
		return fmt.Errorf("TensorRT 10 library %s is missing: install TensorRT 10 (not fetched by `make ort-gpu`), or use --provider cuda", lib)
	case strings.HasPrefix(lib, "libcu") || strings.HasPrefix(lib, "libnv"):
		return fmt.Errorf("CUDA 12 library %s is missing: run `CUDA_LIBS=pip make ort-gpu` (or install CUDA 12 and cuDNN 9, or set $%s)", lib, EnvCUDALibs)
	}
	return fmt.Errorf("library %s is missing (%s)", lib, firstLine(msg))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
