//go:build !unix

package onnxio

import (
	"fmt"
	"os"
)

// mapFile reads the file at path into memory once (platforms without mmap).
func mapFile(path string) (*extFile, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &extFile{data: data}, nil
}
