// Package graphedit is the editable graph IR of onnxprune: ONNX graphs as
// values and nodes, safe edits, topological order, shape inference and
// constant folding of shape arithmetic; on top of it, attention-head
// discovery, head gates, head surgery and the joining of split exports.
// Gradient graphs are built by the subpackage autodiff.
//
// # Overview
//
// Load (from an *onnxio.Model), FromModel or FromProto builds a Graph from
// an ONNX GraphProto; ToProto, ModelProto and Store write it back. Opset
// gives the imported version of a domain; Clone makes an independent copy.
// For a graph that was not edited, ToProto is proto.Equal to the original:
// node, initializer, input, output and value_info order, doc strings,
// metadata, unknown fields and orphan value_info entries are all kept. Node attributes are kept as the original
// AttributeProtos, so nothing is lost; subgraph attributes (If/Loop/Scan
// bodies) are carried along untouched. Initializer data stays as the
// original TensorProto (raw bytes or external reference) and is decoded only
// when an analysis asks for it.
//
// # Invariants
//
//   - One producer per value. A Value is produced by exactly one of: a node
//     output, a graph input, an initializer (an initializer that is also a
//     graph input is an overridable default and counts as the input). Value
//     names are unique in the graph.
//   - Uses are tracked. Each value knows its uses (node, input index); a
//     value read by name inside a node's subgraph has a use with input
//     index CapturedInput, so Cleanup and RemoveNodes never drop it. Uses,
//     Nodes, Inputs, Outputs and Initializers return copies: a rewrite can
//     edit the graph while it iterates over them.
//   - Outputs of a node are fixed when it is created (AddNode); inputs can be
//     rewired (SetInput, ReplaceAllUses).
//   - Check, then mutate. Every edit validates everything first; when it
//     returns an error the graph is unchanged. Removing nodes whose outputs
//     are still read, replacing a graph output without the GraphOutputs
//     option, or rewiring into a cycle are errors.
//   - One name authority. FreshName(prefix) returns a name no value or node
//     uses, subgraphs included, and reserves it.
//   - Order. TopoOrder is a stable topological sort (the current order is
//     kept wherever dependencies allow); a cycle is an error naming a node
//     on it. ToProto always writes a topological order.
//
// # Rewrites
//
// A rewrite reads as "disconnect, rewire, clean up": add nodes, move uses
// with ReplaceAllUses, then Cleanup (which never removes a graph output or
// a value read by a subgraph, and returns the graph so calls chain). Larger
// rewrites are Passes, run by RunPasses with optional pre- and post-checks.
// SetInitializer replaces weight data in place (readers keep reading the
// value); ExposeInitializer turns an initializer into an overridable input.
//
// Subgraphs are not edited behind the caller's back. To edit an If branch
// or a Loop body, take its IR with Subgraph (values of the enclosing graph
// appear there as outer values, OuterValue reaches one the body does not
// read yet), edit it like any graph, and write it back with SetSubgraph,
// which checks that everything it reads exists and forms no cycle. The
// subgraph IR shares the model's name authority.
//
// Validate checks the invariants above and reports, by node and value, a
// value read but never defined, a value with two producers, or a cycle.
// FromProto refuses such graphs with the same messages.
//
// # Shapes
//
// InferShapes gives every value it can an element type and a shape whose
// dimensions are known sizes or symbols (Dim). Symbols from the model stay
// as they are (`batch_size`, `sequence_length`); arithmetic on them is a
// canonical polynomial (`batch_size*sequence_length`); an unknown dimension
// gets a fresh `unk_N`. Shape arithmetic (Shape, Gather, Unsqueeze, Concat,
// Slice, Mul/Add/Sub/Div, Range, ConstantOfShape, Cast) is evaluated
// symbolically, so Reshape targets computed from Shape keep their symbols.
// ShapeValue, ConstInts and ConstValue expose the results (ConstValue also
// decodes initializers and Constant nodes, lazily, external data included);
// ShapeSources traces each element of a shape vector back to the constant
// it was copied from, so a rewrite can find every constant encoding a size.
// Shapes are a snapshot: after an edit, call InferShapes again (the
// analysis accessors do so themselves when the graph changed). FoldShapes
// (or FoldShapesPass) replaces fully known shape arithmetic by initializers.
//
// Declared value_info is read, used where inference knows less, and written
// back untouched; WriteValueInfo replaces it with inferred types and
// DropValueInfo removes it, for graphs whose intermediate shapes changed.
//
// Rules cover the ops of Transformer exports: MatMul, Gemm, elementwise and
// broadcasting ops, comparisons, Where, Reshape, Transpose, Softmax,
// LayerNormalization, Gather, Slice, Split, Concat, Unsqueeze, Squeeze,
// Expand, Cast, Shape, Size, Constant, ConstantOfShape, Range, reductions,
// Flatten, Tile, Trilu, Dropout, If (from its branches' declared outputs) and
// com.microsoft Attention, MultiHeadAttention, SkipLayerNormalization,
// EmbedLayerNormalization and the Gelu variants, and the quantization ops of
// ONNX Runtime's quantizer (QuantizeLinear, DequantizeLinear,
// DynamicQuantizeLinear, MatMulInteger, com.microsoft QAttention,
// DynamicQuantizeMatMul, MatMulIntegerToFloat, FusedMatMul). Other ops keep
// their declared types.
//
// CheckTypes (or TypeCheckPass) refuses a graph in which inputs that the
// ONNX schema binds to one type parameter (the operands of Add, Mul, Where,
// Concat, MatMul, ...) have different element types, as ONNX Runtime does
// when it loads the model; the commands run it before writing a model.
//
// # Attention heads
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
//
// # Joining split exports
//
// Join makes one graph of two exported apart (an encoder and a decoder):
// JoinSpec.Connect feeds inputs of the second from values of the first,
// Rename renames inputs of the second that stay inputs, and names the two
// share get Prefix in the second. Both must use the same opset versions;
// neither is changed.
//
// # Building graphs by hand
//
// Builder makes small graphs for tests and examples: inputs with symbolic
// dims, initializers, nodes with fresh output names, outputs.
package graphedit
