package structures

import (
	"fmt"
	"sort"
	"strings"

	"onnxprune/graphedit"
	"onnxprune/graphedit/heads"
)

// Projection is one linear map of an FFN: its constant weight and the
// node applying it, in any precision: a float MatMul or Gemm (its weight
// possibly Cast from fp16 or bf16, or a static-QDQ DequantizeLinear of an
// int8 weight), or a dynamically quantized integer product
// (MatMulInteger with its Cast and scaling Mul, com.microsoft
// MatMulIntegerToFloat or DynamicQuantizeMatMul).
type Projection struct {
	// Weight is the stored weight initializer (an outer value inside an
	// If branch): the int8 one of a quantized projection.
	Weight *graphedit.Value
	// Transposed reports the MatMul layout [in,out]; false is PyTorch's
	// [out,in] (a Gemm with transB=1, or a MatMul of a Transpose of the
	// weight).
	Transposed bool
	// Node is the MatMul, Gemm or integer product.
	Node *graphedit.Node
	// In is the float tensor projected (before a DynamicQuantizeLinear or
	// a QuantizeLinear/DequantizeLinear pair), Out the float result
	// (MatMulInteger's scaled one).
	In, Out *graphedit.Value

	bias   *graphedit.Value // a bias the node adds itself (Gemm's C, the com.microsoft ops' bias), or nil
	params []neuronConst    // per-channel scales and zero points, with the weight axis they run along
	chain  []*graphedit.Node
}

// projectionOf reads n as a projection by a constant weight, ok false
// when it is not one.
func projectionOf(n *graphedit.Node) (p Projection, ok bool) {
	p = Projection{Node: n, Transposed: true, Out: n.Output(0)}
	var w *graphedit.Value
	var perColumn []*graphedit.Value
	switch {
	case n.Domain() == "" && n.OpType() == "Gemm":
		if n.AttrInt("transA", 0) != 0 || n.NumInputs() < 2 {
			return p, false
		}
		p.Transposed = n.AttrInt("transB", 0) == 0
		w, p.bias = n.Input(1), graphedit.OptionalInput(n, 2)
		p.In = unquantized(n.Input(0))
	case n.Domain() == "" && n.OpType() == "MatMul":
		if n.NumInputs() < 2 {
			return p, false
		}
		w, p.In = n.Input(1), unquantized(n.Input(0))
	default:
		op, isInt := graphedit.IntegerMatMul(n)
		if !isInt {
			return p, false
		}
		out, scales, err := graphedit.IntegerResult(n)
		if err != nil {
			return p, false
		}
		if scales != nil { // MatMulInteger: its Cast, its Mul and the Mul of the scales
			m, _ := out.Producer()
			p.chain = append(p.chain, graphedit.SoleUse(n.Output(0)), m)
			if sm, _ := scales.Producer(); sm != nil {
				p.chain = append(p.chain, sm)
			}
		}
		w, p.Out, p.bias = n.Input(op.B), out, graphedit.OptionalInput(n, op.Bias)
		p.In = graphedit.DequantizedSource(n.Input(op.A))
		if d := n.Input(op.B).Shape(); len(d) == 2 && d[1].Known() {
			perColumn = graphedit.PerColumnParams(n, op, d[1].Value)
		}
	}
	if w == nil || p.In == nil {
		return p, false
	}
	// Walk from the operand to the stored weight: Transposes flip the
	// layout; a DequantizeLinear's per-axis parameters run along its
	// input's axis, which further Transposes towards the weight flip.
	type pending struct {
		v    *graphedit.Value
		axis int
		at   int // Transposes passed before it
	}
	var deq []pending
	flips := 0
	for range 6 {
		if c, chain := constSource(w); c != nil {
			p.chain = append(p.chain, chain...)
			w = c
			break
		}
		m, _ := w.Producer()
		if m == nil || m.Domain() != "" {
			return p, false
		}
		switch {
		case m.OpType() == "Transpose":
			if perm, has := m.AttrInts("perm"); has && (len(perm) != 2 || perm[0] != 1 || perm[1] != 0) {
				return p, false
			}
			flips++
			p.Transposed = !p.Transposed
		case m.OpType() == "DequantizeLinear" && graphedit.ConstQDQ(m):
			axis := int(m.AttrInt("axis", 1))
			if axis < 0 {
				axis += 2
			}
			for j := 1; j < m.NumInputs(); j++ {
				if perAxis(m.Input(j)) {
					deq = append(deq, pending{graphedit.ConstRoot(m.Input(j)), axis, flips})
				}
			}
		default:
			return p, false
		}
		p.chain = append(p.chain, m)
		w = m.Input(0)
	}
	if c, _ := constSource(w); c != w || len(w.Shape()) != 2 {
		return p, false
	}
	p.Weight = w
	for _, d := range deq {
		if (flips-d.at)%2 == 1 {
			d.axis = 1 - d.axis
		}
		p.params = append(p.params, neuronConst{d.v, d.axis})
	}
	for _, v := range perColumn { // integer products read B as [in,out]
		p.params = append(p.params, neuronConst{v, 1})
	}
	return p, true
}

