package onnxio

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"onnxprune/onnxio/onnxpb"
)

// externalRef is the parsed external_data of a tensor.
type externalRef struct {
	location       string
	offset, length int64
}

// parseExternal reads the location/offset/length keys of an external tensor.
// A missing length is taken as the size the tensor's shape and type need
// (ONNX leaves it open; reading "to the end of the file" would break every
// file that holds more than one tensor).
func parseExternal(t *onnxpb.TensorProto) (externalRef, error) {
	ref, err := parseExternalKeys(t)
	if err != nil || ref.length >= 0 {
		return ref, err
	}
	n, err := numElements(t.GetDims())
	if err != nil {
		return ref, err
	}
	size, ok := ByteSize(onnxpb.TensorProto_DataType(t.GetDataType()), n)
	if !ok {
		return ref, fmt.Errorf("external data without a length for a tensor of type %s", dtypeName(onnxpb.TensorProto_DataType(t.GetDataType())))
	}
	ref.length = size
	return ref, nil
}

// parseExternalKeys reads the keys as they are (length -1 when absent).
func parseExternalKeys(t *onnxpb.TensorProto) (externalRef, error) {
	ref := externalRef{length: -1}
	seen := map[string]bool{}
	for _, kv := range t.ExternalData {
		k, v := kv.GetKey(), kv.GetValue()
		if seen[k] {
			return ref, fmt.Errorf("external_data key %q appears twice", k)
		}
		seen[k] = true
		switch k {
		case "location":
			ref.location = v
		case "offset", "length":
			x, err := strconv.ParseInt(v, 10, 64)
			if err != nil || x < 0 {
				return ref, fmt.Errorf("external_data %s %q is not a non-negative integer", k, v)
			}
			if k == "offset" {
				ref.offset = x
			} else {
				ref.length = x
			}
		}
	}
	if ref.location == "" {
		return ref, errors.New("external_data has no location")
	}
	return ref, nil
}

// extFiles caches the external data files of one model: each file is opened
// read-only and mapped (or read) once, however many tensors it holds.
type extFiles struct {
	mu    sync.Mutex
	files map[string]*extFile // by resolved path
}

type extFile struct {
	data  []byte
	unmap func() error
}

// resolveLocation checks an external data location and returns the file it
// names, by the rules of safefile.Folder.Resolve: a relative path without
// "..", whose real path (symlinks resolved) lies inside the model's folder,
// or a file in one of LoadOptions.AllowDirs, given as an absolute path or
// reached through a symlink.
func (m *Model) resolveLocation(location string) (string, error) {
	if m.folder == nil {
		return "", fmt.Errorf("external data location %q: the model was parsed from bytes without LoadOptions.BaseDir, so there is no folder to read it from", location)
	}
	return m.folder.Resolve("external data location", location)
}

// file returns the mapped contents of the external data file at location.
func (m *Model) file(location string) ([]byte, error) {
	real, err := m.resolveLocation(location)
	if err != nil {
		return nil, err
	}
	m.ext.mu.Lock()
	defer m.ext.mu.Unlock()
	if f, ok := m.ext.files[real]; ok {
		return f.data, nil
	}
	f, err := mapFile(real)
	if err != nil {
		return nil, fmt.Errorf("external data location %q: %w", location, err)
	}
	if m.ext.files == nil {
		m.ext.files = map[string]*extFile{}
	}
	m.ext.files[real] = f
	return f.data, nil
}

// ReadExternal returns length bytes at offset of the external data file
// named by location (relative to the model's folder; length < 0 reads to the
// end). The location is checked as described in Load. The file is opened
// read-only and memory-mapped once; the returned slice points into that
// mapping (copy-on-write, so writing to it never reaches the file), stays
// valid until Close, and is shared by every caller.
func (m *Model) ReadExternal(location string, offset, length int64) ([]byte, error) {
	data, err := m.file(location)
	if err != nil {
		return nil, err
	}
	size := int64(len(data))
	if offset < 0 || offset > size {
		return nil, fmt.Errorf("external data location %q: offset %d is past the end of the file (%d bytes)", location, offset, size)
	}
	if length < 0 {
		length = size - offset
	}
	if length > size-offset {
		return nil, fmt.Errorf("external data location %q: offset %d + length %d is past the end of the file (%d bytes)", location, offset, length, size)
	}
	return data[offset : offset+length : offset+length], nil
}

// Close releases the model's external data mappings. Slices returned by
// ReadExternal must not be used afterwards; tensors decoded with Tensor or
// DecodeTensor stay valid (they are copies).
func (m *Model) Close() error {
	m.ext.mu.Lock()
	defer m.ext.mu.Unlock()
	var first error
	for k, f := range m.ext.files {
		if f.unmap != nil {
			if err := f.unmap(); err != nil && first == nil {
				first = err
			}
		}
		delete(m.ext.files, k)
	}
	return first
}

// HasExternalData reports whether any tensor of the model keeps its data in
// an external file.
func (m *Model) HasExternalData() bool {
	found := false
	forEachTensor(m.Proto, func(r TensorRef) {
		if r.Tensor.GetDataLocation() == onnxpb.TensorProto_EXTERNAL {
			found = true
		}
	})
	return found
}

// ExternalFiles returns the real paths of the external data files the
// model's tensors read, each once, in the order first used.
func (m *Model) ExternalFiles() ([]string, error) {
	var out []string
	var first error
	seen := map[string]bool{}
	forEachTensor(m.Proto, func(r TensorRef) {
		if first != nil || r.Tensor.GetDataLocation() != onnxpb.TensorProto_EXTERNAL {
			return
		}
		ref, err := parseExternalKeys(r.Tensor)
		if err == nil {
			var real string
			if real, err = m.resolveLocation(ref.location); err == nil && !seen[real] {
				seen[real] = true
				out = append(out, real)
			}
		}
		if err != nil {
			first = fmt.Errorf("%s: %w", r.Where, err)
		}
	})
	return out, first
}
