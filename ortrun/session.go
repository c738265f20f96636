package ortrun

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	ort "github.com/yalue/onnxruntime_go"
)

// OptLevel is ONNX Runtime's graph optimization level.
type OptLevel int

// Graph optimization levels. The zero value, OptDefault, means OptAll, as in
// ONNX Runtime.
const (
	OptDefault OptLevel = iota
	OptDisable
	OptBasic
	OptExtended
	OptAll
)

// ParseOptLevel accepts "disable", "basic", "extended" or "all" ("" is all).
func ParseOptLevel(s string) (OptLevel, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "all":
		return OptAll, nil
	case "disable", "disabled", "none":
		return OptDisable, nil
	case "basic":
		return OptBasic, nil
	case "extended":
		return OptExtended, nil
	}
	return 0, fmt.Errorf("ortrun: unknown graph optimization level %q (want disable, basic, extended or all)", s)
}

// disabledOptimizersKey is ONNX Runtime's session option naming graph
// transformers to leave out.
const disabledOptimizersKey = "optimization.disable_specified_optimizers"

func (l OptLevel) ort() (ort.GraphOptimizationLevel, error) {
	switch l {
	case OptDefault, OptAll:
		return ort.GraphOptimizationLevelEnableAll, nil
	case OptDisable:
		return ort.GraphOptimizationLevelDisableAll, nil
	case OptBasic:
		return ort.GraphOptimizationLevelEnableBasic, nil
	case OptExtended:
		return ort.GraphOptimizationLevelEnableExtended, nil
	}
	return 0, fmt.Errorf("ortrun: unknown graph optimization level %d", int(l))
}

// Options configure a Session. The zero value runs on the CPU with ONNX
// Runtime's default thread pools and all graph optimizations.
type Options struct {
	// Library is the ONNX Runtime shared library; "" searches as FindLibrary
	// says. One process loads one library: the first session's choice stays.
	Library string
	// Provider is the execution provider; "" means CPU.
	Provider Provider
	// DeviceID selects the GPU for CUDA and TensorRT.
	DeviceID int
	// CUDA holds the CUDA provider's settings (CUDA and TensorRT).
	CUDA CUDAOptions
	// IntraOpThreads and InterOpThreads size ONNX Runtime's thread pools; 0
	// keeps ONNX Runtime's default (one intra-op thread per physical core).
	IntraOpThreads int
	InterOpThreads int
	// Optimization is the graph optimization level.
	Optimization OptLevel
	// Name stands for the model in error messages of sessions made from
	// bytes; "" gives "<memory>".
	Name string
	// NoCPUArena makes ONNX Runtime allocate CPU tensors with malloc
	// instead of its growing arena, which keeps what it once held (sized
	// up by doubling) for the life of the session.
	NoCPUArena bool
	// ProfilePrefix, when set, makes ONNX Runtime write a profile of every
	// run (Chrome trace JSON, one event per node) to a file whose name starts
	// with it, when the session closes.
	ProfilePrefix string
	// NoPrepacking stops ONNX Runtime from re-laying out constant MatMul
	// and Gemm weights for its kernels when the session is made
	// (prepacking); each product then packs its weight as it goes, at some
	// cost per run. A prepacked weight is held once, in its packed form,
	// when every node that reads it packs it, and twice otherwise.
	NoPrepacking bool
	// NoSpinning keeps the intra-op threads from spinning while they wait
	// for work (ONNX Runtime's session.intra_op.allow_spinning = 0).
	// Spinning shortens the waits between the parallel parts of one run,
	// but the threads spin on after it: where the caller's own code runs
	// between many short runs, as in step-by-step decoding, they take the
	// cores that code needs.
	NoSpinning bool
}

// allowSpinningKey is ONNX Runtime's session config key that lets the
// intra-op threads spin ("1", the default) or not ("0").
const allowSpinningKey = "session.intra_op.allow_spinning"

// ValueInfo describes a model input or output as ONNX Runtime sees it.
type ValueInfo struct {
	Name string
	// DType is the element type, or "" when a Tensor cannot hold it (see
	// Type for ONNX Runtime's name of it).
	DType DType
	// Type is ONNX Runtime's description of the value's type.
	Type string
	// Shape has -1 for dimensions that are not fixed. ONNX Runtime reports
	// an empty shape both for scalars and for values without shape
	// information.
	Shape []int64
}

