package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"onnxprune/gatesfile"
	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
)

// DefaultEquivalenceTol bounds |gated − pruned| logits: fp32 sums over a
// changed number of heads reorder additions (rounding of order 1e-6
// relative), far below any change a wrong cut makes.
const DefaultEquivalenceTol = 1e-4

// HalfEquivalenceTol is the default bound for a model that computes in
// float16: the gated and pruned models round intermediates to half
// precision (a relative step of 2^-11, about 5e-4) at different points, so
// logits of order 1–10 differ by a few float16 ulps (measured 1.0e-3 on
// the fp16 Marian fixture with five heads removed).
const HalfEquivalenceTol = 1e-2

// QuantEquivalenceTol is the default bound for a model that quantizes its
// activations to int8 (static QDQ, dynamic quantization): the gated and
// pruned models compute the float tensors a quantizer reads to float32
// rounding of each other, which can flip an int8 rounding and move the
// logits by about one quantization step (measured 0.035 on the dynamic
// int8 Marian fixture with five heads removed, 0 on the static QDQ one),
// still far below what a wrong cut changes (0.7 and more on the fixtures).
const QuantEquivalenceTol = 0.1

// HeadDecision says which heads the pruned model lost: the one in-memory
// head decision (heads.Decision), made by the caller against the
// original's attention blocks, which it found and hands over with it, so
// that verify finds no heads of the original again; and, with Gates or
// Structures, which FFN neurons and sublayers it lost.
type HeadDecision struct {
	// Heads keeps or removes each head of Blocks' blocks, by block name.
	Heads heads.Decision
	// Blocks are the attention blocks of each file of Config.Original, by
	// the file's path, as the caller found them (heads.Discover on the
	// original, not a pruned or gated copy): every file verify opens of the
	// original (modelpath.ForDecoding) must be there.
	Blocks map[string][]*heads.Block
	// Gates, when set, is the gates.json Heads came from; its FFN neuron
	// and sublayer records then decide those structures too.
	Gates string
	// Structures, when set, holds the FFN neuron and sublayer records
	// that decide those structures without a gates file (a --remove
	// spec's: structures.Decision.GateRecords), in place of Gates'
	// records.
	Structures *gatesfile.File
	// StructuresCut says, by the path of each file of Blocks, whether the
	// FFN neuron and sublayer records (Structures', else the gates
	// file's) cut something of it, as the caller found when it cut them;
	// nil: verify finds it from the files (structures.Discover).
	StructuresCut map[string]bool
}

// fileBlocks returns the blocks of each of files, in order, from d.Blocks.
func (d HeadDecision) fileBlocks(files []string) ([][]*heads.Block, error) {
	out := make([][]*heads.Block, len(files))
	for i, f := range files {
		b, ok := d.Blocks[f]
		if !ok {
			return nil, fmt.Errorf("verify: the head decision comes without the attention blocks of %s", f)
		}
		out[i] = b
	}
	return out, nil
}

// removedNames lists the heads d removes, block by block in the order of
// files (a block two files share once), then by head.
func (d HeadDecision) removedNames(files []string) []string {
	var all []*heads.Block
	seen := map[string]bool{}
	for _, f := range files {
		for _, b := range d.Blocks[f] {
			if !seen[b.Name()] {
				seen[b.Name()] = true
				all = append(all, b)
			}
		}
	}
	return d.Heads.Removed(all)
}

