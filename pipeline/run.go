package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"onnxprune/gatetrain"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/features"
	"onnxprune/onnxio"
	"onnxprune/ortrun"
	"onnxprune/verify"
	"onnxprune/verify/tokenize"
)

// Stage names, in the order they run.
const (
	StageInspect = "inspect"
	StageGate    = "gate"
	StageTrain   = "train"
	StageAnalyze = "analyze"
	StagePrune   = "prune"
	StageVerify  = "verify"
)

// Stages lists the stage names in order.
var Stages = []string{StageInspect, StageGate, StageTrain, StageAnalyze, StagePrune, StageVerify}

// Files and folders in the output folder.
const (
	StateFile       = "stages.json"
	SummaryJSON     = "summary.json"
	SummaryMD       = "summary.md"
	InspectFile     = "inspect.json"
	GatedDir        = "gated"
	TrainDir        = "train"
	AnalysisDir     = "analysis"
	PrunedDir       = "pruned"
	VerifyDir       = "verify"
	DecisionFile    = "decision.json"
	TrainResultFile = "result.json"
)

// ErrThreshold marks a run whose verification missed a threshold
// (verify.max-bleu-drop); the command exits with 1.
var ErrThreshold = errors.New("pipeline: verification threshold missed")

// StageRecord is one stage's entry of stages.json.
type StageRecord struct {
	// Fingerprint identifies the stage's inputs and settings (and those of
	// the stages before it); a finished stage with the same fingerprint is
	// reused.
	Fingerprint string  `json:"fingerprint"`
	Done        bool    `json:"done"`
	Seconds     float64 `json:"seconds"`
	Finished    string  `json:"finished,omitempty"`
}

// Status reports what a stage did in this run.
type Status struct {
	Stage   string
	Reused  bool
	Skipped bool
	Seconds float64
}

// runner holds the state of one run.
type runner struct {
	c      Config
	files  []string // the model's files
	tok    tokenize.Tokenizer
	sp     tokenize.Specials
	log    io.Writer
	state  map[string]*StageRecord
	fp     map[string]string
	status []Status
}

// Run runs the pipeline: inspect → gate → train → analyze → prune → verify,
// everything in c.Out, and writes the summary. Stages already finished with
// the same inputs and settings are reused; an interrupted training resumes
// from its checkpoint. On cancellation of ctx it returns ctx's error after
// the running stage has saved what it can. log receives progress lines.
func Run(ctx context.Context, c Config, log io.Writer) (*Summary, error) {
	if log == nil {
		log = io.Discard
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	files, err := ModelFiles(c.Model)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(c.Out, 0o755); err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	r := &runner{c: c, files: files, log: log, state: map[string]*StageRecord{}, fp: map[string]string{}}
	if b, err := os.ReadFile(filepath.Join(c.Out, StateFile)); err == nil {
		if err := json.Unmarshal(b, &r.state); err != nil {
			return nil, fmt.Errorf("pipeline: %s: %w", filepath.Join(c.Out, StateFile), err)
		}
	}
	if err := r.setup(); err != nil {
		return nil, err
	}
	if err := r.fingerprints(); err != nil {
		return nil, err
	}
	steps := []struct {
		name string
		skip bool
		run  func(context.Context) error
	}{
		{StageInspect, false, r.inspect},
		{StageGate, false, r.gate},
		{StageTrain, c.Steps == 0, r.train},
		{StageAnalyze, !c.Analyze, r.analyze},
		{StagePrune, false, r.prune},
		{StageVerify, false, r.verify},
	}
	for _, s := range steps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if s.skip {
			r.status = append(r.status, Status{Stage: s.name, Skipped: true})
			continue
		}
		rec := r.state[s.name]
		if rec != nil && rec.Done && rec.Fingerprint == r.fp[s.name] {
			fmt.Fprintf(log, "== %s: done before, reused\n", s.name)
			r.status = append(r.status, Status{Stage: s.name, Reused: true, Seconds: rec.Seconds})
			continue
		}
		if rec != nil && rec.Fingerprint != r.fp[s.name] {
			// Settings or inputs changed: what the stage left is stale.
			if err := r.clean(s.name); err != nil {
				return nil, err
			}
		}
		fmt.Fprintf(log, "== %s\n", s.name)
		r.state[s.name] = &StageRecord{Fingerprint: r.fp[s.name]}
		if err := r.saveState(); err != nil {
			return nil, err
		}
		start := time.Now()
		err := s.run(ctx)
		secs := time.Since(start).Seconds()
		if errors.Is(err, ErrThreshold) {
			err = nil // recorded in verify.json; the summary reports it
		}
		if err != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(log, "== %s interrupted after %.1fs; finished stages are kept in %s\n", s.name, secs, c.Out)
			}
			return nil, fmt.Errorf("pipeline: %s: %w", s.name, err)
		}
		r.state[s.name] = &StageRecord{Fingerprint: r.fp[s.name], Done: true, Seconds: secs, Finished: time.Now().UTC().Format(time.RFC3339)}
		if err := r.saveState(); err != nil {
			return nil, err
		}
		r.status = append(r.status, Status{Stage: s.name, Seconds: secs})
		fmt.Fprintf(log, "== %s done in %.1fs\n", s.name, secs)
	}
	sum, err := r.summary()
	if err != nil {
		return nil, err
	}
	if len(sum.Failures) > 0 {
		return sum, fmt.Errorf("%w: %s", ErrThreshold, strings.Join(sum.Failures, "; "))
	}
	return sum, nil
}

