package gatetrain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"google.golang.org/protobuf/proto"

	"onnxprune/gatesfile"
	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/safefile"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify/tokenize"
)

// Files written into RunOptions.OutDir.
const (
	GatesFileName      = "gates.json"
	LogFileName        = "train.jsonl"
	PlotFileName       = "p_open.svg"
	CheckpointFileName = "checkpoint.gob"
	TraceDirName       = "trace"
	TrainGraphFileName = "train_graph.onnx"
	TrainedModelName   = "trained_model.onnx"
)

// RunOptions describe a complete training run: the gated model, the data,
// the configuration and where the outputs go.
type RunOptions struct {
	// Graph is the gated model (single file, or encoder and decoder joined);
	// Model names it in messages and gates.json. Source, when set, loads a
	// fresh copy of the model file whose other fields (and external data)
	// the written files keep; nil writes Graph as a new model.
	Graph  *graphedit.Graph
	Model  string
	Source func() (*onnxio.Model, error)
	Kinds  []heads.Kind
	Roles  graphedit.IORoles
	// Train and Dev are the corpora (Dev may be nil).
	Train, Dev *Corpus
	Specials   tokenize.Specials
	MaxTokens  int
	Window     int
	Smoothing  float64
	Cfg        Config
	// TrainWeights are initializers trained jointly with the gates.
	TrainWeights []string
	// Untied says that UntieWeights ran on Graph before TrainWeights were
	// chosen; the trained model is then written from the source model
	// untied the same way.
	Untied bool
	// WeightFiles are the copies of the model the trained weights are
	// written into (nil: one, of Source, as TrainedModelName).
	WeightFiles []WeightFiles
	// Ties (TieEqualWeights) write the encoder weight's trained value into
	// the decoder file's copy too.
	Ties []Tie
	// WeightParts are the parts whose weights train (SelectWeights): the
	// written files are untied as the training graph was.
	WeightParts WeightParts
	OutDir      string
	Resume      bool
	Session     ortrun.Options
	// OnStep receives every step (progress display).
	OnStep func(StepInfo) error
}

// WeightFiles is one copy of the model that the trained weights are written
// into, in RunOptions.OutDir.
type WeightFiles struct {
	// Source loads the model file (a split export's encoder file; nil:
	// RunOptions.Source), written as File ("": TrainedModelName).
	Source func() (*onnxio.Model, error)
	File   string
	// Decoder, for a joined pair, loads the decoder file (a merged decoder
	// as it is: its branches read the same initializers), written as
	// DecoderFile. A weight of the joined graph is the encoder file's when
	// that file has it, else the decoder file's under its name there (Join
	// prefixed names both files use with "dec/").
	Decoder     func() (*onnxio.Model, error)
	DecoderFile string
	// Companions are the export's other decoder files
	// (decoder_with_past_model.onnx, a merged decoder beside
	// decoder_model.onnx): every trained weight written into the decoder
	// file is also written into each companion, at the initializer that
	// holds the same original weight there (MatchWeights), so that decoding
	// with the key/value cache computes with the trained weights too.
	Companions []Companion
}

// Companion is a decoder file that reads the decoder file's weights under
// names of its own: Source loads it, written as File.
type Companion struct {
	Source func() (*onnxio.Model, error)
	File   string
}

// TrainedFile is a file written with trained weights: its path and the
// number of trained weights it holds.
type TrainedFile struct {
	Path    string
	Weights int
}

// Result summarizes a finished run.
type Result struct {
	// Gates is the final gates.json and Steps the number of steps run.
	Gates     *gatesfile.File
	Steps     int
	DenseLoss float64 // validation loss with every gate 1 (NaN without Dev)
	FinalLoss float64 // validation loss with the final 0/1 gates
	// TrainedFiles are the files written with trained weights, in the
	// order of RunOptions.WeightFiles (encoder, decoder, companions).
	TrainedFiles []TrainedFile
}

