package onnxio

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"google.golang.org/protobuf/proto"

	"onnxprune/internal/safefile"
	"onnxprune/onnxio/onnxpb"
)

// SaveOptions tunes Save. The zero value (or nil) is the default: tensor
// data stays inline unless the model came with external data or would pass
// 2 GiB, in which case large tensors go to one external data file.
type SaveOptions struct {
	// ExternalData writes every tensor of Threshold bytes or more (and every
	// tensor that was external already) to one data file next to the model.
	ExternalData bool
	// InlineData writes all tensor data inline, reading external data in;
	// saving fails if the result would pass MaxInlineBytes.
	InlineData bool
	// DataFile is the name of the data file, in the model's folder; default
	// the model's file name plus ".data". It must be a plain file name.
	DataFile string
	// Threshold is the size in bytes from which an inline tensor is moved to
	// the data file; default 1024.
	Threshold int64
	// MaxInlineBytes is the size above which a model is saved with external
	// data automatically; default (and maximum) MaxProtoSize.
	MaxInlineBytes int64
}

// Alignment of tensors in external data files: every tensor starts at a
// multiple of smallAlign, tensors of pageAlignFrom bytes or more at a
// multiple of pageAlign so that they can be memory-mapped directly.
const (
	smallAlign    = 64
	pageAlign     = 4096
	pageAlignFrom = 1 << 20
)

func (o *SaveOptions) withDefaults(path string) (SaveOptions, error) {
	var s SaveOptions
	if o != nil {
		s = *o
	}
	if s.ExternalData && s.InlineData {
		return s, errors.New("SaveOptions.ExternalData and InlineData are exclusive")
	}
	if s.DataFile == "" {
		s.DataFile = filepath.Base(path) + ".data"
	}
	if s.DataFile != filepath.Base(s.DataFile) || s.DataFile == "." || s.DataFile == ".." || strings.ContainsAny(s.DataFile, "/\\\x00") {
		return s, fmt.Errorf("data file name %q must be a plain file name", s.DataFile)
	}
	if s.DataFile == filepath.Base(path) {
		return s, fmt.Errorf("data file name %q is the model's own file name", s.DataFile)
	}
	if s.Threshold <= 0 {
		s.Threshold = 1024
	}
	if s.MaxInlineBytes <= 0 || s.MaxInlineBytes > MaxProtoSize {
		s.MaxInlineBytes = MaxProtoSize
	}
	return s, nil
}

// Save writes the model to path. Nothing is written in place: the data file
// (if any) and the model are written to temporary files in the target
// folder, synced, and renamed over their targets, so that an error or a
// crash leaves the old files or the new ones, never a partial file. A path
// or data file that exists as anything but a regular file (a symlink, a
// device, a named pipe) is refused, never replaced. The model's source files are only ever opened read-only, so saving over the
// file the model came from is safe.
//
// With external data the data file is renamed into place just before the
// model. When that replaces an existing data file, the existing model at
// path is removed first: a crash between the renames then leaves no model at
// path (the new data file beside it), never the old model paired with the
// new data.
//
// External data is carried over: tensors whose data was external are read
// from their source (wherever the model came from) and written to the new
// data file. Unmodified models without external data are written exactly as
// loaded (for files written by the usual exporters, byte for byte).
func (m *Model) Save(path string, opts *SaveOptions) error {
	err := m.save(path, opts)
	if err != nil {
		return fmt.Errorf("onnxio: saving %s: %w", path, err)
	}
	return nil
}