// setup opens the tokenizer and reads the model's special ids.
func (r *runner) setup() error {
	c := r.c
	if !c.IDs {
		if c.Tokenizer != "" {
			t, err := tokenize.Load(c.Tokenizer)
			if err != nil {
				return fmt.Errorf("pipeline: tokenizer: %w", err)
			}
			r.tok = t
		} else {
			t, _, err := verify.OpenTokenizerHint(r.files, c.AllowDirs)
			if err != nil {
				return fmt.Errorf("pipeline: %w", err)
			}
			if t == nil {
				return fmt.Errorf("pipeline: no tokenizer: set tokenizer, or ids: true for token-id data")
			}
			r.tok = t
		}
	}
	mo := verify.ModelOptions{Session: r.session(), Overrides: c.Specials, AllowDirs: c.AllowDirs}
	if features.IsFile(c.Test[0]) {
		// A model whose encoder reads features opens with them (and checks
		// them against its input now, before any stage runs).
		mo.FeaturesPath = c.Test[0]
	}
	if r.tok != nil {
		sp := r.tok.Specials()
		mo.Fallback = &sp
	}
	m, err := verify.OpenModel(r.files, mo)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	r.sp = m.Specials
	m.Close()
	if r.sp.Eos < 0 || r.sp.DecoderStart < 0 || r.sp.Pad < 0 {
		return fmt.Errorf("pipeline: the model's special ids (%s) lack pad, eos or decoder-start; set specials", r.sp)
	}
	return nil
}

// loadOptions load the model's files: external data may also live in the
// allowed directories.
func (r *runner) loadOptions() *onnxio.LoadOptions {
	return &onnxio.LoadOptions{AllowDirs: r.c.AllowDirs}
}

// joinedLoadOptions are the load options of a graph joined from an encoder
// file and a decoder file: external data relative to the encoder's folder.
func (r *runner) joinedLoadOptions(encoder string) *onnxio.LoadOptions {
	o := r.loadOptions()
	o.BaseDir = filepath.Dir(encoder)
	return o
}

func (r *runner) session() ortrun.Options {
	p := r.c.Provider
	if p == "" {
		p = ortrun.CPU
	}
	return ortrun.Options{Library: r.c.ORTLib, IntraOpThreads: r.c.Threads, Provider: p, DeviceID: r.c.DeviceID, CUDA: r.c.CUDA}
}

