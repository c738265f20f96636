//go:build unix

package onnxio

import (
	"fmt"
	"io"
	"syscall"

	"onnxprune/internal/safefile"
)

// mapFile maps the file at path read-only into memory (privately, so that a
// stray write to the slice faults into a private copy, never the file). Only
// a regular file is opened (safefile.OpenRegular): a named pipe or a device
// is refused before it is opened.
func mapFile(path string) (*extFile, error) {
	f, st, err := safefile.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := st.Size()
	if size == 0 {
		return &extFile{data: []byte{}}, nil
	}
	if int64(int(size)) != size {
		return nil, fmt.Errorf("%s: %d bytes is too large to map", path, size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
	if err != nil {
		// Some file systems cannot map files: read it once instead.
		buf := make([]byte, size)
		if _, rerr := io.ReadFull(f, buf); rerr != nil {
			return nil, fmt.Errorf("mapping %s: %v; reading it: %w", path, err, rerr)
		}
		return &extFile{data: buf}, nil
	}
	return &extFile{data: data, unmap: func() error { return syscall.Munmap(data) }}, nil
}
