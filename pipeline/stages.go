package pipeline

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"onnxprune/attribution"
	"onnxprune/attribution/conllu"
	"onnxprune/gatesfile"
	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/structures"
	"onnxprune/internal/features"
	"onnxprune/internal/safefile"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify"
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
	files := r.model
	ins := Inspection{Files: r.files, Heads: map[string]int{}}
	idx := map[string]int{}
	for _, f := range files {
		st, err := os.Stat(f.Path)
		if err != nil {
			return err
		}
		ins.FileBytes += st.Size()
		for _, b := range f.Blocks {
			i, ok := idx[b.Name()]
			if !ok {
				i = len(ins.Blocks)
				idx[b.Name()] = i
				ins.Blocks = append(ins.Blocks, BlockInfo{Name: b.Name(), Kind: string(b.Kind), Layer: b.Layer, Heads: b.NumHeads, HeadDim: b.HeadDim})
				ins.Heads[string(b.Kind)] += b.NumHeads
			}
			ins.Blocks[i].Files = append(ins.Blocks[i].Files, filepath.Base(f.Path))
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
	if err := os.MkdirAll(r.path(GatedDir), 0o755); err != nil {
		return err
	}
	outs := r.outFiles(GatedDir)
	total := 0
	var gated []*graphedit.Graph
	for i, f := range r.model {
		if err := ctx.Err(); err != nil {
			return err
		}
		if gs, err := gatetrain.FindGates(f.Graph, nil); err == nil && len(gs) > 0 {
			return fmt.Errorf("%s already has gate inputs: give the ungated model", f.Path)
		}
		// The loaded graph stays as it is for the stages after: gates go
		// into a copy.
		gf, names, err := f.gated(r.c.Attention, r.c.Structures)
		if err != nil {
			return err
		}
		total += len(names)
		if len(names) > 0 {
			err = gf.save(outs[i])
		} else {
			err = f.Model.Save(outs[i], nil)
		}
		if err != nil {
			return err
		}
		gated = append(gated, gf.Graph)
		fmt.Fprintf(r.log, "  %s -> %s\n", f.Path, outs[i])
	}
	if total == 0 {
		return fmt.Errorf("nothing to gate: no attention block of the kinds %v and no other structure asked for", r.c.Attention)
	}
	r.gated = gated
	return nil
}

// TrainResult is train/result.json: what gate training reported.
type TrainResult struct {
	Steps     int     `json:"steps"`
	OpenHeads int     `json:"open_heads"`
	Heads     int     `json:"heads"`
	DenseLoss float64 `json:"dense_dev_loss"`
	FinalLoss float64 `json:"pruned_dev_loss"`
}

// gatedGraph returns the graph gate training runs on: the gated graphs
// of this run's gate stage joined in memory (their external data is the
// original's), or those of gated/ when the stage was reused. The caller
// closes it.
func (r *runner) gatedGraph() (*JoinedGraph, error) {
	gatedFiles := r.outFiles(GatedDir)
	if r.gated == nil {
		return LoadJoined(gatedFiles, r.c.AllowDirs)
	}
	j, err := joinGraphs(r.gated, nil, gatedFiles, r.c.AllowDirs)
	if err != nil {
		return nil, err
	}
	opts := r.loadOptions()
	opts.BaseDir = filepath.Dir(r.files[0])
	j.Model = func() (*onnxio.Model, error) { return gatetrain.JoinedModel(j.Graph, j.Name, opts) }
	return j, nil
}

func (r *runner) train(ctx context.Context) error {
	c := r.c
	joined, err := r.gatedGraph()
	if err != nil {
		return err
	}
	defer joined.Close()
	g := joined.Graph
	train, err := ReadCorpus(c.Train, r.tok)
	if err != nil {
		return err
	}
	var dev *gatetrain.Corpus
	if c.Dev[0] != "" {
		if dev, err = ReadCorpus(c.Dev, r.tok); err != nil {
			return err
		}
	}
	ts := c.TrainSettings()
	if c.Budget.Set() {
		// The loaded files are still the original's (prune comes later).
		shape := verify.CorpusShape(train)
		timed := verify.TimeSource{Model: verify.ModelOptions{Session: r.session(), Overrides: c.Specials, AllowDirs: c.AllowDirs, Loaded: r.loaded()}, Src: TimedSources(train)}
		var tm *verify.TimeModel
		if ts.Cfg.Budgets, tm, err = MeasureBudgets(ctx, c.Budget, r.files, c.AllowDirs, r.loaded(), g, c.Attention, shape, timed); err != nil {
			return err
		}
		if tm != nil {
			fmt.Fprintf(r.log, "  %s\n", TimeModelLine(tm))
		}
		for _, b := range ts.Cfg.Budgets {
			fmt.Fprintf(r.log, "  budget: %s %.4g of %.4g dense (%.1f%%), counted per generated token, source %d, target %d tokens\n",
				b.What, b.Target, b.Dense, 100*b.Target/b.Dense, shape.SrcLen, shape.TgtLen)
		}
	}
	sp, err := TrainSpecials(r.sp)
	if err != nil {
		return err
	}
	dir := r.path(TrainDir)
	_, statErr := os.Stat(filepath.Join(dir, gatetrain.CheckpointFileName))
	resume := statErr == nil
	if resume {
		fmt.Fprintf(r.log, "  resuming from %s\n", filepath.Join(dir, gatetrain.CheckpointFileName))
	}
	every := max(1, c.Steps/10)
	var weights *WeightSelection
	var weightFiles []gatetrain.WeightFiles
	if ts.Weights.Any() {
		if weights, weightFiles, err = r.trainWeights(g, joined.Name, ts.Weights); err != nil {
			return err
		}
	}
	ro := ts.RunOptions(joined, c.Attention, train, dev, sp)
	ro.OutDir, ro.Resume, ro.Session = dir, resume, r.session()
	ro.OnStep = func(s gatetrain.StepInfo) error {
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
	}
	if weights != nil {
		ro.TrainWeights, ro.Ties, ro.Untied, ro.WeightParts, ro.WeightFiles = weights.Weights, weights.Ties, true, ts.Weights, weightFiles
	}
	res, err := gatetrain.Run(ctx, ro)
	if err != nil {
		return err
	}
	for _, f := range res.TrainedFiles {
		fmt.Fprintf(r.log, "  trained weights in %s (%d)\n", f.Path, f.Weights)
	}
	tr := TrainResult{Steps: res.Steps, OpenHeads: res.Gates.OpenHeads, Heads: len(res.Gates.Heads), DenseLoss: res.DenseLoss, FinalLoss: res.FinalLoss}
	if math.IsNaN(tr.DenseLoss) {
		tr.DenseLoss, tr.FinalLoss = 0, 0
	}
	if res.Gates.HasStructures() {
		fmt.Fprintf(r.log, "  %s open after %d steps\n", gatetrain.OpenSummary(res.Gates), tr.Steps)
	} else {
		fmt.Fprintf(r.log, "  %d of %d heads open after %d steps\n", tr.OpenHeads, tr.Heads, tr.Steps)
	}
	for _, b := range res.Gates.Budgets {
		fmt.Fprintf(r.log, "  %s %.4g of %.4g dense (%.1f%%; target %.4g)\n", b.What, b.Kept, b.Dense, 100*b.Kept/b.Dense, b.Target)
	}
	return writeJSON(filepath.Join(dir, TrainResultFile), tr)
}

// trainWeights selects the weights that train with the gates
// (SelectWeights, as the train command does) on the joined graph g, says
// what it found, and lists the copies of the model they are written into:
// the original's files into TrainedDir and the gate stage's into
// TrainedGatedDir (a split export's other decoder files included).
func (r *runner) trainWeights(g *graphedit.Graph, name string, parts gatetrain.WeightParts) (*WeightSelection, []gatetrain.WeightFiles, error) {
	var encoderNames map[string]bool
	if len(r.files) > 1 {
		encoderNames = map[string]bool{}
		for _, v := range r.model[0].Graph.Initializers() {
			encoderNames[v.Name()] = true
		}
	}
	sel, err := SelectWeights(g, graphedit.IORoles{}, parts, encoderNames)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, t := range sel.Ties {
		fmt.Fprintf(r.log, "  shared weight %s of the decoder equals %s of the encoder: trained as one tied parameter\n", t.Decoder, t.Encoder)
	}
	for _, sw := range sel.Shared {
		fmt.Fprintf(r.log, "  shared weight %s\n", sw)
	}
	fmt.Fprintf(r.log, "  training %d weights (%s) jointly with the gates\n", len(sel.Weights), parts)
	var sets []gatetrain.WeightFiles
	for _, set := range []struct {
		dir   string
		files []string
	}{{TrainedDir, r.files}, {TrainedGatedDir, r.outFiles(GatedDir)}} {
		if err := os.MkdirAll(r.path(TrainDir, set.dir), 0o755); err != nil {
			return nil, nil, err
		}
		var names []string
		for _, f := range set.files {
			names = append(names, filepath.Join(set.dir, filepath.Base(f)))
		}
		sets = append(sets, WeightFilesOf(set.files, names, r.loadOptions()))
	}
	return sel, sets, nil
}

// trainedFiles maps each of files (the original's or the gate stage's) to
// its copy with trained weights in dir of TrainDir, where training wrote
// one, else to itself.
func (r *runner) trainedFiles(files []string, dir string) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f
		if !r.c.TrainWeights.Any() || r.c.Steps == 0 {
			continue
		}
		if p := r.path(TrainDir, dir, filepath.Base(f)); fileExists(p) {
			out[i] = p
		}
	}
	return out
}