// Session runs one ONNX model on ONNX Runtime. Its methods may be called from
// several goroutines at once.
//
// ONNX Runtime fixes the input and output names of a run when a session is
// created, so a Session keeps one ONNX Runtime session per set of fed inputs
// (and requested outputs) and creates it on the first Run that uses it; a
// Run whose outputs are a subset of an existing one's reuses it. Each such
// session holds its own copy of the weights.
type Session struct {
	name    string // model file, or Options.Name
	path    string // model file; "" for a session from bytes
	data    []byte // model bytes; nil for a session from a file
	opts    Options
	sopts   *ort.SessionOptions
	inputs  []ValueInfo
	outputs []ValueInfo
	// half maps each float16/bfloat16 output to the float32 output that
	// fetches it (see widenHalfOutputs); nil when there is none.
	half map[string]halfOutput

	// life is held for reading by each Run and for writing by Close, so
	// that Close waits for runs in progress instead of freeing under them.
	life    sync.RWMutex
	mu      sync.Mutex // guards runners, scalar and closed
	runners []*runner
	scalar  map[string]bool // outputs that ONNX Runtime returns with rank 0
	closed  bool
}

// runner is one ONNX Runtime session for fixed input and output names.
type runner struct {
	inputs  []string // sorted
	outputs []string
	sess    *ort.DynamicAdvancedSession
}

// NewSession loads the model file at path. External data files are found
// next to it.
func NewSession(path string, opts Options) (*Session, error) {
	return newSession(path, nil, opts)
}

// NewSessionFromBytes loads a model held in memory. The bytes are kept (not
// copied) for as long as the session lives; do not modify them. A model with
// external data must be loaded with NewSession instead.
func NewSessionFromBytes(model []byte, opts Options) (*Session, error) {
	if len(model) == 0 {
		return nil, fmt.Errorf("ortrun: %s: empty model", nameOr(opts.Name))
	}
	return newSession("", model, opts)
}

func nameOr(n string) string {
	if n == "" {
		return "<memory>"
	}
	return n
}

func newSession(path string, data []byte, opts Options) (*Session, error) {
	s := &Session{path: path, data: data, opts: opts, scalar: map[string]bool{}}
	if path != "" {
		s.name = path
	} else {
		s.name = nameOr(opts.Name)
	}
	p, err := parseProvider(string(opts.Provider))
	if err != nil {
		return nil, fmt.Errorf("ortrun: %s: %w", s.name, err)
	}
	if err := InitFor(opts.Library, p); err != nil {
		return nil, err
	}
	s.opts.Provider = p
	if s.sopts, err = sessionOptions(s.opts); err != nil {
		return nil, fmt.Errorf("ortrun: %s: %w", s.name, err)
	}
	if err := s.readInfo(); err != nil {
		s.sopts.Destroy()
		return nil, err
	}
	if err := s.widenHalfOutputs(); err != nil {
		s.sopts.Destroy()
		return nil, err
	}
	return s, nil
}

// sessionOptions turns o into ONNX Runtime session options.
func sessionOptions(o Options) (*ort.SessionOptions, error) {
	so, err := ort.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("session options: %w", err)
	}
	fail := func(what string, err error) (*ort.SessionOptions, error) {
		so.Destroy()
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	// Errors come back from Run as values; ONNX Runtime need not print them
	// too (a first run that learns output ranks would print its misses).
	if err := so.SetLogSeverityLevel(ort.LoggingLevelFatal); err != nil {
		return fail("log level", err)
	}
	if o.IntraOpThreads < 0 || o.InterOpThreads < 0 {
		return fail("threads", fmt.Errorf("thread counts must be >= 0, got intra %d, inter %d", o.IntraOpThreads, o.InterOpThreads))
	}
	if o.IntraOpThreads > 0 {
		if err := so.SetIntraOpNumThreads(o.IntraOpThreads); err != nil {
			return fail("intra-op threads", err)
		}
	}
	if o.InterOpThreads > 0 {
		if err := so.SetInterOpNumThreads(o.InterOpThreads); err != nil {
			return fail("inter-op threads", err)
		}
	}
	if o.NoSpinning {
		if err := so.AddSessionConfigEntry(allowSpinningKey, "0"); err != nil {
			return fail("spinning", err)
		}
	}
	if o.NoCPUArena {
		if err := so.SetCpuMemArena(false); err != nil {
			return fail("cpu arena", err)
		}
	}
	if o.ProfilePrefix != "" {
		if err := so.EnableProfiling(o.ProfilePrefix); err != nil {
			return fail("profiling", err)
		}
	}
	if o.NoPrepacking {
		if err := so.AddSessionConfigEntry("session.disable_prepacking", "1"); err != nil {
			return fail("prepacking", err)
		}
	}
	// ONNX Runtime 1.30's NchwcTransformer (ORT_ENABLE_ALL on CPU) crashes
	// the process while building a session of a valid graph in which a
	// float16 Transpose feeds a Cast to float and then a MatMul, a pattern
	// its own fp16 cast insertion leaves in some half-precision models (the
	// TorchScript fp16 nn.Transformer with a cross-attention head cut from
	// both layers). The transformer only rewrites float convolutions and
	// pooling into blocked layouts, which the attention models this tool
	// runs barely have, so it stays off rather than risk a crash.
	if err := so.AddSessionConfigEntry(disabledOptimizersKey, "NchwcTransformer"); err != nil {
		return fail("disabled optimizers", err)
	}
	lvl, err := o.Optimization.ort()
	if err != nil {
		return fail("optimization level", err)
	}
	if err := so.SetGraphOptimizationLevel(lvl); err != nil {
		return fail("optimization level", err)
	}
	if err := appendProvider(so, o.Provider, o.DeviceID, o.CUDA); err != nil {
		so.Destroy()
		return nil, err
	}
	return so, nil
}

