package gatetrain

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"

	"onnxprune/gatesfile"
	"onnxprune/graphedit"
	"onnxprune/ortrun"
)

// Runner runs a training graph (an *ortrun.Session).
type Runner interface {
	Run(inputs map[string]*ortrun.Tensor, outputNames []string) (map[string]*ortrun.Tensor, error)
}

// IntoRunner is a Runner that can write outputs into tensors the caller
// keeps (ortrun.Session.RunInto). The trainer then has the weight gradients
// written into the same buffers every step instead of allocating them.
type IntoRunner interface {
	RunInto(inputs map[string]*ortrun.Tensor, outputNames []string, into map[string]*ortrun.Tensor) (map[string]*ortrun.Tensor, error)
}

// Config sets up a training run.
type Config struct {
	// Concrete holds β, γ, ζ.
	Concrete Concrete
	// PerLayer averages the L0 penalty over gated blocks (the paper's code).
	PerLayer bool
	// Lambda weighs the expected-L0 penalty (the paper's λ); used when
	// TargetHeads is 0.
	Lambda float64
	// TargetHeads, when > 0, drives the expected number of open heads to this
	// count with a learned Lagrangian (CoFi) and ends with exactly this many
	// open heads.
	TargetHeads int
	// Budgets, when given, drive the expected parameters, FLOPs or time
	// of the kept model to their targets instead (the same Lagrangian, one
	// per budget), and the final decision costs at most every target.
	Budgets []*Budget
	// LagrangeLR is the ascent rate of the Lagrange multipliers.
	LagrangeLR float64
	// TargetWarmup is the number of steps over which the target moves from
	// the initial expected fraction of open heads to TargetHeads (0: half
	// the steps; negative: none).
	TargetWarmup int
	// Schedule is the learning rate of log α over steps (Total = Steps).
	Schedule Schedule
	// Steps is the number of training steps.
	Steps int
	// ClipNorm bounds the norm of the log α gradient (≤ 0: no clipping).
	ClipNorm float64
	// InitLogAlpha is the starting log α of every gate.
	InitLogAlpha float64
	// Seed seeds the gate noise and the data order.
	Seed uint64
	// ValidEvery computes the validation loss every so many steps (0: never).
	ValidEvery int
	// CheckpointEvery saves a checkpoint every so many steps (0: never, but
	// still on interruption and at the end).
	CheckpointEvery int
	// WeightLR is the learning rate of weights trained jointly.
	WeightLR float64
	// Distill adds the KL divergence from the dense model's output
	// distribution to the loss (off when its Alpha is 0).
	Distill Distill
}

// DefaultConfig returns the defaults of the CLI.
func DefaultConfig() Config {
	return Config{
		Concrete: DefaultConcrete(), PerLayer: true, Lambda: 0.01, LagrangeLR: 0.01,
		Schedule: Schedule{Kind: "constant", Base: 0.1}, Steps: 1000, ClipNorm: 5,
		InitLogAlpha: 3, Seed: 1, ValidEvery: 100, CheckpointEvery: 100, WeightLR: 1e-4,
		Distill: Distill{Temperature: 1},
	}
}

// Validate checks the configuration.
func (c *Config) Validate(heads int) error {
	if err := c.Concrete.Validate(); err != nil {
		return err
	}
	switch {
	case c.Steps <= 0:
		return fmt.Errorf("gatetrain: steps %d must be positive", c.Steps)
	case c.Lambda < 0:
		return fmt.Errorf("gatetrain: l0 lambda %g must not be negative", c.Lambda)
	case c.TargetHeads < 0 || c.TargetHeads > heads:
		return fmt.Errorf("gatetrain: target heads %d outside [1, %d] (the gated heads)", c.TargetHeads, heads)
	case len(c.Budgets) > 0 && c.TargetHeads > 0:
		return fmt.Errorf("gatetrain: a head target and a %s budget exclude each other", c.Budgets[0].What)
	case !(c.Schedule.Base > 0):
		return fmt.Errorf("gatetrain: learning rate %g must be positive", c.Schedule.Base)
	}
	for _, b := range c.Budgets {
		if err := b.Validate(heads); err != nil {
			return err
		}
		if !slices.Equal(b.Parent, c.Budgets[0].Parent) {
			return fmt.Errorf("gatetrain: the %s and %s budgets tie units to different sublayers", c.Budgets[0].What, b.What)
		}
	}
	return c.Distill.Validate()
}

