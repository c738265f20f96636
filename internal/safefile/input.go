package safefile

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Limits of user-named text inputs (corpora, sources, hypotheses,
// references, CoNLL-U trees), read line by line.
const (
	// EnvMaxInputMB names the environment variable that sets the text
	// limit in MiB.
	EnvMaxInputMB = "ONNXPRUNE_MAX_INPUT_MB"
	// DefaultTextLimit is the most text read from one input (after
	// decompression) when EnvMaxInputMB is unset.
	DefaultTextLimit = 512 * MiB
	// MaxLineBytes bounds one line.
	MaxLineBytes = 1 * MiB
	// MaxLines bounds the number of lines of one input.
	MaxLines = 1 << 24
)

// TextLimit returns the most bytes of text read from one input: $ONNXPRUNE_MAX_INPUT_MB
// MiB, or DefaultTextLimit.
func TextLimit() (int64, error) {
	s := os.Getenv(EnvMaxInputMB)
	if s == "" {
		return DefaultTextLimit, nil
	}
	mb, err := strconv.ParseInt(s, 10, 64)
	if err != nil || mb <= 0 || mb > 1<<40/MiB {
		return 0, fmt.Errorf("%s=%q is not a positive number of MiB", EnvMaxInputMB, s)
	}
	return mb * MiB, nil
}

// textHint says how to raise the text limit.
const textHint = "set " + EnvMaxInputMB + " to raise it"

// OpenInput opens a file the user named as an input. Anything readable but
// a directory is accepted (a regular file, a pipe, process substitution, a
// device); a name ending in ".gz" is decompressed.
func OpenInput(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is a directory, not a file", path)
	}
	if !strings.HasSuffix(path, ".gz") {
		return f, nil
	}
	zr, err := gzip.NewReader(bufio.NewReader(f))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return gzipFile{zr, f}, nil
}

type gzipFile struct {
	*gzip.Reader
	f *os.File
}

func (g gzipFile) Close() error {
	g.Reader.Close()
	return g.f.Close()
}

// ReadInput reads a document the user named (a tokenizer, gates.json, a
// configuration) whole, at most limit bytes; see OpenInput for what may be
// named. what says what the document is, for the error.
func ReadInput(path string, limit int64, what string) ([]byte, error) {
	r, err := OpenInput(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return readLimited(r, path, limit, what, "")
}

// OpenText opens a text input the user named (see OpenInput) for
// streaming: reading fails with a LimitError once it passes TextLimit
// bytes (after decompression).
func OpenText(path string) (io.ReadCloser, error) {
	limit, err := TextLimit()
	if err != nil {
		return nil, err
	}
	r, err := OpenInput(path)
	if err != nil {
		return nil, err
	}
	return &cappedReader{r: r, path: path, left: limit, limit: limit}, nil
}

// cappedReader fails once more than limit bytes have been read.
type cappedReader struct {
	r           io.ReadCloser
	path        string
	left, limit int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, &LimitError{Path: c.path, What: "one text input", Limit: c.limit, Hint: textHint}
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, &LimitError{Path: c.path, What: "one text input", Limit: c.limit, Hint: textHint}
	}
	return n, err
}

func (c *cappedReader) Close() error { return c.r.Close() }

// ReadLines streams the text input at path (see OpenInput) and calls each
// with every line (1-based number, the line without its "\n"; the slice is
// valid only during the call). Lines end at "\n" only; a last line without
// one still counts. Reading stops with an error naming the file and the
// limit when a line passes MaxLineBytes, the input passes MaxLines lines, or
// the text passes TextLimit.
func ReadLines(path string, each func(n int, line []byte) error) error {
	r, err := OpenText(path)
	if err != nil {
		return err
	}
	defer r.Close()
	br := bufio.NewReaderSize(r, 64*KiB)
	var long []byte
	n := 0
	for {
		chunk, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			if len(long)+len(chunk) > MaxLineBytes {
				return &LimitError{Path: fmt.Sprintf("%s:%d", path, n+1), What: "one line", Limit: MaxLineBytes}
			}
			long = append(long, chunk...)
			continue
		}
		var le *LimitError
		if errors.As(err, &le) {
			return err
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s: %w", path, err)
		}
		line := chunk
		if long != nil {
			line = append(long, chunk...)
			long = nil
		}
		if len(line) > 0 || err == nil {
			n++
			if n > MaxLines {
				return fmt.Errorf("%s: more than %d lines (the limit for one text input)", path, MaxLines)
			}
			line = bytes.TrimSuffix(line, []byte("\n"))
			if len(line) > MaxLineBytes {
				return &LimitError{Path: fmt.Sprintf("%s:%d", path, n), What: "one line", Limit: MaxLineBytes}
			}
			if e := each(n, line); e != nil {
				return e
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}
