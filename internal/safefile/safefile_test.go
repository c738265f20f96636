package safefile

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// quick is how long a refusal may take: a check that waits on a pipe would
// take forever.
const quick = time.Second

// TestOpenRegularRefuses: named pipes, devices and folders are refused
// before they are opened, quickly, with an error naming the file and its
// type; a regular file (also through a symlink) opens.
func TestOpenRegularRefuses(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	reg := filepath.Join(dir, "reg")
	if err := os.WriteFile(reg, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(reg, link); err != nil {
		t.Fatal(err)
	}
	zlink := filepath.Join(dir, "zero")
	if err := os.Symlink("/dev/zero", zlink); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{fifo, "a named pipe"},
		{"/dev/zero", "a character device"},
		{zlink, "a character device"},
		{dir, "a directory"},
	} {
		start := time.Now()
		f, _, err := OpenRegular(c.path)
		if err == nil {
			f.Close()
			t.Errorf("%s: opened", c.path)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.path) {
			t.Errorf("%s: error %q, want it to name the file and say %q", c.path, err, c.want)
		}
		if d := time.Since(start); d > quick {
			t.Errorf("%s: refusal took %v", c.path, d)
		}
	}
	for _, p := range []string{reg, link} {
		data, err := ReadRegular(p, 4, "a test file")
		if err != nil || string(data) != "data" {
			t.Errorf("ReadRegular(%s) = %q, %v", p, data, err)
		}
	}
	if _, err := ReadRegular(reg, 3, "a test file"); err == nil || !strings.Contains(err.Error(), "more than 3 bytes (the limit for a test file)") {
		t.Errorf("ReadRegular over the limit: %v", err)
	}
}

// TestFolderResolve: paths from inside a model stay in its folder or an
// allowed directory.
func TestFolderResolve(t *testing.T) {
	root := t.TempDir()
	model := filepath.Join(root, "model")
	other := filepath.Join(root, "other")
	for _, d := range []string{model, other, filepath.Join(model, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{filepath.Join(model, "in.txt"), filepath.Join(model, "sub", "deep.txt"), filepath.Join(other, "out.txt")} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(other, "out.txt"), filepath.Join(model, "escape.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/passwd", filepath.Join(model, "passwd")); err != nil {
		t.Fatal(err)
	}
	plain, err := NewFolder(model, nil)
	if err != nil {
		t.Fatal(err)
	}
	allowing, err := NewFolder(model, []string{other})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f       *Folder
		name    string
		wantErr string
	}{
		{plain, "in.txt", ""},
		{plain, "sub/deep.txt", ""},
		{plain, "sub/../in.txt", `contains ".."`},
		{plain, "../other/out.txt", `contains ".."`},
		{plain, filepath.Join(other, "out.txt"), "is an absolute path"},
		{plain, "/etc/passwd", "is an absolute path"},
		{plain, "escape.txt", "outside the model's folder"},
		{plain, "passwd", "outside the model's folder"},
		{plain, "missing.txt", "does not exist"},
		{allowing, "escape.txt", ""},
		{allowing, filepath.Join(other, "out.txt"), ""},
		{allowing, "../other/out.txt", ""},
		{allowing, "passwd", "outside the model's folder"},
		{allowing, "/etc/passwd", "is an absolute path"},
	} {
		_, err := c.f.Resolve("tokenizer", c.name)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s (allowed %v): %v", c.name, c.f.Allowed, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s (allowed %v): error %v, want %q", c.name, c.f.Allowed, err, c.wantErr)
		}
	}
}

// TestReadLinesLimits: /dev/zero (one endless line), a gzip bomb and a
// long input end in an error naming the file and the limit; lines split at
// "\n" only; a pipe is read like a file.
func TestReadLinesLimits(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvMaxInputMB, "2")
	bomb := filepath.Join(dir, "bomb.txt.gz")
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(bytes.Repeat([]byte("a\n"), 4*MiB))
	zw.Close()
	if err := os.WriteFile(bomb, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	zeros := filepath.Join(dir, "zeros.gz")
	buf.Reset()
	zw, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(make([]byte, 3*MiB))
	zw.Close()
	if err := os.WriteFile(zeros, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{"/dev/zero", "/dev/zero:1: more than 1 MiB (the limit for one line)"},
		{zeros, "zeros.gz:1: more than 1 MiB (the limit for one line)"},
		{bomb, "bomb.txt.gz: more than 2 MiB (the limit for one text input; set ONNXPRUNE_MAX_INPUT_MB to raise it)"},
	} {
		start := time.Now()
		_, err := readAllLines(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.path, err, c.want)
		}
		if d := time.Since(start); d > 5*quick {
			t.Errorf("%s: took %v", c.path, d)
		}
	}
	text := filepath.Join(dir, "text")
	if err := os.WriteFile(text, []byte("one\r\ntwo\n\nfour"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines, err := readAllLines(text)
	if err != nil || strings.Join(lines, "|") != "one\r|two||four" {
		t.Errorf("lines %q, %v", lines, err)
	}
	// What process substitution passes: /dev/fd/N, a pipe.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		w.Write([]byte("from\na pipe\n"))
		w.Close()
	}()
	defer r.Close()
	lines, err = readAllLines("/dev/fd/" + strconv.Itoa(int(r.Fd())))
	if err != nil || strings.Join(lines, "|") != "from|a pipe" {
		t.Errorf("pipe: lines %q, %v", lines, err)
	}
}

// TestCheckOutput: a missing path is fine, an existing regular file needs
// overwrite, anything else is never replaced.
func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "reg")
	os.WriteFile(reg, nil, 0o644)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	os.Symlink(reg, link)
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path      string
		overwrite bool
		want      string
	}{
		{filepath.Join(dir, "new"), false, ""},
		{reg, false, "exists (use --overwrite"},
		{reg, true, ""},
		{fifo, true, "is a named pipe; only a regular file is ever replaced"},
		{link, true, "is a symbolic link"},
		{null, true, "is a character device"},
		{dir, true, "is a directory"},
	} {
		err := CheckOutput(c.path, c.overwrite)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("CheckOutput(%s, %v) = %v, want %q", c.path, c.overwrite, err, c.want)
		}
	}
}

// readAllLines returns every line of the text input at path (ReadLines).
func readAllLines(path string) ([]string, error) {
	var out []string
	err := ReadLines(path, func(_ int, line []byte) error {
		out = append(out, string(line))
		return nil
	})
	return out, err
}