// ErrInterrupted is returned (wrapped with the context's error) when the run
// was stopped by its context after saving a checkpoint.
var ErrInterrupted = errors.New("training interrupted; checkpoint saved, continue with --resume")

// Run trains the gates: it builds the training graph, writes it to OutDir,
// opens an ONNX Runtime session and runs the loop, writing the JSONL log,
// checkpoints, a gates file each time the open count drops, the plot and
// gates.json. On cancellation of ctx it saves a checkpoint and returns an
// error wrapping both ErrInterrupted and ctx.Err().
func Run(ctx context.Context, o RunOptions) (*Result, error) {
	if err := os.MkdirAll(filepath.Join(o.OutDir, TraceDirName), 0o755); err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	// The data must fit the model's source input before the long work of
	// building the gradient graph.
	roles, err := DetectRoles(o.Graph, o.Roles)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.Model, err)
	}
	for _, c := range []*Corpus{o.Train, o.Dev} {
		if err := CheckSource(o.Graph, roles.Src, c); err != nil {
			return nil, err
		}
	}
	// The teacher is the model as given (every gate open when fed ones,
	// the stored weights): a copy taken before the training graph feeds the
	// trained weights as inputs.
	var teacherGraph *graphedit.Graph
	if o.Cfg.Distill.On() {
		if teacherGraph, err = o.Graph.Clone(); err != nil {
			return nil, fmt.Errorf("%s: teacher: %w", o.Model, err)
		}
		if err := BuildTeacherGraph(teacherGraph, roles, o.Cfg.Distill.Temperature); err != nil {
			return nil, fmt.Errorf("%s: %w", o.Model, err)
		}
	}
	tg, err := BuildTrainGraphWith(o.Graph, TrainGraphOptions{Kinds: o.Kinds, Roles: o.Roles, Weights: o.TrainWeights, Smoothing: o.Smoothing, Distill: o.Cfg.Distill})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.Model, err)
	}
	vals := tg.WeightValues
	if lv := tg.Graph.Value(tg.Roles.Logits); lv != nil {
		if sh := lv.Shape(); len(sh) > 0 && sh[len(sh)-1].Known() {
			if err := checkVocab(o.Train, sh[len(sh)-1].Value); err != nil {
				return nil, err
			}
			if err := checkVocab(o.Dev, sh[len(sh)-1].Value); err != nil {
				return nil, err
			}
		}
	}
	graphPath := filepath.Join(o.OutDir, TrainGraphFileName)
	if err := saveGraph(o.Source, o.Model, tg.Graph, graphPath); err != nil {
		return nil, fmt.Errorf("gatetrain: training graph: %w", err)
	}
	teacherPath := filepath.Join(o.OutDir, TeacherGraphFile)
	if teacherGraph != nil {
		if err := saveGraph(o.Source, o.Model, teacherGraph, teacherPath); err != nil {
			return nil, fmt.Errorf("gatetrain: teacher graph: %w", err)
		}
		teacherGraph = nil
	}
	// The session reads the graph from the file: the trainer needs neither
	// the graph nor the loaded model any more, and the garbage collector may
	// take them back while training runs.
	o.Graph, tg.Graph = nil, nil
	debug.FreeOSMemory()
	// ONNX Runtime prepacks the constant weights (unless o.Session says
	// not to), so that no product repacks its weight at every step. The
	// gradient graph reads each weight as it is stored, in the forward
	// product and through Gemm's transB in the backward one: the two packed
	// copies take the place of the stored weight, and no transposed copy
	// is made.
	so := o.Session
	sess, err := ortrun.NewSession(graphPath, so)
	if err != nil {
		return nil, err
	}
	defer sess.Close()

	var teacherSess *ortrun.Session
	if o.Cfg.Distill.On() {
		// The teacher runs forward only: prepacked weights cost nothing per
		// step there.
		if teacherSess, err = ortrun.NewSession(teacherPath, o.Session); err != nil {
			return nil, err
		}
		defer teacherSess.Close()
	}
	t := &Trainer{Cfg: o.Cfg, TG: tg, Run: sess, InitWeights: vals,
		Train: &Batcher{Corpus: o.Train, Specials: o.Specials, MaxTokens: o.MaxTokens, Window: o.Window, Seed: o.Cfg.Seed}}
	if teacherSess != nil {
		t.Teacher = teacherSess
	}
	if o.Dev != nil {
		t.Dev = &Batcher{Corpus: o.Dev, Specials: o.Specials, MaxTokens: o.MaxTokens, Window: o.Window, Seed: 0}
	}
	ckPath := filepath.Join(o.OutDir, CheckpointFileName)
	logPath := filepath.Join(o.OutDir, LogFileName)
	// The log is appended to and the checkpoint read: neither may be a
	// named pipe, a device or a symlink (only regular files are written).
	for _, p := range []string{logPath, ckPath} {
		if _, err := safefile.CheckReplaceable(p); err != nil {
			return nil, fmt.Errorf("gatetrain: %w", err)
		}
	}
	if o.Resume {
		if err := t.LoadCheckpoint(ckPath); err != nil {
			return nil, err
		}
		if err := truncateLog(logPath, t.State.Step); err != nil {
			return nil, err
		}
	} else if err := os.Remove(logPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	if err := t.Init(); err != nil {
		return nil, err
	}
	logf, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("gatetrain: %w", err)
	}
	defer logf.Close()
	enc := json.NewEncoder(logf)
	t.OnStep = func(s StepInfo) error {
		if err := enc.Encode(s); err != nil {
			return fmt.Errorf("gatetrain: %s: %w", logPath, err)
		}
		if o.OnStep != nil {
			return o.OnStep(s)
		}
		return nil
	}
	t.OnOpenDrop = func(open int) error {
		p := filepath.Join(o.OutDir, TraceDirName, fmt.Sprintf("gates-open-%03d.json", open))
		return gatesfile.Write(p, t.Gates(t.currentOpen(), o.Model))
	}
	t.OnCheckpoint = func() error {
		if err := logf.Sync(); err != nil {
			return fmt.Errorf("gatetrain: %s: %w", logPath, err)
		}
		return t.SaveCheckpoint(ckPath)
	}
	if err := t.Fit(ctx); err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			logf.Sync()
			if serr := t.SaveCheckpoint(ckPath); serr != nil {
				return nil, serr
			}
			if perr := t.PlotSVG(filepath.Join(o.OutDir, PlotFileName)); perr != nil {
				return nil, perr
			}
			return nil, fmt.Errorf("gatetrain: step %d: %w: %w", t.State.Step, ErrInterrupted, err)
		}
		return nil, err
	}
	if err := t.SaveCheckpoint(ckPath); err != nil {
		return nil, err
	}
	final := t.Final()
	gf := t.Gates(final, o.Model)
	if err := gatesfile.Write(filepath.Join(o.OutDir, GatesFileName), gf); err != nil {
		return nil, err
	}
	if err := t.PlotSVG(filepath.Join(o.OutDir, PlotFileName)); err != nil {
		return nil, err
	}
	res := &Result{Gates: gf, Steps: t.State.Step, DenseLoss: nan(), FinalLoss: nan()}
	if t.Dev != nil {
		ones := make([]float64, len(final))
		bin := make([]float64, len(final))
		for i, op := range final {
			ones[i] = 1
			if op {
				bin[i] = 1
			}
		}
		if res.DenseLoss, err = t.EvalLoss(t.Dev, ones); err != nil {
			return nil, err
		}
		if res.FinalLoss, err = t.EvalLoss(t.Dev, bin); err != nil {
			return nil, err
		}
	}
	// The sessions (the model's weights and the step's buffers) are not
	// needed to write the trained weights: free them first.
	sess.Close()
	if teacherSess != nil {
		teacherSess.Close()
	}
	if len(tg.Weights) > 0 {
		if res.TrainedFiles, err = writeTrainedWeights(o, tg, t.State.Weights); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func (t *Trainer) currentOpen() []bool {
	open := make([]bool, len(t.State.LogAlpha))
	for i, la := range t.State.LogAlpha {
		open[i] = t.Cfg.Concrete.Open(la)
	}
	return open
}

func nan() float64 { var z float64; return z / z }

func checkVocab(c *Corpus, vocab int64) error {
	if c == nil {
		return nil
	}
	for _, p := range c.Pairs {
		for i, id := range p.Src {
			if id < 0 || id >= vocab {
				return fmt.Errorf("gatetrain: %s:%d: token %d: id %d outside the model's vocabulary [0, %d)", c.SrcFile, p.Line, i+1, id, vocab)
			}
		}
		for i, id := range p.Tgt {
			if id < 0 || id >= vocab {
				return fmt.Errorf("gatetrain: %s:%d: token %d: id %d outside the model's vocabulary [0, %d)", c.TgtFile, p.Line, i+1, id, vocab)
			}
		}
	}
	return nil
}

// truncateLog keeps the log lines of steps ≤ step (a resumed run rewrites
// what came after its checkpoint).
func truncateLog(path string, step int) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("gatetrain: %w", err)
	}
	var out []byte
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != '\n' {
			i++
		}
		line := b[:i]
		if i < len(b) {
			i++
		}
		b = b[i:]
		var s struct {
			Step int `json:"step"`
		}
		if json.Unmarshal(line, &s) != nil || s.Step > step {
			break
		}
		out = append(out, line...)
		out = append(out, '\n')
	}
	if err := safefile.WriteFileAtomic(path, out); err != nil {
		return fmt.Errorf("gatetrain: %w", err)
	}
	return nil
}

