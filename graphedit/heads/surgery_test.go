package heads_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
	"onnxprune/graphedit/internal/graphtest"
	"onnxprune/onnxio/onnxpb"
	"onnxprune/ortrun"
)

// oracleTol is the surgery oracle's tolerance: pruned and gated models
// compute the same sums in a different order (fewer terms in the output
// projection), so they agree to fp32 rounding of values of order 1.
const oracleTol = 1e-5

// headAxis says which axis of a graph input or output carries which
// block's heads.
type headAxis struct {
	block string
	axis  int
}

// headIO maps the names of graph inputs and outputs that carry heads.
func headIO(blocks []*heads.Block) map[string]headAxis {
	m := map[string]headAxis{}
	for _, b := range blocks {
		for _, hc := range b.HeadConsts {
			if hc.Value == nil {
				continue
			}
			if hc.Value.IsGraphInput() || hc.Value.IsGraphOutput() {
				m[hc.Value.Name()] = headAxis{b.Name(), hc.Axis}
			}
		}
	}
	return m
}

// keepAlong keeps the kept heads of a float tensor along axis (H heads of
// equal size on that axis).
func keepAlong(t *ortrun.Tensor, axis int, keep []bool) *ortrun.Tensor {
	H := int64(len(keep))
	per := t.Shape[axis] / H
	var idx []int64
	for h := int64(0); h < H; h++ {
		if keep[h] {
			for c := int64(0); c < per; c++ {
				idx = append(idx, h*per+c)
			}
		}
	}
	outer, inner := int64(1), int64(1)
	for _, d := range t.Shape[:axis] {
		outer *= d
	}
	for _, d := range t.Shape[axis+1:] {
		inner *= d
	}
	shape := append([]int64{}, t.Shape...)
	shape[axis] = int64(len(idx))
	out := make([]float32, 0, outer*int64(len(idx))*inner)
	n := t.Shape[axis]
	for o := int64(0); o < outer; o++ {
		for _, i := range idx {
			base := (o*n + i) * inner
			out = append(out, t.F32[base:base+inner]...)
		}
	}
	return ortrun.NewF32(shape, out)
}

func maxAbsDiff(a, b *ortrun.Tensor) (float64, error) {
	if fmt.Sprint(a.Shape) != fmt.Sprint(b.Shape) {
		return 0, fmt.Errorf("shapes %v and %v", a.Shape, b.Shape)
	}
	if a.DType() != b.DType() {
		return 0, fmt.Errorf("element types %s and %s", a.DType(), b.DType())
	}
	var m float64
	switch fa, fb := a.Float32s(), b.Float32s(); {
	case fa != nil:
		for i := range fa {
			m = math.Max(m, math.Abs(float64(fa[i])-float64(fb[i])))
		}
	case a.I64 != nil:
		for i := range a.I64 {
			m = math.Max(m, math.Abs(float64(a.I64[i]-b.I64[i])))
		}
	}
	return m, nil
}

// decisions returns the head subsets a fixture is checked with: none
// pruned, all but one head of a block, all heads of one block, all heads
// of every block of one kind, and random subsets.
func decisions(blocks []*heads.Block, rng *rand.Rand) map[string]heads.Decision {
	full := func() heads.Decision {
		d := heads.Decision{}
		for _, b := range blocks {
			keep := make([]bool, b.NumHeads)
			for i := range keep {
				keep[i] = true
			}
			d[b.Name()] = keep
		}
		return d
	}
	out := map[string]heads.Decision{"none": full()}
	b0 := blocks[rng.IntN(len(blocks))]
	keep := make([]bool, b0.NumHeads)
	keep[rng.IntN(b0.NumHeads)] = true
	d := full()
	d[b0.Name()] = keep
	out["all-but-one "+b0.Name()] = d
	b1 := blocks[rng.IntN(len(blocks))]
	d = full()
	d[b1.Name()] = make([]bool, b1.NumHeads)
	out["whole "+b1.Name()] = d
	k := b1.Kind
	d = full()
	for _, b := range blocks {
		if b.Kind == k {
			d[b.Name()] = make([]bool, b.NumHeads)
		}
	}
	out["every "+string(k)] = d
	for r := range 2 {
		d = full()
		for _, b := range blocks {
			for h := range d[b.Name()] {
				d[b.Name()][h] = rng.IntN(2) == 0
			}
		}
		out[fmt.Sprintf("random %d", r)] = d
	}
	return out
}