// State is everything a run carries from step to step; a checkpoint is a
// State, and a run resumed from one continues exactly as the uninterrupted
// run would.
type State struct {
	// Step counts the steps done; Epoch and Pos are the data position (the
	// next batch is batch Pos of epoch Epoch's order).
	Step  int
	Epoch int
	Pos   int
	// LogAlpha is log α of every head, in TrainGraph.Gates order, and Adam
	// its optimizer state.
	LogAlpha []float64
	Adam     *Adam
	// Lag is the head-target constraint (used with Config.TargetHeads).
	Lag Lagrangian
	// BudgetLags are the constraints of Config.Budgets, in order.
	BudgetLags []Lagrangian
	// Sampler is the gate noise generator's saved state.
	Sampler []byte
	// Weights and WeightAdam hold jointly trained weights (by name order of
	// the training graph) and their optimizer.
	Weights    [][]float32
	WeightAdam *WeightAdam
	// ClosedAt is the step at which each head last closed (-1: open).
	ClosedAt []int
	Events   []gatesfile.Event
	// POpen is the open probability after every step of each row of
	// Trainer.RowNames: a head, a sublayer, or the mean over an FFN's
	// units.
	POpen [][]float32
	// Fewest is the smallest open-unit count saved as a trace checkpoint
	// (Trainer.traceEvery apart).
	Fewest int
	// Valid holds (step, loss) of the validation runs.
	Valid [][2]float64
}

// StepInfo reports one step.
//
// Step counts from 1. Loss is the objective: CE, the token cross-entropy
// of the batch (Tokens target tokens), plus α·T²·KL with distillation (KL
// the mean over target tokens of KL(p_dense ‖ p_student) at temperature
// T), plus the penalty (λ times the L0
// penalty of Config, or the Lagrangian term with a head target or a
// budget, whose multipliers are Lambda1 and Lambda2). L0 is the expected
// number of open units (heads, neurons or groups, sublayers), Open the
// number open at test time and OpenBy the same per kind of structure;
// POpen is the open probability of each row of Trainer.RowNames (a head, a
// sublayer, or the mean over an FFN's units). GradNorm is the norm of
// the log α gradient before clipping, LR the learning rate used; ValidLoss
// is set on validation steps.
type StepInfo struct {
	Step     int     `json:"step"`
	Epoch    int     `json:"epoch"`
	LR       float64 `json:"lr"`
	Loss     float64 `json:"loss"`
	CE       float64 `json:"ce"`
	KL       float64 `json:"distill_kl,omitempty"`
	L0       float64 `json:"expected_l0"`
	Open     int     `json:"open_heads"`
	Tokens   int     `json:"tokens"`
	GradNorm float64 `json:"grad_norm"`
	Lambda1  float64 `json:"lambda1,omitempty"`
	Lambda2  float64 `json:"lambda2,omitempty"`
	// Cost is the expected cost of the kept model under the first budget
	// (Lambda1 and Lambda2 are its multipliers), Costs under each budget.
	Cost      float64   `json:"expected_cost,omitempty"`
	Costs     []float64 `json:"expected_costs,omitempty"`
	ValidLoss *float64  `json:"valid_loss,omitempty"`
	POpen     []float64 `json:"p_open"`
	// OpenBy counts the open units per kind of structure (with FFN or
	// sublayer gates).
	OpenBy []OpenCount `json:"open_by,omitempty"`
	// BytesIn and BytesOut are what the step copied into ONNX Runtime (the
	// batch, the sampled gates, and trained weights fed as inputs) and out
	// of it (the loss and the gradients). The model's other weights stay
	// in the session (on the GPU with the cuda provider) and are not copied.
	BytesIn  int64 `json:"bytes_in"`
	BytesOut int64 `json:"bytes_out"`
	// Unclamped says, per gate input (TrainGraph.Gates order), whether a
	// gate of it was inside the stretch in this step, so that the graph ran
	// the backward nodes leading to its gradient (nil when the graph has no
	// UnclampedInput and ran them all).
	Unclamped []bool `json:"-"`
}

