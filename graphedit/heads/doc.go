// Package heads finds the multi-head attention blocks of a graphedit
// graph, names their heads, gates them and cuts them out.
//
// # Finding heads
//
// Discover anchors on each Softmax over attention scores (a Softmax whose
// input comes, through up to twelve masking, scaling and reshaping ops, from
// a MatMul, or com.microsoft FusedMatMul, of two computed tensors), on each
// fused com.microsoft Attention/QAttention/MultiHeadAttention node and on
// each ONNX Attention node (opset 23: 4-D or 3-D Q/K/V, heads from
// q_num_heads/kv_num_heads); any other com.microsoft attention op is
// reported as not understood. From there it
// finds the MatMul with V, the output projection (which gives H from dh)
// and the Q, K and V projections. A Softmax that reads no such product (an
// output layer) is not attention; one that does but cannot be analysed is
// reported in Discovery.NotUnderstood with the reason, never skipped.
// Static QDQ files (ONNX Runtime's quantize_static) are read through their
// QuantizeLinear/DequantizeLinear pairs on activations; a weight is the
// int8 initializer a DequantizeLinear reads (or the float one the
// quantizer quantizes at run time), and a per-channel scale and zero point
// along the head axis are sliced with it. A float16 file's past keys and
// values read through a Cast are caches as in float32.
// FindHeads is Discover for callers that need every block: it fails on the
// first node not understood. Blocks inside If branches (merged decoders)
// are found once for both branches.
//
// The head analysis then labels every tensor between the projections and
// the output projection with the axis that indexes heads, or the factor of
// a merged axis (B·H, H·dh), as (axis, outer, inner) with size
// outer·H·inner, over symbolic shapes. It runs forward from the Q/K/V
// weights and biases through one rule per op (forwardRules: Reshape with
// constant, -1 or Shape-derived targets, Transpose, Expand, Where and the
// broadcasting ops, Concat, Split, Slice, Gather, MatMul, Gemm, Softmax,
// Attention, ...). An operand that must carry the heads but is not computed
// from the projections is explained backward, again one rule per op
// (backwardRules): shared by the heads (broadcast over them, as masks
// expanded over the heads are), per head (a constant or input with a head
// axis, as T5's relative position bias [buckets, H] looked up in layer 0 and
// read by every layer), or a cache (past keys and values read from graph
// inputs); anything else is an error naming the node. A weight or bias that
// other blocks read too (deduplicated biases) is followed only along this
// block's uses.
//
// Dynamically quantized projections (heads_quant_dynamic.go) are read
// through DynamicQuantizeLinear, MatMulInteger and the Cast and Mul that
// scale its int32 result, and through the com.microsoft ops an ONNX Runtime
// session fuses them into (MatMulIntegerToFloat, DynamicQuantizeMatMul):
// the int8 weight is the projection's weight, per-column scales and zero
// points (Projection.PerColumn) go with a Q/K/V weight's columns.
//
// A Block holds Kind (encoder, decoder self-attention, or cross) and Layer
// (counted per kind in data-flow order), NumHeads and HeadDim, the
// Projections Q, K, V and Out (weight, layout, the head-carrying range of a
// packed weight, bias), the per-head tensor PerHead with its HeadsAxis (or
// BatchHeads for [B*H,T,dh]), the graph inputs it reads keys and values
// from (KVInputs), HeadConsts: every Reshape target, Slice or Split
// bound, num_heads attribute or declared input/output shape that encodes H
// or H*dh, and HeadOperands: the explained operands from elsewhere.
//
// A head is named `KIND:LAYER:HEAD` (HeadName, HeadID), a block
// `KIND:LAYER` (BlockName, Block.Name). ParseSpec reads a comma list of
// head names (HEAD may be `*`) against a model's blocks; RemoveDecision and
// KeepDecision turn it into a Decision (per block, a keep flag per head);
// GatesDecision checks the head records of a gates file (package
// gatesfile) against the blocks and makes their Decision.
//
// # Gates and surgery
//
// InsertGates gives each chosen block one float graph input
// `gate/<kind>.<layer>` (GateName) of shape [H], an initializer of ones that
// is also an input: a run that does not feed it computes the original
// graph. The gate multiplies each head's output before the output
// projection (the per-head tensor, or the merged [..., H*dh] with each gate
// repeated dh times where heads are folded into the batch or fused).
//
// RemoveHeads cuts the heads a Decision does not keep: it slices Q/K/V
// columns and biases and the output projection's rows, rewrites every
// HeadConst (the target of an Expand that broadcasts a mask over one
// block's heads among them), re-declares cached key/value inputs and
// outputs, makes each block read the kept heads of its other shared and
// per-head operands (a Gather where it reads them, so other readers keep
// theirs), and replaces a block
// that keeps no head by its output bias (a fused node goes with it, its
// present outputs replaced by empty tensors with 0 heads). An initializer other blocks read
// too is never cut in place: the block gets a sliced copy
// (SurgeryReport.Copies); one of the graph around an If (a merged decoder's
// weights, the quantizer's one zero point for every weight) is copied
// there once for the block's readers in both branches. Inserted constants
// take the element type of the tensor they join (float16 zeros in a
// float16 model). It keeps the surgery oracle
// of the design: for any 0/1 decision the pruned graph computes what the
// gated graph computes with those gates, within fp32 tolerance, for any
// batch size and length (tested on ONNX Runtime). Work on a Clone: on
// error the graph may be partly edited.
package heads
