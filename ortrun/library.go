package ortrun

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	ort "github.com/yalue/onnxruntime_go"
)

// EnvLibrary is the environment variable that names the ONNX Runtime shared
// library when no explicit path is given.
const EnvLibrary = "ONNXPRUNE_ORT_LIB"

// EnvDisableTelemetry is the variable that turns off ONNX Runtime's
// telemetry on Linux and macOS; Init sets it to 1 before the library
// initialises. ONNX Runtime 1.30 (the npm onnxruntime-node build `make ort`
// installs) otherwise starts the 1DS telemetry client in every process that
// loads it: the client creates (and truncates) $TMPDIR/mat-debug-PID.log,
// following a symlink planted at that name, and keeps a device id and an
// event database under ~/.cache/Microsoft/DeveloperTools/.onnxruntime.
const EnvDisableTelemetry = "ORT_DISABLE_TELEMETRY"

// DefaultLibrary is where `make ort` installs the library, relative to the
// repository root.
const DefaultLibrary = ".ort/lib/libonnxruntime.so.1"

// moduleName is the module path in the repository's go.mod; FindLibrary walks
// up to the folder whose go.mod declares it.
const moduleName = "onnxprune"

// The ONNX Runtime environment is process-wide: onnxruntime_go keeps one
// library handle and one OrtEnv. env guards both.
var env struct {
	mu     sync.Mutex
	path   string      // library the environment was created from; "" before Init
	info   fs.FileInfo // its stat, to compare later requests with os.SameFile
	origin string      // how path was chosen, for messages
}

// FindLibrary returns the ONNX Runtime shared library to load and says where
// the choice came from. The order is: explicit (a flag or Options.Library),
// the ONNXPRUNE_ORT_LIB environment variable, then DefaultLibrary under the
// repository root, found by walking up from the working directory and from the
// executable's folder to the folder whose go.mod declares module onnxprune, and
// finally libonnxruntime.so.1 next to the executable. An explicit or
// environment path that does not exist is an error; it is never silently
// replaced by another library.
func FindLibrary(explicit string) (path, origin string, err error) {
	return findLibrary(explicit, false)
}

// FindLibraryFor is FindLibrary for a process that will use the given
// providers: when one of them is CUDA or TensorRT and no library is named
// explicitly or by $ONNXPRUNE_ORT_LIB, it chooses the CUDA build that
// `make ort-gpu` installs (DefaultGPULibrary), and fails saying so when that
// is not installed; it never falls back to the CPU build.
func FindLibraryFor(explicit string, providers ...Provider) (path, origin string, err error) {
	gpu := false
	for _, p := range providers {
		gpu = gpu || p.isGPU()
	}
	return findLibrary(explicit, gpu)
}

func findLibrary(explicit string, gpu bool) (path, origin string, err error) {
	if explicit != "" {
		return checkLibrary(explicit, "explicit path")
	}
	if p := os.Getenv(EnvLibrary); p != "" {
		return checkLibrary(p, "$"+EnvLibrary)
	}
	if gpu {
		root, ok := repoRootOfProcess()
		if !ok {
			return "", "", fmt.Errorf("ortrun: a GPU provider needs ONNX Runtime's CUDA build: no onnxprune repository found above the working directory or the executable; set %s to its libonnxruntime.so.1", EnvLibrary)
		}
		p := filepath.Join(root, filepath.FromSlash(DefaultGPULibrary))
		if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
			return "", "", fmt.Errorf("ortrun: a GPU provider needs ONNX Runtime's CUDA build, not installed at %s; run `make ort-gpu` (and `CUDA_LIBS=pip make ort-gpu` on a machine without CUDA 12)", p)
		}
		return p, "CUDA build in repository " + root, nil
	}
	var tried []string
	try := func(p string) (string, bool) {
		tried = append(tried, p)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, true
		}
		return "", false
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	exeDir := ""
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		exeDir = filepath.Dir(exe)
		starts = append(starts, exeDir)
	}
	for _, start := range starts {
		if root, ok := findRepoRoot(start); ok {
			if p, ok := try(filepath.Join(root, filepath.FromSlash(DefaultLibrary))); ok {
				return p, "repository " + root, nil
			}
		}
	}
	if exeDir != "" {
		if p, ok := try(filepath.Join(exeDir, "libonnxruntime.so.1")); ok {
			return p, "next to the executable", nil
		}
	}
	where := "no onnxprune repository found above the working directory or the executable"
	if len(tried) > 0 {
		where = "tried " + strings.Join(dedupe(tried), ", ")
	}
	return "", "", fmt.Errorf("ortrun: ONNX Runtime library not found (%s); run `make ort` in the onnxprune repository, or set %s or the library option to a libonnxruntime.so.1", where, EnvLibrary)
}