// Trainer runs the training loop.
type Trainer struct {
	// Cfg is the configuration and TG the training graph, which Run runs
	// (an ONNX Runtime session of TG.Graph).
	Cfg Config
	TG  *TrainGraph
	Run Runner
	// Train and Dev batch the training and validation corpora (Dev may be
	// nil).
	Train *Batcher
	Dev   *Batcher
	// Teacher runs the dense model's forward graph (BuildTeacherGraph)
	// when the training graph distills (TG.Distill on).
	Teacher Runner
	// State is the loop state, restored from a checkpoint when resuming.
	State *State
	// InitWeights are the initial values of TG.Weights (joint fine-tuning).
	// Init of a fresh state takes them over as the state's weights, which
	// training then changes in place; the field is cleared.
	InitWeights [][]float32
	// OnStep is called after every step; OnOpenDrop when the open-head count
	// falls below every count seen before; OnCheckpoint every
	// CheckpointEvery steps. An error stops the run.
	OnStep       func(StepInfo) error
	OnOpenDrop   func(open int) error
	OnCheckpoint func() error

	sampler *Sampler
	epoch   [][]int
	// gradOut holds the weight gradients' buffers, written by the runner in
	// place every step (IntoRunner), and grads the same slices in weight
	// order.
	gradOut map[string]*ortrun.Tensor
	grads   [][]float32
}

// NumHeads returns the number of gated heads.
func (t *Trainer) NumHeads() int {
	n := 0
	for _, g := range t.TG.Gates {
		n += g.Heads
	}
	return n
}

// HeadNames lists the gated heads in parameter order.
func (t *Trainer) HeadNames() []string {
	var s []string
	for _, g := range t.TG.Gates {
		for h := 0; h < g.Heads; h++ {
			s = append(s, g.Head(h))
		}
	}
	return s
}

// Init makes a fresh state (when State is nil) and checks the state
// against the graph.
func (t *Trainer) Init() error {
	n := t.NumHeads()
	if err := t.Cfg.Validate(n); err != nil {
		return err
	}
	if err := checkStructureTarget(t.Cfg, t.TG.Gates); err != nil {
		return err
	}
	t.sampler = NewSampler(t.Cfg.Seed)
	if t.State == nil {
		st := &State{LogAlpha: make([]float64, n), Adam: NewAdam(n), ClosedAt: make([]int, n), Fewest: n}
		for i := range st.LogAlpha {
			st.LogAlpha[i] = t.Cfg.InitLogAlpha
			st.ClosedAt[i] = -1
		}
		p0, _ := t.Cfg.Concrete.POpen(t.Cfg.InitLogAlpha)
		warm := t.Cfg.TargetWarmup
		if warm == 0 {
			warm = t.Cfg.Steps / 2
		}
		st.Lag = Lagrangian{Target: float64(t.Cfg.TargetHeads) / float64(n), Start: p0, Warmup: warm, LR: t.Cfg.LagrangeLR}
		for _, b := range t.Cfg.Budgets {
			l := st.Lag
			l.Target, l.Start = b.Target/b.Dense, b.startFraction(t.Cfg.Concrete, t.Cfg.InitLogAlpha)
			st.BudgetLags = append(st.BudgetLags, l)
		}
		b, err := t.sampler.State()
		if err != nil {
			return err
		}
		st.Sampler = b
		if len(t.TG.Weights) > 0 {
			var sizes []int
			for _, w := range t.InitWeights {
				sizes = append(sizes, len(w))
			}
			st.Weights = t.InitWeights
			st.WeightAdam = NewWeightAdam(sizes)
		}
		t.State = st
	}
	t.InitWeights = nil
	st := t.State
	if len(st.LogAlpha) != n || len(st.ClosedAt) != n {
		return fmt.Errorf("gatetrain: checkpoint holds %d gates but the model has %d", len(st.LogAlpha), n)
	}
	if len(st.Weights) != len(t.TG.Weights) {
		return fmt.Errorf("gatetrain: checkpoint holds %d trained weights but the run trains %d", len(st.Weights), len(t.TG.Weights))
	}
	if err := t.sampler.SetState(st.Sampler); err != nil {
		return err
	}
	if t.TG.Distill.On() && t.Teacher == nil {
		return fmt.Errorf("gatetrain: the training graph distills but no teacher runs the dense model")
	}
	t.gradOut, t.grads = nil, nil
	if len(t.TG.Weights) > 0 {
		t.gradOut = map[string]*ortrun.Tensor{}
		for i, name := range t.TG.Weights {
			buf := make([]float32, len(st.Weights[i]))
			t.gradOut[GradName(name)] = ortrun.NewF32(t.weightShape(i), buf)
			t.grads = append(t.grads, buf)
		}
	}
	return t.loadEpoch()
}

