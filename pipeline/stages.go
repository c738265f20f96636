package pipeline

import (
	"context"
	"fmt"
	"math"
	"onnxprune/ortrun"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"onnxprune/attribution"
	"onnxprune/attribution/conllu"
	"onnxprune/gatetrain"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/features"
	"onnxprune/onnxio"
	"onnxprune/verify"
	"onnxprune/verify/score"
	"onnxprune/verify/tokenize"
)

// BlockInfo is one attention block of inspect.json.
type BlockInfo struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Layer   int      `json:"layer"`
	Heads   int      `json:"heads"`
	HeadDim int      `json:"head_dim"`
	Files   []string `json:"files"`
}

// Inspection is inspect.json: the model's files, sizes and blocks.
type Inspection struct {
	Files     []string    `json:"files"`
	FileBytes int64       `json:"file_bytes"`
	Blocks    []BlockInfo `json:"blocks"`
	// Heads counts the heads per kind.
	Heads map[string]int `json:"heads"`
}

func (r *runner) inspect(ctx context.Context) error {
	files, closeAll, err := loadFiles(r.files, r.loadOptions())
	if err != nil {
		return err
	}
	defer closeAll()
	ins := Inspection{Files: r.files, Heads: map[string]int{}}
	idx := map[string]int{}
	for _, f := range files {
		st, err := os.Stat(f.path)
		if err != nil {
			return err
		}
		ins.FileBytes += st.Size()
		for _, b := range f.blocks {
			i, ok := idx[b.Name()]
			if !ok {
				i = len(ins.Blocks)
				idx[b.Name()] = i
				ins.Blocks = append(ins.Blocks, BlockInfo{Name: b.Name(), Kind: string(b.Kind), Layer: b.Layer, Heads: b.NumHeads, HeadDim: b.HeadDim})
				ins.Heads[string(b.Kind)] += b.NumHeads
			}
			ins.Blocks[i].Files = append(ins.Blocks[i].Files, filepath.Base(f.path))
		}
	}
	if len(ins.Blocks) == 0 {
		return fmt.Errorf("no attention heads found in %s", strings.Join(r.files, ", "))
	}
	for _, b := range ins.Blocks {
		fmt.Fprintf(r.log, "  %-10s %d heads × %d\n", b.Name, b.Heads, b.HeadDim)
	}
	return writeJSON(r.path(InspectFile), ins)
}

func (r *runner) gate(ctx context.Context) error {
	files, closeAll, err := loadFiles(r.files, r.loadOptions())
	if err != nil {
		return err
	}
	defer closeAll()
	if err := os.MkdirAll(r.path(GatedDir), 0o755); err != nil {
		return err
	}
	outs := r.outFiles(GatedDir)
	total := 0
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		if gs, err := gatetrain.FindGates(f.g, nil); err == nil && len(gs) > 0 {
			return fmt.Errorf("%s already has gate inputs: give the ungated model", f.path)
		}
		has := false
		for _, b := range f.blocks {
			has = has || (r.c.Structures.Heads && r.kindsWanted(b.Kind))
		}
		if has {
			gates, err := heads.InsertGates(f.g, f.blocks, r.c.Attention)
			if err != nil {
				return fmt.Errorf("%s: %w", f.path, err)
			}
			total += len(gates)
		}
		n, err := r.gateStructures(f)
		if err != nil {
			return err
		}
		total += n
		if has || n > 0 {
			if err := f.g.CheckTypes(); err != nil {
				return fmt.Errorf("%s: not writing %s: %w", f.path, outs[i], err)
			}
			f.g.Store(f.m)
		}
		if err := f.m.Save(outs[i], nil); err != nil {
			return err
		}
		fmt.Fprintf(r.log, "  %s -> %s\n", f.path, outs[i])
	}
	if total == 0 {
		return fmt.Errorf("nothing to gate: no attention block of the kinds %v and no other structure asked for", r.c.Attention)
	}
	return nil
}

// gateStructures gates the FFNs and sublayers of one file as the
// structures key asks and returns the number of gates added.
func (r *runner) gateStructures(f *loaded) (int, error) {
	l := r.c.Structures
	if l.HeadsOnly() {
		return 0, nil
	}
	d, err := structures.Discover(f.g)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", f.path, err)
	}
	for _, nu := range d.NotUnderstood {
		if nu.Structure != "attention" {
			return 0, fmt.Errorf("%s: %w", f.path, nu)
		}
	}
	gates, err := structures.InsertGates(f.g, d, l.FFNGroup, l.Sublayers)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", f.path, err)
	}
	return len(gates), nil
}

