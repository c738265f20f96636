package safefile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to a temporary file in path's folder, gives it
// mode 0644, syncs it and renames it to path, so that path holds the old
// content or the new one, never a part; on error the temporary file is
// removed. Errors read `PATH: cause`, left for the caller to prefix with its
// package. (onnxio's Save does the same for models, and keeps the mode of
// the file it replaces.) Anything at path but a regular file (a symlink, a
// device, a named pipe) is never replaced (CheckReplaceable).
func WriteFileAtomic(path string, data []byte) error {
	return WriteAtomic(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomic is WriteFileAtomic with the content streamed by write into a
// buffered writer of the temporary file, so that a large content need not
// be held in memory whole.
func WriteAtomic(path string, write func(w io.Writer) error) error {
	if _, err := CheckReplaceable(path); err != nil {
		return fmt.Errorf("%s: refused: %w", path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		bw := bufio.NewWriterSize(f, 1<<20)
		if err = write(bw); err == nil {
			err = bw.Flush()
		}
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