// saveGraph writes g as a model file, keeping the fields of the source
// model when there is one.
func saveGraph(source func() (*onnxio.Model, error), name string, g *graphedit.Graph, path string) error {
	var m *onnxio.Model
	var err error
	if source != nil {
		if m, err = source(); err != nil {
			return err
		}
		defer m.Close()
		g.Store(m)
	} else {
		b, err := proto.Marshal(g.ModelProto(nil))
		if err != nil {
			return err
		}
		if m, err = onnxio.Parse(b, name, nil); err != nil {
			return err
		}
	}
	return m.Save(path, nil)
}

// writeTrainedWeights writes each copy of o.WeightFiles with the trained
// weights in place of the originals (gates included, as in the gated
// input) and lists the files written.
func writeTrainedWeights(o RunOptions, tg *TrainGraph, weights [][]float32) ([]TrainedFile, error) {
	sets := o.WeightFiles
	if len(sets) == 0 {
		sets = []WeightFiles{{}}
	}
	var out []TrainedFile
	for _, s := range sets {
		files, err := writeWeightFiles(o, s, tg, weights)
		if err != nil {
			return nil, err
		}
		out = append(out, files...)
	}
	return out, nil
}

// weightTarget is one file being written: its graph and the trained
// weight (an index of TrainGraph.Weights) of each initializer set.
type weightTarget struct {
	g      *graphedit.Graph
	source func() (*onnxio.Model, error)
	file   string
	set    map[string]int
}