// weightInitBytes is the size of the float32 and 8-bit integer
// initializers (weights and biases, quantized weights and their zero
// points).
func weightInitBytes(m *onnxpb.ModelProto) int64 {
	var n int64
	for _, t := range m.GetGraph().GetInitializer() {
		size := int64(0)
		switch onnxpb.TensorProto_DataType(t.GetDataType()) {
		case onnxpb.TensorProto_FLOAT:
			size = 4
		case onnxpb.TensorProto_INT8, onnxpb.TensorProto_UINT8:
			size = 1
		}
		c := int64(1)
		for _, d := range t.GetDims() {
			c *= d
		}
		n += size * c
	}
	return n
}

// elemBytes is the size of one element of a weight: 1 for a quantized
// (8-bit) weight, 4 for float32.
func elemBytes(v *graphedit.Value) int64 {
	switch onnxpb.TensorProto_DataType(v.ElemType()) {
	case onnxpb.TensorProto_INT8, onnxpb.TensorProto_UINT8:
		return 1
	}
	return 4
}

// expectedRemoved computes the weight bytes a decision removes from the
// projections FindHeads reported: dh rows or columns per removed head of
// each Q/K/V weight, bias and per-column quantization parameter and of the
// output projection, of the tensor's element size (float32 or 8-bit).
func expectedRemoved(b *heads.Block, keep []bool) int64 {
	gone := int64(0)
	for _, k := range keep {
		if !k {
			gone++
		}
	}
	dh := int64(b.HeadDim)
	var n int64
	other := func(p heads.Projection, headsOnOut bool) int64 {
		d := p.Weight.Shape()
		ax := 0
		if p.Transposed == headsOnOut {
			ax = 0
		} else {
			ax = 1
		}
		return d[ax].Value
	}
	for _, p := range []heads.Projection{b.Q, b.K, b.V} {
		if p.Weight != nil {
			n += gone * dh * other(p, true) * elemBytes(p.Weight)
		}
		if p.Bias != nil {
			n += gone * dh * elemBytes(p.Bias)
		}
		for _, c := range p.PerColumn {
			n += gone * dh * elemBytes(c)
		}
	}
	n += gone * dh * other(b.Out, false) * elemBytes(b.Out.Weight)
	return n
}

