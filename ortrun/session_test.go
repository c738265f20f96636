package ortrun

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"onnxprune/onnxio/onnxpb"
)

// fp32Tol bounds |ORT − float64 reference| for sums of a handful of float32
// products of values in [-1, 1]: a few float32 roundings of numbers below 10.
const fp32Tol = 1e-5

func randF32(rng *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(rng.Float64()*2 - 1)
	}
	return out
}

func affineParams(seed uint64) (w, b []float32) {
	rng := rand.New(rand.NewPCG(seed, 1))
	return randF32(rng, affineIn*affineOut), randF32(rng, affineOut)
}

func checkClose(t *testing.T, what string, got []float32, want []float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	for i := range got {
		if d := math.Abs(float64(got[i]) - want[i]); d > tol || math.IsNaN(float64(got[i])) {
			t.Fatalf("%s[%d] = %v, want %v (|diff| %.3g > %g)", what, i, got[i], want[i], d, tol)
		}
	}
}

// checkAffine runs the affine model for one batch size and checks all outputs.
func checkAffine(t *testing.T, s *Session, batch int, seed uint64, w, b []float32, feedW []float32) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	x := randF32(rng, batch*affineIn)
	in := map[string]*Tensor{"X": NewF32([]int64{int64(batch), affineIn}, x)}
	useW := w
	if feedW != nil {
		in["W"] = NewF32([]int64{affineIn, affineOut}, feedW)
		useW = feedW
	}
	out, err := s.Run(in, nil)
	if err != nil {
		t.Fatalf("batch %d: %v", batch, err)
	}
	wantY, wantS := affineRef(x, batch, useW, b)
	y, sum, p := out["Y"], out["S"], out["P"]
	if y == nil || sum == nil || p == nil {
		t.Fatalf("batch %d: outputs %v, want Y, S and P", batch, out)
	}
	if !slices.Equal(y.Shape, []int64{int64(batch), affineOut}) {
		t.Fatalf("batch %d: Y shape %v", batch, y.Shape)
	}
	checkClose(t, "Y", y.F32, wantY, fp32Tol)
	if len(sum.Shape) != 0 || len(sum.F32) != 1 {
		t.Fatalf("batch %d: S is %v, want a float32 scalar", batch, sum)
	}
	checkClose(t, "S", sum.F32, []float64{wantS}, fp32Tol*float64(batch*affineOut))
	if p.DType() != Bool || !slices.Equal(p.Shape, y.Shape) {
		t.Fatalf("batch %d: P is %v, want bool%v", batch, p, y.Shape)
	}
	for i, v := range p.Bool {
		if math.Abs(wantY[i]) > fp32Tol && v != (wantY[i] > 0) {
			t.Fatalf("batch %d: P[%d] = %v, want %v (Y = %v)", batch, i, v, wantY[i] > 0, wantY[i])
		}
	}
}

