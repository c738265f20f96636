package pipeline

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/internal/features"
	"onnxprune/internal/modelpath"
	"onnxprune/internal/safefile"
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
	// TrainedDir and TrainedGatedDir, in TrainDir, hold the model's files
	// with the weights trained by train.weights: the original's (what the
	// prune stage cuts) and the gate stage's (what verify checks the
	// pruned model against), each file that holds a trained weight.
	TrainedDir      = "trained"
	TrainedGatedDir = "trained-gated"
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
	c     Config
	files []string // the model's files
	// model is the model's files, loaded once (loadModel); gated holds the
	// gated graphs when this run's gate stage made them.
	model []*ModelFile
	gated []*graphedit.Graph
	// decision is the head decision this run's prune stage followed, for
	// verify (nil when the stage was reused: verify reads decision.json).
	decision *verify.HeadDecision
	tok      tokenize.Tokenizer
	// tokPath is the tokenizer's file ("" with ids).
	tokPath string
	sp      tokenize.Specials
	log     io.Writer
	state   map[string]*StageRecord
	fp      map[string]string
	status  []Status
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
	files, err := modelpath.Resolve(c.Model)
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
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
	if r.model, err = loadModel(files, r.loadOptions(), false); err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	defer closeModel(r.model)
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

// setup opens the tokenizer and reads the model's special ids, from the
// files already loaded.
func (r *runner) setup() error {
	c := r.c
	var metas []verify.FileMeta
	for _, f := range r.model {
		metas = append(metas, fileMeta(f.Path, f.Model))
	}
	if !c.IDs {
		if c.Tokenizer != "" {
			t, err := tokenize.Load(c.Tokenizer)
			if err != nil {
				return fmt.Errorf("pipeline: tokenizer: %w", err)
			}
			r.tok, r.tokPath = t, c.Tokenizer
		} else {
			t, path, err := verify.TokenizerFromMetadata(metas[0], c.AllowDirs)
			if err != nil {
				return fmt.Errorf("pipeline: %w", err)
			}
			if t == nil {
				return fmt.Errorf("pipeline: no tokenizer: set tokenizer, or ids: true for token-id data")
			}
			r.tok, r.tokPath = t, path
		}
	}
	src := verify.SpecialSources{Overrides: c.Specials, Dir: filepath.Dir(r.files[0]), AllowDirs: c.AllowDirs, Files: metas}
	if r.tok != nil {
		sp := r.tok.Specials()
		src.Fallback = &sp
	}
	ms, err := verify.ResolveSpecials(src)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	r.sp = ms.Specials
	if ms.VocabSize > 0 {
		if err := r.sp.Validate(ms.VocabSize); err != nil {
			return fmt.Errorf("pipeline: %s: %w", r.files[0], err)
		}
	}
	if r.sp.Eos < 0 || r.sp.DecoderStart < 0 || r.sp.Pad < 0 {
		return fmt.Errorf("pipeline: the model's special ids (%s) lack pad, eos or decoder-start; set specials", r.sp)
	}
	return r.checkFeatures()
}

// checkFeatures checks now, before any stage runs, that the test source is
// speech features (a .npy file) exactly when the model's encoder reads
// them, and that they fit its input.
func (r *runner) checkFeatures() error {
	src := r.c.Test[0]
	var f *features.Features
	if features.IsFile(src) {
		var err error
		if f, err = features.Read(src); err != nil {
			return fmt.Errorf("pipeline: %w", err)
		}
	}
	for _, l := range r.model {
		for _, name := range graphedit.SourceIDNames {
			dims, ok := graphedit.SourceFeatures(l.Graph, name)
			switch {
			case !ok:
				continue
			case f == nil:
				return fmt.Errorf("pipeline: %s: its source input %s is float features %s (a speech encoder): give the test source as a .npy file [utterances, mel bins, frames]",
					l.Path, name, features.DimsString(dims))
			}
			if err := f.Check(fmt.Sprintf("%s input %s", l.Path, name), dims); err != nil {
				return fmt.Errorf("pipeline: %w", err)
			}
			return nil
		}
	}
	if f != nil {
		return fmt.Errorf("pipeline: the test source %s is speech features, but no file of the model reads float features", src)
	}
	return nil
}

// loaded hands the loaded files to verify (LoadedFiles): no stage edits
// them (gate and prune edit copies), so they are the files as loaded
// throughout the run.
func (r *runner) loaded() map[string]*verify.LoadedFile { return LoadedFiles(r.model) }