// TestSurgeryOracleOnORT checks the surgery oracle on every fixture that
// surgery supports: for several head subsets, the pruned model's outputs
// equal the gated model's fed the same 0/1 gates within oracleTol, at two
// batch sizes and two lengths; heads carried by graph inputs (caches) are
// fed the same data minus the pruned heads, and head-carrying outputs are
// compared on the kept heads. Gated and pruned graphs pass the type check;
// the weight bytes removed equal what the decision implies. Fails when
// ONNX Runtime is missing.
func TestSurgeryOracleOnORT(t *testing.T) {
	const seed = 31
	sizes := [][2]int64{{1, 3}, {2, 6}}
	files, err := graphtest.Fixtures("../../models/fixtures")
	if err != nil {
		t.Fatal(err)
	}
	// Dynamic quantization keeps the oracle exact: a gate at 0 zeroes the
	// head before DynamicQuantizeLinear, whose range always includes 0,
	// so the kept heads get the scale and int8 values they get pruned.
	files = append(files, dynamicInt8Fixtures(t, "../../models/fixtures")...)
	// ORT's graph optimizations are off: they only cost session time here.
	opts := graphtest.ExactOpts
	for _, path := range files {
		name := strings.TrimPrefix(path, "../../models/fixtures/")
		t.Run(name, func(t *testing.T) {
			m, g := graphtest.LoadFixture(t, path)
			blocks, err := heads.FindHeads(g)
			if err != nil {
				t.Fatal(err)
			}
			io := headIO(blocks)
			gg, err := g.Clone()
			if err != nil {
				t.Fatal(err)
			}
			gblocks, err := heads.FindHeads(gg)
			if err != nil {
				t.Fatal(err)
			}
			gates, err := heads.InsertGates(gg, gblocks, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := gg.CheckTypes(); err != nil {
				t.Fatalf("the gated graph: %v", err)
			}
			gated := graphtest.NewSession(t, graphtest.MarshalGraph(t, gg, m), opts)
			origFloat := weightInitBytes(m.Proto)
			rng := rand.New(rand.NewPCG(seed, uint64(len(path))))
			for dname, dec := range decisions(blocks, rng) {
				pg, err := g.Clone()
				if err != nil {
					t.Fatal(err)
				}
				pblocks, err := heads.FindHeads(pg)
				if err != nil {
					t.Fatal(err)
				}
				rep, err := heads.RemoveHeads(pg, pblocks, dec)
				if err != nil {
					t.Fatalf("%s: %v", dname, err)
				}
				if err := pg.CheckTypes(); err != nil {
					t.Fatalf("%s: the pruned graph: %v", dname, err)
				}
				pm := pg.ModelProto(m.Proto)
				var want int64
				for _, b := range blocks {
					want += expectedRemoved(b, dec[b.Name()])
				}
				got := origFloat - weightInitBytes(pm)
				emptied := false
				for _, c := range rep.Blocks {
					emptied = emptied || c.Removed
				}
				// A removed sublayer also drops constants only it used
				// (scales), so the file loses at least the weights.
				if len(rep.Copies) > 0 {
					// Shared weights were copied for their pruned readers:
					// the report gives the net change.
					want = got
				}
				if rep.RemovedBytes != want || got != want && !(emptied && got > want) {
					t.Errorf("%s: removed %d bytes (report %d), want %d", dname, origFloat-weightInitBytes(pm), rep.RemovedBytes, want)
				}
				pb, err := proto.Marshal(pm)
				if err != nil {
					t.Fatal(err)
				}
				pruned, err := ortrun.NewSession(graphtest.WriteModel(t, pb), opts)
				if err != nil {
					t.Fatalf("%s: %v", dname, err)
				}
				for run, sz := range runs(sizes, gated.Inputs()) {
					feeds := graphtest.RandomFeedsFor(g, gated.Inputs(), sz, rng)
					if _, ok := feeds["use_cache_branch"]; ok {
						feeds["use_cache_branch"] = ortrun.NewBool([]int64{1}, []bool{run%2 == 1})
					}
					pfeeds := map[string]*ortrun.Tensor{}
					for k, v := range feeds {
						if ha, ok := io[k]; ok {
							v = keepAlong(v, ha.axis, dec[ha.block])
						}
						pfeeds[k] = v
					}
					for _, gt := range gates {
						vals := make([]float32, gt.Heads)
						for h, k := range dec[gt.Block] {
							if k {
								vals[h] = 1
							}
						}
						feeds[gt.Name] = ortrun.NewF32([]int64{int64(gt.Heads)}, vals)
					}
					var names []string
					for _, o := range pruned.Outputs() {
						names = append(names, o.Name)
					}
					want, err := gated.Run(feeds, names)
					if err != nil {
						t.Fatalf("%s: gated: %v", dname, err)
					}
					got, err := pruned.Run(pfeeds, names)
					if err != nil {
						t.Fatalf("%s: pruned: %v", dname, err)
					}
					for _, o := range names {
						w := want[o]
						if w.Len() == 0 && got[o] != nil && got[o].Len() == 0 {
							// The merged decoder's cache branch returns
							// empty placeholders for the encoder presents.
							continue
						}
						if ha, ok := io[o]; ok {
							w = keepAlong(w, ha.axis, dec[ha.block])
						}
						d, err := maxAbsDiff(got[o], w)
						if err != nil || d > oracleTol {
							t.Errorf("%s: size %v: output %s differs by %g (%v)", dname, sz, o, d, err)
						}
					}
				}
				pruned.Close()
			}
		})
	}
}

// runs lists the sizes to run at; a merged decoder runs each size once per
// branch (use_cache_branch false, then true).
func runs(sizes [][2]int64, inputs []ortrun.ValueInfo) [][2]int64 {
	for _, in := range inputs {
		if in.Name == "use_cache_branch" {
			var out [][2]int64
			for _, s := range sizes {
				out = append(out, s, s)
			}
			return out
		}
	}
	return sizes
}

// TestGatesDefaultIsOriginalOnORT: a gated model run without feeding the
// gates computes what the original computes (within oracleTol).
func TestGatesDefaultIsOriginalOnORT(t *testing.T) {
	files, err := graphtest.Fixtures("../../models/fixtures")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, dynamicInt8Fixtures(t, "../../models/fixtures")...)
	opts := ortrun.Options{IntraOpThreads: 1}
	for _, path := range files {
		t.Run(strings.TrimPrefix(path, "../../models/fixtures/"), func(t *testing.T) {
			m, g := graphtest.LoadFixture(t, path)
			orig, err := m.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			blocks, err := heads.FindHeads(g)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := heads.InsertGates(g, blocks, nil); err != nil {
				t.Fatal(err)
			}
			s1 := graphtest.NewSession(t, orig, opts)
			s2 := graphtest.NewSession(t, graphtest.MarshalGraph(t, g, m), opts)
			rng := rand.New(rand.NewPCG(5, 0))
			names := graphtest.OutputNames(s1)
			in := graphtest.RandomFeedsFor(g, s1.Inputs(), [2]int64{2, 4}, rng)
			o1, err := s1.Run(in, names)
			if err != nil {
				t.Fatal(err)
			}
			o2, err := s2.Run(in, names)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range names {
				if d, err := maxAbsDiff(o1[n], o2[n]); err != nil || d > oracleTol {
					t.Errorf("output %s differs by %g (%v)", n, d, err)
				}
			}
		})
	}
}

