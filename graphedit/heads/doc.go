// Package heads finds the multi-head attention blocks of a graphedit
// graph, names their heads, gates them and cuts them out.
//
// # Finding heads
//
// FindHeads anchors on each Softmax over attention scores (a Softmax on the
// last axis of a MatMul of two computed tensors), or on a fused
// com.microsoft Attention/MultiHeadAttention node. From there it walks
// forward to the MatMul with V, the merge of the heads and the output
// projection, and back to the Q and K projections; H and dh come from the
// tensors' shapes and the projection sizes. A Softmax elsewhere (an output
// layer) is not attention and is skipped; an attention Softmax whose
// pattern does not match is a *MatchError naming it. Blocks inside If
// branches (merged decoders) are found once for both branches.
//
// A Block holds Kind (encoder, decoder self-attention, or cross) and Layer
// (counted per kind in data-flow order), NumHeads and HeadDim, the
// Projections Q, K, V and Out (weight, layout, the head-carrying range of a
// packed weight, bias), the per-head tensor PerHead with its HeadsAxis (or
// BatchHeads for [B*H,T,dh]), the graph inputs it reads keys and values
// from (KVInputs), and HeadConsts: every Reshape target, Slice or Split
// bound, num_heads attribute or declared input/output shape that encodes H
// or H*dh.
//
// A head is named `KIND:LAYER:HEAD` (HeadName, HeadID), a block
// `KIND:LAYER` (Block.Name). ParseSpec reads a comma list of head names
// (HEAD may be `*`) against a model's blocks; RemoveDecision and
// KeepDecision turn it into a Decision (per block, a keep flag per head);
// GatesFile is gates.json, as gate training writes it, and
// GatesFile.Decision checks it against the blocks.
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
// HeadConst, re-declares cached key/value inputs and outputs, and replaces a
// block that keeps no head by its output bias. It keeps the surgery oracle
// of the design: for any 0/1 decision the pruned graph computes what the
// gated graph computes with those gates, within fp32 tolerance, for any
// batch size and length (tested on ONNX Runtime). Work on a Clone: on
// error the graph may be partly edited.
package heads
