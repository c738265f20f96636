// Package graphedit is the editable graph IR of onnxprune: ONNX graphs as
// values and nodes, safe edits, topological order, shape inference and
// constant folding of shape arithmetic.
//
// # Overview
//
// FromModel (or FromProto) builds a Graph from an ONNX GraphProto; ToProto
// and ModelProto write it back. For a graph that was not edited, ToProto is
// proto.Equal to the original: node, initializer, input, output and
// value_info order, doc strings, metadata, unknown fields and orphan
// value_info entries are all kept. Node attributes are kept as the original
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
//     are still read, replacing a graph output without ReplaceOptions.
//     GraphOutputs, or rewiring into a cycle are errors.
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
// ConstInts and ShapeValue expose the results.
package graphedit