func (t *Trainer) loadEpoch() error {
	b, err := t.Train.Epoch(t.State.Epoch)
	if err != nil {
		return err
	}
	if len(b) == 0 {
		return fmt.Errorf("gatetrain: %s: no batches", t.Train.Corpus.SrcFile)
	}
	t.epoch = b
	return nil
}

func (t *Trainer) feeds(b *Batch, gates []float64) map[string]*ortrun.Tensor {
	in := map[string]*ortrun.Tensor{}
	b.feedModel(t.TG.Roles, in)
	for _, g := range t.TG.Gates {
		v := make([]float32, g.Heads)
		for h := range v {
			v[h] = float32(gates[g.Offset+h])
		}
		in[g.Name] = ortrun.NewF32([]int64{int64(g.Heads)}, v)
	}
	if t.State != nil {
		for i, name := range t.TG.Weights {
			in[name] = ortrun.NewF32(t.weightShape(i), t.State.Weights[i])
		}
	}
	return in
}

// unclamped says, from the gates' derivatives dg/dlogα of a step, which
// gate inputs have a gate inside the stretch (a nonzero derivative).
func (t *Trainer) unclamped(dg []float64) []bool {
	v := make([]bool, len(t.TG.Gates))
	for i, gi := range t.TG.Gates {
		for h := 0; h < gi.Heads; h++ {
			if dg[gi.Offset+h] != 0 {
				v[i] = true
				break
			}
		}
	}
	return v
}

// Open returns the number of open heads under the current log α.
func (t *Trainer) Open() int {
	n := 0
	for _, la := range t.State.LogAlpha {
		if t.Cfg.Concrete.Open(la) {
			n++
		}
	}
	return n
}

