package ortrun

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// envTelemetryChild makes the test binary, run again by
// TestNoTelemetryFiles, only load the library and exit.
const envTelemetryChild = "ONNXPRUNE_TEST_TELEMETRY_CHILD"

// TestNoTelemetryFiles: a process that loads ONNX Runtime through Init
// leaves no mat-debug-PID.log in its temporary folder and no telemetry
// cache under its home folder (ONNX Runtime 1.30 created both). The loading
// runs in a child process with a fresh TMPDIR and HOME.
func TestNoTelemetryFiles(t *testing.T) {
	if os.Getenv(envTelemetryChild) != "" {
		if err := Init(""); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	lib, _, err := FindLibrary("")
	if err != nil {
		t.Fatal(err)
	}
	tmp, home := t.TempDir(), t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestNoTelemetryFiles$")
	cmd.Env = append(os.Environ(), envTelemetryChild+"=1", "TMPDIR="+tmp, "HOME="+home, EnvLibrary+"="+lib)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	for _, p := range []string{
		filepath.Join(tmp, fmt.Sprintf("mat-debug-%d.log", cmd.Process.Pid)),
		filepath.Join("/tmp", fmt.Sprintf("mat-debug-%d.log", cmd.Process.Pid)),
		filepath.Join(home, ".cache", "Microsoft"),
	} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("loading ONNX Runtime created %s", p)
		}
	}
}
