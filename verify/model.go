package verify

import (
	"errors"
	"fmt"
	"strings"

	"onnxprune/internal/features"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// ModelOptions configure OpenModel.
type ModelOptions struct {
	// Session configures the ONNX Runtime sessions (provider, threads, library).
	Session ortrun.Options `json:"session"`
	// Fallback, when set, gives special ids the model's configuration and
	// metadata do not (for example the tokenizer's); -1 entries are unset
	// (ResolveSpecials says which source wins).
	Fallback *tokenize.Specials `json:"fallback,omitempty"`
	// FallbackFrom names the fallback in reports ("": "tokenizer").
	FallbackFrom string `json:"fallback_from,omitempty"`
	// MaxPositions is the longest decoder input when the model's
	// configuration does not say (0: unknown).
	MaxPositions int `json:"max_positions,omitempty"`
	// Overrides replace special ids, written as tokenize.ParseSpecials reads
	// them ("pad=0,eos=1,decoder-start=0").
	Overrides string `json:"overrides,omitempty"`
	// NoCache picks the decoder without past key/values when the model's
	// files offer both (modelpath.ForDecoding: a folder and its files named
	// one by one alike).
	NoCache bool `json:"no_cache,omitempty"`
	// Features are the source utterances of a model whose encoder reads
	// float features (Whisper's input_features): its source rows are then
	// utterance indices (FeatureRows). FeaturesPath names their .npy file,
	// read when Features is nil (a benchmark in a child process).
	Features     *features.Features `json:"-"`
	FeaturesPath string             `json:"features_path,omitempty"`
	// AllowDirs are extra directories external data may live in
	// (onnxio.LoadOptions.AllowDirs). ONNX Runtime itself refuses external
	// data outside a model's folder, so a file that reads data from one of
	// them is handed to ONNX Runtime from memory, its data inlined (at most
	// 2 GiB per file).
	AllowDirs []string `json:"allow_dirs,omitempty"`
	// Loaded are files of the model the caller has in memory, by path as
	// given (after modelpath.Resolve): verify reads them there instead of
	// loading them again (a benchmark in a child process loads them).
	Loaded map[string]*LoadedFile `json:"-"`
}

// Model is a translation model on ONNX Runtime: one graph or encoder and
// decoder files, with the special ids decoding needs. Close releases it.
type Model struct {
	// Files are the ONNX files in use.
	Files []string
	// Layout says how they divide the work.
	Layout Layout
	// Specials are the special ids used for decoding.
	Specials tokenize.Specials
	// SpecialsFrom says where the ids came from.
	SpecialsFrom string
	// MaxPositions is the model's longest decoder input (0 when unknown).
	MaxPositions int
	// FileBytes is the size of the files, external data included.
	FileBytes int64
	// Features are the source utterances when the encoder reads features.
	Features *features.Features

	mf                                *modelFiles
	single, enc, dec, decPast, merged *ortrun.Session
	sessions                          []*ortrun.Session
}

// OpenModel loads a translation model from its files: one single-graph file,
// or an encoder file with a decoder (decoder_model.onnx), optionally with its
// decoder_with_past_model.onnx, or a merged decoder. A folder stands for its
// Hugging Face Optimum files (encoder_model.onnx, decoder_model.onnx,
// decoder_with_past_model.onnx or decoder_model_merged.onnx) or else its
// model.onnx. The layout is detected
// from the graphs' input and output names.
func OpenModel(paths []string, opts ModelOptions) (*Model, error) {
	files, err := expandPaths(paths, !opts.NoCache)
	if err != nil {
		return nil, err
	}
	mf, err := detectLayout(files, opts.AllowDirs, opts.Loaded)
	if err != nil {
		return nil, err
	}
	ms, err := specialsOf(mf.all, opts)
	if err != nil {
		return nil, err
	}
	sp := ms.Specials
	if ms.VocabSize > 0 {
		if err := sp.Validate(ms.VocabSize); err != nil {
			return nil, fmt.Errorf("verify: %s: %w", files[0], err)
		}
	}
	var missing []string
	if sp.Eos < 0 {
		missing = append(missing, "eos")
	}
	if sp.DecoderStart < 0 {
		missing = append(missing, "decoder-start")
	}
	if sp.Pad < 0 {
		missing = append(missing, "pad")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("verify: %s: special ids %s are not in the model's generation_config.json, config.json or metadata_props; give them (e.g. --specials %s=ID)",
			files[0], strings.Join(missing, ", "), missing[0])
	}
	feats, err := sourceFeatures(mf, opts)
	if err != nil {
		return nil, err
	}
	m := &Model{Files: files, Layout: mf.layout, Specials: sp, SpecialsFrom: ms.From, MaxPositions: ms.MaxPositions, Features: feats, mf: mf}
	if m.MaxPositions == 0 {
		m.MaxPositions = opts.MaxPositions
	}
	for _, f := range mf.all {
		m.FileBytes += f.bytes
	}
	// Decoding hands control back to Go between one short run and the
	// next; ONNX Runtime's spinning threads would hold the cores meanwhile
	// (on 2 cores, greedy translation of the reference model at batch 1 ran
	// at 1.6 times the tokens/s without spinning, at batch 32 1.1 times).
	so := opts.Session
	so.NoSpinning = true
	open := func(fi *fileInfo) (*ortrun.Session, error) {
		if fi == nil {
			return nil, nil
		}
		s, err := openSession(fi, so)
		if err != nil {
			return nil, err
		}
		m.sessions = append(m.sessions, s)
		return s, nil
	}
	for _, p := range []struct {
		dst **ortrun.Session
		fi  *fileInfo
	}{{&m.single, mf.single}, {&m.enc, mf.enc}, {&m.dec, mf.dec}, {&m.decPast, mf.decPast}, {&m.merged, mf.merged}} {
		if *p.dst, err = open(p.fi); err != nil {
			m.Close()
			return nil, err
		}
	}
	return m, nil
}

// sourceFile is the file that reads the source: the encoder, or the
// single graph.
func (mf *modelFiles) sourceFile() *fileInfo {
	if mf.single != nil {
		return mf.single
	}
	return mf.enc
}

// sourceFeatures returns the features a model whose source is features
// reads (opts.Features, else opts.FeaturesPath read), checked against its
// input; nil for a model of token ids, to which features are an error.
func sourceFeatures(mf *modelFiles, opts ModelOptions) (*features.Features, error) {
	fi := mf.sourceFile()
	f := opts.Features
	switch {
	case !fi.srcFeatures && (f != nil || opts.FeaturesPath != ""):
		return nil, fmt.Errorf("verify: %s: its source input %s takes token ids, not features", fi.path, fi.srcIDs)
	case !fi.srcFeatures:
		return nil, nil
	case f == nil && opts.FeaturesPath == "":
		return nil, fmt.Errorf("verify: %s: its source input %s is float features %s (a speech encoder): give the source as a .npy file [utterances, mel bins, frames]",
			fi.path, fi.srcIDs, features.DimsString(fi.inputDims[fi.srcIDs]))
	case f == nil:
		var err error
		if f, err = features.Read(opts.FeaturesPath); err != nil {
			return nil, err
		}
	}
	if err := f.Check(fmt.Sprintf("%s input %s", fi.path, fi.srcIDs), fi.inputDims[fi.srcIDs]); err != nil {
		return nil, err
	}
	return f, nil
}

// FeatureRows returns the source rows of n feature utterances: row i is
// {i}, the utterance's index, which a features model's encoder looks up in
// Model.Features. Translation, logit comparison and benchmarks take them
// as they take source ids.
func FeatureRows(n int) [][]int64 {
	rows := make([][]int64, n)
	for i := range rows {
		rows[i] = []int64{int64(i)}
	}
	return rows
}

// openSession opens fi on ONNX Runtime: from its file, from memory when
// the caller's copy is an edited one, or, when its external data lies
// outside its folder (allowed by ModelOptions.AllowDirs, which
// ONNX Runtime does not know), from memory with the data inlined.
func openSession(fi *fileInfo, so ortrun.Options) (*ortrun.Session, error) {
	if fi.loaded != nil && fi.loaded.Edited {
		data, err := fi.loaded.Model.Marshal()
		if err != nil {
			return nil, err
		}
		so.Name = fi.path
		return ortrun.NewSessionFromBytes(data, so)
	}
	if !fi.outsideData {
		return ortrun.NewSession(fi.path, so)
	}
	m, done, err := fi.open(nil)
	if err != nil {
		return nil, err
	}
	data, err := m.Marshal()
	done()
	if err != nil {
		return nil, fmt.Errorf("verify: %s: its external data lies outside its folder, so it goes to ONNX Runtime from memory, which holds at most 2 GiB: %w", fi.path, err)
	}
	so.Name = fi.path
	return ortrun.NewSessionFromBytes(data, so)
}

// Close releases the ONNX Runtime sessions.
func (m *Model) Close() error {
	var errs []error
	for _, s := range m.sessions {
		errs = append(errs, s.Close())
	}
	m.sessions = nil
	return errors.Join(errs...)
}

// Cached reports whether decoding reuses past key/values between steps.
func (m *Model) Cached() bool {
	return m.Layout == LayoutSplitPast || m.Layout == LayoutMerged
}

// hasSourceMask reports whether the model takes a source padding mask; a
// model without one can batch only sources of equal length.
func (m *Model) hasSourceMask() bool {
	if m.mf.single != nil {
		return m.mf.single.srcMask != ""
	}
	return m.mf.enc.srcMask != ""
}

// CheckTeacherForcing says why the model's teacher-forced logits (a logit
// per target position, which the equivalence check and ForcedLogits
// compare) cannot be had: its decoder without cache returns the last
// position only (graphedit.CheckLogitsPerPosition). Nil when they can.
func (m *Model) CheckTeacherForcing() error {
	for _, fi := range []*fileInfo{m.mf.single, m.mf.dec, m.mf.merged} {
		if fi != nil && fi.positionsErr != nil {
			return fmt.Errorf("verify: %s: %w", fi.path, fi.positionsErr)
		}
	}
	return nil
}

// String names the model for reports: its files and layout.
func (m *Model) String() string {
	return fmt.Sprintf("%s (%s)", strings.Join(m.Files, " + "), m.Layout)
}