// Step runs one training step.
func (t *Trainer) Step() (StepInfo, error) {
	st := t.State
	cfg := t.Cfg
	if st.Pos >= len(t.epoch) {
		st.Epoch++
		st.Pos = 0
		if err := t.loadEpoch(); err != nil {
			return StepInfo{}, err
		}
	}
	batch := t.Train.Batch(t.epoch[st.Pos])
	n := len(st.LogAlpha)
	g := make([]float64, n)
	dg := make([]float64, n)
	for i, la := range st.LogAlpha {
		g[i], dg[i] = cfg.Concrete.Gate(la, t.sampler.Uniform())
	}
	outs := []string{LossOutput, LogitsShapeOutput}
	for _, gi := range t.TG.Gates {
		outs = append(outs, GradName(gi.Name))
	}
	for _, w := range t.TG.Weights {
		outs = append(outs, GradName(w))
	}
	feeds := t.feeds(batch, g)
	var unclamped []bool
	if t.TG.SkipIfs > 0 {
		unclamped = t.unclamped(dg)
		flags := make([]float32, len(unclamped))
		for i, u := range unclamped {
			if u {
				flags[i] = 1
			}
		}
		feeds[UnclampedInput] = ortrun.NewF32([]int64{int64(len(flags))}, flags)
	}
	var res map[string]*ortrun.Tensor
	var err error
	var entropy float64
	if t.TG.Distill.On() {
		tc := &teacher{run: t.Teacher, gates: t.TG.Gates, roles: t.TG.Roles}
		var probs *ortrun.Tensor
		if probs, entropy, err = tc.probs(batch); err != nil {
			return StepInfo{}, fmt.Errorf("gatetrain: step %d (%s lines %v): %w", st.Step, t.Train.Corpus.SrcFile, firstLines(batch.Lines), err)
		}
		feeds[TeacherProbs] = probs
		outs = append(outs, DistillCEOutput)
	}
	if ir, ok := t.Run.(IntoRunner); ok && t.gradOut != nil {
		res, err = ir.RunInto(feeds, outs, t.gradOut)
	} else {
		res, err = t.Run.Run(feeds, outs)
	}
	if err != nil {
		return StepInfo{}, fmt.Errorf("gatetrain: step %d (%s lines %v): %w", st.Step, t.Train.Corpus.SrcFile, firstLines(batch.Lines), err)
	}
	if err := checkLogitsShape(res[LogitsShapeOutput], batch, t.TG.Roles); err != nil {
		return StepInfo{}, fmt.Errorf("gatetrain: step %d: %w", st.Step, err)
	}
	ce := float64(res[LossOutput].F32[0])
	if math.IsNaN(ce) || math.IsInf(ce, 0) {
		return StepInfo{}, fmt.Errorf("gatetrain: step %d: loss is %g (%s lines %v)", st.Step, ce, t.Train.Corpus.SrcFile, firstLines(batch.Lines))
	}
	grad := make([]float64, n)
	for _, gi := range t.TG.Gates {
		gg := res[GradName(gi.Name)].F32
		for h := 0; h < gi.Heads; h++ {
			grad[gi.Offset+h] = float64(gg[h]) * dg[gi.Offset+h]
		}
	}
	info := StepInfo{Step: st.Step + 1, Epoch: st.Epoch, CE: ce, Tokens: batch.Tokens,
		BytesIn: ortrun.TensorBytes(feeds), BytesOut: ortrun.TensorBytes(res), Unclamped: unclamped}
	objective := ce
	if t.TG.Distill.On() {
		// KL(p ‖ q) = H(p, q) − H(p): the graph gives the cross-entropy, the
		// teacher the entropy.
		info.KL = float64(res[DistillCEOutput].F32[0]) - entropy
		if math.IsNaN(info.KL) || math.IsInf(info.KL, 0) {
			return StepInfo{}, fmt.Errorf("gatetrain: step %d: distillation KL is %g (%s lines %v)", st.Step, info.KL, t.Train.Corpus.SrcFile, firstLines(batch.Lines))
		}
		objective += t.TG.Distill.Weight() * info.KL
	}
	pen := Penalty{Concrete: cfg.Concrete, PerLayer: cfg.PerLayer, Blocks: len(t.TG.Gates)}
	switch {
	case len(cfg.Budgets) > 0:
		term, fracs := t.budgetTerms(grad)
		info.Loss = objective + term
		info.L0 = Penalty{Concrete: cfg.Concrete}.Value(st.LogAlpha, 0, nil)
		for j, frac := range fracs {
			info.Costs = append(info.Costs, frac*cfg.Budgets[j].Dense)
			st.BudgetLags[j].Ascend(frac, st.Step)
		}
		info.Cost = info.Costs[0]
		info.Lambda1, info.Lambda2 = st.BudgetLags[0].Lambda1, st.BudgetLags[0].Lambda2
	case cfg.TargetHeads > 0:
		// The constraint is on the expected fraction of open heads, so the
		// multipliers' scale does not depend on the model's head count.
		e := Penalty{Concrete: cfg.Concrete}.Value(st.LogAlpha, 0, nil)
		frac := e / float64(n)
		term, dF := st.Lag.Term(frac, st.Step)
		Penalty{Concrete: cfg.Concrete}.Value(st.LogAlpha, dF/float64(n), grad)
		info.Loss = objective + term
		info.L0 = e
		st.Lag.Ascend(frac, st.Step)
		info.Lambda1, info.Lambda2 = st.Lag.Lambda1, st.Lag.Lambda2
	default:
		p := pen.Value(st.LogAlpha, cfg.Lambda, grad)
		info.Loss = objective + cfg.Lambda*p
		info.L0 = Penalty{Concrete: cfg.Concrete}.Value(st.LogAlpha, 0, nil)
	}
	info.GradNorm = ClipNorm(grad, cfg.ClipNorm)
	sch := cfg.Schedule
	sch.Total = cfg.Steps
	info.LR = sch.At(st.Step)
	st.Adam.Step(st.LogAlpha, grad, info.LR)
	if len(t.TG.Weights) > 0 {
		if err := t.stepWeights(res, sch.At(st.Step)/sch.Base*cfg.WeightLR); err != nil {
			return info, err
		}
	}
	st.Pos++
	st.Step++
	b, err := t.sampler.State()
	if err != nil {
		return info, err
	}
	st.Sampler = b

	// Decisions, closing order, open probabilities.
	open := 0
	unitP := make([]float64, n)
	names := t.HeadNames()
	for i, la := range st.LogAlpha {
		unitP[i], _ = cfg.Concrete.POpen(la)
		isOpen := cfg.Concrete.Open(la)
		if isOpen {
			open++
		}
		if wasOpen := st.ClosedAt[i] < 0; wasOpen != isOpen {
			if isOpen {
				st.ClosedAt[i] = -1
			} else {
				st.ClosedAt[i] = st.Step
			}
			st.Events = append(st.Events, gatesfile.Event{Step: st.Step, Head: names[i], Open: isOpen})
		}
	}
	for i := range st.Events {
		if st.Events[i].Step == st.Step {
			st.Events[i].NOpen = open
		}
	}
	info.POpen = rowMeans(t.plotRows(), unitP)
	row := make([]float32, len(info.POpen))
	for i, p := range info.POpen {
		row[i] = float32(p)
	}
	st.POpen = append(st.POpen, row)
	info.Open = open
	if len(t.TG.Gates) > 0 && t.TG.Gates[len(t.TG.Gates)-1].Structure != "" {
		info.OpenBy = t.openCounts(func(i int) bool { return st.ClosedAt[i] < 0 })
	}
	return info, nil
}

