package autodiff_test

import (
	"bufio"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/autodiff"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// largestFixture is the biggest file of the manifest (the dynamo export of
// the nn.Transformer model).
func largestFixture(b *testing.B) string {
	best, size := "", int64(-1)
	for _, f := range fixtureFiles(b) {
		st, err := os.Stat(fixtureDir + "/" + f)
		if err != nil {
			b.Fatal(err)
		}
		if st.Size() > size {
			best, size = f, st.Size()
		}
	}
	return best
}

// procKiB reads a field of /proc/self/status in KiB: VmRSS (resident set)
// or VmHWM (its peak). ONNX Runtime's memory is native, so Go's allocation
// counters do not see it.
func procKiB(b *testing.B, field string) float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err != nil {
				b.Fatal(err)
			}
			return v
		}
	}
	b.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// benchModel builds the benchmark model: the largest fixture with head
// gates (InsertGates) and the cross-entropy loss, then the
// backward nodes for the requested kind ("forward": none, "gates": the
// gates only, "all": gates and every float weight).
func benchModel(b *testing.B, kind string) ([]byte, map[string]*ortrun.Tensor, []string) {
	file := largestFixture(b)
	s := setupFixtureSized(b, file, 1, 0, benchBatch, benchLen)
	g := s.g
	gates := s.gates
	outs := []string{s.loss}
	if kind != "forward" {
		var wrt []*graphedit.Value
		for _, name := range gates {
			wrt = append(wrt, g.Value(name))
		}
		if kind == "all" {
			for _, v := range g.Initializers() {
				if v.ElemType() == int32(onnxpb.TensorProto_FLOAT) && len(v.Shape()) > 0 && !strings.HasPrefix(v.Name(), "gate/") {
					wrt = append(wrt, v)
				}
			}
		}
		grads, err := autodiff.Build(g, g.Value(s.loss), wrt, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, gv := range grads {
			outs = append(outs, gv.Name())
		}
	}
	bs, err := proto.Marshal(g.ModelProto(s.base))
	if err != nil {
		b.Fatal(err)
	}
	for name := range s.feeds {
		if strings.HasPrefix(name, "onnx::") || strings.Contains(name, "weight") || strings.Contains(name, "bias") {
			delete(s.feeds, name) // no sampled weights here (setupFixture sampled none)
		}
	}
	return bs, s.feeds, outs
}

// benchRun times Run on one session. peak-RSS-MiB is the process's peak
// resident set after a warm-up run minus its resident set before the session
// was made: the session's memory when the benchmark runs alone in its
// process (go test -bench '^BenchmarkForward$' and so on); run together,
// later benchmarks inherit the earlier peaks.
func benchRun(b *testing.B, kind string) {
	bs, feeds, outs := benchModel(b, kind)
	debug.FreeOSMemory()
	before := procKiB(b, "VmRSS")
	s, err := ortrun.NewSessionFromBytes(bs, ortrun.Options{IntraOpThreads: 1, InterOpThreads: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Run(feeds, outs); err != nil { // warm-up
		b.Fatal(err)
	}
	peak := (procKiB(b, "VmHWM") - before) / 1024
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Run(feeds, outs); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(peak, "peak-RSS-MiB")
	b.ReportMetric(float64(len(bs))/1024, "model-KiB")
}

// Benchmark batch size and sequence length.
const (
	benchBatch = 8
	benchLen   = 32
)

// BenchmarkForward runs the loss alone on the largest fixture (batch 8,
// length 32), one ONNX Runtime thread.
func BenchmarkForward(b *testing.B) { benchRun(b, "forward") }

// BenchmarkForwardGateBackward adds the gradients of the head gates.
func BenchmarkForwardGateBackward(b *testing.B) { benchRun(b, "gates") }

// BenchmarkForwardFullBackward adds the gradients of every float weight too.
func BenchmarkForwardFullBackward(b *testing.B) { benchRun(b, "all") }
