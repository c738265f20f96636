package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/modelpath"
	"onnxprune/internal/safefile"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Layout says how the files of a translation model divide the work.
type Layout string

// The model layouts a Model can drive.
const (
	// LayoutSingle is one graph: source ids (and mask), target prefix → logits.
	LayoutSingle Layout = "single"
	// LayoutSplit is an encoder file and a decoder file without a cache: the
	// decoder sees the whole target prefix at every step.
	LayoutSplit Layout = "split"
	// LayoutSplitPast adds a decoder_with_past file: the first step runs the
	// decoder, which returns the key/value cache; later steps feed it back.
	LayoutSplitPast Layout = "split+past"
	// LayoutMerged is an encoder and a merged decoder whose use_cache_branch
	// input selects the first step or a cached step.
	LayoutMerged Layout = "merged"
)

// role is what one ONNX file of a model does.
type role int

const (
	roleSingle role = iota + 1
	roleEncoder
	roleDecoder
	roleDecoderPast
	roleMerged
)

func (r role) String() string {
	switch r {
	case roleSingle:
		return "single graph"
	case roleEncoder:
		return "encoder"
	case roleDecoder:
		return "decoder"
	case roleDecoderPast:
		return "decoder with past"
	case roleMerged:
		return "merged decoder"
	}
	return "unknown"
}

// Input names of the split files' roles, in order of preference (a single
// graph's and an encoder's: graphedit.SourceIDNames, TargetIDNames,
// SourceMaskNames).
var (
	decIDNames    = []string{"input_ids", "decoder_input_ids", "tgt_ids"}
	encStateNames = []string{"encoder_hidden_states", "encoder_outputs", "memory", "encoder_out"}
	encMaskNames  = []string{"encoder_attention_mask", "attention_mask", "memory_mask", "src_mask"}
	encOutNames   = []string{"last_hidden_state", "encoder_hidden_states", "memory", "encoder_out"}
)

const useCacheName = "use_cache_branch"

// fileInfo is what the layout detection reads from one ONNX file.
type fileInfo struct {
	path    string
	bytes   int64
	inputs  []string // graph inputs without initializer defaults
	outputs []string
	meta    map[string]string
	role    role

	// Names of the role's inputs and outputs ("" when absent).
	srcIDs, srcMask, tgtIDs, tgtMask, encState, encMask, logits, encOut string
	// srcMaskFormat and tgtMaskFormat say how the masks of a single graph
	// or an encoder mark padding.
	srcMaskFormat, tgtMaskFormat graphedit.MaskFormat
	// causalMask is a single graph's causal mask input [T, T] ("" when
	// absent), written as causalFormat says; seqFirst is set when its ids
	// are [len, batch] and its logits [len, batch, vocab].
	causalMask   string
	causalFormat graphedit.MaskFormat
	seqFirst     bool
	// positionsErr says why the file's logits cannot be teacher-forced (a
	// decoder that returns its last position only), nil when they can.
	positionsErr error
	pastIn       []string           // past key/value inputs
	inputDims    map[string][]int64 // declared dims of inputs, -1 when symbolic
	// srcFeatures is set when the source input is float features
	// [batch, mel bins, frames] (a speech encoder's input_features), not ids.
	srcFeatures bool
	floatInputs map[string]bool
	// outputDims are the declared dims of the outputs, -1 when symbolic.
	outputDims map[string][]int64

	// allowDirs are the extra directories the file's external data may
	// live in; outsideData is set when it does (ONNX Runtime would refuse
	// to load the file from its path).
	allowDirs   []string
	outsideData bool
	// external says the file keeps tensors in external data files.
	external bool
	// loaded is the caller's copy of the file in memory (nil: verify reads
	// the file).
	loaded *LoadedFile
}

// LoadedFile is a model file its caller has loaded already (onnxio.Load,
// graphedit.Load) and not edited since, or, with Edited, an edited copy
// standing in for the file: verify reads it in memory instead of loading
// the file again, and leaves it open for the caller to close.
type LoadedFile struct {
	Model *onnxio.Model
	Graph *graphedit.Graph
	// Blocks are Graph's attention blocks as the caller found them
	// (heads.Discover); nil: verify finds them where it needs them (the
	// cost meter).
	Blocks []*heads.Block
	// Edited marks a copy that differs from the file (a cut copy the cost
	// meter times): ONNX Runtime then opens Model's bytes, not the file.
	Edited bool
}

// loadOptions are the onnxio options every load of the file uses.
func (fi *fileInfo) loadOptions() *onnxio.LoadOptions {
	return &onnxio.LoadOptions{AllowDirs: fi.allowDirs}
}

