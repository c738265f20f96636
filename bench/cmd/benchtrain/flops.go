package main

import (
	"fmt"
	"math"
	"time"

	"google.golang.org/protobuf/proto"

	"onnxprune/gatetrain"
	"onnxprune/graphedit"
	"onnxprune/ortrun"
)

// stepFLOPs are the products of a run graph at the batch's shapes: those
// every run computes, and those inside each If node with which a training
// graph skips the backward of clamped gates (gatetrain.SkipGates).
type stepFLOPs struct {
	always int64
	skips  []skipFLOPs
}

// skipFLOPs are the products inside one such If and the gate inputs of
// which any unclamped makes it run.
type skipFLOPs struct {
	flops int64
	gates []int
}

// full is the count when every If runs: the whole gradient graph.
func (s stepFLOPs) full() int64 {
	n := s.always
	for _, k := range s.skips {
		n += k.flops
	}
	return n
}

// run is the count of a step whose unclamped gate inputs are given (nil:
// every If runs).
func (s stepFLOPs) run(unclamped []bool) int64 {
	if unclamped == nil {
		return s.full()
	}
	n := s.always
	for _, k := range s.skips {
		for _, i := range k.gates {
			if i < len(unclamped) && unclamped[i] {
				n += k.flops
				break
			}
		}
	}
	return n
}

// matmulFLOPs counts 2·(output elements)·K over the MatMul and Gemm nodes of
// g, and of the then-branches of its skip Ifs, with the graph inputs named
// in dims set to those sizes (other inputs keep their declared shapes). A
// node whose shapes stay unknown is an error: the count would be short.
func matmulFLOPs(g *graphedit.Graph, dims map[string][]int64) (stepFLOPs, error) {
	c, err := g.Clone()
	if err != nil {
		return stepFLOPs{}, err
	}
	for _, v := range c.Inputs() {
		d, ok := dims[v.Name()]
		if !ok {
			continue
		}
		ds := make([]graphedit.Dim, len(d))
		for i, x := range d {
			ds[i] = graphedit.IntDim(x)
		}
		v.SetType(v.ElemType(), ds)
	}
	var out stepFLOPs
	if out.always, err = products(c); err != nil {
		return stepFLOPs{}, err
	}
	// The Ifs' outputs have no shapes until their then-branches are
	// inferred: go through them in order, each giving its outputs the
	// shapes its branch computes, so that the next branches see them.
	order, err := c.TopoOrder()
	if err != nil {
		return stepFLOPs{}, err
	}
	for _, n := range order {
		gates, ok := gatetrain.SkipGates(n)
		if !ok {
			continue
		}
		sub, err := c.Subgraph(n, "then_branch")
		if err != nil {
			return stepFLOPs{}, err
		}
		f, err := products(sub)
		if err != nil {
			return stepFLOPs{}, fmt.Errorf("%s: %w", n.Name(), err)
		}
		out.skips = append(out.skips, skipFLOPs{flops: f, gates: gates})
		for i, v := range sub.Outputs() {
			if o := n.Output(i); o != nil {
				o.SetType(v.ElemType(), v.Shape())
			}
		}
		if err := c.InferShapes(); err != nil {
			return stepFLOPs{}, fmt.Errorf("shapes: %w", err)
		}
	}
	return out, nil
}

// products counts the MatMul and Gemm FLOPs of one graph (not of its
// subgraphs).
func products(g *graphedit.Graph) (int64, error) {
	if err := g.InferShapes(); err != nil {
		return 0, fmt.Errorf("shapes: %w", err)
	}
	var total int64
	for _, n := range g.Nodes() {
		op := n.OpType()
		if op != "MatMul" && op != "Gemm" {
			continue
		}
		a, okA := graphedit.KnownSizes(n.Input(0).Shape())
		out, okO := graphedit.KnownSizes(n.Output(0).Shape())
		if !okA || !okO || len(a) == 0 {
			return 0, fmt.Errorf("%s %s: shapes unknown", op, n.Name())
		}
		k := a[len(a)-1]
		if op == "Gemm" && n.AttrInt("transA", 0) != 0 {
			k = a[0]
		}
		elems := int64(1)
		for _, d := range out {
			elems *= d
		}
		total += 2 * elems * k
	}
	return total, nil
}

// sgemm times ONNX Runtime's float32 MatMul of two n×n matrices at the
// given threads and returns the best of repeats runs in GFLOPS, by wall time
// and per CPU second (user + system time of the process): the machine's
// ceiling for a training step made mostly of such products. On a shared
// machine the CPU-time figure moves far less with the load.
func sgemm(n, threads, repeats int) (wall, perCPU float64, err error) {
	b := graphedit.NewBuilder(17)
	x := b.Input("A", graphedit.ElemFloat32, n, n)
	y := b.Input("B", graphedit.ElemFloat32, n, n)
	b.Output(b.Op("MatMul", x, y))
	m, err := b.Model()
	if err != nil {
		return 0, 0, err
	}
	data, err := proto.Marshal(m)
	if err != nil {
		return 0, 0, err
	}
	s, err := ortrun.NewSessionFromBytes(data, ortrun.Options{IntraOpThreads: threads, InterOpThreads: 1, Name: "sgemm"})
	if err != nil {
		return 0, 0, err
	}
	defer s.Close()
	a := make([]float32, n*n)
	for i := range a {
		a[i] = float32(i%7) * 0.25
	}
	sh := []int64{int64(n), int64(n)}
	in := map[string]*ortrun.Tensor{"A": ortrun.NewF32(sh, a), "B": ortrun.NewF32(sh, a)}
	out := s.Outputs()[0].Name
	into := map[string]*ortrun.Tensor{out: ortrun.NewF32(sh, make([]float32, n*n))}
	best, bestCPU := time.Duration(1<<62), math.Inf(1)
	for i := 0; i < repeats+1; i++ {
		t, c := time.Now(), cpuSeconds()
		if _, err := s.RunInto(in, []string{out}, into); err != nil {
			return 0, 0, err
		}
		if i == 0 {
			continue // the first run packs and allocates
		}
		best = min(best, time.Since(t))
		bestCPU = min(bestCPU, cpuSeconds()-c)
	}
	fl := 2 * float64(n) * float64(n) * float64(n) / 1e9
	return fl / best.Seconds(), fl / bestCPU, nil
}