// buildGated writes into dir a copy of each file with a gate on every
// attention head (heads.InsertGates), its stored value 1 for kept heads
// and 0 for removed ones, so that the copies compute what the pruned model
// should; a gates file with FFN neuron and sublayer records gates those
// structures the same way (structures.InsertGates). The copies keep the
// files' base names and hold their data in dir. It returns their paths,
// the number of heads closed, and tol, the equivalence check's default
// bound for the files: QuantEquivalenceTol when one quantizes its
// activations, else HalfEquivalenceTol when one computes in float16 (a
// MatMul or Gemm with a float16 operand), else DefaultEquivalenceTol. opts
// (nil: the defaults) loads the files the caller has not loaded (loaded,
// by path: those are copied in memory, with d's blocks carried onto the
// copy).
func buildGated(files []string, d HeadDecision, dir string, opts *onnxio.LoadOptions, loaded map[string]*LoadedFile) (out []string, closedHeads int, tol float64, err error) {
	dec := d.Heads
	ls, err := loadFiles(files, opts, loaded, d.Blocks)
	defer func() {
		for _, l := range ls {
			l.done()
		}
	}()
	if err != nil {
		return nil, 0, 0, err
	}
	sg, err := structureGates(d)
	if err != nil {
		return nil, 0, 0, err
	}
	closed := map[string]bool{}
	for i, l := range ls {
		tol = max(tol, precisionTol(l.g))
		gates, err := heads.InsertGates(l.g, l.blocks, nil)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("verify: %s: gates: %w", files[i], err)
		}
		for _, gt := range gates {
			keep := dec[gt.Block]
			vals := make([]float32, gt.Heads)
			for h := range vals {
				if keep == nil || (h < len(keep) && keep[h]) {
					vals[h] = 1
				} else {
					closed[heads.HeadName(gt.Kind, gt.Layer, h)] = true
				}
			}
			v := l.g.Value(gt.Name)
			if v == nil {
				return nil, 0, 0, fmt.Errorf("verify: %s: gate %s not in the graph", files[i], gt.Name)
			}
			if err := l.g.SetInitializer(v, onnxio.NewFloat32(gt.Name, []int64{int64(gt.Heads)}, vals)); err != nil {
				return nil, 0, 0, fmt.Errorf("verify: %s: gate %s: %w", files[i], gt.Name, err)
			}
		}
		if sg != nil {
			// FFN neurons and sublayers the gates file closed: gated the
			// same way (their count is not added to the heads closed).
			if err := gateStructures(l.g, l.blocks, sg); err != nil {
				return nil, 0, 0, fmt.Errorf("verify: %s: structure gates: %w", files[i], err)
			}
		}
		original := l.m.Proto
		l.g.Store(l.m)
		p := filepath.Join(dir, filepath.Base(files[i]))
		err = l.m.Save(p, nil)
		l.m.Proto = original // a caller's model stays as it was
		if err != nil {
			return nil, 0, 0, err
		}
		out = append(out, p)
	}
	return out, len(closed), tol, nil
}

// precisionTol is the equivalence check's default bound for a graph:
// QuantEquivalenceTol when it quantizes its activations, else
// HalfEquivalenceTol when it computes in float16, else
// DefaultEquivalenceTol.
func precisionTol(g *graphedit.Graph) float64 {
	switch {
	case heads.QuantizingNode(g) != nil:
		return QuantEquivalenceTol
	case computesInFloat16(g):
		return HalfEquivalenceTol
	}
	return DefaultEquivalenceTol
}

// setGates writes into dir a copy of each already gated file (the gate
// stage's output) whose gate inputs become stored values: 0 for the heads
// d removes and the FFN units and sublayers the gates file of d closes,
// 1 for the rest. It returns the copies' paths, the number of heads
// closed, and the default tolerance as buildGated does. A head d removes
// that no gate covers is an error.
func setGates(files []string, d HeadDecision, dir string, opts *onnxio.LoadOptions) (out []string, closedHeads int, tol float64, err error) {
	sg, err := structureGates(d)
	if err != nil {
		return nil, 0, 0, err
	}
	unitKeep := map[string]bool{}
	if sg != nil {
		for _, r := range append(sg.FFN, sg.Sublayers...) {
			unitKeep[r.Name] = r.Keep
		}
	}
	closed, covered := map[string]bool{}, map[string]bool{}
	for _, p := range files {
		m, err := onnxio.Load(p, opts)
		if err != nil {
			return nil, 0, 0, err
		}
		defer m.Close()
		g, err := graphedit.Load(m)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("verify: %s: %w", p, err)
		}
		tol = max(tol, precisionTol(g))
		gates, err := gatetrain.FindGates(g, nil)
		if err != nil && hasGateInputs(g) {
			return nil, 0, 0, fmt.Errorf("verify: %s: %w", p, err)
		}
		for _, gi := range gates {
			vals := make([]float32, gi.Heads)
			for h := range vals {
				name, keep := gi.Head(h), true
				if gi.Structure == "" {
					covered[name] = true
					if k := d.Heads[heads.BlockName(gi.Kind, gi.Layer)]; h < len(k) && !k[h] {
						keep = false
						closed[name] = true
					}
				} else if k, ok := unitKeep[name]; ok {
					keep = k
				}
				if keep {
					vals[h] = 1
				}
			}
			if err := g.SetInitializer(g.Value(gi.Name), onnxio.NewFloat32(gi.Name, []int64{int64(gi.Heads)}, vals)); err != nil {
				return nil, 0, 0, fmt.Errorf("verify: %s: gate %s: %w", p, gi.Name, err)
			}
		}
		g.Store(m)
		q := filepath.Join(dir, filepath.Base(p))
		if err := m.Save(q, nil); err != nil {
			return nil, 0, 0, err
		}
		out = append(out, q)
	}
	for block, keep := range d.Heads {
		for h, k := range keep {
			if name := fmt.Sprintf("%s:%d", block, h); !k && !covered[name] {
				return nil, 0, 0, fmt.Errorf("verify: head %s is removed but has no gate in %s", name, strings.Join(files, ", "))
			}
		}
	}
	return out, len(closed), tol, nil
}