// readCorpus reads a parallel corpus of text (with the tokenizer) or ids;
// a source ending in .npy is speech features.
func (r *runner) readCorpus(pair [2]string) (*gatetrain.Corpus, error) {
	if r.tok == nil && !features.IsFile(pair[0]) {
		return gatetrain.ReadCorpus(pair[0], pair[1], -1)
	}
	enc := func(path string) ([][]int64, error) {
		if r.tok == nil {
			return gatetrain.ReadIDFile(path, -1)
		}
		lines, err := score.ReadLines(path)
		if err != nil {
			return nil, err
		}
		var out [][]int64
		for i, l := range lines {
			ids, err := r.tok.Encode(l)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", path, i+1, err)
			}
			out = append(out, ids)
		}
		return out, nil
	}
	t, err := enc(pair[1])
	if err != nil {
		return nil, err
	}
	if features.IsFile(pair[0]) {
		f, err := features.Read(pair[0])
		if err != nil {
			return nil, err
		}
		return gatetrain.NewFeatureCorpus(f, t, pair[1])
	}
	s, err := enc(pair[0])
	if err != nil {
		return nil, err
	}
	return gatetrain.NewCorpus(s, t, pair[0], pair[1])
}

// TrainResult is train/result.json: what gate training reported.
type TrainResult struct {
	Steps     int     `json:"steps"`
	OpenHeads int     `json:"open_heads"`
	Heads     int     `json:"heads"`
	DenseLoss float64 `json:"dense_dev_loss"`
	FinalLoss float64 `json:"pruned_dev_loss"`
}

func (r *runner) train(ctx context.Context) error {
	c := r.c
	gated := r.outFiles(GatedDir)
	if len(gated) > 2 {
		gated = gated[:2]
	}
	g, m, name, err := gatetrain.LoadJoined(gated, r.loadOptions())
	if err != nil {
		return err
	}
	defer m.Close()
	source := func() (*onnxio.Model, error) { return onnxio.Load(gated[0], r.loadOptions()) }
	if len(gated) == 2 {
		// A joined graph has no file of its own: the files training writes
		// hold it in a model reading its external data from the encoder's
		// folder.
		joined := g
		source = func() (*onnxio.Model, error) {
			return gatetrain.JoinedModel(joined, name, r.joinedLoadOptions(gated[0]))
		}
	}
	train, err := r.readCorpus(c.Train)
	if err != nil {
		return err
	}
	var dev *gatetrain.Corpus
	if c.Dev[0] != "" {
		if dev, err = r.readCorpus(c.Dev); err != nil {
			return err
		}
	}
	cfg := gatetrain.DefaultConfig()
	cfg.Steps, cfg.Lambda, cfg.TargetHeads, cfg.Seed = c.Steps, c.Lambda, c.TargetHeads, c.Seed
	if want, _ := c.Budget.Set(); want {
		gates, err := gatetrain.FindGates(g, c.Attention)
		if err != nil {
			return err
		}
		shape := verify.CorpusShape(train)
		if cfg.Budget, err = verify.MeasureBudget(c.Budget, r.files, c.AllowDirs, gates, shape); err != nil {
			return err
		}
		b := cfg.Budget
		fmt.Fprintf(r.log, "  budget: %s %.4g of %.4g dense (%.1f%%), FLOPs per generated token at batch 1, source %d, target %d tokens\n",
			b.What, b.Target, b.Dense, 100*b.Target/b.Dense, shape.SrcLen, shape.TgtLen)
	}
	cfg.Schedule.Base = c.LR
	cfg.LagrangeLR = c.LagrangeLR
	cfg.CheckpointEvery = c.CheckpointEvery
	if cfg.ValidEvery > c.Steps || cfg.ValidEvery == 0 {
		cfg.ValidEvery = c.Steps
	}
	dir := r.path(TrainDir)
	_, statErr := os.Stat(filepath.Join(dir, gatetrain.CheckpointFileName))
	resume := statErr == nil
	if resume {
		fmt.Fprintf(r.log, "  resuming from %s\n", filepath.Join(dir, gatetrain.CheckpointFileName))
	}
	every := max(1, c.Steps/10)
	ro := gatetrain.RunOptions{
		Graph: g, Model: name, Source: source, Kinds: c.Attention,
		Train: train, Dev: dev, Specials: r.gateSpecials(), MaxTokens: c.MaxTokens, Window: 1000,
		Cfg: cfg, OutDir: dir, Resume: resume, Session: r.session(),
		OnStep: func(s gatetrain.StepInfo) error {
			if s.Step%every == 0 || s.Step == c.Steps || s.ValidLoss != nil {
				v := ""
				if s.ValidLoss != nil {
					v = fmt.Sprintf(" dev loss %.4f", *s.ValidLoss)
				}
				open := fmt.Sprint(s.Open)
				if len(s.OpenBy) > 0 {
					open = gatetrain.FormatCounts(s.OpenBy)
				}
				fmt.Fprintf(r.log, "  step %d/%d loss %.4f expected L0 %.2f open %s%s\n", s.Step, c.Steps, s.Loss, s.L0, open, v)
			}
			return nil
		},
	}
	res, err := gatetrain.Run(ctx, ro)
	if err != nil {
		return err
	}
	tr := TrainResult{Steps: res.Steps, OpenHeads: res.Gates.OpenHeads, Heads: len(res.Gates.Heads), DenseLoss: res.DenseLoss, FinalLoss: res.FinalLoss}
	if math.IsNaN(tr.DenseLoss) {
		tr.DenseLoss, tr.FinalLoss = 0, 0
	}
	if !res.Gates.GatesFile.Empty() {
		fmt.Fprintf(r.log, "  %s open after %d steps\n", res.Gates.OpenSummary(), tr.Steps)
	} else {
		fmt.Fprintf(r.log, "  %d of %d heads open after %d steps\n", tr.OpenHeads, tr.Heads, tr.Steps)
	}
	if b := res.Gates.Budget; b != nil {
		fmt.Fprintf(r.log, "  %s %.4g of %.4g dense (%.1f%%; target %.4g)\n", b.What, b.Kept, b.Dense, 100*b.Kept/b.Dense, b.Target)
	}
	return writeJSON(filepath.Join(dir, TrainResultFile), tr)
}