// perAxis reports whether a quantization parameter is a vector of more
// than one value (per channel).
func perAxis(v *graphedit.Value) bool {
	if v == nil || v.Rank() != 1 {
		return false
	}
	d := v.Shape()
	return !(d[0].Known() && d[0].Value == 1)
}

// unquantized returns the float tensor behind v when v is the
// DequantizeLinear of a QuantizeLinear with constant parameters (the
// static-QDQ pair on an activation), v otherwise.
func unquantized(v *graphedit.Value) *graphedit.Value {
	if v == nil {
		return nil
	}
	dq, _ := v.Producer()
	if dq == nil || dq.OpType() != "DequantizeLinear" || !graphedit.ConstQDQ(dq) {
		return v
	}
	q, _ := dq.Input(0).Producer()
	if q == nil || q.OpType() != "QuantizeLinear" || !graphedit.ConstQDQ(q) {
		return v
	}
	return q.Input(0)
}

// neuronAxis is the weight axis indexing the neurons: the output axis of
// an up projection, the input axis of the down projection.
func (p Projection) neuronAxis(up bool) int {
	if p.Transposed == up {
		return 1
	}
	return 0
}

// FFN is one feed-forward block: up projection(s), an elementwise region
// with a nonlinearity, and the down projection.
type FFN struct {
	// Kind is heads.KindEncoder or heads.KindDecoder; Layer counts the
	// FFNs of the kind in data-flow order from 0.
	Kind  heads.Kind
	Layer int
	// Width is the number of neurons F.
	Width int64
	// Activation names the nonlinearity ("Relu", "Erf", "BiasGelu", ...),
	// prefixed "gated " for gated FFNs.
	Activation string
	// Up are the up projections (two for gated FFNs), Down the down
	// projection.
	Up   []Projection
	Down Projection
	// Input is what the up projections read; Hidden the activation
	// entering the down projection (where a neuron gate multiplies).
	Input, Hidden *graphedit.Value
	// Biases are the per-neuron constants of the region (up biases).
	Biases []*graphedit.Value
	// Gate is the per-neuron graph input the region multiplies by (a
	// gated model), nil otherwise.
	Gate *graphedit.Value
	// Graph is "main" or the path of the If branch it lives in.
	Graph string

	regions []*ffnRegion // one per graph the FFN occurs in (If branches)
}

// Name returns `ffn:KIND:LAYER`.
func (f *FFN) Name() string { return "ffn:" + f.Key() }

// Key returns `KIND:LAYER`, the FFN's name without the prefix.
func (f *FFN) Key() string { return heads.BlockName(f.Kind, f.Layer) }

// neuronConst is a constant with the neuron axis on Axis.
type neuronConst struct {
	v    *graphedit.Value
	axis int
}

// ffnRegion is the analysis of one FFN in one graph.
type ffnRegion struct {
	g      *graphedit.Graph
	width  int64
	down   Projection
	ups    []Projection
	input  *graphedit.Value
	hidden *graphedit.Value
	// hiddenUse is where hidden is read on its way to the down projection:
	// by the projection, or by the node quantizing its input.
	hiddenUse graphedit.Use
	consts    []neuronConst // biases and other per-neuron constants
	gate      *graphedit.Value
	nodes     map[*graphedit.Node]bool
	acts      []*graphedit.Node
}