// hasGateInputs reports whether a graph input is named as a gate
// (gatetrain.GatePrefix).
func hasGateInputs(g *graphedit.Graph) bool {
	for _, v := range g.Inputs() {
		if strings.HasPrefix(v.Name(), gatetrain.GatePrefix) {
			return true
		}
	}
	return false
}

// computesInFloat16 reports whether a MatMul or Gemm of g, or of the
// branches of its If nodes (a merged decoder), has a float16 operand.
func computesInFloat16(g *graphedit.Graph) bool {
	_ = g.InferShapes() // types that cannot be inferred count as not float16
	for _, n := range g.Nodes() {
		if n.OpType() == "If" {
			for _, attr := range []string{"then_branch", "else_branch"} {
				if sub, err := g.Subgraph(n, attr); err == nil && computesInFloat16(sub) {
					return true
				}
			}
		}
		if n.OpType() != "MatMul" && n.OpType() != "Gemm" {
			continue
		}
		for _, in := range n.Inputs() {
			if in != nil && in.ElemType() == graphedit.ElemFloat16 {
				return true
			}
		}
	}
	return false
}

// loadedFile is one file of a model with its graph and attention blocks;
// done releases the model when loadFiles loaded it.
type loadedFile struct {
	m      *onnxio.Model
	g      *graphedit.Graph
	blocks []*heads.Block
	done   func()
}

// loadFiles returns a graph of each of files to gate, with its attention
// blocks: for a file the caller has loaded (loaded, by path), a copy of
// its graph with the caller's blocks carried onto it (blocks, by path:
// heads.CarryBlocks; found on the copy when the caller has none); for
// another, the file loaded with opts and its blocks found. The caller
// calls each file's done, also on error.
func loadFiles(files []string, opts *onnxio.LoadOptions, loaded map[string]*LoadedFile, blocks map[string][]*heads.Block) ([]loadedFile, error) {
	var ls []loadedFile
	for _, p := range files {
		if l := loaded[p]; l != nil {
			g, err := l.Graph.Clone()
			if err != nil {
				return ls, fmt.Errorf("verify: %s: %w", p, err)
			}
			bs, ok := blocks[p]
			if ok {
				bs, err = heads.CarryBlocks(bs, l.Graph, g)
			} else {
				bs, err = heads.FindHeads(g)
			}
			if err != nil {
				return ls, fmt.Errorf("verify: %s: %w", p, err)
			}
			ls = append(ls, loadedFile{l.Model, g, bs, func() {}})
			continue
		}
		m, err := onnxio.Load(p, opts)
		if err != nil {
			return ls, err
		}
		g, err := graphedit.Load(m)
		if err != nil {
			m.Close()
			return ls, err
		}
		bs, err := heads.FindHeads(g)
		if err != nil {
			m.Close()
			return ls, fmt.Errorf("verify: %s: %w", p, err)
		}
		ls = append(ls, loadedFile{m, g, bs, func() { m.Close() }})
	}
	return ls, nil
}

// checkDecision checks a head decision before anything is translated: it
// comes with the blocks of every file, and its gates file, when it has
// one, is sound. It returns the files (of files) that lose at least one
// head, FFN neuron or sublayer. Only FFN neuron or sublayer records (of
// d.Structures or its gates file), without d.StructuresCut, make it load
// the files (structures.Discover).
func checkDecision(files []string, d HeadDecision, opts *onnxio.LoadOptions, loaded map[string]*LoadedFile) (map[string]bool, error) {
	perFile, err := d.fileBlocks(files)
	if err != nil {
		return nil, err
	}
	removedIn := map[string]bool{}
	for i, blocks := range perFile {
		for _, b := range blocks {
			for _, keep := range d.Heads[b.Name()] {
				if !keep {
					removedIn[files[i]] = true
				}
			}
		}
	}
	sg, err := structureGates(d)
	if err != nil || sg == nil {
		return removedIn, err
	}
	for _, p := range files {
		cut, known := d.StructuresCut[p]
		if !known {
			if cut, err = cutsStructuresOf(p, sg, opts, loaded[p], d.Blocks[p]); err != nil {
				return nil, err
			}
		}
		removedIn[p] = removedIn[p] || cut
	}
	return removedIn, nil
}

// cutsStructuresOf reports whether sg removes an FFN neuron or a sublayer
// of the file at path (loaded: the caller's copy of it, with blocks its
// attention blocks; nil: loaded now, its heads found).
func cutsStructuresOf(path string, sg *gatesfile.File, opts *onnxio.LoadOptions, loaded *LoadedFile, blocks []*heads.Block) (bool, error) {
	fi := &fileInfo{path: path, loaded: loaded}
	m, done, err := fi.open(opts)
	if err != nil {
		return false, err
	}
	defer done()
	g, err := fi.graph(m)
	if err != nil {
		return false, err
	}
	var hd *heads.Discovery
	if loaded != nil {
		hd = &heads.Discovery{Blocks: blocks}
	}
	cut, err := cutsStructures(g, hd, sg)
	if err != nil {
		return false, fmt.Errorf("verify: %s: %w", path, err)
	}
	return cut, nil
}