// fingerprints chains each stage's settings and inputs onto the previous
// stage's fingerprint.
func (r *runner) fingerprints() error {
	c := r.c
	hashFiles := func(paths ...string) (string, error) {
		h := sha256.New()
		for _, p := range paths {
			if p == "" {
				continue
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return "", fmt.Errorf("pipeline: %w", err)
			}
			fmt.Fprintf(h, "%s %d\n", filepath.Base(p), len(b))
			h.Write(b)
		}
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	model, err := hashFiles(r.files...)
	if err != nil {
		return err
	}
	tok, err := hashFiles(c.Tokenizer)
	if err != nil {
		return err
	}
	train, err := hashFiles(c.Train[0], c.Train[1], c.Dev[0], c.Dev[1])
	if err != nil {
		return err
	}
	dev, err := hashFiles(c.Dev[0], c.Dev[1], c.CoNLLU)
	if err != nil {
		return err
	}
	test, err := hashFiles(c.Test[0], c.Test[1])
	if err != nil {
		return err
	}
	chain := func(prev string, parts ...any) string {
		h := sha256.New()
		b, _ := json.Marshal(parts)
		h.Write([]byte(prev))
		h.Write(b)
		return hex.EncodeToString(h.Sum(nil))[:16]
	}
	r.fp[StageInspect] = chain("", model)
	r.fp[StageGate] = chain(r.fp[StageInspect], c.Attention, c.Structures)
	r.fp[StageTrain] = chain(r.fp[StageGate], tok, train, r.sp, c.Steps, c.Lambda, c.TargetHeads, c.Budget, c.LR, c.LagrangeLR, c.MaxTokens, c.Seed, c.CheckpointEvery)
	r.fp[StageAnalyze] = chain(r.fp[StageInspect], tok, dev, r.sp, c.AnalyzeSentences)
	pruneIn := r.fp[StageTrain]
	if c.PruneBy != "gates" {
		pruneIn = r.fp[StageAnalyze]
	}
	r.fp[StagePrune] = chain(pruneIn, c.Attention, c.PruneBy, c.KeepHeads)
	r.fp[StageVerify] = chain(r.fp[StagePrune], tok, test, r.sp, c.Beam, c.MaxLen, c.BenchBatch, c.Repeats, c.Rounds, c.NoBench, c.MaxBLEUDrop, r.session().Provider, c.DeviceID)
	return nil
}

// clean removes a stage's outputs.
func (r *runner) clean(stage string) error {
	var p string
	switch stage {
	case StageGate:
		p = GatedDir
	case StageTrain:
		p = TrainDir
	case StageAnalyze:
		p = AnalysisDir
	case StagePrune:
		p = PrunedDir
	case StageVerify:
		p = VerifyDir
	default:
		return nil
	}
	if err := os.RemoveAll(filepath.Join(r.c.Out, p)); err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	return nil
}

func (r *runner) saveState() error {
	b, err := json.MarshalIndent(r.state, "", "  ")
	if err != nil {
		return err
	}
	return verify.WriteFileAtomic(filepath.Join(r.c.Out, StateFile), append(b, '\n'))
}

// path joins names onto the output folder.
func (r *runner) path(names ...string) string {
	return filepath.Join(append([]string{r.c.Out}, names...)...)
}

// outFiles maps the model's files into a folder of the output.
func (r *runner) outFiles(dir string) []string {
	var out []string
	for _, f := range r.files {
		out = append(out, r.path(dir, filepath.Base(f)))
	}
	return out
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return verify.WriteFileAtomic(path, append(b, '\n'))
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// kindsWanted says whether a block kind is gated and pruned.
func (r *runner) kindsWanted(k heads.Kind) bool {
	if len(r.c.Attention) == 0 {
		return true
	}
	for _, a := range r.c.Attention {
		if a == k {
			return true
		}
	}
	return false
}

// gateSpecials are the ids training frames sentences with.
func (r *runner) gateSpecials() gatetrain.Specials {
	return gatetrain.Specials{Pad: r.sp.Pad, BOS: r.sp.DecoderStart, EOS: r.sp.Eos}
}