// nonlinear lists the activation ops an FFN is anchored on.
var nonlinear = map[string]bool{
	"Relu": true, "Gelu": true, "Erf": true, "Tanh": true, "Sigmoid": true,
	"Softplus": true, "Elu": true, "Selu": true, "LeakyRelu": true,
	"HardSigmoid": true, "HardSwish": true, "Mish": true,
	"com.microsoft:Gelu": true, "com.microsoft:FastGelu": true,
	"com.microsoft:BiasGelu": true, "com.microsoft:QuickGelu": true,
}

// regionRule says which inputs of an elementwise op may carry the neuron
// axis; the others must be broadcast over it.
type regionRule struct {
	// carriers lists the input slots that may carry the axis; nil means
	// every input.
	carriers []int
}

// regionRules is the one rule per op of the FFN region analysis. Every op
// here maps each neuron to itself: its output's last axis is its carrying
// inputs' last axis.
var regionRules = map[string]regionRule{
	"Add": {}, "Sub": {}, "Mul": {}, "Div": {}, "Pow": {}, "Max": {}, "Min": {},
	"Where": {}, "Sum": {},
	"Relu": {}, "Gelu": {}, "Erf": {}, "Tanh": {}, "Sigmoid": {}, "Softplus": {},
	"Elu": {}, "Selu": {}, "LeakyRelu": {}, "HardSigmoid": {}, "HardSwish": {},
	"Mish": {}, "Neg": {}, "Abs": {}, "Exp": {}, "Sqrt": {}, "Reciprocal": {},
	"Identity": {carriers: []int{0}}, "Cast": {carriers: []int{0}},
	"QuantizeLinear": {carriers: []int{0}}, "DequantizeLinear": {carriers: []int{0}},
	"Dropout": {carriers: []int{0}}, "Clip": {carriers: []int{0}},
	"com.microsoft:Gelu":      {carriers: []int{0}},
	"com.microsoft:QuickGelu": {carriers: []int{0}},
	"com.microsoft:FastGelu":  {carriers: []int{0, 1}},
	"com.microsoft:BiasGelu":  {carriers: []int{0, 1}},
}

// opKey is the op type, prefixed with its domain outside ONNX's.
func opKey(n *graphedit.Node) string {
	if d := n.Domain(); d != "" && d != "ai.onnx" {
		return d + ":" + n.OpType()
	}
	return n.OpType()
}

// constSource returns the initializer behind v, through Identity and
// Cast (a weight or bias stored in fp16 or bf16 and read as float), and
// the nodes passed; nil when there is none. An initializer that is also a
// graph input (a gate) is not constant.
func constSource(v *graphedit.Value) (*graphedit.Value, []*graphedit.Node) {
	var chain []*graphedit.Node
	for v != nil {
		if v.IsOuter() {
			d := v.OuterDefinition()
			if d == nil || !d.IsInitializer() || d.IsGraphInput() {
				return nil, nil
			}
			return v, chain
		}
		if v.IsInitializer() && !v.IsGraphInput() {
			return v, chain
		}
		n, _ := v.Producer()
		if n == nil || n.Domain() != "" || (n.OpType() != "Identity" && n.OpType() != "Cast") {
			return nil, nil
		}
		chain = append(chain, n)
		v = n.Input(0)
	}
	return nil, nil
}

// isConstant reports whether v is an initializer (read through Identity,
// Cast or a DequantizeLinear with constant parameters) or a Constant
// node's output.
func isConstant(v *graphedit.Value) bool {
	if c, _ := constSource(v); c != nil {
		return true
	}
	n, _ := v.Producer()
	if n == nil {
		return false
	}
	return n.OpType() == "Constant" || n.OpType() == "DequantizeLinear" && graphedit.ConstQDQ(n) && isConstant(n.Input(0))
}

// size returns the weight's size along axis, or -1.
func (p Projection) size(axis int) int64 {
	d := p.Weight.Shape()
	if axis >= len(d) || !d[axis].Known() {
		return -1
	}
	return d[axis].Value
}

// carries reports whether v has the neuron axis last: rank ≥ 1 and a last
// dim of f.
func carries(v *graphedit.Value, f int64) bool {
	s := v.Shape()
	if len(s) == 0 {
		return false
	}
	d := s[len(s)-1]
	return d.Known() && d.Value == f && f != 1
}