// gatedDirPattern names the folders that hold the gated original.
const gatedDirPattern = ".onnxprune-gated.tmp-"

// gatedWorkDir makes a fresh folder for the gated original in workDir (the
// system's temporary folder when empty), after removing the folders of that
// name a killed run left in workDir.
func gatedWorkDir(workDir string) (string, error) {
	if workDir == "" {
		return os.MkdirTemp("", "onnxprune-gated-")
	}
	if err := os.MkdirAll(workDir, 0o755); err != nil {
		return "", err
	}
	stale, _ := filepath.Glob(filepath.Join(workDir, gatedDirPattern+"*"))
	for _, s := range stale {
		if st, err := os.Lstat(s); err == nil && st.IsDir() {
			os.RemoveAll(s)
		}
	}
	return os.MkdirTemp(workDir, gatedDirPattern)
}

// checkEquivalence builds the gated original (from cfg.Gated when set,
// with the decision dec made against the original's heads; else from the
// original's files), opens it and the pruned model, and compares their
// teacher-forced logits on tgt at batch 1 and at cfg's batch size, within
// tol (0: by the original's precision, DefaultEquivalenceTol,
// HalfEquivalenceTol for float16 or QuantEquivalenceTol for int8
// activations).
func checkEquivalence(ctx context.Context, cfg Config, mo ModelOptions, src, tgt [][]int64, tol float64) (*Equivalence, error) {
	d, pruned, batch := *cfg.Decision, cfg.Pruned, max(cfg.Search.Batch, 1)
	dir, err := gatedWorkDir(cfg.WorkDir)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	defer os.RemoveAll(dir)
	opts := &onnxio.LoadOptions{AllowDirs: mo.AllowDirs}
	var gatedFiles []string
	var closed int
	var byPrecision float64
	if len(cfg.Gated) > 0 {
		files, err := expandPaths(cfg.Gated, !mo.NoCache)
		if err != nil {
			return nil, err
		}
		gatedFiles, closed, byPrecision, err = setGates(files, d, dir, opts)
		if err != nil {
			return nil, err
		}
	} else {
		files, err := expandPaths(cfg.Original, !mo.NoCache)
		if err != nil {
			return nil, err
		}
		if gatedFiles, closed, byPrecision, err = buildGated(files, d, dir, opts, mo.Loaded); err != nil {
			return nil, err
		}
	}
	if tol <= 0 {
		tol = byPrecision
	}
	g, err := OpenModel(gatedFiles, mo)
	if err != nil {
		return nil, fmt.Errorf("gated: %w", err)
	}
	defer g.Close()
	p, err := OpenModel(pruned, mo)
	if err != nil {
		return nil, fmt.Errorf("pruned: %w", err)
	}
	defer p.Close()
	e := &Equivalence{Tolerance: tol}
	origFiles, err := expandPaths(cfg.Original, !mo.NoCache)
	if err != nil {
		return nil, err
	}
	desc := strings.Join(d.removedNames(origFiles), ", ") // a list that wraps
	switch {
	case d.Structures != nil:
		desc = strings.Join(append(d.removedNames(origFiles), removedUnits(d.Structures)...), ", ")
	case d.Gates != "":
		desc = d.Gates
	}
	e.Gated = fmt.Sprintf("original with %d heads%s gated to 0 (%s)", closed, structureCuts(d), desc)
	batches := []int{1}
	if batch > 1 {
		batches = append(batches, batch)
	}
	sort.Ints(batches)
	cached := g.Cached() && p.Cached() && !mo.NoCache
	for _, b := range batches {
		diff, err := CompareLogits(ctx, g, p, src, tgt, b)
		if err != nil {
			return nil, err
		}
		e.MaxAbsDiff = max(e.MaxAbsDiff, diff.Max)
		if cached {
			if diff, err = CompareStepLogits(ctx, g, p, src, tgt, b); err != nil {
				return nil, err
			}
			e.MaxAbsDiff = max(e.MaxAbsDiff, diff.Max)
		}
	}
	e.Passed = e.MaxAbsDiff <= tol
	bs := make([]string, len(batches))
	for i, b := range batches {
		bs[i] = fmt.Sprint(b)
	}
	how := "whole-prefix decoder"
	if cached {
		how = "whole-prefix and cached step-by-step decoders"
	}
	e.Note = fmt.Sprintf("teacher-forced logits of %d sentences at batch sizes %s (%s)", len(src), strings.Join(bs, ", "), how)
	return e, nil
}