func (r *runner) analyze(ctx context.Context) error {
	c := r.c
	// A source ending in .npy is speech features, one utterance per target
	// line.
	var feats *features.Features
	var srcLines []string
	var err error
	if features.IsFile(c.Dev[0]) {
		if c.CoNLLU != "" {
			return fmt.Errorf("conllu needs a text source, not the features %s", c.Dev[0])
		}
		feats, err = features.Read(c.Dev[0])
	} else {
		srcLines, err = score.ReadLines(c.Dev[0])
	}
	if err != nil {
		return err
	}
	tgtLines, err := score.ReadLines(c.Dev[1])
	if err != nil {
		return err
	}
	nSrc := len(srcLines)
	if feats != nil {
		nSrc = feats.N
	}
	if nSrc != len(tgtLines) {
		return fmt.Errorf("%s has %d lines, %s %d", c.Dev[0], nSrc, c.Dev[1], len(tgtLines))
	}
	allSrc := srcLines
	if n := c.AnalyzeSentences; n > 0 && len(tgtLines) > n {
		tgtLines = tgtLines[:n]
		if srcLines != nil {
			srcLines = srcLines[:n]
		}
	}
	var trees []*conllu.Sentence
	if c.CoNLLU != "" {
		if trees, err = conllu.ReadFile(c.CoNLLU); err != nil {
			return err
		}
		if len(trees) > len(srcLines) {
			trees = trees[:len(srcLines)]
		}
		if err := conllu.Match(trees, srcLines); err != nil {
			return fmt.Errorf("%s against %s: %w", c.CoNLLU, c.Dev[0], err)
		}
	}
	sp := r.sp
	src := verify.FeatureRows(len(tgtLines))
	if feats == nil {
		if src, err = verify.EncodeLines(srcLines, r.tok, sp, false, true, c.Dev[0]); err != nil {
			return err
		}
	}
	tgt, err := verify.EncodeLines(tgtLines, r.tok, sp, false, false, c.Dev[1])
	if err != nil {
		return err
	}
	freqIDs, err := verify.EncodeLines(allSrc, r.tok, sp, false, false, c.Dev[0])
	if err != nil {
		return err
	}
	freq := map[int64]int{}
	for _, l := range freqIDs {
		for _, id := range l {
			freq[id]++
		}
	}
	cfg := attribution.DefaultConfig()
	cfg.EOS, cfg.Freq = sp.Eos, freq
	for _, s := range []int64{sp.Pad, sp.Bos, sp.DecoderStart} {
		if s >= 0 && s != sp.Eos {
			cfg.Specials = append(cfg.Specials, s)
		}
	}
	exs := make([]attribution.Example, len(src))
	for i := range src {
		dec := append([]int64{sp.DecoderStart}, tgt[i]...)
		lab := append(append([]int64(nil), tgt[i]...), sp.Eos)
		exs[i] = attribution.Example{Src: src[i], DecIn: dec, Labels: lab}
		if feats != nil {
			exs[i] = attribution.Example{Feat: feats.Row(i), Mel: feats.Mel, Frames: feats.Frames, DecIn: dec, Labels: lab}
		}
		if trees != nil {
			if words, ok := attribution.AlignWords(PieceTexts(src[i], r.tok, sp, srcLines[i]), trees[i]); ok {
				exs[i].SrcWords, exs[i].Tree = words, trees[i]
			}
		}
	}
	files := r.files
	if len(files) > 2 {
		files = files[:2]
	}
	g, m, name, err := gatetrain.LoadJoined(files, r.loadOptions())
	if err != nil {
		return err
	}
	defer m.Close()
	am := m
	if len(files) == 2 {
		// A joined graph has no file of its own; its external data is read
		// from the encoder's folder.
		if am, err = gatetrain.JoinedModel(g, name, r.joinedLoadOptions(files[0])); err != nil {
			return err
		}
		defer am.Close()
	}
	so := r.session()
	so.Name = name
	a, err := attribution.New(g, am, attribution.IONames{}, so, attribution.Options{Structures: c.Structures})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer a.Close()
	a.Progress = func(done, total int) {
		if done%25 == 0 || done == total {
			fmt.Fprintf(r.log, "  analyzed %d/%d sentences\n", done, total)
		}
	}
	rep, err := a.Analyze(ctx, exs, cfg)
	if err != nil {
		return err
	}
	if c.Steps > 0 {
		// The trained gates' decision fills the report's "kept" column and
		// compares the kept heads' ranks with the removed ones'.
		gatesPath := r.path(TrainDir, gatetrain.GatesFileName)
		gf, err := gatetrain.ReadGates(gatesPath)
		if err != nil {
			return err
		}
		keep := map[string]bool{}
		for _, h := range gf.Heads {
			keep[h.Name] = h.Keep
		}
		if rep.Pruning, err = attribution.CompareKeep(rep, keep); err != nil {
			return fmt.Errorf("%s: %w", gatesPath, err)
		}
		p := rep.Pruning
		fmt.Fprintf(r.log, "  %d heads kept by the gates rank %.1f on average, %d removed %.1f (P(kept more relevant than removed) = %.3f)\n",
			p.Kept, p.MeanRankKept, p.Removed, p.MeanRankRemoved, p.AUCRelevance)
	}
	return writeAnalysis(r.path(AnalysisDir), rep, name)
}