// findDown walks forward from an activation through the region ops (and
// the quantization of the down projection's input) to the down
// projections it reaches.
func findDown(act *graphedit.Node) []Projection {
	var downs []Projection
	seenNode := map[*graphedit.Node]bool{}
	frontier := []*graphedit.Value{act.Output(0)}
	for depth := 0; depth < 12 && len(frontier) > 0; depth++ {
		var next []*graphedit.Value
		for _, v := range frontier {
			for _, u := range v.Uses() {
				n := u.Node
				if u.Captured() || seenNode[n] {
					continue
				}
				if p, ok := projectionOf(n); ok && u.Input == 0 {
					seenNode[n] = true
					downs = append(downs, p)
					continue
				}
				if isProduct(n) {
					continue
				}
				if n.OpType() == "DynamicQuantizeLinear" && n.Domain() == "" {
					next = append(next, n.Output(0)) // read by an integer product
					continue
				}
				if _, ok := regionRules[opKey(n)]; ok {
					seenNode[n] = true
					next = append(next, n.Output(0))
				}
			}
		}
		frontier = next
	}
	return downs
}

// products are the ops that multiply by a weight: a nonlinearity reading
// one (through elementwise ops) is an FFN candidate, analysed or reported.
var products = map[string]bool{
	"MatMul": true, "Gemm": true, "MatMulInteger": true, "QLinearMatMul": true,
	"com.microsoft:MatMulIntegerToFloat": true, "com.microsoft:DynamicQuantizeMatMul": true,
	"com.microsoft:FusedMatMul": true, "com.microsoft:MatMulNBits": true,
}

// quantOps are stepped over when looking for a product: quantized
// exports put them between the projections and the activation.
var quantOps = map[string]bool{"QuantizeLinear": true, "DequantizeLinear": true, "DynamicQuantizeLinear": true}

// readsProduct reports whether v is computed, through region ops (and
// quantization ops), from a product whose second operand is computed from
// constants only: a weight, stored in any precision.
func readsProduct(v *graphedit.Value, depth int) bool {
	if v == nil || depth == 0 {
		return false
	}
	n, _ := v.Producer()
	if n == nil {
		return false
	}
	if products[opKey(n)] {
		return n.NumInputs() > 1 && fromConstants(n.Input(1), 4)
	}
	if _, ok := regionRules[opKey(n)]; !ok && !quantOps[n.OpType()] {
		return false
	}
	for _, in := range n.Inputs() {
		if in != nil && !isConstant(in) && readsProduct(in, depth-1) {
			return true
		}
	}
	return false
}

// fromConstants reports whether v is a constant or computed from
// constants only within depth ops (a dequantized or cast weight).
func fromConstants(v *graphedit.Value, depth int) bool {
	if v == nil {
		return true
	}
	if isConstant(v) {
		return true
	}
	n, _ := v.Producer()
	if n == nil || depth == 0 {
		return false
	}
	for _, in := range n.Inputs() {
		if !fromConstants(in, depth-1) {
			return false
		}
	}
	return true
}

// analyzeFFN analyses the region of the FFN whose down projection is down.
func analyzeFFN(g *graphedit.Graph, down Projection) (*ffnRegion, error) {
	r := &ffnRegion{g: g, down: down, nodes: map[*graphedit.Node]bool{}}
	r.width = down.size(down.neuronAxis(false))
	if r.width <= 0 {
		return nil, fmt.Errorf("down projection %s: weight %q has no known input size", down.Node, down.Weight.Name())
	}
	var ok bool
	r.hidden = down.In
	if r.hiddenUse, ok = hiddenUse(down); !ok {
		return nil, fmt.Errorf("down projection %s: no node reads its input %q", down.Node, down.In.Name())
	}
	if !carries(r.hidden, r.width) {
		return nil, fmt.Errorf("down projection %s reads %q of shape %s, want the last axis %d", down.Node, r.hidden.Name(), graphedit.ShapeString(r.hidden.Shape()), r.width)
	}
	seen := map[*graphedit.Value]bool{}
	if err := r.back(r.hidden, seen); err != nil {
		return nil, err
	}
	if len(r.ups) == 0 {
		return nil, fmt.Errorf("no up projection before %s", down.Node)
	}
	if len(r.acts) == 0 {
		return nil, fmt.Errorf("no nonlinearity between the projections of %s", down.Node)
	}
	if len(r.ups) > 2 {
		return nil, fmt.Errorf("%d up projections before %s (at most 2: gated FFN)", len(r.ups), down.Node)
	}
	r.input = r.ups[0].In
	for _, u := range r.ups[1:] {
		if u.In != r.input {
			return nil, fmt.Errorf("up projections %s and %s read different inputs", r.ups[0].Node, u.Node)
		}
	}
	sort.SliceStable(r.ups, func(i, j int) bool { return r.ups[i].Node.Name() < r.ups[j].Node.Name() })
	return r, nil
}