// TestSurgeryFusedWholeBlock: a fused attention node cannot run with
// num_heads = 0, so a fused block that loses every head goes with its
// sublayer and its present outputs become empty (0 heads) under their
// names, their length the new tokens' plus a past cache's; the pruned
// model computes what the gated one computes with that block's gates at
// 0. The decision is checked against the block sizes.
func TestSurgeryFusedWholeBlock(t *testing.T) {
	for _, file := range []string{"whisper_decoder_model.onnx", "whisper_decoder_with_past_model.onnx"} {
		t.Run(file, func(t *testing.T) {
			path := "../../models/fixtures/fused/" + file
			m, g := graphtest.LoadFixture(t, path)
			blocks, err := heads.FindHeads(g)
			if err != nil {
				t.Fatal(err)
			}
			io := headIO(blocks)
			gg, err := g.Clone()
			if err != nil {
				t.Fatal(err)
			}
			gblocks, err := heads.FindHeads(gg)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := heads.InsertGates(gg, gblocks, nil); err != nil {
				t.Fatal(err)
			}
			dec := heads.Decision{"decoder:0": make([]bool, 4)}
			if _, err := heads.RemoveHeads(g, blocks, dec); err != nil {
				t.Fatal(err)
			}
			for _, n := range g.Nodes() {
				if n.Name() == "Attention_0" {
					t.Errorf("the fused node of decoder:0 is still there")
				}
			}
			gated := graphtest.NewSession(t, graphtest.MarshalGraph(t, gg, m), graphtest.ExactOpts)
			pruned := graphtest.NewSession(t, graphtest.MarshalGraph(t, g, m), graphtest.ExactOpts)
			feeds := graphtest.RandomFeeds(pruned.Inputs(), [2]int64{2, 3}, rand.New(rand.NewPCG(7, 0)))
			gfeeds := map[string]*ortrun.Tensor{"gate/decoder.0": ortrun.NewF32([]int64{4}, make([]float32, 4))}
			for k, v := range feeds {
				gfeeds[k] = v
				if ha, ok := io[k]; ok && ha.block == "decoder:0" {
					// The gated model reads all four heads' cache (which
					// its zero gates ignore): zeros.
					sh := withHeads(v.Shape, ha.axis, 4)
					n := int64(1)
					for _, d := range sh {
						n *= d
					}
					gfeeds[k] = ortrun.NewF32(sh, make([]float32, n))
				}
			}
			names := graphtest.OutputNames(pruned)
			got, err := pruned.Run(feeds, names)
			if err != nil {
				t.Fatal(err)
			}
			want, err := gated.Run(gfeeds, names)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range names {
				w := want[name]
				if ha, ok := io[name]; ok && ha.block == "decoder:0" {
					w = keepAlong(w, ha.axis, dec["decoder:0"])
				}
				if d, err := maxAbsDiff(got[name], w); err != nil || d > oracleTol {
					t.Errorf("output %s differs from the gated model's by %g (%v)", name, d, err)
				}
			}
			if sh := got["present.0.decoder.key"].Shape; len(sh) != 4 || sh[1] != 0 || sh[3] != 8 {
				t.Errorf("present.0.decoder.key has shape %v, want [B 0 T 8]", sh)
			}
		})
	}
	g := graphtest.LoadGraph(t, "../../models/fixtures/fused/whisper_decoder_model.onnx")
	blocks, _ := heads.FindHeads(g)
	if _, err := heads.RemoveHeads(g, blocks, heads.Decision{"decoder:0": make([]bool, 3)}); err == nil || !strings.Contains(err.Error(), "has 4 heads") {
		t.Errorf("short decision: err = %v", err)
	}
	if _, err := heads.RemoveHeads(g, blocks, heads.Decision{"encoder:0": {true}}); err == nil || !strings.Contains(err.Error(), "no block encoder:0") {
		t.Errorf("unknown block: err = %v", err)
	}
}

// withHeads returns shape with axis set to h.
func withHeads(shape []int64, axis int, h int64) []int64 {
	out := append([]int64{}, shape...)
	out[axis] = h
	return out
}