// writeTemporaryModel writes model bytes to a new temporary file and returns
// its path; the caller removes it.
func writeTemporaryModel(data []byte) (string, error) {
	f, err := os.CreateTemp("", "ortrun-*.onnx")
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// readInfo asks ONNX Runtime for the model's inputs and outputs, with a
// throwaway CPU session (a GPU provider would build its engines twice) at
// basic graph optimization, or none when the session runs without: some
// files load only with constant folding on (the fp16 converter's
// nn.Transformer file, where a Cast that ONNX Runtime inserts clashes with a
// declared type unless folding removes the node first).
func (s *Session) readInfo() error {
	var ins, outs []ort.InputOutputInfo
	var err error
	path := s.path
	if path == "" {
		// onnxruntime_go reads the inputs and outputs of a model in memory
		// only with default options (every optimization on), so the bytes
		// (which have no external data) go through a temporary file.
		if path, err = writeTemporaryModel(s.data); err != nil {
			return fmt.Errorf("ortrun: %s: %w", s.name, err)
		}
		defer os.Remove(path)
	}
	level := OptBasic
	if s.opts.Optimization == OptDisable {
		level = OptDisable
	}
	so, err := sessionOptions(Options{IntraOpThreads: 1, InterOpThreads: 1, Optimization: level})
	if err != nil {
		return fmt.Errorf("ortrun: %s: %w", s.name, err)
	}
	defer so.Destroy()
	ins, outs, err = ort.GetInputOutputInfoWithOptions(path, so)
	// The model was loaded and dropped again just to read this: give its
	// memory back before the sessions that run it load it once more.
	releaseFreedMemory()
	if err != nil {
		return fmt.Errorf("ortrun: %s: loading model: %w", s.name, err)
	}
	s.inputs = convertInfo(ins)
	s.outputs = convertInfo(outs)
	for _, o := range s.outputs {
		if len(o.Shape) == 0 && o.DType != "" {
			s.scalar[o.Name] = true
		}
	}
	return nil
}

func convertInfo(in []ort.InputOutputInfo) []ValueInfo {
	out := make([]ValueInfo, len(in))
	for i, v := range in {
		vi := ValueInfo{Name: v.Name, Type: v.OrtValueType.String()}
		if v.OrtValueType == ort.ONNXTypeTensor {
			vi.DType = dtypeOf(v.DataType)
			vi.Type = v.DataType.String()
			vi.Shape = slices.Clone([]int64(v.Dimensions))
			if vi.Shape == nil {
				vi.Shape = []int64{}
			}
		}
		out[i] = vi
	}
	return out
}

// Name returns the model file, or the name given for a model from bytes.
func (s *Session) Name() string { return s.name }

// Options returns the options the session was made with.
func (s *Session) Options() Options { return s.opts }

// Provider returns the execution provider the session runs on.
func (s *Session) Provider() Provider { return s.opts.Provider }

// Inputs returns the model's required inputs. An initializer that is also a
// graph input is an optional input with a default value: ONNX Runtime leaves
// it out of this list, yet Run accepts it by name and then uses the fed value.
func (s *Session) Inputs() []ValueInfo { return cloneInfo(s.inputs) }

// Outputs returns the model's outputs.
func (s *Session) Outputs() []ValueInfo { return cloneInfo(s.outputs) }

func cloneInfo(v []ValueInfo) []ValueInfo {
	out := slices.Clone(v)
	for i := range out {
		out[i].Shape = slices.Clone(out[i].Shape)
	}
	return out
}

// Close releases the session's ONNX Runtime resources, after waiting for Runs
// in progress. It is safe to call more than once; Run fails after it.
func (s *Session) Close() error {
	s.life.Lock()
	defer s.life.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var errs []error
	for _, r := range s.runners {
		if err := r.sess.Destroy(); err != nil {
			errs = append(errs, err)
		}
	}
	s.runners = nil
	if s.sopts != nil {
		if err := s.sopts.Destroy(); err != nil {
			errs = append(errs, err)
		}
	}
	// The session's weights and buffers are free now: give them back to
	// the system, so that what the process does next (writing a trained
	// model, the next stage) does not add to a peak it no longer uses.
	releaseFreedMemory()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("ortrun: %s: close: %w", s.name, err)
	}
	return nil
}