// back explains a value of the region that carries the neuron axis.
func (r *ffnRegion) back(v *graphedit.Value, seen map[*graphedit.Value]bool) error {
	if seen[v] {
		return nil
	}
	seen[v] = true
	if c, chain := constSource(v); c != nil {
		r.consts = append(r.consts, neuronConst{c, len(c.Shape()) - 1})
		for _, n := range chain {
			r.nodes[n] = true
		}
		return nil
	}
	if p, ok := producingProjection(v); ok {
		return r.up(p, seen)
	}
	n, _ := v.Producer()
	if n == nil {
		return fmt.Errorf("graph input %q carries the FFN's neurons", v.Name())
	}
	if n.OpType() == "Constant" {
		return fmt.Errorf("per-neuron Constant node %s (not an initializer)", n)
	}
	if isProduct(n) {
		return fmt.Errorf("%s between the projections has no constant weight", n)
	}
	rule, ok := regionRules[opKey(n)]
	if !ok {
		return fmt.Errorf("%s between the projections is not elementwise", n)
	}
	r.nodes[n] = true
	if nonlinear[opKey(n)] {
		r.acts = append(r.acts, n)
	}
	for i, in := range n.Inputs() {
		if in == nil || in.Name() == "" {
			continue
		}
		carrier := rule.carriers == nil
		for _, c := range rule.carriers {
			carrier = carrier || c == i
		}
		if carries(in, r.width) {
			if !carrier && graphedit.IsQDQ(n) && isConstant(in) && n.AttrInt("axis", 1) == int64(n.Input(0).Rank()-1) {
				// A per-channel scale or zero point along the neurons.
				c, chain := constSource(in)
				if c == nil {
					return fmt.Errorf("%s: input %d %q is not an initializer", n, i, in.Name())
				}
				r.consts = append(r.consts, neuronConst{c, 0})
				for _, cn := range chain {
					r.nodes[cn] = true
				}
				continue
			}
			if !carrier {
				return fmt.Errorf("%s: input %d %q carries the neurons", n, i, in.Name())
			}
			if gv := gateBehind(in); gv != nil && opKey(n) == "Mul" {
				r.gate = gv
				continue
			}
			if err := r.back(in, seen); err != nil {
				return err
			}
			continue
		}
		// Not carrying: it must be broadcast over the neurons.
		if s := in.Shape(); in.Rank() < 0 || len(s) > 0 && !(s[len(s)-1].Known() && s[len(s)-1].Value == 1) {
			return fmt.Errorf("%s: input %d %q has shape %s: neither carries the %d neurons nor is broadcast over them", n, i, in.Name(), graphedit.ShapeString(s), r.width)
		}
	}
	return nil
}

// up records up projection p, which computes a value of the region.
func (r *ffnRegion) up(p Projection, seen map[*graphedit.Value]bool) error {
	n := p.Node
	if p.size(p.neuronAxis(true)) != r.width {
		return fmt.Errorf("up projection %s: weight %q does not give %d outputs", n, p.Weight.Name(), r.width)
	}
	r.nodes[n] = true
	for _, c := range p.chain {
		r.nodes[c] = true
	}
	r.ups = append(r.ups, p)
	if c := p.bias; c != nil {
		if carries(c, r.width) {
			return r.back(c, seen)
		}
		if !isConstant(c) {
			return fmt.Errorf("up projection %s: bias %q is computed", n, c.Name())
		}
	}
	return nil
}