func (m *Model) save(path string, opts *SaveOptions) error {
	o, err := opts.withDefaults(path)
	if err != nil {
		return err
	}
	external, err := m.wantExternal(o)
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	// Only regular files are ever replaced: not a symlink, a device or a
	// named pipe that happens to have the output's name.
	for _, p := range []string{path, filepath.Join(dir, o.DataFile)} {
		if _, err := safefile.CheckReplaceable(p); err != nil {
			return err
		}
	}
	var tmps []string
	defer func() {
		for _, t := range tmps {
			os.Remove(t)
		}
	}()
	newTemp := func(name string) (*os.File, error) {
		f, err := os.CreateTemp(dir, "."+name+".tmp-*")
		if err != nil {
			return nil, err
		}
		tmps = append(tmps, f.Name())
		return f, nil
	}
	var dataTmp string
	var buf []byte
	if external {
		f, err := newTemp(o.DataFile)
		if err != nil {
			return err
		}
		w := bufio.NewWriterSize(f, 1<<20)
		var count int
		buf, count, err = m.encode(true, o, w)
		if err == nil {
			err = w.Flush()
		}
		if err == nil {
			err = finishFile(f, filepath.Join(dir, o.DataFile))
		} else {
			f.Close()
		}
		if err != nil {
			return err
		}
		if count > 0 {
			dataTmp = f.Name()
		}
	} else {
		buf, _, err = m.encode(false, o, nil)
		if err != nil {
			return err
		}
	}
	f, err := newTemp(filepath.Base(path))
	if err != nil {
		return err
	}
	if _, err := f.Write(buf); err != nil {
		f.Close()
		return err
	}
	if err := finishFile(f, path); err != nil {
		return err
	}
	if dataTmp != "" {
		// The model at path may read the data file about to be replaced:
		// remove it first, so that a crash between the two renames leaves
		// no model (and the new data), never the old model with new data.
		dataPath := filepath.Join(dir, o.DataFile)
		if _, err := os.Lstat(dataPath); err == nil {
			if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
		if err := os.Rename(dataTmp, dataPath); err != nil {
			return err
		}
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	tmps = nil
	return syncDir(dir)
}

// finishFile gives a temporary file the permissions of the file it will
// replace (0644 for a new one), syncs and closes it.
func finishFile(f *os.File, target string) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(target); err == nil && st.Mode().IsRegular() {
		mode = st.Mode().Perm()
	}
	err := f.Chmod(mode)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// wantExternal decides whether a save writes an external data file.
func (m *Model) wantExternal(o SaveOptions) (bool, error) {
	switch {
	case o.InlineData:
		return false, nil
	case o.ExternalData, m.HasExternalData():
		return true, nil
	}
	return int64(proto.Size(m.Proto)) > o.MaxInlineBytes, nil
}

// Marshal returns the serialized model with all tensor data inline (external
// data read in), as ONNX Runtime takes it when a session is created from
// memory. It fails if the result would pass MaxProtoSize.
func (m *Model) Marshal() ([]byte, error) {
	o, _ := (&SaveOptions{InlineData: true}).withDefaults("model.onnx")
	b, _, err := m.encode(false, o, nil)
	if err != nil {
		name := m.Path
		if name == "" {
			name = "model"
		}
		return nil, fmt.Errorf("onnxio: %s: %w", name, err)
	}
	return b, nil
}

// tensorFields holds the data fields of a TensorProto that encode changes
// for the duration of one marshal.
type tensorFields struct {
	t   *onnxpb.TensorProto
	raw []byte
	ext []*onnxpb.StringStringEntryProto
	loc *onnxpb.TensorProto_DataLocation
	f32 []float32
	f64 []float64
	i32 []int32
	i64 []int64
	u64 []uint64
}

func saveFields(t *onnxpb.TensorProto) tensorFields {
	return tensorFields{t: t, raw: t.RawData, ext: t.ExternalData, loc: t.DataLocation,
		f32: t.FloatData, f64: t.DoubleData, i32: t.Int32Data, i64: t.Int64Data, u64: t.Uint64Data}
}

func (s tensorFields) restore() {
	t := s.t
	t.RawData, t.ExternalData, t.DataLocation = s.raw, s.ext, s.loc
	t.FloatData, t.DoubleData, t.Int32Data, t.Int64Data, t.Uint64Data = s.f32, s.f64, s.i32, s.i64, s.u64
}

func clearData(t *onnxpb.TensorProto) {
	t.RawData, t.ExternalData, t.DataLocation = nil, nil, nil
	t.FloatData, t.DoubleData, t.Int32Data, t.Int64Data, t.Uint64Data = nil, nil, nil, nil, nil
}

// encode serializes the model. Inline (external false), external tensors
// are read in as raw_data. External, every tensor that was external and
// every tensor of o.Threshold bytes or more is written to data, aligned, and
// referenced from the returned model bytes under o.DataFile. The tensors are
// changed only for the duration of the call. count is the number of tensors
// written to data.
func (m *Model) encode(external bool, o SaveOptions, data io.Writer) (buf []byte, count int, err error) {
	var saved []tensorFields
	defer func() {
		for _, s := range saved {
			s.restore()
		}
	}()
	var refs []TensorRef
	forEachTensor(m.Proto, func(r TensorRef) { refs = append(refs, r) })
	var offset int64
	var pad [pageAlign]byte
	files := extReaders{}
	defer files.close()
	for _, r := range refs {
		t := r.Tensor
		isExt := t.GetDataLocation() == onnxpb.TensorProto_EXTERNAL
		var raw []byte
		var stream *io.SectionReader // external data copied file to file
		if isExt {
			ref, err := parseExternal(t)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", r.Where, err)
			}
			if external {
				// Read with read(2), not through the mapping: copying a
				// data file then costs a buffer, not the whole file
				// mapped into the process.
				stream, err = files.section(m, ref)
			} else {
				raw, err = m.ReadExternal(ref.location, ref.offset, ref.length)
			}
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", r.Where, err)
			}
		}
		if !external {
			if isExt {
				saved = append(saved, saveFields(t))
				clearData(t)
				t.RawData = raw
			}
			continue
		}
		size := int64(len(raw))
		if stream != nil {
			size = stream.Size()
		}
		if !isExt {
			inline := int64(len(t.RawData))
			if t.RawData == nil {
				inline, _ = typedSize(t)
			}
			if inline < o.Threshold {
				continue
			}
			var ok bool
			if raw, ok = inlineBytes(t); !ok {
				continue
			}
			size = int64(len(raw))
		}
		if n, err := numElements(t.GetDims()); err == nil {
			if want, ok := ByteSize(onnxpb.TensorProto_DataType(t.GetDataType()), n); ok && want != size {
				return nil, 0, fmt.Errorf("%s: shape %v needs %d bytes, the tensor has %d", r.Where, t.GetDims(), want, size)
			}
		}
		align := int64(smallAlign)
		if size >= pageAlignFrom {
			align = pageAlign
		}
		if rem := offset % align; rem != 0 {
			if _, err := data.Write(pad[:align-rem]); err != nil {
				return nil, 0, err
			}
			offset += align - rem
		}
		if stream != nil {
			if n, err := io.Copy(data, stream); err != nil || n != size {
				if err == nil {
					err = fmt.Errorf("external data ended after %d of %d bytes (was the file changed?)", n, size)
				}
				return nil, 0, fmt.Errorf("%s: %w", r.Where, err)
			}
		} else if _, err := data.Write(raw); err != nil {
			return nil, 0, err
		}
		saved = append(saved, saveFields(t))
		clearData(t)
		loc := onnxpb.TensorProto_EXTERNAL
		t.DataLocation = &loc
		t.ExternalData = []*onnxpb.StringStringEntryProto{
			kv("location", o.DataFile),
			kv("offset", strconv.FormatInt(offset, 10)),
			kv("length", strconv.FormatInt(size, 10)),
		}
		offset += size
		count++
	}
	if size := int64(proto.Size(m.Proto)); size > o.MaxInlineBytes {
		if external {
			return nil, 0, fmt.Errorf("model is %d bytes even with tensor data external, over the %d-byte limit", size, o.MaxInlineBytes)
		}
		return nil, 0, fmt.Errorf("model is %d bytes with tensor data inline, over the %d-byte limit (save it with external data)", size, o.MaxInlineBytes)
	}
	buf, err = proto.MarshalOptions{Deterministic: true}.Marshal(m.Proto)
	return buf, count, err
}