// open returns the file's model: the caller's copy when it has one, else
// the file loaded now (with opts; nil: loadOptions). done releases what
// open loaded, never the caller's copy.
func (fi *fileInfo) open(opts *onnxio.LoadOptions) (m *onnxio.Model, done func(), err error) {
	if fi.loaded != nil {
		return fi.loaded.Model, func() {}, nil
	}
	if opts == nil {
		opts = fi.loadOptions()
	}
	if m, err = onnxio.Load(fi.path, opts); err != nil {
		return nil, nil, err
	}
	return m, func() { m.Close() }, nil
}

// graph returns the graph of m, the file's model from open: the caller's
// graph when it has one, else a new one. Callers that edit it edit a
// clone.
func (fi *fileInfo) graph(m *onnxio.Model) (*graphedit.Graph, error) {
	if fi.loaded != nil {
		return fi.loaded.Graph, nil
	}
	g, err := graphedit.Load(m)
	if err != nil {
		return nil, fmt.Errorf("verify: %s: %w", fi.path, err)
	}
	return g, nil
}

// dataOutside reports whether m, the model of the file at path, reads
// external data from outside the file's folder.
func dataOutside(path string, m *onnxio.Model) (bool, error) {
	files, err := m.ExternalFiles()
	if err != nil || len(files) == 0 {
		return false, err
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err == nil {
		dir, err = filepath.EvalSymlinks(dir)
	}
	if err != nil {
		return false, err
	}
	for _, f := range files {
		if !safefile.Within(f, dir) {
			return true, nil
		}
	}
	return false, nil
}

func first(names []string, have []string) string {
	for _, n := range names {
		if slices.Contains(have, n) {
			return n
		}
	}
	return ""
}

func isPast(name string) bool {
	return strings.HasPrefix(name, "past_key_values") || strings.HasPrefix(name, "past.") || strings.HasPrefix(name, "past_")
}

// presentName maps a past input to the output that carries its next value,
// following the Hugging Face convention past_key_values.* ↔ present.*.
func presentName(past string) string {
	switch {
	case strings.HasPrefix(past, "past_key_values"):
		return "present" + strings.TrimPrefix(past, "past_key_values")
	case strings.HasPrefix(past, "past"):
		return "present" + strings.TrimPrefix(past, "past")
	}
	return past
}

// readFileInfo loads path's graph interface and metadata and classifies it
// (the caller's copy, loaded, when set). External data outside the file's
// folder is read only from allowDirs.
func readFileInfo(path string, allowDirs []string, loaded *LoadedFile) (*fileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	var m *onnxio.Model
	outside := false
	if loaded != nil {
		m = loaded.Model
		if outside, err = dataOutside(path, m); err != nil {
			return nil, fmt.Errorf("verify: %s: %w", path, err)
		}
	} else {
		m, err = onnxio.Load(path, &onnxio.LoadOptions{SkipNameCheck: true})
		if err != nil && len(allowDirs) > 0 {
			// Refused within the model's folder: try the allowed directories.
			m, err = onnxio.Load(path, &onnxio.LoadOptions{SkipNameCheck: true, AllowDirs: allowDirs})
			outside = err == nil
		}
		if err != nil {
			return nil, err
		}
		defer m.Close()
	}
	fi := &fileInfo{path: path, bytes: st.Size(), meta: map[string]string{}, allowDirs: allowDirs, outsideData: outside, loaded: loaded}
	g := m.Proto.GetGraph()
	inits := map[string]bool{}
	for _, t := range g.GetInitializer() {
		inits[t.GetName()] = true
	}
	fi.inputDims = map[string][]int64{}
	fi.floatInputs = map[string]bool{}
	for _, v := range g.GetInput() {
		if inits[v.GetName()] {
			continue
		}
		fi.inputs = append(fi.inputs, v.GetName())
		fi.floatInputs[v.GetName()] = v.GetType().GetTensorType().GetElemType() == int32(onnxpb.TensorProto_FLOAT)
		fi.inputDims[v.GetName()] = declaredDims(v)
	}
	fi.outputDims = map[string][]int64{}
	for _, v := range g.GetOutput() {
		fi.outputs = append(fi.outputs, v.GetName())
		fi.outputDims[v.GetName()] = declaredDims(v)
	}
	for _, p := range m.Proto.GetMetadataProps() {
		fi.meta[p.GetKey()] = p.GetValue()
	}
	ext := externalBytes(m.Proto, filepath.Dir(path))
	fi.bytes += ext
	fi.external = ext > 0
	if err := fi.classify(); err != nil {
		return nil, err
	}
	if err := fi.readGraph(m); err != nil {
		return nil, err
	}
	return fi, nil
}

// declaredDims returns the declared dims of a graph input or output, -1
// where symbolic.
func declaredDims(v *onnxpb.ValueInfoProto) []int64 {
	var dims []int64
	for _, d := range v.GetType().GetTensorType().GetShape().GetDim() {
		if d.GetDimParam() == "" && d.GetDimValue() > 0 {
			dims = append(dims, d.GetDimValue())
		} else {
			dims = append(dims, -1)
		}
	}
	return dims
}

// externalBytes sums the sizes of the external data files a model names.
func externalBytes(mp *onnxpb.ModelProto, dir string) int64 {
	seen := map[string]bool{}
	var n int64
	var walk func(g *onnxpb.GraphProto)
	visit := func(t *onnxpb.TensorProto) {
		for _, e := range t.GetExternalData() {
			if e.GetKey() == "location" && !seen[e.GetValue()] {
				seen[e.GetValue()] = true
				if st, err := os.Stat(filepath.Join(dir, e.GetValue())); err == nil {
					n += st.Size()
				}
			}
		}
	}
	walk = func(g *onnxpb.GraphProto) {
		for _, t := range g.GetInitializer() {
			visit(t)
		}
		for _, nd := range g.GetNode() {
			for _, a := range nd.GetAttribute() {
				if a.GetT() != nil {
					visit(a.GetT())
				}
				if a.GetG() != nil {
					walk(a.GetG())
				}
				for _, sg := range a.GetGraphs() {
					walk(sg)
				}
			}
		}
	}
	walk(mp.GetGraph())
	return n
}

func (fi *fileInfo) classify() error {
	in, out := fi.inputs, fi.outputs
	for _, n := range in {
		if isPast(n) {
			fi.pastIn = append(fi.pastIn, n)
		}
	}
	fi.logits = first([]string{"logits", "output", "lm_logits"}, out)
	fi.encState = first(encStateNames, in)
	fi.encOut = first(encOutNames, out)
	switch {
	case slices.Contains(in, useCacheName) && fi.encState != "" && len(fi.pastIn) > 0 && fi.logits != "":
		fi.role = roleMerged
	case len(fi.pastIn) > 0 && fi.logits != "":
		fi.role = roleDecoderPast
	case fi.encState != "" && fi.logits != "":
		fi.role = roleDecoder
	case fi.logits != "" && first(graphedit.SourceIDNames, in) != "" && first(graphedit.TargetIDNames, in) != "":
		fi.role = roleSingle
	case fi.encOut != "" && first(graphedit.SourceIDNames, in) != "" && fi.logits == "":
		fi.role = roleEncoder
	default:
		return fmt.Errorf("verify: %s: inputs [%s] and outputs [%s] do not look like an encoder–decoder translation model "+
			"(want source ids such as input_ids or src_ids and target ids such as decoder_input_ids or tgt_ids giving logits, "+
			"or an encoder file giving last_hidden_state and a decoder file taking encoder_hidden_states)",
			fi.path, strings.Join(in, ", "), strings.Join(out, ", "))
	}
	switch fi.role {
	case roleSingle:
		fi.srcIDs = first(graphedit.SourceIDNames, in)
		fi.tgtIDs = first(graphedit.TargetIDNames, in)
		fi.srcMask = first(graphedit.SourceMaskNames, in)
	case roleEncoder:
		fi.srcIDs = first(graphedit.SourceIDNames, in)
		fi.srcMask = first(graphedit.SourceMaskNames, in)
	default:
		fi.tgtIDs = first(decIDNames, in)
		fi.encMask = first(encMaskNames, in)
		if fi.tgtIDs == "" {
			return fmt.Errorf("verify: %s: decoder inputs [%s] have no target ids (want one of %s)",
				fi.path, strings.Join(in, ", "), strings.Join(decIDNames, ", "))
		}
	}
	fi.srcFeatures = fi.srcIDs != "" && fi.floatInputs[fi.srcIDs] && len(fi.inputDims[fi.srcIDs]) == 3
	return nil
}

// readGraph completes what the names left open from the graph of a file
// that runs without past (a single graph, an encoder, a decoder, a merged
// decoder):
// padding-mask and causal-mask inputs, each mask's format and the ids'
// layout (graphedit.GuessIORoles), and whether the logits have a
// position per decoder input position (graphedit.CheckLogitsPerPosition).
// Then every input must be one the decoding feeds.
func (fi *fileInfo) readGraph(m *onnxio.Model) error {
	if fi.role != roleDecoderPast {
		g, err := fi.graph(m)
		if err != nil {
			return err
		}
		given := graphedit.IORoles{Src: fi.srcIDs, SrcMask: fi.srcMask, DecIn: fi.tgtIDs, Logits: fi.logits}
		if fi.role == roleDecoder || fi.role == roleMerged {
			given.SrcMask = fi.encMask // the encoder's mask, fed as it is
		}
		r, err := graphedit.GuessIORoles(g, given)
		if err != nil {
			return fmt.Errorf("verify: %s: %w", fi.path, err)
		}
		switch fi.role {
		case roleSingle, roleEncoder:
			fi.srcMask, fi.tgtMask, fi.causalMask = r.SrcMask, r.DecMask, r.CausalMask
			fi.srcMaskFormat, fi.tgtMaskFormat, fi.causalFormat = r.SrcMaskFormat, r.DecMaskFormat, r.CausalFormat
			fi.seqFirst = r.SeqFirst
		}
		if fi.role != roleEncoder {
			fi.positionsErr = graphedit.CheckLogitsPerPosition(g, r)
		}
	}
	for _, n := range fi.inputs {
		known := n == fi.srcIDs || n == fi.srcMask || n == fi.tgtIDs || n == fi.tgtMask || n == fi.causalMask || n == fi.encState ||
			n == fi.encMask || n == useCacheName || isPast(n)
		if !known {
			return fmt.Errorf("verify: %s (%s): input %q has no role in translation (inputs: %s)",
				fi.path, fi.role, n, strings.Join(fi.inputs, ", "))
		}
	}
	return nil
}

// expandPaths turns the model arguments into the ONNX files decoding runs
// (modelpath.Resolve, then modelpath.ForDecoding with cache).
func expandPaths(paths []string, cache bool) ([]string, error) {
	files, err := modelpath.Resolve(paths)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	return modelpath.ForDecoding(files, cache), nil
}

// modelFiles is the set of files of one model, by role.
type modelFiles struct {
	layout                            Layout
	single, enc, dec, decPast, merged *fileInfo
	all                               []*fileInfo
}

// detectLayout reads the files and combines them into a layout; allowDirs
// are the extra directories their external data may live in, loaded the
// files (by path) the caller has in memory.
func detectLayout(paths []string, allowDirs []string, loaded map[string]*LoadedFile) (*modelFiles, error) {
	mf := &modelFiles{}
	for _, p := range paths {
		fi, err := readFileInfo(p, allowDirs, loaded[p])
		if err != nil {
			return nil, err
		}
		slot := map[role]**fileInfo{roleSingle: &mf.single, roleEncoder: &mf.enc, roleDecoder: &mf.dec,
			roleDecoderPast: &mf.decPast, roleMerged: &mf.merged}[fi.role]
		if *slot != nil {
			return nil, fmt.Errorf("verify: %s and %s are both a %s; give one model's files", (*slot).path, p, fi.role)
		}
		*slot = fi
		mf.all = append(mf.all, fi)
	}
	roles := func() string {
		var s []string
		for _, f := range mf.all {
			s = append(s, fmt.Sprintf("%s (%s; inputs %s)", f.path, f.role, strings.Join(f.inputs, ", ")))
		}
		sort.Strings(s)
		return strings.Join(s, ", ")
	}
	switch {
	case mf.single != nil:
		if len(mf.all) != 1 {
			return nil, fmt.Errorf("verify: a single-graph model takes no other files: %s", roles())
		}
		mf.layout = LayoutSingle
	case mf.enc == nil:
		return nil, fmt.Errorf("verify: no encoder among %s", roles())
	case mf.merged != nil:
		mf.layout = LayoutMerged
		if mf.dec != nil || mf.decPast != nil {
			return nil, fmt.Errorf("verify: give a merged decoder or decoder files, not both: %s", roles())
		}
	case mf.dec != nil && mf.decPast != nil:
		mf.layout = LayoutSplitPast
	case mf.dec != nil:
		mf.layout = LayoutSplit
	case mf.decPast != nil:
		return nil, fmt.Errorf("verify: %s needs the decoder without past for its first step: %s", mf.decPast.path, roles())
	default:
		return nil, fmt.Errorf("verify: an encoder without a decoder: %s", roles())
	}
	if mf.enc != nil && mf.enc.encOut == "" {
		return nil, fmt.Errorf("verify: %s: encoder has no output named like %s", mf.enc.path, strings.Join(encOutNames, ", "))
	}
	return mf, nil
}
