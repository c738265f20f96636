package verify

import (
	"fmt"
	"strconv"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
)

// Cost is the size of a model, or what cutting a structure saves: its
// floating-point weights and its FLOPs per generated token (Model.CountFLOPs'
// PerToken at the meter's shape).
type Cost struct {
	Params int64   `json:"params"`
	FLOPs  float64 `json:"flops_per_token"`
	// EncoderFLOPs is the part of FLOPs the encoder runs (zero for a
	// single graph).
	EncoderFLOPs float64 `json:"encoder_flops_per_token"`
}

// CostMeter measures what cutting structures saves, by cutting them
// (structures.Remove) from in-memory copies of a model's ungated files,
// each graph's attention blocks found once and carried onto its copies,
// and counting what is left as CountFLOPs does; parameters are the
// floating-point initializer elements of the files, summed over files but
// for a decoder_with_past file (its weights are the decoder's).
type CostMeter struct {
	// Dense is the cost of the uncut model.
	Dense Cost
	// Shape is the shape FLOPs are counted at.
	Shape FLOPShape

	m     *Model
	cache bool
	files []*costFile
	memo  map[string]Cost
	// model is the structures of the uncut files, found on first use.
	model *structures.Model
}

// costFile is one file's graphs: plain is the file's graph (parameters,
// structure names), flop the graphs FLOPs are counted on, by use_cache
// (both the plain graph unless the file is a merged decoder).
type costFile struct {
	fi    *fileInfo
	om    *onnxio.Model
	done  func() // releases om (fileInfo.open)
	plain *graphedit.Graph
	flop  [2]*graphedit.Graph
	// heads are the attention blocks of plain and of each flop graph, by
	// graph (found, carried onto each cut copy): the caller's for a loaded
	// file's plain graph, else found once (findHeads).
	heads map[*graphedit.Graph]*heads.Discovery
}

