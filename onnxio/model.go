package onnxio

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"google.golang.org/protobuf/proto"

	"onnxprune/internal/safefile"
	"onnxprune/onnxio/onnxpb"
)

// MaxProtoSize is the largest serialized model protobuf can read (2 GiB − 1
// bytes); larger models must keep tensor data in external files.
const MaxProtoSize = 1<<31 - 1

// Default resource limits, used where LoadOptions leaves a limit at zero.
const (
	DefaultMaxSubgraphDepth = 32      // If/Loop/Scan bodies nested in each other
	DefaultMaxAttributes    = 1 << 12 // attributes on one node
	DefaultMaxListLen       = 1 << 24 // values in one list attribute
)

// Model is a loaded ONNX model: its protobuf and, for external tensor data,
// the folder that data is read from.
type Model struct {
	// Proto is the model itself. Editing it is allowed; Save writes what it
	// holds.
	Proto *onnxpb.ModelProto
	// Path is the file the model came from, "" if it was parsed from bytes.
	Path string

	folder *safefile.Folder // where external data may be read from (nil if nowhere)
	ext    extFiles
}

// LoadOptions tunes Load and Parse. The zero value (or nil) is the default.
type LoadOptions struct {
	// AllowDirs names extra directories that external data may live in
	// (reached by an absolute location or through a symlink). By default
	// only the model's own folder is allowed.
	AllowDirs []string
	// BaseDir is the folder external locations are relative to when parsing
	// bytes with Parse (Load uses the model file's folder).
	BaseDir string
	// MaxSubgraphDepth, MaxAttributes and MaxListLen bound nesting of
	// subgraphs, attributes per node and values per list attribute; zero
	// means the Default… constant.
	MaxSubgraphDepth int
	MaxAttributes    int
	MaxListLen       int
	// SkipNameCheck skips CheckNames (undefined and duplicate value names).
	SkipNameCheck bool
}

func (o *LoadOptions) limits() (depth, attrs, list int) {
	depth, attrs, list = DefaultMaxSubgraphDepth, DefaultMaxAttributes, DefaultMaxListLen
	if o == nil {
		return
	}
	if o.MaxSubgraphDepth > 0 {
		depth = o.MaxSubgraphDepth
	}
	if o.MaxAttributes > 0 {
		attrs = o.MaxAttributes
	}
	if o.MaxListLen > 0 {
		list = o.MaxListLen
	}
	return
}

// Load reads the ONNX model at path. The file is opened read-only and never
// written. Tensor data in external files is not read here: each external
// reference is checked (location inside the model's folder or an allowed
// directory, file present, offset and length inside it) and the data is read
// lazily through ReadExternal or Tensor. Every tensor's shape is checked
// against the data it carries, nesting and attribute counts against the
// limits of opts, and value names with CheckNames, so that a model that
// loads can be walked without further checks. Errors name the file.
func Load(path string, opts *LoadOptions) (*Model, error) {
	observeLoad(path)
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("onnxio: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("onnxio: %s: not a regular file", path)
	}
	if st.Size() > MaxProtoSize {
		return nil, fmt.Errorf("onnxio: %s: %d bytes is larger than the 2 GiB protobuf limit (is it a model?)", path, st.Size())
	}
	// The file is mapped, not read into the heap: parsing copies what it
	// keeps, so the peak is one copy of the model plus reclaimable pages.
	f, err := mapFile(path)
	if err != nil {
		return nil, fmt.Errorf("onnxio: %s: %w", path, err)
	}
	defer func() {
		if f.unmap != nil {
			f.unmap()
		}
	}()
	data := f.data
	o := LoadOptions{}
	if opts != nil {
		o = *opts
	}
	o.BaseDir = filepath.Dir(path)
	m, err := parse(data, path, &o)
	if err != nil {
		return nil, err
	}
	m.Path = path
	return m, nil
}

// Parse reads a model from data; name is used in error messages. External
// data is read relative to opts.BaseDir (none if empty).
func Parse(data []byte, name string, opts *LoadOptions) (*Model, error) {
	return parse(data, name, opts)
}

func parse(data []byte, name string, opts *LoadOptions) (*Model, error) {
	fail := func(err error) (*Model, error) {
		return nil, fmt.Errorf("onnxio: %s: %w", name, err)
	}
	if len(data) == 0 {
		return fail(errors.New("empty file, not an ONNX model"))
	}
	if len(data) > MaxProtoSize {
		return fail(fmt.Errorf("%d bytes is larger than the 2 GiB protobuf limit", len(data)))
	}
	if kind := sniff(data); kind != "" {
		return fail(fmt.Errorf("not an ONNX model (looks like %s)", kind))
	}
	depth, _, _ := opts.limits()
	p := &onnxpb.ModelProto{}
	uo := proto.UnmarshalOptions{RecursionLimit: 4*depth + 64}
	if err := uo.Unmarshal(data, p); err != nil {
		if strings.Contains(err.Error(), "recursion") {
			return fail(fmt.Errorf("messages nested too deeply (subgraphs nested more than about %d deep): %v", depth, err))
		}
		return fail(fmt.Errorf("not a valid ONNX model (truncated or corrupt protobuf: %v)", err))
	}
	if p.IrVersion == nil && p.Graph == nil {
		return fail(errors.New("not an ONNX model (no ir_version and no graph)"))
	}
	if p.Graph == nil {
		return fail(errors.New("model has no graph"))
	}
	m := &Model{Proto: p}
	if opts != nil && opts.BaseDir != "" {
		f, err := safefile.NewFolder(opts.BaseDir, opts.AllowDirs)
		if err != nil {
			return fail(err)
		}
		m.folder = f
	}
	if err := m.validate(opts); err != nil {
		m.Close()
		return fail(err)
	}
	if opts == nil || !opts.SkipNameCheck {
		if err := m.CheckNames(); err != nil {
			m.Close()
			return fail(err)
		}
	}
	return m, nil
}

// sniff recognises a few common file formats that are not ONNX, for a
// clearer message than a protobuf parse error.
func sniff(data []byte) string {
	for _, s := range []struct {
		magic []byte
		kind  string
	}{
		{[]byte("\x89PNG\r\n\x1a\n"), "a PNG image"},
		{[]byte("\xff\xd8\xff"), "a JPEG image"},
		{[]byte("GIF8"), "a GIF image"},
		{[]byte("PK\x03\x04"), "a zip archive (a PyTorch checkpoint?)"},
		{[]byte("\x1f\x8b"), "a gzip file"},
		{[]byte("\x7fELF"), "an ELF binary"},
		{[]byte("%PDF"), "a PDF document"},
	} {
		if bytes.HasPrefix(data, s.magic) {
			return s.kind
		}
	}
	if bytes.HasPrefix(data, []byte("version ")) && bytes.Contains(data[:min(len(data), 200)], []byte("\noid sha256:")) {
		return "a Git LFS pointer (fetch the real file)"
	}
	return ""
}

// WithProto returns a model holding p, an edited copy of m's model
// (graphedit.Graph.ModelProto), that reads external data from m's folder
// as m does. It maps the files it reads itself: Close it when done; m
// stays open.
func (m *Model) WithProto(p *onnxpb.ModelProto) *Model {
	return &Model{Proto: p, Path: m.Path, folder: m.folder}
}