// writeWeightFiles writes one copy of the model: for a joined pair, the
// encoder file with the encoder's trained weights, the decoder file with
// the decoder's and each companion with those of the decoder file it
// holds, each file only when it has trained weights.
func writeWeightFiles(o RunOptions, s WeightFiles, tg *TrainGraph, weights [][]float32) ([]TrainedFile, error) {
	src := s.Source
	if src == nil {
		src = o.Source
	}
	if src == nil {
		return nil, fmt.Errorf("gatetrain: trained weights: no source model to write them into")
	}
	name := s.File
	if name == "" {
		name = TrainedModelName
	}
	first, err := loadForWeights(src, o, tg.Roles.DecIn)
	if err != nil {
		return nil, err
	}
	enc := weightTarget{g: first, source: src, file: name, set: map[string]int{}}
	targets := []*weightTarget{&enc}
	if s.Decoder == nil {
		for i, n := range tg.Weights {
			enc.set[n] = i
		}
	} else {
		// A joined pair: the encoder file's names stay the joined graph's.
		g, err := loadForWeights(s.Decoder, o, splitDecIDs)
		if err != nil {
			return nil, err
		}
		dec := weightTarget{g: g, source: s.Decoder, file: s.DecoderFile, set: map[string]int{}}
		trained := map[string]int{}
		for i, n := range tg.Weights {
			trained[n] = i
			if v := first.Value(n); v != nil && v.IsInitializer() {
				enc.set[n] = i
			} else {
				dec.set[decoderName(g, n)] = i
			}
		}
		for _, t := range o.Ties {
			if i, ok := trained[t.Encoder]; ok {
				dec.set[decoderName(g, t.Decoder)] = i
			}
		}
		targets = append(targets, &dec)
		// The companions are matched against the decoder file's original
		// values, before they are replaced.
		var names []string
		for n := range dec.set {
			if v := g.Value(n); v == nil || !v.IsInitializer() {
				return nil, fmt.Errorf("gatetrain: trained weight %q is not an initializer of %s's main graph", n, s.DecoderFile)
			}
			names = append(names, n)
		}
		sort.Strings(names)
		for _, c := range s.Companions {
			cg, err := loadForWeights(c.Source, o, splitDecIDs)
			if err != nil {
				return nil, err
			}
			match, err := MatchWeights(g, cg, names)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.File, err)
			}
			ct := weightTarget{g: cg, source: c.Source, file: c.File, set: map[string]int{}}
			for _, n := range names {
				m, ok := match[n]
				if !ok {
					continue
				}
				if j, dup := ct.set[m]; dup && j != dec.set[n] {
					return nil, fmt.Errorf("gatetrain: %s: initializer %q holds two weights trained apart (%s and %s)", c.File, m, tg.Weights[j], tg.Weights[dec.set[n]])
				}
				ct.set[m] = dec.set[n]
			}
			targets = append(targets, &ct)
		}
	}
	var out []TrainedFile
	for _, t := range targets {
		if len(t.set) == 0 {
			continue
		}
		for n, i := range t.set {
			if err := setWeight(t.g, n, tg.WeightShapes[i], weights[i], t.file); err != nil {
				return nil, err
			}
		}
		path := filepath.Join(o.OutDir, t.file)
		if err := saveGraph(t.source, t.file, t.g, path); err != nil {
			return nil, err
		}
		out = append(out, TrainedFile{Path: path, Weights: len(t.set)})
	}
	return out, nil
}

