//go:build unix

package onnxio

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestExternalNotRegular: external data that is a named pipe (in the
// model's folder) or a device (through a symlink into an allowed
// directory) is refused within a second with an error naming the model and
// the file's type; opening a pipe used to block forever.
func TestExternalNotRegular(t *testing.T) {
	root := t.TempDir()
	modelDir := filepath.Join(root, "model")
	if err := os.MkdirAll(modelDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(modelDir, "pipe.bin"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(modelDir, "zero.bin")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		location string
		allow    []string
		want     string
	}{
		{"pipe.bin", nil, "is a named pipe, not a regular file"},
		{"zero.bin", nil, "outside the model's folder"},
		{"zero.bin", []string{"/dev"}, "is a character device, not a regular file"},
		{"/dev/zero", []string{"/dev"}, "is a character device, not a regular file"},
	} {
		path := externalModel(t, modelDir, c.location, 0, 48)
		done := make(chan error, 1)
		go func() {
			m, err := Load(path, &LoadOptions{AllowDirs: c.allow})
			if err == nil {
				m.Close()
			}
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s allow=%v: error %v, want one naming %s and saying %q", c.location, c.allow, err, path, c.want)
			}
		case <-time.After(time.Second):
			t.Errorf("%s allow=%v: Load still running after a second", c.location, c.allow)
			// Unblock the open by connecting a writer.
			if w, err := os.OpenFile(filepath.Join(modelDir, "pipe.bin"), os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
		}
	}
}