// PieceTexts returns each source token's text for aligning pieces to words
// with attribution.AlignWords: "" for special ids, attribution.UnknownPiece
// for the unknown id, the line's fields for id input without a tokenizer.
func PieceTexts(ids []int64, tok tokenize.Tokenizer, sp tokenize.Specials, line string) []string {
	special := map[int64]bool{sp.Pad: true, sp.Bos: true, sp.Eos: true, sp.DecoderStart: true}
	out := make([]string, len(ids))
	var fields []string
	if tok == nil {
		fields = strings.Fields(line)
	}
	k := 0
	for i, id := range ids {
		if special[id] && (tok != nil || k >= len(fields) || fields[k] != fmt.Sprint(id)) {
			continue
		}
		if tok != nil && id == sp.Unk {
			out[i] = attribution.UnknownPiece
			continue
		}
		switch t := tok.(type) {
		case nil:
			if k < len(fields) {
				out[i] = fields[k]
			}
			k++
		case *tokenize.SentencePiece:
			p, _ := t.IDToPiece(id)
			out[i] = p
		default:
			out[i] = tok.Decode([]int64{id})
		}
	}
	return out
}

// AnalysisFile is analysis/heads.json.
type AnalysisFile struct {
	Model string `json:"model"`
	*attribution.Report
}

func writeAnalysis(dir string, rep *attribution.Report, model string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	rep.Config.Freq = nil
	if err := writeJSON(filepath.Join(dir, "heads.json"), AnalysisFile{Model: model, Report: rep}); err != nil {
		return err
	}
	files, err := attribution.ReportFiles(rep, model)
	if err != nil {
		return err
	}
	for _, n := range attribution.ReportFileNames {
		if err := verify.WriteFileAtomic(filepath.Join(dir, n), files[n]); err != nil {
			return err
		}
	}
	return nil
}