// checkLibrary returns p, made absolute, when it is an existing regular file.
func checkLibrary(p, origin string) (string, string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", "", fmt.Errorf("ortrun: ONNX Runtime library %q (%s): %w", p, origin, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", "", fmt.Errorf("ortrun: ONNX Runtime library %s (%s) does not exist; run `make ort` or point to a libonnxruntime.so.1", abs, origin)
		}
		return "", "", fmt.Errorf("ortrun: ONNX Runtime library %s (%s): %w", abs, origin, err)
	}
	if !st.Mode().IsRegular() {
		return "", "", fmt.Errorf("ortrun: ONNX Runtime library %s (%s) is not a regular file", abs, origin)
	}
	return abs, origin, nil
}

// findRepoRoot walks up from dir to the first folder whose go.mod declares
// module onnxprune.
func findRepoRoot(dir string) (string, bool) {
	dir = filepath.Clean(dir)
	for {
		if modulePath(filepath.Join(dir, "go.mod")) == moduleName {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// modulePath returns the module path declared in the go.mod file at path, or
// "" when the file is missing or declares none.
func modulePath(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		rest, ok := strings.CutPrefix(line, "module")
		if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
			continue
		}
		return strings.Trim(strings.TrimSpace(rest), `"`+"`")
	}
	return ""
}

func dedupe(xs []string) []string {
	seen := make(map[string]bool, len(xs))
	out := xs[:0:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// Init loads the ONNX Runtime library and creates the process-wide ONNX
// Runtime environment. library is an explicit path or "" for FindLibrary's
// search. Init may be called any number of times from any goroutine: the first
// successful call loads the library; later calls return nil when they resolve
// to the same file (or pass "" with no environment variable set), and an error
// when they ask for a different library, since one process can hold only one.
// A failed call loads nothing, so a later call may try another path.
func Init(library string) error {
	return InitFor(library)
}

// InitFor is Init for a process that will use the given providers: with a
// GPU provider among them and no library named, it loads the CUDA build (see
// FindLibraryFor). Call it before the first session when a command uses
// several providers, so that one library serves them all. A GPU provider
// asked for after the CPU build was loaded fails when its session is made,
// naming the library.
func InitFor(library string, providers ...Provider) error {
	env.mu.Lock()
	defer env.mu.Unlock()
	return initLocked(library, providers)
}

func initLocked(library string, providers []Provider) error {
	if env.path != "" && library == "" && os.Getenv(EnvLibrary) == "" {
		return nil
	}
	path, origin, err := FindLibraryFor(library, providers...)
	if err != nil {
		return err
	}
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("ortrun: ONNX Runtime library %s: %w", path, err)
	}
	if env.path != "" {
		if os.SameFile(st, env.info) {
			return nil
		}
		return fmt.Errorf("ortrun: ONNX Runtime is already loaded from %s (%s); cannot also load %s (%s) in the same process", env.path, env.origin, path, origin)
	}
	// Set before the library initialises: it reads the variable once.
	if err := os.Setenv(EnvDisableTelemetry, "1"); err != nil {
		return fmt.Errorf("ortrun: turning off ONNX Runtime telemetry: %w", err)
	}
	ort.SetSharedLibraryPath(path)
	if err := ort.InitializeEnvironment(ort.WithLogLevelError()); err != nil {
		return fmt.Errorf("ortrun: loading ONNX Runtime library %s (%s): %w", path, origin, err)
	}
	env.path, env.info, env.origin = path, st, origin
	return nil
}

// Library returns the path of the loaded ONNX Runtime library, or "" before
// Init has succeeded.
func Library() string {
	env.mu.Lock()
	defer env.mu.Unlock()
	return env.path
}

// Version returns the version string of the loaded ONNX Runtime library (for
// example "1.30.0"), loading it first with FindLibrary's search if needed.
func Version() (string, error) {
	if err := Init(""); err != nil {
		return "", err
	}
	return ort.GetVersion(), nil
}
