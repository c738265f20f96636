//go:build unix

package onnxio

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps the file at path read-only into memory (privately, so that a
// stray write to the slice faults into a private copy, never the file).
func mapFile(path string) (*extFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	size := st.Size()
	if size == 0 {
		return &extFile{data: []byte{}}, nil
	}
	if int64(int(size)) != size {
		return nil, fmt.Errorf("%s: %d bytes is too large to map", path, size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, fmt.Errorf("mapping %s: %w", path, err)
	}
	return &extFile{data: data, unmap: func() error { return syscall.Munmap(data) }}, nil
}