// Run feeds the named inputs and returns the named outputs (all outputs when
// outputNames is empty). Every required input (see Inputs) must be fed;
// optional inputs (initializers that are also graph inputs) may be fed to
// replace their stored values. Outputs may have any shape, including ones
// known only at run time and rank 0. Errors name the model and the input or
// output at fault.
func (s *Session) Run(inputs map[string]*Tensor, outputNames []string) (map[string]*Tensor, error) {
	return s.RunInto(inputs, outputNames, nil)
}

// RunInto is Run with some outputs written into tensors the caller
// allocated: into maps an output name (which must be among outputNames, or
// outputNames empty) to a tensor of the output's type and exact shape, whose
// data ONNX Runtime overwrites in place; the result holds that same tensor.
// Reusing the same tensors run after run spares the allocation and the copy
// of those outputs: ONNX Runtime writes them where the caller reads them.
// Half-precision outputs cannot be given.
func (s *Session) RunInto(inputs map[string]*Tensor, outputNames []string, into map[string]*Tensor) (map[string]*Tensor, error) {
	s.life.RLock()
	defer s.life.RUnlock()
	outNames, err := s.checkOutputs(outputNames)
	if err != nil {
		return nil, err
	}
	inNames, err := s.checkInputs(inputs)
	if err != nil {
		return nil, err
	}
	r, err := s.runnerFor(inNames, s.ortOutputs(outNames))
	if err != nil {
		return nil, err
	}
	given, err := s.checkInto(r, outNames, into)
	if err != nil {
		return nil, err
	}
	inVals := make([]ort.Value, len(inNames))
	defer destroyAll(inVals)
	for i, n := range inNames {
		if inVals[i], err = toValue(inputs[n]); err != nil {
			return nil, fmt.Errorf("ortrun: %s: input %q: %w", s.name, n, err)
		}
	}
	vals, err := s.runLearning(r, inVals, given)
	if err != nil {
		return nil, err
	}
	defer destroyAll(vals)
	at := make(map[string]int, len(r.outputs))
	for i, n := range r.outputs {
		at[n] = i
	}
	res := make(map[string]*Tensor, len(outNames))
	for _, n := range outNames {
		if t := into[n]; t != nil {
			res[n] = t
			continue
		}
		h, isHalf := s.half[n]
		i := at[n]
		if isHalf {
			i = at[h.wide]
		}
		t, err := fromValue(vals[i])
		if err == nil && isHalf {
			t, err = narrow(t, h)
		}
		if err != nil {
			return nil, fmt.Errorf("ortrun: %s: output %q: %w", s.name, n, err)
		}
		res[n] = t
	}
	return res, nil
}

// checkInto checks the caller's output tensors against the requested
// outputs and lays them out in r's output order (nil where not given).
func (s *Session) checkInto(r *runner, outNames []string, into map[string]*Tensor) ([]*Tensor, error) {
	if len(into) == 0 {
		return nil, nil
	}
	given := make([]*Tensor, len(r.outputs))
	for n, t := range into {
		if !slices.Contains(outNames, n) {
			return nil, fmt.Errorf("ortrun: %s: output %q given a tensor but not requested", s.name, n)
		}
		if _, isHalf := s.half[n]; isHalf {
			return nil, fmt.Errorf("ortrun: %s: output %q: half-precision outputs cannot be written into a given tensor", s.name, n)
		}
		if err := t.Validate(); err != nil {
			return nil, fmt.Errorf("ortrun: %s: output %q: %w", s.name, n, err)
		}
		if err := checkAgainst(s.outputInfo(n), t); err != nil {
			return nil, fmt.Errorf("ortrun: %s: output %q: %w", s.name, n, err)
		}
		given[slices.Index(r.outputs, n)] = t
	}
	return given, nil
}