func (r *runner) analyze(ctx context.Context) error {
	c := r.c
	set, err := ReadAnalysisSet(c.Dev[0], c.Dev[1], c.CoNLLU, c.AnalyzeSentences)
	if err != nil {
		return err
	}
	feats, srcLines, tgtLines, trees, allSrc := set.Features, set.SrcLines, set.TgtLines, set.Trees, set.AllSrc
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
	cfg := AnalysisConfig(attribution.DefaultConfig(), sp, freqIDs)
	exs, _ := AnalysisExamples(AnalysisInput{Src: src, Tgt: tgt, Features: feats, SrcLines: srcLines, Trees: trees}, r.tok, sp)
	// The loaded graphs joined, their blocks carried onto the joined
	// graph: no second head discovery.
	var originals []*graphedit.Graph
	var blocks [][]*heads.Block
	for _, f := range r.model {
		originals, blocks = append(originals, f.Graph), append(blocks, f.Blocks)
	}
	joined, err := joinGraphs(originals, blocks, r.files, r.c.AllowDirs)
	if err != nil {
		return err
	}
	g, name := joined.Graph, joined.Name
	am, err := joined.Model()
	if err != nil {
		return err
	}
	defer am.Close()
	so := r.session()
	so.Name = name
	a, err := attribution.New(g, am, graphedit.IORoles{}, so, attribution.Options{Structures: c.Structures, Blocks: joined.Blocks})
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
		gf, err := gatesfile.Read(gatesPath)
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

// AnalysisConfig completes the attribution settings base for a model's
// special ids sp and the token ids of the frequency corpus (the rare-word
// role): the analyze stage of run and the analyze command alike.
func AnalysisConfig(base attribution.Config, sp tokenize.Specials, freqIDs [][]int64) attribution.Config {
	freq := map[int64]int{}
	for _, l := range freqIDs {
		for _, id := range l {
			freq[id]++
		}
	}
	cfg := base
	cfg.EOS, cfg.Freq, cfg.Specials = sp.Eos, freq, append([]int64(nil), base.Specials...)
	for _, s := range []int64{sp.Pad, sp.Bos, sp.DecoderStart} {
		if s >= 0 && s != sp.Eos {
			cfg.Specials = append(cfg.Specials, s)
		}
	}
	return cfg
}

// AnalysisInput is the analyzed sentences: source rows (ids, or utterance
// indices with Features), target ids, and with CoNLL-U trees the source
// lines the trees are aligned to.
type AnalysisInput struct {
	Src, Tgt [][]int64
	Features *features.Features
	SrcLines []string
	Trees    []*conllu.Sentence
}

// AnalysisExamples frames each sentence for attribution: the decoder
// reads the decoder start id and the target, the labels are the target and
// EOS; a sentence with a tree gets its source words aligned to the tree
// (unaligned counts those whose pieces do not spell the tree's words).
func AnalysisExamples(in AnalysisInput, tok tokenize.Tokenizer, sp tokenize.Specials) (exs []attribution.Example, unaligned int) {
	exs = make([]attribution.Example, len(in.Src))
	for i := range in.Src {
		dec := append([]int64{sp.DecoderStart}, in.Tgt[i]...)
		lab := append(append([]int64(nil), in.Tgt[i]...), sp.Eos)
		exs[i] = attribution.Example{Src: in.Src[i], DecIn: dec, Labels: lab}
		if f := in.Features; f != nil {
			exs[i] = attribution.Example{Feat: f.Row(i), Mel: f.Mel, Frames: f.Frames, DecIn: dec, Labels: lab}
		}
		if in.Trees != nil {
			words, ok := attribution.AlignWords(pieceTexts(in.Src[i], tok, sp, in.SrcLines[i]), in.Trees[i])
			if !ok {
				unaligned++
				continue
			}
			exs[i].SrcWords, exs[i].Tree = words, in.Trees[i]
		}
	}
	return exs, unaligned
}

// pieceTexts returns each source token's text for aligning pieces to words
// with attribution.AlignWords: "" for special ids, attribution.UnknownPiece
// for the unknown id, the line's fields for id input without a tokenizer.
func pieceTexts(ids []int64, tok tokenize.Tokenizer, sp tokenize.Specials, line string) []string {
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
		if err := safefile.WriteFileAtomic(filepath.Join(dir, n), files[n]); err != nil {
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

// HeadDecision rebuilds the head decision pd records against blocks (the
// model's, AllBlocks): every head kept but the removed ones. It is how a
// resumed run whose prune stage is reused gets back the decision the stage
// made in memory.
func (pd PruneDecision) HeadDecision(blocks []*heads.Block) (heads.Decision, error) {
	if len(pd.Removed) == 0 {
		return heads.RemoveDecision(blocks, nil), nil
	}
	return heads.ParseDecision(strings.Join(pd.Removed, ","), blocks)
}

// readDecision reads pruned/decision.json, the one reader of the prune
// stage's record (the summary, and verify after a reused prune stage).
func (r *runner) readDecision() (PruneDecision, error) {
	var pd PruneDecision
	err := safefile.ReadJSON(r.path(PrunedDir, DecisionFile), &pd)
	return pd, err
}

// structureDecision reads the FFN and sublayer records of a gates file
// against every file's structures (DiscoverStructures, returned per file),
// with the heads decision hd.
func structureDecision(files []*ModelFile, gf *gatesfile.File, hd heads.Decision) ([]*structures.Discovery, *structures.Decision, error) {
	ds, m, err := DiscoverStructures(files)
	if err != nil {
		return nil, nil, err
	}
	dec, err := gf.StructureDecision(m)
	if err != nil {
		return nil, nil, err
	}
	dec.Heads = hd
	return ds, &dec, nil
}

// rankDecision keeps the KeepHeads heads of the pruned kinds that rank
// highest by the analysis measure; heads of other kinds all stay.
func (r *runner) rankDecision(blocks []*heads.Block) (map[string][]int, error) {
	var af struct {
		Heads []attribution.HeadReport `json:"heads"`
	}
	if err := safefile.ReadJSON(r.path(AnalysisDir, "heads.json"), &af); err != nil {
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
			names = append(names, b.Name()+":*")
		}
	}
	if len(names) == 0 {
		return keep, nil
	}
	return heads.ParseSpec(strings.Join(names, ","), blocks)
}

func (r *runner) prune(ctx context.Context) error {
	r.gated = nil // the gate stage's copies were for training
	// The cut goes into copies of the loaded files (editable), which stay
	// as loaded for verify; with trained weights into the files training
	// wrote, loaded here.
	trained := r.trainedFiles(r.files, TrainedDir)
	var files, loadedHere []*ModelFile
	defer func() { closeModel(loadedHere) }()
	for i, f := range r.model {
		var c *ModelFile
		var err error
		if trained[i] != f.Path {
			var l []*ModelFile
			if l, err = loadModel([]string{trained[i]}, r.loadOptions(), false); err == nil {
				c = l[0]
				loadedHere = append(loadedHere, c)
			}
		} else {
			c, err = f.editable()
		}
		if err != nil {
			return err
		}
		files = append(files, c)
	}
	blocks, err := allBlocks(files)
	if err != nil {
		return err
	}
	var dec heads.Decision
	var sdec *structures.Decision
	var structs []*structures.Discovery // each file's, with sdec
	pd := PruneDecision{By: r.c.PruneBy, Removed: []string{}, Kept: map[string]int{}, Total: map[string]int{}}
	if r.c.PruneBy == "gates" {
		gatesPath := r.path(TrainDir, gatetrain.GatesFileName)
		gf, err := gatesfile.Read(gatesPath)
		if err != nil {
			return err
		}
		if dec, err = gf.HeadDecision(blocks); err != nil {
			return err
		}
		if gf.HasStructures() {
			if structs, sdec, err = structureDecision(files, gf, dec); err != nil {
				return fmt.Errorf("%s: %w", gatesPath, err)
			}
			pd.Gates, pd.Structures = gatesPath, gatetrain.OpenSummary(gf)
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
			}
		}
	}
	pd.Removed = append(pd.Removed, dec.Removed(blocks)...)
	outs := r.outFiles(PrunedDir)
	if err := os.MkdirAll(r.path(PrunedDir), 0o755); err != nil {
		return err
	}
	var structuresCut map[string]bool // files losing FFN neurons or sublayers
	if sdec != nil {
		structuresCut = map[string]bool{}
	}
	for i, f := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		var removed int64
		if sdec != nil {
			rep, err := structures.Remove(f.Graph, structs[i], *sdec)
			if err != nil {
				return fmt.Errorf("%s: %w", f.Path, err)
			}
			removed = rep.RemovedBytes
			structuresCut[f.Path] = len(rep.FFNs) > 0 || len(rep.Sublayers) > 0
		} else {
			rep, err := CutHeads(f.Graph, f.Blocks, dec)
			if err != nil {
				return fmt.Errorf("%s: %w", f.Path, err)
			}
			removed = rep.RemovedBytes
		}
		pd.RemovedBytes += removed
		if err := f.save(outs[i]); err != nil {
			return err
		}
		fmt.Fprintf(r.log, "  %s -> %s (%d weight bytes removed)\n", f.Path, outs[i], removed)
	}
	r.decision = r.verifyDecision(pd, dec)
	if r.decision != nil {
		r.decision.StructuresCut = structuresCut
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
		Model:  verify.ModelOptions{Session: r.session(), Overrides: c.Specials, AllowDirs: c.AllowDirs, Loaded: r.loaded()},
		Search: verify.DefaultSearch(),
		Bench:  verify.DefaultBench(),
		Log:    indent{r.log}, SkipBench: c.NoBench, MaxBLEUDrop: c.MaxBLEUDrop,
		Providers: []ortrun.Provider{r.session().Provider},
		WorkDir:   r.path(VerifyDir),
		// The gate stage's model, its gates set to the decision, is what
		// the pruned model must compute.
		Gated:       r.trainedFiles(r.outFiles(GatedDir), TrainedGatedDir),
		BenchRunner: c.BenchRunner,
	}
	if r.tok != nil {
		sp := r.tok.Specials()
		cfg.Model.Fallback = &sp
	}
	cfg.Search.Beam = c.Beam
	cfg.Search.MaxLen = c.MaxLen
	cfg.Bench.Batches, cfg.Bench.Repeats, cfg.Bench.Rounds, cfg.Bench.Sentences = c.BenchBatch, c.Repeats, c.Rounds, c.BenchSentences
	cfg.Decision = r.decision
	if cfg.Decision == nil {
		// The prune stage was reused (a resumed run): its decision is
		// read back from decision.json.
		pd, err := r.readDecision()
		if err != nil {
			return err
		}
		blocks, err := allBlocks(r.model)
		if err != nil {
			return err
		}
		dec, err := pd.HeadDecision(blocks)
		if err != nil {
			return fmt.Errorf("%s: %w", r.path(PrunedDir, DecisionFile), err)
		}
		cfg.Decision = r.verifyDecision(pd, dec)
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

// verifyDecision is the decision verify checks the pruned model against:
// dec, made against the loaded files' blocks, with those blocks and the
// gates file of pd; nil when pd removes nothing and has no gates file.
func (r *runner) verifyDecision(pd PruneDecision, dec heads.Decision) *verify.HeadDecision {
	if pd.Gates == "" && len(pd.Removed) == 0 {
		return nil
	}
	d := &verify.HeadDecision{Heads: dec, Gates: pd.Gates, Blocks: map[string][]*heads.Block{}}
	for _, f := range r.model {
		d.Blocks[f.Path] = f.Blocks
	}
	return d
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

// fileExists reports whether p is a regular file.
func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
