// Package structures finds the structures of an encoder–decoder graph
// beyond attention heads — the neurons of each feed-forward (FFN) block and
// the residual sublayers (attention and FFN) — and gates and cuts them out.
// Attention heads themselves are package heads'; this package reads its
// blocks to name attention sublayers and to keep head surgery consistent
// with its own.
//
// # Finding FFN blocks
//
// Discover anchors on each nonlinearity (Relu, Gelu, Erf, Tanh, Sigmoid,
// and ONNX Runtime's Gelu, FastGelu, BiasGelu, QuickGelu). One that reads,
// through elementwise ops, a MatMul or Gemm with a constant weight is an
// FFN candidate: walking forward through elementwise ops it must reach
// exactly one MatMul or Gemm with a constant weight that contracts the last
// axis (the down projection), whose contracted size F is the FFN's width.
// The region between them is then analysed backward from the down
// projection's input, one rule per op (regionRules): every tensor in it
// carries the neuron axis last, with size F. An elementwise op passes the
// axis to the operands that carry it (last dim F); an operand broadcast
// over it (a scalar such as Erf-GELU's √2 and 0.5) is shared and left
// alone. The walk ends at up projections (a MatMul or Gemm whose constant
// weight gives F outputs; two of them for gated FFNs such as T5's
// DenseGatedActDense, act(x·W0) ⊙ (x·W1)), at per-neuron constants (biases,
// the bias input of BiasGelu/FastGelu and of a Gemm), and at a per-neuron
// graph input (a neuron gate). Anything else — a Reshape, a reduction, a
// computed per-neuron operand — is an error naming the node, and the
// candidate is reported in Discovery.NotUnderstood, never dropped. Up
// projections must read one input. A nonlinearity that reads no product
// with a constant weight (Whisper's GELU after its Conv front end) is not
// an FFN.
//
// An FFN's Kind is decoder when its input is computed from a decoder self-
// or cross-attention block (as package heads finds them), encoder
// otherwise; Layer counts FFNs per kind in data-flow order, as heads counts
// attention layers. An FFN is named `ffn:KIND:LAYER`, its neurons
// `ffn:KIND:LAYER:N` with N from 0 in weight order (row N of the down
// projection's input dimension).
//
// # Finding sublayers
//
// A sublayer is a residual branch: the tensor a structure adds to the
// residual stream. From an attention block's output projection, or an
// FFN's down projection, the branch walk follows constant bias Adds,
// Dropout, Identity, Cast, Reshape and Transpose (torch's [T·B, D] Gemm
// and batch-first transposes) to the residual Add, whose other operand
// must be the stream the structure reads (its input, or an ancestor of it
// through the LayerNorm of pre-LN models). ONNX Runtime's fused
// SkipLayerNormalization (LN(input + skip + bias)) is a residual node too:
// the branch is its input and bias, the stream its skip. Sublayers are
// named `sublayer:STACK:LAYER:PART`, STACK encoder or decoder, PART attn
// (self-attention), cross (decoder–encoder attention) or ffn; attention
// layers are package heads' (decoder self-attention `decoder:L` is
// `sublayer:decoder:L:attn`, cross attention `cross:L` is
// `sublayer:decoder:L:cross`).
//
// Structures inside If branches (merged decoders) are found in both
// branches and reported once; gating and surgery edit both.
//
// # Quantized and half-precision projections
//
// A projection (Projection) is a MatMul or Gemm whose weight is an
// initializer read directly, through Identity, Cast (fp16 or bf16
// storage), Transpose, or a DequantizeLinear with constant scale and zero
// point (static QDQ), or a dynamically quantized integer product
// (graphedit.IntegerMatMul: MatMulInteger with its Cast and scaling Mul,
// com.microsoft MatMulIntegerToFloat and DynamicQuantizeMatMul). Its
// Weight is the stored initializer (int8, fp16, bf16, fp32), In the float
// tensor it projects (before a DynamicQuantizeLinear or a
// QuantizeLinear/DequantizeLinear pair), Out its float result. The region
// between the projections passes through QuantizeLinear/DequantizeLinear
// (a per-channel activation scale along the neurons is a per-neuron
// constant), and the FFN's Hidden is the down projection's In: the float
// activation before its quantization, where the neuron gate multiplies.
// Surgery slices a per-channel weight scale or zero point (a vector of a
// DequantizeLinear along its axis, or an integer product's per-column
// ones) when it runs along the weight's neuron axis: the up projections'
// output columns; the down projection's per-column ones stay.
//
// # Gates and surgery
//
// InsertGates adds, per FFN, a float graph input `gate/ffn.KIND.LAYER` of
// shape [F] multiplying the activation entering the down projection (or
// `gate/ffn.KIND.LAYER.gG` of shape [F/G], a gate per group of G neurons,
// expanded by a Reshape, a Mul by ones and a Reshape), and per sublayer a
// graph input `gate/sublayer.STACK.LAYER.PART` of shape [1] multiplying
// the branch before the residual Add (input and bias of a
// SkipLayerNormalization). Their stored defaults are ones, so a run that
// does not feed them computes the original graph. ParseGateName reads
// these names back and UnitName names a gate's units (`ffn:KIND:LAYER:N`,
// `ffn:KIND:LAYER:A-B`, `sublayer:STACK:LAYER:PART`), as gate training
// writes them to gates.json (package gatesfile); GatesDecision makes the
// surgery Decision of its records.
//
// ParseSpec reads a structure spec (FFN neurons, sublayers and heads in
// one comma list) against a Model (the structures of every file of an
// export); RemoveDecision and KeepDecision make a Decision of it.
// FFN.NeuronParams gives the weights one neuron holds.
//
// Remove cuts FFN neurons out of the up projections (and their biases and
// every per-neuron constant of the region) and the down projection's
// rows; an FFN that keeps no neuron computes zeros plus its down bias. A
// tensor other nodes read too (a zero point a merged decoder shares
// between layers, read in both If branches) is copied in the graph that
// holds it for the FFN's readers, and the copy is cut. It
// removes whole sublayers: the residual Add's output is replaced by the
// stream, so the branch and everything only it used goes (a fused
// SkipLayerNormalization becomes a LayerNormalization of the stream). An
// attention sublayer's key and value projections stay where the file
// outputs present keys and values (decoder caches): every graph input and
// output keeps its name, shape and values, and the files of a split export
// stay consistent. Heads are cut afterwards by heads.RemoveHeads, with the
// head decision translated to the blocks left (their layers renumbered as
// package heads does after whole blocks went). For any decision the result
// computes what the gated graph computes with the removed structures'
// gates at 0 and the others at 1, within fp32 tolerance (the surgery
// oracle, tested on ONNX Runtime on every fixture family). Work on a clone:
// on error the graph may be partly edited.
package structures
