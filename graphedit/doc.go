// Package graphedit is the editable graph IR of onnxprune: ONNX graphs as
// values and nodes, safe edits, topological order, shape inference and
// constant folding of shape arithmetic, and the joining of split exports.
// Attention-head discovery, head gates and head surgery live in the
// subpackage heads; gradient graphs are built by the subpackage autodiff.
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
// Rules cover the ops of Transformer exports: MatMul, Gemm, Conv, elementwise and
// broadcasting ops, comparisons, Where, Reshape, Transpose, Softmax,
// LayerNormalization, Gather, Slice, Split, Concat, Unsqueeze, Squeeze,
// Expand, Cast, Shape, Size, Constant, ConstantOfShape, Range, reductions,
// Flatten, Tile, Trilu, Dropout, QuantizeLinear, DequantizeLinear, ONNX's
// Attention, If (from its branches' declared outputs) and
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
// # Joining split exports
//
// Join makes one graph of two exported apart (an encoder and a decoder):
// JoinSpec.Connect feeds inputs of the second from values of the first,
// Rename renames inputs of the second that stay inputs, and names the two
// share get Prefix in the second. Both must use the same opset versions;
// neither is changed.
//
// InlineIf specializes the If nodes of a model proto on a known condition
// (Optimum's merged decoder, use_cache_branch) before a Graph is built:
// for gradients, which do not flow through If, and for counting FLOPs.
//
// # Building graphs by hand
//
// Builder makes small graphs for tests and examples: inputs with symbolic
// dims, initializers, nodes with fresh output names, outputs.
package graphedit
