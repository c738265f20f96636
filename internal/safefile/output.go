package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// CheckReplaceable returns an error when path exists and is anything but a
// regular file (a symlink, a device, a named pipe, a folder): onnxprune
// never replaces one, whatever the flags say.
func CheckReplaceable(path string) (exists bool, err error) {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !st.Mode().IsRegular() {
		return true, fmt.Errorf("output %s is %s; only a regular file is ever replaced", path, Kind(st.Mode()))
	}
	return true, nil
}

// CheckOutput applies the output rule to a file about to be written: a path
// that does not exist is fine; an existing regular file needs overwrite;
// anything else is refused (CheckReplaceable).
func CheckOutput(path string, overwrite bool) error {
	exists, err := CheckReplaceable(path)
	if err != nil {
		return err
	}
	if exists && !overwrite {
		return fmt.Errorf("output %s exists (use --overwrite to replace it)", path)
	}
	return nil
}
