package large

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/onnxio"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/tests/large/synth"
)

// rssFactor is the bound on memory for surgery on a model with
// external data: peak resident set at most 1.5 × the model's size.
const rssFactor = 1.5

// rssSlack is added to the bound for the small model, whose size is below
// what the Go runtime, the binary and the graph IR take on their own.
const rssSlack = 64 << 20

// bin is the onnxprune command the package's end-to-end tests run.
var bin synth.Binary

// onnxpruneBin builds onnxprune once for the package.
func onnxpruneBin(t *testing.T) string {
	t.Helper()
	path, err := bin.Path()
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMain removes the binary the end-to-end tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	bin.Remove()
	os.Exit(code)
}

// result is one finished run of the binary.
type result struct {
	code           int
	stdout, stderr string
	maxRSS         int64 // bytes
	elapsed        time.Duration
}

func runBin(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(onnxpruneBin(t), args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String(), elapsed: time.Since(start)}
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("onnxprune %s: %v", strings.Join(args, " "), err)
		}
	}
	r.code = cmd.ProcessState.ExitCode()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = ru.Maxrss << 10 // KiB on Linux
	}
	if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
		t.Fatalf("onnxprune %s panicked:\n%s", strings.Join(args, " "), r.stderr)
	}
	return r
}

func mustRun(t *testing.T, args ...string) result {
	t.Helper()
	r := runBin(t, args...)
	if r.code != 0 {
		t.Fatalf("onnxprune %s: exit %d\n%s%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	t.Logf("onnxprune %s: %.1fs, peak RSS %.1f MiB", args[0], r.elapsed.Seconds(), float64(r.maxRSS)/(1<<20))
	return r
}

func hashFile(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func hashBytes(b []byte) string {
	s := sha256.Sum256(b)
	return fmt.Sprintf("%x", s)
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// noTemps fails if dir holds a temporary file left by a save.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", filepath.Join(dir, e.Name()))
		}
	}
}

func initializers(m *onnxio.Model) map[string]*onnxpb.TensorProto {
	out := map[string]*onnxpb.TensorProto{}
	for _, t := range m.Proto.GetGraph().GetInitializer() {
		out[t.GetName()] = t
	}
	return out
}

func floats(t *testing.T, m *onnxio.Model, tp *onnxpb.TensorProto) []float32 {
	t.Helper()
	b, err := m.RawBytes(tp)
	if err != nil {
		t.Fatal(err)
	}
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

func TestPipelineSmall(t *testing.T) {
	runPipeline(t, synth.Config{Layers: 2, Heads: 8, HeadDim: 16, Vocab: 3000, Seed: 7}, rssSlack)
}

func TestPipelineLarge(t *testing.T) {
	if os.Getenv("ONNXPRUNE_LARGE") != "1" {
		t.Skip("set ONNXPRUNE_LARGE=1 to run the model over 2 GiB (needs about 3x its size on disk)")
	}
	size := int64(2300) << 20
	if s := os.Getenv("ONNXPRUNE_LARGE_MB"); s != "" {
		mb, err := strconv.ParseInt(s, 10, 64)
		if err != nil || mb <= 0 {
			t.Fatalf("ONNXPRUNE_LARGE_MB=%q: not a positive number", s)
		}
		size = mb << 20
	}
	c := synth.Config{Layers: 2, Heads: 8, HeadDim: 32, Seed: 11}
	c.Vocab = synth.VocabFor(c, size)
	runPipeline(t, c, 0)
}

// runPipeline writes a model of config c, runs inspect, gate and prune on
// it and checks every output against the input.
func runPipeline(t *testing.T, c synth.Config, slack int64) {
	dir := t.TempDir()
	start := time.Now()
	model, err := synth.Write(dir, "model.onnx", c)
	if err != nil {
		t.Fatal(err)
	}
	data := model + ".data"
	modelBytes := fileSize(t, model) + fileSize(t, data)
	t.Logf("model: %d layers, %d heads of %d, vocab %d: %.1f MiB written in %.1fs",
		c.Layers, c.Heads, c.HeadDim, c.Vocab, float64(modelBytes)/(1<<20), time.Since(start).Seconds())
	before := map[string]string{model: hashFile(t, model), data: hashFile(t, data)}
	checkInputs := func(after string) {
		t.Helper()
		for p, h := range before {
			if got := hashFile(t, p); got != h {
				t.Fatalf("after %s: input %s changed", after, p)
			}
		}
	}
	rssBound := int64(rssFactor*float64(modelBytes)) + slack

	// Every command runs before this process maps any model: a child
	// started with vfork inherits the parent's peak RSS in its own
	// ru_maxrss, so the figures are only the command's own while the
	// parent is small.

	// inspect
	r := mustRun(t, "inspect", "--heads", model)
	for l := 0; l < c.Layers; l++ {
		if want := fmt.Sprintf("encoder:%d", l); !strings.Contains(r.stdout, want) {
			t.Fatalf("inspect --heads does not list %s:\n%s", want, r.stdout)
		}
	}
	checkInputs("inspect")

	// gate
	gated := filepath.Join(dir, "gated.onnx")
	r = mustRun(t, "gate", model, "-o", gated)
	if r.maxRSS > rssBound {
		t.Errorf("gate: peak RSS %d bytes > %.1f × model size %d (+%d)", r.maxRSS, rssFactor, modelBytes, slack)
	}
	checkInputs("gate")
	noTemps(t, dir)

	// prune: two heads of layer 0, every head of the last layer.
	removed := []int{1, c.Heads - 2}
	last := c.Layers - 1
	pruned := filepath.Join(dir, "pruned.onnx")
	spec := fmt.Sprintf("encoder:0:%d,encoder:0:%d,encoder:%d:*", removed[0], removed[1], last)
	r = mustRun(t, "prune", model, "--remove", spec, "-o", pruned)
	t.Logf("prune peak RSS %.1f MiB = %.2f × model size (bound %.1f ×)", float64(r.maxRSS)/(1<<20), float64(r.maxRSS)/float64(modelBytes), rssFactor)
	if r.maxRSS > rssBound {
		t.Errorf("prune: peak RSS %d bytes > %.1f × model size %d (+%d)", r.maxRSS, rssFactor, modelBytes, slack)
	}
	checkInputs("prune")
	noTemps(t, dir)
	orig, err := onnxio.Load(model, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer orig.Close()
	oi := initializers(orig)
	gm, err := onnxio.Load(gated, nil)
	if err != nil {
		t.Fatalf("gated model does not load: %v", err)
	}
	gi := initializers(gm)
	for l := 0; l < c.Layers; l++ {
		name := fmt.Sprintf("gate/encoder.%d", l)
		g, ok := gi[name]
		if !ok {
			t.Fatalf("gated model has no %s", name)
		}
		if v := floats(t, gm, g); len(v) != c.Heads {
			t.Errorf("%s has %d values, want %d", name, len(v), c.Heads)
		}
	}
	for _, name := range []string{"embed", "lm_head", "layer0.q.weight"} {
		a, _ := orig.RawBytes(oi[name])
		b, err := gm.RawBytes(gi[name])
		if err != nil {
			t.Fatal(err)
		}
		if hashBytes(a) != hashBytes(b) {
			t.Errorf("gated %s differs from the input's", name)
		}
	}
	gm.Close()

	pm, err := onnxio.Load(pruned, nil)
	if err != nil {
		t.Fatalf("pruned model does not load: %v", err)
	}
	defer pm.Close()
	pg, err := graphedit.Load(pm)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := heads.FindHeads(pg)
	if err != nil {
		t.Fatal(err)
	}
	heads := map[string]int{}
	for _, b := range blocks {
		heads[b.Name()] = b.NumHeads
	}
	if heads["encoder:0"] != c.Heads-2 {
		t.Errorf("pruned encoder:0 has %d heads, want %d", heads["encoder:0"], c.Heads-2)
	}
	if _, ok := heads[fmt.Sprintf("encoder:%d", last)]; ok && last != 0 {
		t.Errorf("pruned model still has block encoder:%d", last)
	}
	pi := initializers(pm)
	for _, name := range []string{"embed", "lm_head"} {
		a, _ := orig.RawBytes(oi[name])
		b, err := pm.RawBytes(pi[name])
		if err != nil {
			t.Fatal(err)
		}
		if hashBytes(a) != hashBytes(b) {
			t.Errorf("pruned %s differs from the input's", name)
		}
	}
	checkSliced(t, c, orig, pm, oi, pi, removed)
}

// checkSliced compares layer 0's projections: Q/K/V keep the columns of the
// kept heads, the output projection their rows, biases their entries.
func checkSliced(t *testing.T, c synth.Config, orig, pm *onnxio.Model, oi, pi map[string]*onnxpb.TensorProto, removed []int) {
	t.Helper()
	e, dh := c.Width(), c.HeadDim
	gone := map[int]bool{}
	for _, h := range removed {
		gone[h] = true
	}
	var keep []int // kept columns of the head-carrying dimension
	for h := 0; h < c.Heads; h++ {
		if !gone[h] {
			for j := 0; j < dh; j++ {
				keep = append(keep, h*dh+j)
			}
		}
	}
	for _, p := range []string{"q", "k", "v"} {
		w := fmt.Sprintf("layer0.%s.weight", p)
		a, b := floats(t, orig, oi[w]), floats(t, pm, pi[w])
		if len(b) != e*len(keep) {
			t.Fatalf("%s has %d values, want %d×%d", w, len(b), e, len(keep))
		}
		for r := 0; r < e; r++ {
			for j, col := range keep {
				if b[r*len(keep)+j] != a[r*e+col] {
					t.Fatalf("%s[%d,%d] = %v, want input's [%d,%d] = %v", w, r, j, b[r*len(keep)+j], r, col, a[r*e+col])
				}
			}
		}
		bn := fmt.Sprintf("layer0.%s.bias", p)
		ab, bb := floats(t, orig, oi[bn]), floats(t, pm, pi[bn])
		for j, col := range keep {
			if bb[j] != ab[col] {
				t.Fatalf("%s[%d] = %v, want %v", bn, j, bb[j], ab[col])
			}
		}
	}
	w := "layer0.o.weight"
	a, b := floats(t, orig, oi[w]), floats(t, pm, pi[w])
	if len(b) != len(keep)*e {
		t.Fatalf("%s has %d values, want %d×%d", w, len(b), len(keep), e)
	}
	for j, row := range keep {
		for col := 0; col < e; col++ {
			if b[j*e+col] != a[row*e+col] {
				t.Fatalf("%s[%d,%d] = %v, want input's [%d,%d]", w, j, col, b[j*e+col], row, col)
			}
		}
	}
}