// PruneDecision is pruned/decision.json.
type PruneDecision struct {
	By      string   `json:"by"`
	Removed []string `json:"removed"`
	// Kept and Total count heads per kind.
	Kept  map[string]int `json:"kept"`
	Total map[string]int `json:"total"`
	// RemovedBytes is the weight bytes cut out (over all files).
	RemovedBytes int64 `json:"removed_bytes"`
	// Gates is the gates file of a decision that cuts FFN neurons or
	// sublayers too, Structures what it keeps ("66/96 heads 4100/4608
	// neurons 14/21 sublayers").
	Gates      string `json:"gates,omitempty"`
	Structures string `json:"structures,omitempty"`
}

// structureDecision reads the FFN and sublayer records of a gates file
// against every file's structures, with the heads decision hd.
func structureDecision(files []*loaded, gf *structures.GatesFile, hd heads.Decision) (*structures.Decision, error) {
	m := &structures.Model{}
	for _, f := range files {
		d, err := structures.Discover(f.g)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.path, err)
		}
		m.Add(d)
	}
	dec, err := gf.Decision(m)
	if err != nil {
		return nil, err
	}
	dec.Heads = hd
	return &dec, nil
}

// rankDecision keeps the KeepHeads heads of the pruned kinds that rank
// highest by the analysis measure; heads of other kinds all stay.
func (r *runner) rankDecision(blocks []*heads.Block) (map[string][]int, error) {
	var af struct {
		Heads []attribution.HeadReport `json:"heads"`
	}
	if err := readJSON(r.path(AnalysisDir, "heads.json"), &af); err != nil {
		return nil, err
	}
	type cand struct {
		name string
		v    float64
	}
	var cands []cand
	keep := map[string][]int{}
	for _, h := range af.Heads {
		if !r.kindsWanted(h.Kind) {
			continue
		}
		v := math.Inf(-1)
		switch r.c.PruneBy {
		case "relevance":
			v = h.Relevance
		case "importance":
			v = h.Importance
		case "confidence":
			if h.Confidence != nil {
				v = *h.Confidence
			}
		}
		cands = append(cands, cand{h.Name, v})
	}
	if r.c.KeepHeads > len(cands) {
		return nil, fmt.Errorf("prune.keep-heads %d, but the pruned kinds have %d heads", r.c.KeepHeads, len(cands))
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].v > cands[j].v })
	var names []string
	for _, cd := range cands[:r.c.KeepHeads] {
		names = append(names, cd.name)
	}
	for _, b := range blocks {
		if !r.kindsWanted(b.Kind) {
			names = append(names, fmt.Sprintf("%s:%d:*", b.Kind, b.Layer))
		}
	}
	if len(names) == 0 {
		return keep, nil
	}
	return heads.ParseSpec(strings.Join(names, ","), blocks)
}