// checkOutputs resolves the requested output names.
func (s *Session) checkOutputs(names []string) ([]string, error) {
	if len(names) == 0 {
		names = make([]string, len(s.outputs))
		for i, o := range s.outputs {
			names[i] = o.Name
		}
		if len(names) == 0 {
			return nil, fmt.Errorf("ortrun: %s: model has no outputs", s.name)
		}
		return names, nil
	}
	seen := make(map[string]bool, len(names))
	for _, n := range names {
		if seen[n] {
			return nil, fmt.Errorf("ortrun: %s: output %q requested twice", s.name, n)
		}
		seen[n] = true
		if s.outputInfo(n) == nil {
			return nil, fmt.Errorf("ortrun: %s: output %q: no such output (model outputs: %s)", s.name, n, infoNames(s.outputs))
		}
	}
	return slices.Clone(names), nil
}

// checkInputs validates the fed tensors against the model's inputs and
// returns their names, sorted.
func (s *Session) checkInputs(inputs map[string]*Tensor) ([]string, error) {
	var missing []string
	for _, in := range s.inputs {
		if _, ok := inputs[in.Name]; !ok {
			missing = append(missing, in.Name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("ortrun: %s: missing input(s) %s (model inputs: %s)", s.name, quoteAll(missing), infoNames(s.inputs))
	}
	if len(inputs) == 0 {
		return nil, fmt.Errorf("ortrun: %s: no inputs fed; running a model without inputs is not supported", s.name)
	}
	names := make([]string, 0, len(inputs))
	for n, t := range inputs {
		if err := t.Validate(); err != nil {
			return nil, fmt.Errorf("ortrun: %s: input %q: %w", s.name, n, err)
		}
		if vi := s.inputInfo(n); vi != nil {
			if err := checkAgainst(vi, t); err != nil {
				return nil, fmt.Errorf("ortrun: %s: input %q: %w", s.name, n, err)
			}
		}
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}

// checkAgainst compares a fed tensor with the input's declared type and
// fixed dimensions.
func checkAgainst(vi *ValueInfo, t *Tensor) error {
	if vi.DType == "" {
		return fmt.Errorf("model input type %s is not supported (only %s)", vi.Type, supportedList)
	}
	if t.DType() != vi.DType {
		return fmt.Errorf("model wants %s, got %s", vi.DType, t.DType())
	}
	if len(vi.Shape) == 0 {
		return nil // scalar, or no shape information
	}
	if len(vi.Shape) != len(t.Shape) {
		return fmt.Errorf("model wants rank %d %v, got shape %v", len(vi.Shape), vi.Shape, t.Shape)
	}
	for i, d := range vi.Shape {
		if d >= 0 && d != t.Shape[i] {
			return fmt.Errorf("model wants dimension %d = %d %v, got shape %v", i, d, vi.Shape, t.Shape)
		}
	}
	return nil
}

func (s *Session) inputInfo(name string) *ValueInfo {
	for i := range s.inputs {
		if s.inputs[i].Name == name {
			return &s.inputs[i]
		}
	}
	return nil
}

// ortOutputDType is the element type ONNX Runtime gives output name of the
// model it runs: float32 for the widened copy of a half-precision output.
func (s *Session) ortOutputDType(name string) DType {
	for _, h := range s.half {
		if h.wide == name {
			return Float32
		}
	}
	return s.outputInfo(name).DType
}

func (s *Session) outputInfo(name string) *ValueInfo {
	for i := range s.outputs {
		if s.outputs[i].Name == name {
			return &s.outputs[i]
		}
	}
	return nil
}

func infoNames(v []ValueInfo) string {
	names := make([]string, len(v))
	for i, x := range v {
		names[i] = x.Name
	}
	if len(names) == 0 {
		return "none"
	}
	return quoteAll(names)
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// runnerFor returns an ONNX Runtime session for exactly these inputs whose
// outputs include outNames, creating one when none exists.
func (s *Session) runnerFor(inNames, outNames []string) (*runner, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, fmt.Errorf("ortrun: %s: session is closed", s.name)
	}
	for _, r := range s.runners {
		if slices.Equal(r.inputs, inNames) && containsAll(r.outputs, outNames) {
			return r, nil
		}
	}
	var sess *ort.DynamicAdvancedSession
	var err error
	if s.path != "" {
		sess, err = ort.NewDynamicAdvancedSession(s.path, inNames, outNames, s.sopts)
	} else {
		sess, err = ort.NewDynamicAdvancedSessionWithONNXData(s.data, inNames, outNames, s.sopts)
	}
	if err != nil {
		return nil, fmt.Errorf("ortrun: %s: creating session on %s for inputs %s: %w", s.name, s.opts.Provider, quoteAll(inNames), err)
	}
	r := &runner{inputs: slices.Clone(inNames), outputs: slices.Clone(outNames), sess: sess}
	s.runners = append(s.runners, r)
	return r, nil
}

func containsAll(have, want []string) bool {
	for _, w := range want {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// runLearning runs r and returns its output values, one per r.outputs.
//
// onnxruntime_go lets ONNX Runtime allocate outputs, but cannot turn a rank-0
// output into a Go value that way; rank-0 outputs must be given as
// preallocated scalars instead. ONNX Runtime reports rank 0 both for scalars
// and for outputs without shape information, so the first runs learn which
// outputs are scalars: a preallocated scalar that ONNX Runtime rejects means
// "not a scalar" (ONNX Runtime names the output), and an allocated output that
// cannot be converted means "a scalar". Once learned, runs succeed the first
// time; an output whose rank changes between scalar and non-scalar costs one
// extra run at each change.
func (s *Session) runLearning(r *runner, inVals []ort.Value, given []*Tensor) ([]ort.Value, error) {
	for attempt := 0; ; attempt++ {
		s.mu.Lock()
		pre := make([]bool, len(r.outputs))
		for i, n := range r.outputs {
			pre[i] = s.scalar[n]
		}
		s.mu.Unlock()
		outVals := make([]ort.Value, len(r.outputs))
		for i, n := range r.outputs {
			if given != nil && given[i] != nil {
				v, err := toValue(given[i])
				if err != nil {
					destroyAll(outVals)
					return nil, fmt.Errorf("ortrun: %s: output %q: %w", s.name, n, err)
				}
				outVals[i] = v
				pre[i] = true
				continue
			}
			if !pre[i] {
				continue
			}
			v, err := newScalarOutput(s.ortOutputDType(n))
			if err != nil {
				destroyAll(outVals)
				return nil, fmt.Errorf("ortrun: %s: output %q: %w", s.name, n, err)
			}
			outVals[i] = v
		}
		err := r.sess.Run(inVals, outVals)
		if err == nil {
			return outVals, nil
		}
		// The first allocated output that Run left unconverted is the one
		// that failed.
		culprit := -1
		for i := range outVals {
			if !pre[i] && isNil(outVals[i]) {
				culprit = i
				break
			}
		}
		destroyAll(outVals)
		if attempt > len(r.outputs) {
			return nil, fmt.Errorf("ortrun: %s: run: %w", s.name, err)
		}
		switch {
		case errors.Is(err, ort.ZeroShapeLengthError) && culprit >= 0:
			s.setScalar(r.outputs[culprit], true)
		default:
			// A preallocated scalar that is not one: ONNX Runtime names it.
			i := slices.Index(r.outputs, rejectedOutput(err))
			if i >= 0 && given != nil && given[i] != nil {
				return nil, fmt.Errorf("ortrun: %s: output %q: the given tensor %v does not fit: %w", s.name, r.outputs[i], given[i].Shape, err)
			}
			if i < 0 || !pre[i] {
				return nil, fmt.Errorf("ortrun: %s: run: %w", s.name, err)
			}
			s.setScalar(r.outputs[i], false)
		}
	}
}

// rejectedRE finds the output named in ONNX Runtime's message about a
// preallocated output of the wrong shape.
var rejectedRE = regexp.MustCompile(`output OrtValue provided for output '([^']*)'`)

func rejectedOutput(err error) string {
	if m := rejectedRE.FindStringSubmatch(err.Error()); m != nil {
		return m[1]
	}
	return ""
}

func (s *Session) setScalar(name string, v bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scalar[name] = v
}

// isNil reports whether v is nil or holds a nil pointer (onnxruntime_go can
// leave a typed nil in an output slot when converting it fails).
func isNil(v ort.Value) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

func destroyAll(vals []ort.Value) {
	for i, v := range vals {
		if !isNil(v) {
			v.Destroy()
			vals[i] = nil
		}
	}
}