func TestRunAffineFromBytesAndFile(t *testing.T) {
	w, b := affineParams(1)
	model := affineModel(t, w, b)
	path := writeModel(t, "affine.onnx", model)
	fromBytes, err := NewSessionFromBytes(model, Options{Name: "affine-bytes"})
	if err != nil {
		t.Fatal(err)
	}
	defer fromBytes.Close()
	fromFile, err := NewSession(path, Options{IntraOpThreads: 1, InterOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer fromFile.Close()
	for _, s := range []*Session{fromBytes, fromFile} {
		t.Run(s.Name(), func(t *testing.T) {
			// Dynamic batch, including an empty one.
			for i, batch := range []int{1, 5, 2, 0} {
				checkAffine(t, s, batch, uint64(10+i), w, b, nil)
			}
		})
	}
}

func TestInputsOmitOverridableInitializer(t *testing.T) {
	w, b := affineParams(2)
	s, err := NewSessionFromBytes(affineModel(t, w, b), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ins := s.Inputs()
	if len(ins) != 1 || ins[0].Name != "X" || ins[0].DType != Float32 || !slices.Equal(ins[0].Shape, []int64{-1, affineIn}) {
		t.Fatalf("Inputs() = %+v, want only X float32[-1 4]", ins)
	}
	outs := s.Outputs()
	var names []string
	for _, o := range outs {
		names = append(names, o.Name+":"+string(o.DType))
	}
	if !slices.Equal(names, []string{"Y:float32", "S:float32", "P:bool"}) {
		t.Fatalf("Outputs() = %v", names)
	}
}

func TestFeedOverridableInitializer(t *testing.T) {
	w, b := affineParams(3)
	s, err := NewSessionFromBytes(affineModel(t, w, b), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	w2, _ := affineParams(4)
	// Stored W, fed W, stored W again: each run must use the right one.
	checkAffine(t, s, 3, 20, w, b, nil)
	checkAffine(t, s, 3, 21, w, b, w2)
	checkAffine(t, s, 2, 22, w, b, nil)
	checkAffine(t, s, 4, 23, w, b, w2)
}

func TestOutputSubset(t *testing.T) {
	w, b := affineParams(5)
	s, err := NewSessionFromBytes(affineModel(t, w, b), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	x := randF32(rand.New(rand.NewPCG(5, 5)), 2*affineIn)
	wantY, wantS := affineRef(x, 2, w, b)
	for _, names := range [][]string{{"S"}, {"Y", "S"}, {"S", "Y"}, {"Y"}} {
		out, err := s.Run(map[string]*Tensor{"X": NewF32([]int64{2, affineIn}, x)}, names)
		if err != nil {
			t.Fatalf("outputs %v: %v", names, err)
		}
		if len(out) != len(names) {
			t.Fatalf("outputs %v: got %d outputs", names, len(out))
		}
		for _, n := range names {
			switch n {
			case "Y":
				checkClose(t, "Y", out[n].F32, wantY, fp32Tol)
			case "S":
				checkClose(t, "S", out[n].F32, []float64{wantS}, 10*fp32Tol)
			}
		}
	}
}

// TestDataDependentShapes runs NonZero, whose output shape is known only at
// run time, and outputs declared without any shape (ONNX Runtime reports
// them with rank 0, like scalars): one is a matrix, one a scalar.
func TestDataDependentShapes(t *testing.T) {
	model := marshalModel(t, graphSpec{
		nodes: []*onnxpb.NodeProto{
			node("NonZero", []string{"X"}, []string{"NZ"}),
			node("Add", []string{"X", "X"}, []string{"D"}),
			node("ReduceMax", []string{"X"}, []string{"M"}, intAttr("keepdims", 0)),
		},
		inputs: []*onnxpb.ValueInfoProto{valueInfo("X", onnxpb.TensorProto_FLOAT, "r", "c")},
		outputs: []*onnxpb.ValueInfoProto{
			valueInfo("NZ", onnxpb.TensorProto_INT64, 2, "nnz"),
			valueInfoNoShape("D", onnxpb.TensorProto_FLOAT),
			valueInfoNoShape("M", onnxpb.TensorProto_FLOAT),
		},
	})
	s, err := NewSessionFromBytes(model, Options{Name: "nonzero"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(7, 7))
	for _, shape := range [][]int64{{2, 3}, {4, 1}, {3, 5}} {
		n := int(shape[0] * shape[1])
		x := randF32(rng, n)
		var wantIdx [2][]int64
		maxV := float32(math.Inf(-1))
		for i, v := range x {
			if i%3 == 0 {
				x[i] = 0
				v = 0
			}
			if v != 0 {
				wantIdx[0] = append(wantIdx[0], int64(i)/shape[1])
				wantIdx[1] = append(wantIdx[1], int64(i)%shape[1])
			}
			maxV = max(maxV, v)
		}
		out, err := s.Run(map[string]*Tensor{"X": NewF32(shape, x)}, nil)
		if err != nil {
			t.Fatalf("shape %v: %v", shape, err)
		}
		nz := out["NZ"]
		nnz := int64(len(wantIdx[0]))
		if !slices.Equal(nz.Shape, []int64{2, nnz}) || !slices.Equal(nz.I64, append(slices.Clone(wantIdx[0]), wantIdx[1]...)) {
			t.Fatalf("shape %v: NonZero = %v %v, want [2 %d] %v", shape, nz.Shape, nz.I64, nnz, wantIdx)
		}
		d := out["D"]
		if !slices.Equal(d.Shape, shape) {
			t.Fatalf("shape %v: D has shape %v", shape, d.Shape)
		}
		for i := range x {
			if d.F32[i] != 2*x[i] {
				t.Fatalf("shape %v: D[%d] = %v, want %v", shape, i, d.F32[i], 2*x[i])
			}
		}
		m := out["M"]
		if len(m.Shape) != 0 || len(m.F32) != 1 || m.F32[0] != maxV {
			t.Fatalf("shape %v: M = %v %v, want scalar %v", shape, m, m.F32, maxV)
		}
	}
}

// TestTypes round-trips each supported element type through Identity, and
// bool through Not.
func TestTypes(t *testing.T) {
	cases := []struct {
		elem onnxpb.TensorProto_DataType
		in   *Tensor
	}{
		{onnxpb.TensorProto_FLOAT, NewF32([]int64{2}, []float32{1.5, -2})},
		{onnxpb.TensorProto_DOUBLE, NewF64([]int64{1, 2}, []float64{math.Pi, -1e300})},
		{onnxpb.TensorProto_INT64, NewI64([]int64{3}, []int64{math.MaxInt64, -1, 0})},
		{onnxpb.TensorProto_INT32, NewI32([]int64{2, 1}, []int32{math.MinInt32, 7})},
		{onnxpb.TensorProto_INT8, NewI8([]int64{2}, []int8{-128, 127})},
		{onnxpb.TensorProto_UINT8, NewU8([]int64{2}, []uint8{0, 255})},
		{onnxpb.TensorProto_BOOL, NewBool([]int64{3}, []bool{true, false, true})},
		{onnxpb.TensorProto_INT64, ScalarI64(-42)},
		{onnxpb.TensorProto_FLOAT, ScalarF32(0.25)},
		{onnxpb.TensorProto_BOOL, ScalarBool(true)},
	}
	for _, c := range cases {
		t.Run(c.in.String(), func(t *testing.T) {
			dims := make([]dim, len(c.in.Shape))
			for i, d := range c.in.Shape {
				dims[i] = d
			}
			model := marshalModel(t, graphSpec{
				nodes:   []*onnxpb.NodeProto{node("Identity", []string{"A"}, []string{"B"})},
				inputs:  []*onnxpb.ValueInfoProto{valueInfo("A", c.elem, dims...)},
				outputs: []*onnxpb.ValueInfoProto{valueInfo("B", c.elem, dims...)},
			})
			s, err := NewSessionFromBytes(model, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			out, err := s.Run(map[string]*Tensor{"A": c.in}, []string{"B"})
			if err != nil {
				t.Fatal(err)
			}
			got := out["B"]
			if fmt.Sprintf("%v %v", got, got.Shape) != fmt.Sprintf("%v %v", c.in, c.in.Shape) {
				t.Fatalf("got %v, want %v", got, c.in)
			}
			if fmt.Sprint(got.F32, got.F64, got.I64, got.I32, got.I8, got.U8, got.Bool) != fmt.Sprint(c.in.F32, c.in.F64, c.in.I64, c.in.I32, c.in.I8, c.in.U8, c.in.Bool) {
				t.Fatalf("data changed: got %+v, want %+v", got, c.in)
			}
		})
	}
}

func TestRunErrors(t *testing.T) {
	w, b := affineParams(6)
	path := writeModel(t, "affine.onnx", affineModel(t, w, b))
	s, err := NewSession(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	x := NewF32([]int64{1, affineIn}, make([]float32, affineIn))
	cases := []struct {
		name    string
		in      map[string]*Tensor
		outputs []string
		want    []string
	}{
		{"missing input", map[string]*Tensor{"W": NewF32([]int64{affineIn, affineOut}, w)}, nil, []string{path, `missing input(s) "X"`}},
		{"wrong type", map[string]*Tensor{"X": NewI64([]int64{1, affineIn}, make([]int64, affineIn))}, nil, []string{path, `input "X"`, "float32", "int64"}},
		{"wrong fixed dim", map[string]*Tensor{"X": NewF32([]int64{1, 5}, make([]float32, 5))}, nil, []string{path, `input "X"`, "dimension 1 = 4"}},
		{"wrong rank", map[string]*Tensor{"X": NewF32([]int64{affineIn}, make([]float32, affineIn))}, nil, []string{path, `input "X"`, "rank 2"}},
		{"data length", map[string]*Tensor{"X": NewF32([]int64{2, affineIn}, make([]float32, 3))}, nil, []string{path, `input "X"`, "needs 8 elements, has 3"}},
		{"two data slices", map[string]*Tensor{"X": {Shape: []int64{1, affineIn}, F32: make([]float32, 4), I64: make([]int64, 4)}}, nil, []string{path, `input "X"`, "exactly one"}},
		{"unknown input", map[string]*Tensor{"X": x, "nope": ScalarF32(1)}, nil, []string{path, "nope"}},
		{"overridable input wrong shape", map[string]*Tensor{"X": x, "W": NewF32([]int64{2, 2}, make([]float32, 4))}, nil, []string{path}},
		{"unknown output", map[string]*Tensor{"X": x}, []string{"Z"}, []string{path, `output "Z"`, "no such output", `"Y"`}},
		{"output twice", map[string]*Tensor{"X": x}, []string{"Y", "Y"}, []string{path, `output "Y"`, "twice"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := s.Run(c.in, c.outputs)
			if err == nil {
				t.Fatal("Run succeeded, want an error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Fatalf("error %q does not mention %q", err, w)
				}
			}
		})
	}
	// The session still works after the errors.
	checkAffine(t, s, 2, 30, w, b, nil)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := s.Run(map[string]*Tensor{"X": x}, nil); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("Run after Close: %v, want a 'closed' error", err)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	garbage := writeModel(t, "garbage.onnx", []byte("\x89PNG\r\n\x1a\nnot a model"))
	cases := []struct {
		name string
		open func() (*Session, error)
		want []string
	}{
		{"missing file", func() (*Session, error) { return NewSession(dir+"/absent.onnx", Options{}) }, []string{dir + "/absent.onnx"}},
		{"garbage file", func() (*Session, error) { return NewSession(garbage, Options{}) }, []string{garbage}},
		{"garbage bytes", func() (*Session, error) { return NewSessionFromBytes([]byte("junk"), Options{Name: "junk.onnx"}) }, []string{"junk.onnx"}},
		{"empty bytes", func() (*Session, error) { return NewSessionFromBytes(nil, Options{}) }, []string{"<memory>", "empty"}},
		{"negative threads", func() (*Session, error) {
			return NewSessionFromBytes(defaultAffine(t), Options{IntraOpThreads: -1})
		}, []string{"threads"}},
		{"unknown provider", func() (*Session, error) {
			return NewSessionFromBytes(defaultAffine(t), Options{Provider: "tpu"})
		}, []string{`"tpu"`, "cpu, cuda or tensorrt"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := c.open()
			if err == nil {
				s.Close()
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Fatalf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

// TestOptions runs the same model under each optimization level and thread
// setting; results must agree with the reference.
func TestOptions(t *testing.T) {
	w, b := affineParams(8)
	model := affineModel(t, w, b)
	for _, lvl := range []string{"disable", "basic", "extended", "all"} {
		for _, threads := range []int{1, 2} {
			opt, err := ParseOptLevel(lvl)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewSessionFromBytes(model, Options{Optimization: opt, IntraOpThreads: threads, InterOpThreads: threads})
			if err != nil {
				t.Fatalf("%s/%d: %v", lvl, threads, err)
			}
			checkAffine(t, s, 3, 40, w, b, nil)
			s.Close()
		}
	}
	if _, err := ParseOptLevel("max"); err == nil {
		t.Fatal(`ParseOptLevel("max") succeeded`)
	}
}

func TestConcurrentRuns(t *testing.T) {
	w, b := affineParams(9)
	s, err := NewSessionFromBytes(affineModel(t, w, b), Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	w2, _ := affineParams(10)
	const workers, runs = 6, 10
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for g := 0; g < workers; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 11))
			for r := 0; r < runs; r++ {
				batch := 1 + rng.IntN(4)
				x := randF32(rng, batch*affineIn)
				in := map[string]*Tensor{"X": NewF32([]int64{int64(batch), affineIn}, x)}
				useW := w
				if (g+r)%2 == 0 {
					in["W"] = NewF32([]int64{affineIn, affineOut}, w2)
					useW = w2
				}
				out, err := s.Run(in, []string{"Y"})
				if err != nil {
					errs <- err
					return
				}
				want, _ := affineRef(x, batch, useW, b)
				for i := range want {
					if math.Abs(float64(out["Y"].F32[i])-want[i]) > fp32Tol {
						errs <- fmt.Errorf("worker %d run %d: Y[%d] = %v, want %v", g, r, i, out["Y"].F32[i], want[i])
						return
					}
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestProviders(t *testing.T) {
	ps, err := Providers()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 || ps[0] != CPU {
		t.Fatalf("Providers() = %v, want cpu first", ps)
	}
	model := defaultAffine(t)
	for _, p := range []Provider{CUDA, TensorRT} {
		perr := ProviderError(p)
		if slices.Contains(ps, p) != (perr == nil) {
			t.Fatalf("Providers() = %v but ProviderError(%s) = %v", ps, p, perr)
		}
		if perr == nil {
			continue // a GPU build with its libraries: nothing to refuse
		}
		_, err := NewSessionFromBytes(model, Options{Provider: p})
		if err == nil {
			t.Fatalf("session on %s succeeded although ProviderError says %v", p, perr)
		}
		for _, w := range []string{string(p), p.ORTName(), Library()} {
			if !strings.Contains(err.Error(), w) {
				t.Fatalf("error %q does not name %q", err, w)
			}
		}
	}
}

func TestParseProvider(t *testing.T) {
	cases := map[string]Provider{"": CPU, "CPU": CPU, "cuda": CUDA, "CUDAExecutionProvider": CUDA, "TensorRT": TensorRT, "TensorrtExecutionProvider": TensorRT, "trt": TensorRT}
	for in, want := range cases {
		got, err := ParseProvider(in)
		if err != nil || got != want {
			t.Errorf("ParseProvider(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := ParseProvider("rocm"); err == nil {
		t.Error(`ParseProvider("rocm") succeeded`)
	}
}

func TestVersion(t *testing.T) {
	v, err := Version()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(v, "1.") {
		t.Fatalf("Version() = %q", v)
	}
	if os.Getenv(EnvLibrary) == "" && !strings.HasSuffix(Library(), DefaultLibrary) {
		t.Fatalf("Library() = %q, want the repository's %s", Library(), DefaultLibrary)
	}
}

// TestUnknownRankOutputs runs Reshape with a shape fed at run time, so that
// neither the model nor ONNX Runtime's inference knows the output rank: the
// same output is a matrix in one run and a scalar in the next.
func TestUnknownRankOutputs(t *testing.T) {
	model := marshalModel(t, graphSpec{
		nodes: []*onnxpb.NodeProto{
			node("Reshape", []string{"X", "SX"}, []string{"RX"}),
			node("Reshape", []string{"Y", "SY"}, []string{"RY"}),
		},
		inputs: []*onnxpb.ValueInfoProto{
			valueInfo("X", onnxpb.TensorProto_FLOAT, "n"),
			valueInfo("SX", onnxpb.TensorProto_INT64, "k"),
			valueInfo("Y", onnxpb.TensorProto_INT64, "m"),
			valueInfo("SY", onnxpb.TensorProto_INT64, "j"),
		},
		outputs: []*onnxpb.ValueInfoProto{
			valueInfoNoShape("RX", onnxpb.TensorProto_FLOAT),
			valueInfoNoShape("RY", onnxpb.TensorProto_INT64),
		},
	})
	s, err := NewSessionFromBytes(model, Options{Name: "reshape"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, o := range s.Outputs() {
		if len(o.Shape) != 0 {
			t.Fatalf("output %s has shape %v; the test needs an unknown rank", o.Name, o.Shape)
		}
	}
	cases := []struct{ xShape, yShape []int64 }{
		{[]int64{2, 3}, []int64{}},
		{[]int64{6}, []int64{1, 1}},
		{[]int64{}, []int64{1}},
		{[]int64{3, 1, 2}, []int64{}},
		{[]int64{}, []int64{}},
		{[]int64{1, 6}, []int64{1, 1, 1}},
	}
	for _, c := range cases {
		nx, _ := NumElements(c.xShape)
		ny, _ := NumElements(c.yShape)
		x := make([]float32, nx)
		for i := range x {
			x[i] = float32(i) + 0.5
		}
		y := make([]int64, ny)
		for i := range y {
			y[i] = int64(-7 * (i + 1))
		}
		in := map[string]*Tensor{
			"X":  NewF32([]int64{nx}, x),
			"SX": NewI64([]int64{int64(len(c.xShape))}, c.xShape),
			"Y":  NewI64([]int64{ny}, y),
			"SY": NewI64([]int64{int64(len(c.yShape))}, c.yShape),
		}
		out, err := s.Run(in, nil)
		if err != nil {
			t.Fatalf("shapes %v %v: %v", c.xShape, c.yShape, err)
		}
		if rx := out["RX"]; !slices.Equal(rx.Shape, c.xShape) || !slices.Equal(rx.F32, x) {
			t.Fatalf("RX = %v %v, want %v %v", rx.Shape, rx.F32, c.xShape, x)
		}
		if ry := out["RY"]; !slices.Equal(ry.Shape, c.yShape) || !slices.Equal(ry.I64, y) {
			t.Fatalf("RY = %v %v, want %v %v", ry.Shape, ry.I64, c.yShape, y)
		}
	}
}

// RunInto writes a given output into the caller's tensor in place (the same
// memory run after run) and still allocates the others.
func TestRunIntoGivenOutput(t *testing.T) {
	w, b := affineParams(3)
	s, err := NewSessionFromBytes(affineModel(t, w, b), Options{IntraOpThreads: 1, InterOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const batch = 3
	y := NewF32([]int64{batch, affineOut}, make([]float32, batch*affineOut))
	for i := uint64(0); i < 2; i++ {
		x := randF32(rand.New(rand.NewPCG(i, 9)), batch*affineIn)
		out, err := s.RunInto(map[string]*Tensor{"X": NewF32([]int64{batch, affineIn}, x)}, []string{"Y", "S"}, map[string]*Tensor{"Y": y})
		if err != nil {
			t.Fatal(err)
		}
		if out["Y"] != y {
			t.Fatal("RunInto returned another tensor for the given output")
		}
		wantY, wantS := affineRef(x, batch, w, b)
		checkClose(t, "Y", y.F32, wantY, fp32Tol)
		checkClose(t, "S", out["S"].F32, []float64{wantS}, fp32Tol*batch*affineOut)
	}
	bad := NewF32([]int64{batch + 1, affineOut}, make([]float32, (batch+1)*affineOut))
	x := NewF32([]int64{batch, affineIn}, make([]float32, batch*affineIn))
	if _, err := s.RunInto(map[string]*Tensor{"X": x}, []string{"Y"}, map[string]*Tensor{"Y": bad}); err == nil || !strings.Contains(err.Error(), `"Y"`) {
		t.Errorf("a given output of the wrong shape: %v, want an error naming Y", err)
	}
	if _, err := s.RunInto(map[string]*Tensor{"X": x}, []string{"S"}, map[string]*Tensor{"Y": y}); err == nil {
		t.Error("a given output that was not requested: no error")
	}
}

// TestNoSpinning: Options.NoSpinning sets ONNX Runtime's
// allow_spinning entry to "0", and without it the entry is left to ONNX
// Runtime's default; a session without spinning computes the same.
func TestNoSpinning(t *testing.T) {
	w, b := affineParams(3)
	model := affineModel(t, w, b)
	if err := Init(""); err != nil {
		t.Fatal(err)
	}
	for _, noSpin := range []bool{false, true} {
		so, err := sessionOptions(Options{NoSpinning: noSpin, IntraOpThreads: 2})
		if err != nil {
			t.Fatal(err)
		}
		has, err := so.HasSessionConfigEntry(allowSpinningKey)
		if err != nil {
			so.Destroy()
			t.Fatal(err)
		}
		var v string
		if has {
			v, err = so.GetSessionConfigEntry(allowSpinningKey)
		}
		so.Destroy()
		if err != nil {
			t.Fatal(err)
		}
		if want := noSpin; has != want || (noSpin && v != "0") {
			t.Errorf("NoSpinning %v: %s set %v to %q", noSpin, allowSpinningKey, has, v)
		}
		s, err := NewSessionFromBytes(model, Options{Name: fmt.Sprintf("affine-nospin-%v", noSpin), NoSpinning: noSpin, IntraOpThreads: 2})
		if err != nil {
			t.Fatal(err)
		}
		if s.Options().NoSpinning != noSpin {
			t.Errorf("session options %+v, want NoSpinning %v", s.Options(), noSpin)
		}
		checkAffine(t, s, 3, 20, w, b, nil)
		s.Close()
	}
}