func (r *runner) prune(ctx context.Context) error {
	files, closeAll, err := loadFiles(r.files, r.loadOptions())
	if err != nil {
		return err
	}
	defer closeAll()
	blocks, err := allBlocks(files)
	if err != nil {
		return err
	}
	var dec heads.Decision
	var sdec *structures.Decision
	pd := PruneDecision{By: r.c.PruneBy, Removed: []string{}, Kept: map[string]int{}, Total: map[string]int{}}
	if r.c.PruneBy == "gates" {
		gatesPath := r.path(TrainDir, gatetrain.GatesFileName)
		gf, err := gatetrain.ReadGates(gatesPath)
		if err != nil {
			return err
		}
		if dec, err = gf.Surgery().Decision(blocks); err != nil {
			return err
		}
		if !gf.GatesFile.Empty() {
			if sdec, err = structureDecision(files, &gf.GatesFile, dec); err != nil {
				return fmt.Errorf("%s: %w", gatesPath, err)
			}
			pd.Gates, pd.Structures = gatesPath, gf.OpenSummary()
		}
	} else {
		keep, err := r.rankDecision(blocks)
		if err != nil {
			return err
		}
		dec = heads.KeepDecision(blocks, keep)
	}
	for _, b := range blocks {
		k := string(b.Kind)
		pd.Total[k] += b.NumHeads
		d, ok := dec[b.Name()]
		for h := 0; h < b.NumHeads; h++ {
			if !ok || d[h] {
				pd.Kept[k]++
			} else {
				pd.Removed = append(pd.Removed, fmt.Sprintf("%s:%d", b.Name(), h))
			}
		}
	}
	outs := r.outFiles(PrunedDir)
	if err := os.MkdirAll(r.path(PrunedDir), 0o755); err != nil {
		return err
	}
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		fd := heads.Decision{}
		for _, b := range f.blocks {
			if d, ok := dec[b.Name()]; ok {
				fd[b.Name()] = d
			}
		}
		var removed int64
		if sdec != nil {
			d, err := structures.Discover(f.g)
			if err != nil {
				return fmt.Errorf("%s: %w", f.path, err)
			}
			rep, err := structures.Remove(f.g, d, *sdec)
			if err != nil {
				return fmt.Errorf("%s: %w", f.path, err)
			}
			removed = rep.RemovedBytes
		} else {
			rep, err := heads.RemoveHeads(f.g, f.blocks, fd)
			if err != nil {
				return fmt.Errorf("%s: %w", f.path, err)
			}
			removed = rep.RemovedBytes
		}
		pd.RemovedBytes += removed
		if err := f.g.CheckTypes(); err != nil {
			return fmt.Errorf("%s: not writing %s: %w", f.path, outs[i], err)
		}
		f.g.Store(f.m)
		if err := f.m.Save(outs[i], nil); err != nil {
			return err
		}
		fmt.Fprintf(r.log, "  %s -> %s (%d weight bytes removed)\n", f.path, outs[i], removed)
	}
	fmt.Fprintf(r.log, "  heads kept: %s\n", keptLine(pd))
	if pd.Structures != "" {
		fmt.Fprintf(r.log, "  kept: %s\n", pd.Structures)
	}
	return writeJSON(r.path(PrunedDir, DecisionFile), pd)
}

func keptLine(pd PruneDecision) string {
	var parts []string
	for _, k := range heads.Kinds {
		if t := pd.Total[string(k)]; t > 0 {
			parts = append(parts, fmt.Sprintf("%s %d/%d", k, pd.Kept[string(k)], t))
		}
	}
	return strings.Join(parts, ", ")
}

func (r *runner) verify(ctx context.Context) error {
	c := r.c
	cfg := verify.Config{
		Original: r.files, Pruned: r.outFiles(PrunedDir), Src: c.Test[0], Refs: []string{c.Test[1]},
		Tokenizer: r.tok, SrcEOS: true,
		Model:  verify.ModelOptions{Session: r.session(), Overrides: c.Specials, AllowDirs: c.AllowDirs},
		Search: verify.DefaultSearch(),
		Bench:  verify.DefaultBench(),
		Log:    indent{r.log}, SkipBench: c.NoBench, MaxBLEUDrop: c.MaxBLEUDrop,
		Providers:   []ortrun.Provider{r.session().Provider},
		WorkDir:     r.path(VerifyDir),
		BenchRunner: c.BenchRunner,
	}
	if r.tok != nil {
		sp := r.tok.Specials()
		cfg.Model.Fallback = &sp
	}
	cfg.Search.Beam = c.Beam
	cfg.Search.MaxLen = c.MaxLen
	cfg.Bench.Batches, cfg.Bench.Repeats, cfg.Bench.Rounds = c.BenchBatch, c.Repeats, c.Rounds
	var pd PruneDecision
	if err := readJSON(r.path(PrunedDir, DecisionFile), &pd); err != nil {
		return err
	}
	switch {
	case pd.Gates != "":
		cfg.Decision = &verify.HeadDecision{Gates: pd.Gates}
	case len(pd.Removed) > 0:
		cfg.Decision = &verify.HeadDecision{Remove: strings.Join(pd.Removed, ",")}
	}
	rep, err := verify.Run(ctx, cfg)
	if rep != nil && (rep.Sentences > 0 || rep.Interrupted) {
		if werr := verify.WriteReports(r.path(VerifyDir), rep); werr != nil && err == nil {
			err = werr
		}
	}
	if err != nil {
		return err
	}
	if len(rep.Failures) > 0 {
		return fmt.Errorf("%w: %s", ErrThreshold, strings.Join(rep.Failures, "; "))
	}
	return nil
}

// indent prefixes every write with two spaces (verify's progress lines).
type indent struct {
	w interface{ Write([]byte) (int, error) }
}

func (i indent) Write(p []byte) (int, error) {
	if _, err := i.w.Write(append([]byte("  "), p...)); err != nil {
		return 0, err
	}
	return len(p), nil
}