// loadOptions load the model's files: external data may also live in the
// allowed directories.
func (r *runner) loadOptions() *onnxio.LoadOptions {
	return &onnxio.LoadOptions{AllowDirs: r.c.AllowDirs}
}

func (r *runner) session() ortrun.Options {
	p := r.c.Provider
	if p == "" {
		p = ortrun.CPU
	}
	return ortrun.Options{Library: r.c.ORTLib, IntraOpThreads: r.c.Threads, Provider: p, DeviceID: r.c.DeviceID, CUDA: r.c.CUDA}
}

// modelInputs lists every file the stages read of the model: its ONNX
// files, their external data files, and the configuration files beside
// them that give special ids (verify.ConfigFiles).
func (r *runner) modelInputs() ([]string, error) {
	out := append([]string(nil), r.files...)
	dirs := map[string]bool{}
	for _, f := range r.model {
		ext, err := f.Model.ExternalFiles()
		if err != nil {
			return nil, fmt.Errorf("pipeline: %s: %w", f.Path, err)
		}
		out = append(out, ext...)
		dirs[filepath.Dir(f.Path)] = true
	}
	for _, d := range slices.Sorted(maps.Keys(dirs)) {
		for _, n := range verify.ConfigFiles {
			if st, err := os.Stat(filepath.Join(d, n)); err == nil && st.Mode().IsRegular() {
				out = append(out, filepath.Join(d, n))
			}
		}
	}
	return out, nil
}

// hashFiles hashes the names, sizes and bytes of files ("" entries are
// skipped), streaming each.
func hashFiles(paths ...string) (string, error) {
	h := sha256.New()
	for _, p := range paths {
		if p == "" {
			continue
		}
		f, err := os.Open(p)
		if err != nil {
			return "", fmt.Errorf("pipeline: %w", err)
		}
		fmt.Fprintf(h, "%s\n", filepath.Base(p))
		n, err := io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("pipeline: %s: %w", p, err)
		}
		fmt.Fprintf(h, "\n%d\n", n)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// fingerprints chains each stage's settings and inputs onto the previous
// stage's fingerprint. The inputs are every byte a stage reads: the model's
// files with their external data and configuration (modelInputs), the
// tokenizer file (named or found from the model's metadata), and the data
// files.
func (r *runner) fingerprints() error {
	c := r.c
	inputs, err := r.modelInputs()
	if err != nil {
		return err
	}
	model, err := hashFiles(inputs...)
	if err != nil {
		return err
	}
	tok, err := hashFiles(r.tokPath)
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
	trainParts := []any{tok, train, r.sp, c.Steps, c.Lambda, c.TargetHeads, c.Budget, c.LR, c.LagrangeLR, c.MaxTokens, c.Seed, c.CheckpointEvery}
	if c.Distill.On() {
		// Only a distilling run's fingerprint names it: the others keep
		// theirs.
		trainParts = append(trainParts, c.Distill)
	}
	if c.TrainWeights.Any() {
		trainParts = append(trainParts, c.TrainWeights, c.WeightLR)
	}
	r.fp[StageTrain] = chain(r.fp[StageGate], trainParts...)
	r.fp[StageAnalyze] = chain(r.fp[StageInspect], tok, dev, r.sp, c.AnalyzeSentences)
	pruneIn := r.fp[StageTrain]
	if c.PruneBy != "gates" {
		pruneIn = r.fp[StageAnalyze]
	}
	r.fp[StagePrune] = chain(pruneIn, c.Attention, c.PruneBy, c.KeepHeads)
	r.fp[StageVerify] = chain(r.fp[StagePrune], tok, test, r.sp, c.Beam, c.MaxLen, c.BenchBatch, c.Repeats, c.Rounds, c.BenchSentences, c.NoBench, c.MaxBLEUDrop, r.session().Provider, c.DeviceID)
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
	return safefile.WriteFileAtomic(filepath.Join(r.c.Out, StateFile), append(b, '\n'))
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
	return safefile.WriteFileAtomic(path, append(b, '\n'))
}

// kindsWanted says whether a block kind is gated and pruned.
func (r *runner) kindsWanted(k heads.Kind) bool {
	return len(r.c.Attention) == 0 || kindIn(k, r.c.Attention)
}
