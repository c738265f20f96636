package ortrun

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/onnxio/onnxpb"
)

// TestExternalData loads a model whose W lives in a separate file next to it,
// at a nonzero offset.
func TestExternalData(t *testing.T) {
	w, b := affineParams(12)
	const offset = 16 // bytes of padding before W in the data file
	dir := t.TempDir()
	raw := make([]byte, offset+4*len(w))
	for i, v := range w {
		binary.LittleEndian.PutUint32(raw[offset+4*i:], math.Float32bits(v))
	}
	if err := os.WriteFile(filepath.Join(dir, "weights.bin"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	model := &onnxpb.ModelProto{}
	if err := proto.Unmarshal(affineModel(t, w, b), model); err != nil {
		t.Fatal(err)
	}
	for _, init := range model.GetGraph().GetInitializer() {
		if init.GetName() != "W" {
			continue
		}
		init.FloatData = nil
		init.DataLocation = onnxpb.TensorProto_EXTERNAL.Enum()
		entry := func(k, v string) *onnxpb.StringStringEntryProto {
			return &onnxpb.StringStringEntryProto{Key: proto.String(k), Value: proto.String(v)}
		}
		init.ExternalData = []*onnxpb.StringStringEntryProto{
			entry("location", "weights.bin"),
			entry("offset", strconv.Itoa(offset)),
			entry("length", strconv.Itoa(4*len(w))),
		}
	}
	bytes, err := proto.Marshal(model)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "external.onnx")
	if err := os.WriteFile(path, bytes, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	checkAffine(t, s, 3, 50, w, b, nil)
}

// ExampleSession_Run runs Y = X·W + b with a batch of two.
func ExampleSession_Run() {
	w := []float32{1, 0, 0, 1, 1, 1, 0, 2, 0.5, 0, 0, 0} // 4×3
	b := []float32{0.5, -1, 0}
	model, err := proto.Marshal(&onnxpb.ModelProto{
		IrVersion:   proto.Int64(8),
		OpsetImport: []*onnxpb.OperatorSetIdProto{{Version: proto.Int64(17)}},
		Graph: &onnxpb.GraphProto{
			Name: proto.String("affine"),
			Node: []*onnxpb.NodeProto{
				{OpType: proto.String("MatMul"), Input: []string{"X", "W"}, Output: []string{"XW"}},
				{OpType: proto.String("Add"), Input: []string{"XW", "b"}, Output: []string{"Y"}},
			},
			Input:  []*onnxpb.ValueInfoProto{{Name: proto.String("X"), Type: tensorType(onnxpb.TensorProto_FLOAT, false, "batch", 4)}},
			Output: []*onnxpb.ValueInfoProto{{Name: proto.String("Y"), Type: tensorType(onnxpb.TensorProto_FLOAT, false, "batch", 3)}},
			Initializer: []*onnxpb.TensorProto{
				f32Init("W", []int64{4, 3}, w),
				f32Init("b", []int64{3}, b),
			},
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := NewSessionFromBytes(model, Options{Name: "affine", IntraOpThreads: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	x := []float32{1, 2, 3, 4, 0, 0, 0, 1}
	out, err := s.Run(map[string]*Tensor{"X": NewF32([]int64{2, 4}, x)}, []string{"Y"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out["Y"], out["Y"].F32)
	// Output: float32[2 3] [3.5 7 3.5 0.5 -1 0]
}

// Benchmarks of one Run of the affine model, by batch size.
func benchmarkAffine(b *testing.B, batch int) {
	w, bias := affineParams(13)
	s, err := NewSessionFromBytes(affineModel(b, w, bias), Options{IntraOpThreads: 1})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	x := randF32(rand.New(rand.NewPCG(13, 13)), batch*affineIn)
	in := map[string]*Tensor{"X": NewF32([]int64{int64(batch), affineIn}, x)}
	if _, err := s.Run(in, nil); err != nil { // creates the ONNX Runtime session
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Run(in, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRunAffineSmall(b *testing.B) { benchmarkAffine(b, 1) }
func BenchmarkRunAffineMed(b *testing.B)   { benchmarkAffine(b, 64) }
func BenchmarkRunAffineLarge(b *testing.B) { benchmarkAffine(b, 4096) }

// TestCloseDuringRuns closes a session while goroutines run it: each run
// either completes with the right numbers or reports the closed session.
func TestCloseDuringRuns(t *testing.T) {
	w, b := affineParams(14)
	s, err := NewSessionFromBytes(affineModel(t, w, b), Options{IntraOpThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	x := randF32(rand.New(rand.NewPCG(14, 14)), 2*affineIn)
	want, _ := affineRef(x, 2, w, b)
	in := map[string]*Tensor{"X": NewF32([]int64{2, affineIn}, x)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var ok, closed int
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < 200; r++ {
				out, err := s.Run(in, []string{"Y"})
				mu.Lock()
				switch {
				case err == nil:
					ok++
					for i := range want {
						if math.Abs(float64(out["Y"].F32[i])-want[i]) > fp32Tol {
							t.Errorf("Y[%d] = %v, want %v", i, out["Y"].F32[i], want[i])
						}
					}
				case strings.Contains(err.Error(), "closed"):
					closed++
				default:
					t.Errorf("run: %v", err)
				}
				mu.Unlock()
			}
		}()
	}
	for {
		mu.Lock()
		n := ok
		mu.Unlock()
		if n > 0 {
			break
		}
		runtime.Gosched()
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if ok == 0 || ok+closed != 800 {
		t.Fatalf("%d runs succeeded, %d saw the closed session; want some successes and 800 in all", ok, closed)
	}
}