// loadForWeights loads a file the trained weights are written into, untied
// as the training graph was (decIn: the file's decoder input).
func loadForWeights(src func() (*onnxio.Model, error), o RunOptions, decIn string) (*graphedit.Graph, error) {
	m, err := src()
	if err != nil {
		return nil, err
	}
	g, err := graphedit.Load(m)
	m.Close()
	if err != nil {
		return nil, err
	}
	if o.Untied {
		// The encoder file of a joined pair has no decoder input: every
		// node counts as the encoder's there.
		if _, err := UntieWeights(g, o.WeightParts.untieInput(decIn)); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// decoderName is the name in the decoder file of a weight of the joined
// graph: its own, or without the prefix Join gave names both files use.
func decoderName(dec *graphedit.Graph, joined string) string {
	if v := dec.Value(joined); v != nil && v.IsInitializer() {
		return joined
	}
	return strings.TrimPrefix(joined, "dec/")
}

// setWeight replaces the main-graph initializer name of g by the trained
// values; file names g in the error of a missing one.
func setWeight(g *graphedit.Graph, name string, shape []int64, vals []float32, file string) error {
	v := g.Value(name)
	if v == nil || !v.IsInitializer() {
		return fmt.Errorf("gatetrain: trained weight %q is not an initializer of %s's main graph", name, file)
	}
	if err := g.SetInitializer(v, onnxio.NewFloat32(name, shape, vals)); err != nil {
		return fmt.Errorf("gatetrain: weight %q: %w", name, err)
	}
	return nil
}