// checkLogitsShape checks that the model gave logits [B, T, vocab] for a
// batch whose decoder read [B, T] ids ([T, B, vocab] for [T, B] ids when
// the model is sequence-first).
func checkLogitsShape(shape *ortrun.Tensor, b *Batch, r graphedit.IORoles) error {
	if want := b.logitsDims(r); shape == nil || len(shape.I64) != 3 || shape.I64[0] != want[0] || shape.I64[1] != want[1] {
		var got []int64
		if shape != nil {
			got = shape.I64
		}
		return fmt.Errorf("the model's logits have shape %v for decoder input [%d %d]: its decoder does not return a logit per input position (as an FSMT export, which keeps the last position only), so the loss cannot be computed", got, b.B, b.T)
	}
	return nil
}

func firstLines(l []int) []int {
	s := append([]int(nil), l...)
	sort.Ints(s)
	if len(s) > 5 {
		s = s[:5]
	}
	return s
}

// Fit runs steps until Cfg.Steps or until ctx is cancelled. It calls the
// hooks and computes validation losses; on cancellation it returns
// ctx.Err() after the step in progress (the caller saves a checkpoint).
func (t *Trainer) Fit(ctx context.Context) error {
	for t.State.Step < t.Cfg.Steps {
		if err := ctx.Err(); err != nil {
			return err
		}
		info, err := t.Step()
		if err != nil {
			return err
		}
		if t.Dev != nil && t.Cfg.ValidEvery > 0 && (info.Step%t.Cfg.ValidEvery == 0 || info.Step == t.Cfg.Steps) {
			v, err := t.EvalLoss(t.Dev, t.TestGates())
			if err != nil {
				return err
			}
			info.ValidLoss = &v
			t.State.Valid = append(t.State.Valid, [2]float64{float64(info.Step), v})
		}
		if t.OnStep != nil {
			if err := t.OnStep(info); err != nil {
				return err
			}
		}
		if info.Open <= t.State.Fewest-t.traceEvery() {
			t.State.Fewest = info.Open
			if t.OnOpenDrop != nil {
				if err := t.OnOpenDrop(info.Open); err != nil {
					return err
				}
			}
		}
		if t.OnCheckpoint != nil && t.Cfg.CheckpointEvery > 0 && info.Step%t.Cfg.CheckpointEvery == 0 && info.Step < t.Cfg.Steps {
			if err := t.OnCheckpoint(); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestGates returns the deterministic test-time gates of the current log α.
func (t *Trainer) TestGates() []float64 {
	g := make([]float64, len(t.State.LogAlpha))
	for i, la := range t.State.LogAlpha {
		g[i] = t.Cfg.Concrete.TestGate(la)
	}
	return g
}

// EvalLoss returns the token-weighted cross-entropy over all batches of a
// corpus (epoch 0 of its batcher) with the given gate values.
func (t *Trainer) EvalLoss(b *Batcher, gates []float64) (float64, error) {
	batches, err := b.Epoch(0)
	if err != nil {
		return 0, err
	}
	var sum float64
	var tok int
	for _, idx := range batches {
		batch := b.Batch(idx)
		feeds := t.feeds(batch, gates)
		if t.TG.SkipIfs > 0 {
			// No gradient is read: no backward node needs to run.
			feeds[UnclampedInput] = ortrun.NewF32([]int64{int64(len(t.TG.Gates))}, make([]float32, len(t.TG.Gates)))
		}
		if t.TG.Distill.On() {
			// The training graph takes the teacher's probabilities even
			// where only the cross-entropy is asked for.
			tc := &teacher{run: t.Teacher, gates: t.TG.Gates, roles: t.TG.Roles}
			if feeds[TeacherProbs], _, err = tc.probs(batch); err != nil {
				return 0, fmt.Errorf("gatetrain: validation (%s lines %v): %w", b.Corpus.SrcFile, firstLines(batch.Lines), err)
			}
		}
		res, err := t.Run.Run(feeds, []string{LossOutput, LogitsShapeOutput})
		if err != nil {
			return 0, fmt.Errorf("gatetrain: validation (%s lines %v): %w", b.Corpus.SrcFile, firstLines(batch.Lines), err)
		}
		if err := checkLogitsShape(res[LogitsShapeOutput], batch, t.TG.Roles); err != nil {
			return 0, fmt.Errorf("gatetrain: validation: %w", err)
		}
		sum += float64(res[LossOutput].F32[0]) * float64(batch.Tokens)
		tok += batch.Tokens
	}
	return sum / float64(tok), nil
}

// Final returns the final 0/1 decision per head. With a head target, the
// TargetHeads heads of largest log α stay open (ties broken by parameter
// order), whatever the threshold says, so the count is exact; otherwise a
// head is open when its test-time gate exceeds one half, and under a
// budget units then close, smallest log α first, until the decision costs
// at most every target (FitAll).
func (t *Trainer) Final() []bool {
	n := len(t.State.LogAlpha)
	open := make([]bool, n)
	if t.Cfg.TargetHeads > 0 {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return t.State.LogAlpha[idx[a]] > t.State.LogAlpha[idx[b]] })
		for _, i := range idx[:t.Cfg.TargetHeads] {
			open[i] = true
		}
		return open
	}
	for i, la := range t.State.LogAlpha {
		open[i] = t.Cfg.Concrete.Open(la)
	}
	if len(t.Cfg.Budgets) > 0 {
		FitAll(t.Cfg.Budgets, t.State.LogAlpha, open)
	}
	return open
}