// producingProjection returns the projection whose float result is v.
func producingProjection(v *graphedit.Value) (Projection, bool) {
	n, _ := v.Producer()
	if n == nil {
		return Projection{}, false
	}
	if n.OpType() == "Mul" && n.Domain() == "" { // MatMulInteger's scaling
		for _, in := range n.Inputs() {
			c, _ := in.Producer()
			if c == nil || c.OpType() != "Cast" {
				continue
			}
			if m, _ := c.Input(0).Producer(); m != nil {
				if p, ok := projectionOf(m); ok && p.Out == v {
					return p, true
				}
			}
		}
	}
	if p, ok := projectionOf(n); ok && p.Out == v {
		return p, true
	}
	return Projection{}, false
}

// isProduct reports whether n multiplies two tensors (a MatMul, Gemm or
// integer product, whatever its operands).
func isProduct(n *graphedit.Node) bool {
	_, integer := graphedit.IntegerMatMul(n)
	return integer || n.Domain() == "" && (n.OpType() == "MatMul" || n.OpType() == "Gemm")
}

// hiddenUse returns where the down projection's float input is read on
// its way to the product: by the projection itself, or by the
// QuantizeLinear or DynamicQuantizeLinear that quantizes it.
func hiddenUse(down Projection) (graphedit.Use, bool) {
	n := down.Node
	for range 3 {
		for i, in := range n.Inputs() {
			if in == down.In {
				return graphedit.Use{Node: n, Input: i}, true
			}
		}
		if n = producerOf(n.Input(0)); n == nil {
			break
		}
	}
	return graphedit.Use{}, false
}

// producerOf returns the node computing v, nil for an input, an
// initializer or a missing value.
func producerOf(v *graphedit.Value) *graphedit.Node {
	if v == nil {
		return nil
	}
	n, _ := v.Producer()
	return n
}

// gateBehind returns the gate input v is, or is expanded from (a gate per
// group of neurons: Reshape, Mul by ones, Reshape; a Cast for fp16), nil
// otherwise.
func gateBehind(v *graphedit.Value) *graphedit.Value {
	for range 5 {
		if isGateInput(v) {
			return v
		}
		n, _ := v.Producer()
		if n == nil {
			return nil
		}
		switch {
		case n.OpType() == "Reshape" && isConstant(n.Input(1)):
			v = n.Input(0)
		case n.OpType() == "Mul" && isConstant(n.Input(1)):
			v = n.Input(0)
		case n.OpType() == "Cast":
			v = n.Input(0) // an fp16 model's gate
		default:
			return nil
		}
	}
	return nil
}

// gateSource returns the gate input v is, directly or cast (an fp16
// model's gate), nil otherwise.
func gateSource(v *graphedit.Value) *graphedit.Value {
	if isGateInput(v) {
		return v
	}
	if n, _ := v.Producer(); n != nil && n.OpType() == "Cast" && isGateInput(n.Input(0)) {
		return n.Input(0)
	}
	return nil
}

// isGateInput reports whether v is a graph input (an outer one in an If
// branch), the way gates enter a graph.
func isGateInput(v *graphedit.Value) bool {
	if v.IsOuter() {
		d := v.OuterDefinition()
		return d != nil && d.IsGraphInput()
	}
	return v.IsGraphInput()
}

// activation names the region's nonlinearity.
func (r *ffnRegion) activation() string {
	var names []string
	seen := map[string]bool{}
	for _, n := range r.acts {
		k := strings.TrimPrefix(opKey(n), "com.microsoft:")
		if !seen[k] {
			seen[k] = true
			names = append(names, k)
		}
	}
	sort.Strings(names)
	s := strings.Join(names, "+")
	if len(r.ups) == 2 {
		s = "gated " + s
	}
	return s
}

// Graphs returns how many graphs the FFN occurs in: 2 for both branches
// of a merged decoder's If, else 1.
func (f *FFN) Graphs() int { return len(f.regions) }

// NeuronParams returns the weights one neuron holds: its column of each
// up projection, its entry of each per-neuron constant (biases) and its
// row of the down projection. Cutting k neurons removes k times this many
// elements; a token costs 2·(NeuronParams − len(Biases)) FLOPs per
// neuron in the two projections (one multiply-add per weight).
func (f *FFN) NeuronParams() int64 {
	var n int64
	for _, u := range f.Up {
		n += u.size(1 - u.neuronAxis(true))
	}
	n += int64(len(f.Biases))
	return n + f.Down.size(1-f.Down.neuronAxis(false))
}
