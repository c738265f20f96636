//go:build !unix

package onnxio

import (
	"io"

	"onnxprune/internal/safefile"
)

// mapFile reads the file at path into memory once (platforms without mmap);
// only a regular file is opened (safefile.OpenRegular).
func mapFile(path string) (*extFile, error) {
	f, _, err := safefile.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return &extFile{data: data}, nil
}