// extReaders holds the external data files one encode reads, each opened
// once (read-only) and closed when the encode ends.
type extReaders map[string]*os.File

// section returns the bytes of ref as a reader of the file itself, after
// the checks ReadExternal makes (location, bounds).
func (r extReaders) section(m *Model, ref externalRef) (*io.SectionReader, error) {
	real, err := m.resolveLocation(ref.location)
	if err != nil {
		return nil, err
	}
	f := r[real]
	if f == nil {
		if f, _, err = safefile.OpenRegular(real); err != nil {
			return nil, fmt.Errorf("external data location %q: %w", ref.location, err)
		}
		r[real] = f
	}
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("external data location %q: %w", ref.location, err)
	}
	size := st.Size()
	if ref.offset > size || ref.length > size-ref.offset {
		return nil, fmt.Errorf("external data location %q: offset %d + length %d is past the end of the file (%d bytes)", ref.location, ref.offset, ref.length, size)
	}
	return io.NewSectionReader(f, ref.offset, ref.length), nil
}

func (r extReaders) close() {
	for _, f := range r {
		f.Close()
	}
}

func kv(k, v string) *onnxpb.StringStringEntryProto {
	return &onnxpb.StringStringEntryProto{Key: &k, Value: &v}
}

// typedSize returns the raw byte size of a tensor stored in typed fields.
func typedSize(t *onnxpb.TensorProto) (int64, bool) {
	n, err := numElements(t.GetDims())
	if err != nil {
		return 0, false
	}
	return ByteSize(onnxpb.TensorProto_DataType(t.GetDataType()), n)
}