// NewCostMeter loads the model files (paths as OpenModel takes them,
// without gates; loaded: those the caller has in memory, by path, which
// it reads there and never edits) and counts the dense model at shape,
// decoding with the key/value cache when cache is set and the model has
// one.
func NewCostMeter(paths, allowDirs []string, shape FLOPShape, cache bool, loaded map[string]*LoadedFile) (*CostMeter, error) {
	files, err := expandPaths(paths, cache)
	if err != nil {
		return nil, err
	}
	mf, err := detectLayout(files, allowDirs, loaded)
	if err != nil {
		return nil, err
	}
	c := &CostMeter{Shape: shape, m: &Model{Files: files, Layout: mf.layout, mf: mf}, cache: cache, memo: map[string]Cost{}}
	for _, fi := range mf.all {
		cf := &costFile{fi: fi}
		c.files = append(c.files, cf)
		if cf.om, cf.done, err = fi.open(nil); err != nil {
			c.Close()
			return nil, err
		}
		if cf.plain, err = fi.graph(cf.om); err != nil {
			c.Close()
			return nil, err
		}
		cf.flop = [2]*graphedit.Graph{cf.plain, cf.plain}
		if fi.role != roleMerged {
			continue
		}
		for i, useCache := range []bool{false, true} {
			if cf.flop[i], err = graphedit.LoadInlined(cf.om, useCacheName, useCache); err != nil {
				c.Close()
				return nil, fmt.Errorf("verify: %s: %w", fi.path, err)
			}
		}
	}
	if c.Dense, err = c.count(nil); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Close releases the files.
func (c *CostMeter) Close() {
	for _, cf := range c.files {
		if cf.done != nil {
			cf.done()
		}
	}
}

// count counts copies of every graph of every file, edited by cut (nil:
// uncut): cut gets the file, the graph and its copy.
func (c *CostMeter) count(cut func(cf *costFile, g, e *graphedit.Graph) error) (Cost, error) {
	var cost Cost
	fc := &flopCounter{m: c.m, cache: c.cache, graphs: map[string]*flopGraph{}}
	for _, cf := range c.files {
		edited := map[*graphedit.Graph]*graphedit.Graph{}
		for _, g := range append([]*graphedit.Graph{cf.plain}, cf.flop[:]...) {
			if edited[g] != nil {
				continue
			}
			e, err := g.Clone()
			if err != nil {
				return Cost{}, err
			}
			if cut != nil {
				if err := cut(cf, g, e); err != nil {
					return Cost{}, fmt.Errorf("verify: %s: %w", cf.fi.path, err)
				}
			}
			edited[g] = e
		}
		if cf.fi.role != roleDecoderPast {
			cost.Params += floatParams(edited[cf.plain].ToProto())
		}
		for i, useCache := range []bool{false, true} {
			fc.graphs[fmt.Sprintf("%s|%v", cf.fi.path, useCache)] = &flopGraph{fi: cf.fi, g: edited[cf.flop[i]], m: cf.om}
		}
	}
	fl, err := c.m.countFLOPs(fc, c.Shape)
	if err != nil {
		return Cost{}, err
	}
	cost.FLOPs = fl.PerToken
	if fl.Sentence > 0 {
		cost.EncoderFLOPs = fl.PerToken * float64(fl.Encoder.FLOPs) / float64(fl.Sentence)
	}
	return cost, nil
}

// floatParams counts the floating-point initializer elements of gp and of
// its subgraphs.
func floatParams(gp *onnxpb.GraphProto) int64 {
	var n int64
	walkTensors(gp, func(t *onnxpb.TensorProto) {
		switch onnxpb.TensorProto_DataType(t.GetDataType()) {
		case onnxpb.TensorProto_FLOAT, onnxpb.TensorProto_FLOAT16, onnxpb.TensorProto_BFLOAT16, onnxpb.TensorProto_DOUBLE:
			e := int64(1)
			for _, d := range t.GetDims() {
				e *= d
			}
			n += e
		}
	})
	return n
}

// Saved returns what cutting the structures of spec (structures.ParseSpec:
// heads, FFN neurons, sublayers) saves.
func (c *CostMeter) Saved(spec string) (Cost, error) {
	if s, ok := c.memo[spec]; ok {
		return s, nil
	}
	s, _, err := c.cut(spec, false)
	if err != nil {
		return Cost{}, err
	}
	c.memo[spec] = s
	return s, nil
}

// structures returns the structures of the uncut files, found on first use.
func (c *CostMeter) structures() (*structures.Model, error) {
	if c.model != nil {
		return c.model, nil
	}
	sm := &structures.Model{}
	for _, cf := range c.files {
		if err := cf.findHeads(); err != nil {
			return nil, err
		}
		d, err := structures.DiscoverWith(cf.plain, cf.heads[cf.plain])
		if err != nil {
			return nil, fmt.Errorf("verify: %s: %w", cf.fi.path, err)
		}
		sm.Add(d)
	}
	c.model = sm
	return sm, nil
}

// CutModels returns copies of the model's files with the structures of spec
// cut (structures.ParseSpec), by path, to open in place of the files
// (ModelOptions.Loaded; each LoadedFile Edited); the caller closes their
// models.
func (c *CostMeter) CutModels(spec string) (map[string]*LoadedFile, error) {
	_, copies, err := c.cut(spec, true)
	return copies, err
}

// cut cuts the structures of spec from copies of the files and returns what
// that saves; with models, also the cut copies (CutModels).
func (c *CostMeter) cut(spec string, models bool) (Cost, map[string]*LoadedFile, error) {
	sm, err := c.structures()
	if err != nil {
		return Cost{}, nil, err
	}
	sel, err := structures.ParseSpec(spec, sm)
	if err != nil {
		return Cost{}, nil, fmt.Errorf("verify: %w", err)
	}
	dec := structures.RemoveDecision(sel, sm)
	var copies map[string]*LoadedFile
	if models {
		copies = map[string]*LoadedFile{}
	}
	left, err := c.count(func(cf *costFile, g, e *graphedit.Graph) error {
		blocks, err := heads.CarryBlocks(cf.heads[g].Blocks, g, e)
		if err != nil {
			return err
		}
		d, err := structures.DiscoverWith(e, &heads.Discovery{Blocks: blocks})
		if err != nil {
			return err
		}
		if _, err = structures.Remove(e, d, dec); err != nil {
			return err
		}
		if models && g == cf.plain {
			copies[cf.fi.path] = &LoadedFile{Model: cf.om.WithProto(e.ModelProto(cf.om.Proto)), Graph: e, Edited: true}
		}
		return nil
	})
	if err != nil {
		return Cost{}, nil, err
	}
	return Cost{Params: c.Dense.Params - left.Params, FLOPs: c.Dense.FLOPs - left.FLOPs, EncoderFLOPs: c.Dense.EncoderFLOPs - left.EncoderFLOPs}, copies, nil
}

// findHeads finds the attention blocks of the file's graphs once, for
// every cut: the plain graph's are the caller's when it loaded the file
// with them (LoadedFile.Blocks).
func (cf *costFile) findHeads() error {
	if cf.heads != nil {
		return nil
	}
	cf.heads = map[*graphedit.Graph]*heads.Discovery{}
	if l := cf.fi.loaded; l != nil && l.Blocks != nil {
		cf.heads[cf.plain] = &heads.Discovery{Blocks: l.Blocks}
	}
	for _, g := range append([]*graphedit.Graph{cf.plain}, cf.flop[:]...) {
		if cf.heads[g] != nil {
			continue
		}
		hd, err := heads.Discover(g)
		if err != nil {
			return fmt.Errorf("verify: %s: %w", cf.fi.path, err)
		}
		cf.heads[g] = hd
	}
	return nil
}

// UnitCost returns what cutting one gate unit saves: a head
// (`KIND:LAYER:HEAD`), FFN neurons (`ffn:KIND:LAYER:N` or
// `ffn:KIND:LAYER:A-B`) or a sublayer (`sublayer:STACK:LAYER:PART`). Heads
// of a block and neurons of an FFN cost alike and their costs add up (the
// cut shrinks every product along the head or neuron axis), so one cut per
// block and per FFN is measured: the first head, the first neuron.
func (c *CostMeter) UnitCost(unit string) (Cost, error) {
	parts := strings.Split(unit, ":")
	switch {
	case parts[0] == "sublayer":
		return c.Saved(unit)
	case parts[0] == "ffn" && len(parts) == 4:
		lo, hi, err := neuronRange(parts[3])
		if err != nil {
			return Cost{}, fmt.Errorf("verify: unit %q: %w", unit, err)
		}
		one, err := c.Saved(strings.Join(parts[:3], ":") + ":0")
		n := int64(hi - lo + 1)
		return Cost{Params: n * one.Params, FLOPs: float64(n) * one.FLOPs, EncoderFLOPs: float64(n) * one.EncoderFLOPs}, err
	case len(parts) == 3:
		return c.Saved(parts[0] + ":" + parts[1] + ":0")
	}
	return Cost{}, fmt.Errorf("verify: unit %q is not a head, FFN neurons or a sublayer", unit)
}

// neuronRange reads N or A-B.
func neuronRange(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil {
		return 0, 0, fmt.Errorf("bad neuron %q", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("bad neuron range %q", s)
		}
	}
	return lo, hi, nil
}
