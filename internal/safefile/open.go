package safefile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Sizes in bytes, for limits and their messages.
const (
	KiB = 1 << 10
	MiB = 1 << 20
	GiB = 1 << 30
)

// DocumentLimit bounds a file read whole: a tokenizer, gates.json, a
// configuration file, a config.json beside a model.
const DocumentLimit = 64 * MiB

// LimitError reports a file that passed a size limit.
type LimitError struct {
	Path string
	// What is the limit's subject, e.g. "one line" or "a document".
	What  string
	Limit int64
	// Hint tells how to raise the limit ("" when it is fixed).
	Hint string
}

func (e *LimitError) Error() string {
	msg := fmt.Sprintf("%s: more than %s (the limit for %s", e.Path, FormatSize(e.Limit), e.What)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg + ")"
}

// FormatSize writes n bytes in the largest binary unit that divides it
// evenly: "64 MiB", "1536 KiB", "100 bytes".
func FormatSize(n int64) string {
	switch {
	case n >= GiB && n%GiB == 0:
		return fmt.Sprintf("%d GiB", n/GiB)
	case n >= MiB && n%MiB == 0:
		return fmt.Sprintf("%d MiB", n/MiB)
	case n >= KiB && n%KiB == 0:
		return fmt.Sprintf("%d KiB", n/KiB)
	}
	return fmt.Sprintf("%d bytes", n)
}

// NotRegularError reports a file that is not a regular file where only a
// regular file is accepted.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file (refused)", e.Path, Kind(e.Mode))
}

// Kind names the type of a file mode: "a regular file", "a named pipe",
// "a directory", …
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m&fs.ModeDir != 0:
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a special file"
}

// OpenRegular opens path read-only when it is a regular file (symlinks
// followed). The type is checked before the file is opened, so a named pipe
// or a device is never opened; the open itself does not block (O_NONBLOCK,
// where the system has it), and the opened file's type is checked again, so
// a file swapped for a pipe in between is refused too.
func OpenRegular(path string) (*os.File, fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	f, err := os.OpenFile(path, openRegularFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	fst, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !fst.Mode().IsRegular() {
		f.Close()
		return nil, nil, &NotRegularError{Path: path, Mode: fst.Mode()}
	}
	return f, fst, nil
}

// ReadRegular reads the regular file at path whole (see OpenRegular); a
// file larger than limit bytes is refused before it is read.
func ReadRegular(path string, limit int64, what string) ([]byte, error) {
	f, st, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, &LimitError{Path: path, What: what, Limit: limit}
	}
	return readLimited(f, path, limit, what, "")
}

// readLimited reads r to its end, failing once it passes limit bytes.
func readLimited(r io.Reader, path string, limit int64, what, hint string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, &LimitError{Path: path, What: what, Limit: limit, Hint: hint}
	}
	return data, nil
}