// inlineBytes returns the raw little-endian bytes of an inline tensor, from
// raw_data or converted from its typed field; ok is false for types whose
// typed form has no simple byte layout here (strings, sub-byte types).
func inlineBytes(t *onnxpb.TensorProto) ([]byte, bool) {
	if t.RawData != nil {
		return t.RawData, true
	}
	dt := onnxpb.TensorProto_DataType(t.GetDataType())
	if dt == onnxpb.TensorProto_STRING || DataTypeBits(dt) < 8 || DataTypeBits(dt)%8 != 0 {
		return nil, false
	}
	le := binary.LittleEndian
	switch dt {
	case onnxpb.TensorProto_FLOAT, onnxpb.TensorProto_COMPLEX64:
		b := make([]byte, 4*len(t.FloatData))
		for i, v := range t.FloatData {
			le.PutUint32(b[4*i:], math.Float32bits(v))
		}
		return b, true
	case onnxpb.TensorProto_DOUBLE, onnxpb.TensorProto_COMPLEX128:
		b := make([]byte, 8*len(t.DoubleData))
		for i, v := range t.DoubleData {
			le.PutUint64(b[8*i:], math.Float64bits(v))
		}
		return b, true
	case onnxpb.TensorProto_INT64:
		b := make([]byte, 8*len(t.Int64Data))
		for i, v := range t.Int64Data {
			le.PutUint64(b[8*i:], uint64(v))
		}
		return b, true
	case onnxpb.TensorProto_UINT64:
		b := make([]byte, 8*len(t.Uint64Data))
		for i, v := range t.Uint64Data {
			le.PutUint64(b[8*i:], v)
		}
		return b, true
	case onnxpb.TensorProto_UINT32:
		b := make([]byte, 4*len(t.Uint64Data))
		for i, v := range t.Uint64Data {
			le.PutUint32(b[4*i:], uint32(v))
		}
		return b, true
	}
	// int32_data holds one element per value for the remaining types.
	w := DataTypeBits(dt) / 8
	b := make([]byte, w*len(t.Int32Data))
	for i, v := range t.Int32Data {
		switch w {
		case 1:
			b[i] = byte(v)
		case 2:
			le.PutUint16(b[2*i:], uint16(v))
		case 4:
			le.PutUint32(b[4*i:], uint32(v))
		}
	}
	return b, true
}

// RawBytes returns the data of t as raw little-endian bytes, whatever its
// storage: external data (a slice of the read-only mapping, not a copy; see
// ReadExternal), raw_data (the field itself, not a copy), or a typed field
// (converted into a new slice). STRING and sub-byte types stored in typed
// fields have no such form and give an error.
func (m *Model) RawBytes(t *onnxpb.TensorProto) ([]byte, error) {
	if t.GetDataLocation() == onnxpb.TensorProto_EXTERNAL {
		ref, err := parseExternal(t)
		if err != nil {
			return nil, fmt.Errorf("onnxio: tensor %q: %w", t.GetName(), err)
		}
		b, err := m.ReadExternal(ref.location, ref.offset, ref.length)
		if err != nil {
			return nil, fmt.Errorf("onnxio: tensor %q: %w", t.GetName(), err)
		}
		return b, nil
	}
	b, ok := inlineBytes(t)
	if !ok {
		return nil, fmt.Errorf("onnxio: tensor %q: no raw byte form for %s in typed fields", t.GetName(), dtypeName(onnxpb.TensorProto_DataType(t.GetDataType())))
	}
	return b, nil
}
