// Package autodiff builds reverse-mode gradients of ONNX graphs as ONNX:
// from a forward graph, a scalar loss and the values to differentiate with
// respect to, it adds standard ONNX nodes computing the gradients, so one
// ONNX Runtime session (any build, any execution provider) runs forward and
// backward together and a Go loop only feeds inputs and reads gradients.
//
// # Overview
//
// Build(g, loss, wrt, opts) analyses the graph first and then emits:
//
//   - A value is active when it depends on a requested value through
//     differentiable input slots and has a floating-point type; a node is on
//     the path when one of its outputs is active and leads to the loss.
//     Only nodes on the path get backward nodes, and only the input
//     gradients that lead back to a requested value are emitted, so asking
//     for gate gradients emits no weight-gradient nodes.
//   - Every on-path node must have a rule; otherwise Build fails before
//     changing the graph, naming the operator, the node and the requested
//     value behind it. Ops off the path need no rule. A rule that refuses a
//     node's configuration (say, a fused attention with a mask format it
//     does not handle) fails while emitting, with the same names; Build
//     then removes what it added, so a failed Build leaves the graph as it
//     was.
//   - Nodes are visited in reverse topological order. The gradient of a
//     value is the sum of its contributions, emitted as one Sum node when
//     there are several. The loss is seeded with ones.
//   - A requested value the loss does not depend on gets zeros.
//   - Nodes that depend on forward values alone (the sign of a Relu output,
//     the statistics of a LayerNormalization input) are reused when an
//     earlier Build on the same graph emitted them, so two gradients of one
//     graph (a loss and an LRP target) compute them once.
//   - Gradients become graph outputs named Prefix+name ("grad/W"), typed
//     like the value; every new node and value name comes from the graph's
//     name authority with the prefix ("grad/<node>/<Op>").
//
// Requested initializers are listed among the graph inputs, keeping their
// data (an initializer that is also an input is an overridable default on
// ONNX Runtime). graphedit.InlineIf specializes an If on a known condition
// (Optimum's merged decoder) before differentiation, since no gradient
// flows through If. CrossEntropy adds the token-level training loss.
//
// # Rules
//
// A Registry maps (domain, op, opset range) to a Rule: the input slots that
// can carry a gradient (the others have no gradient by design) and a
// GradFunc that sees the node's inputs, outputs and output gradients
// through a Context, is told which input gradients are needed, and emits
// only those. DefaultRules holds:
//
//	elementwise  Add Sub Mul Div Pow Neg Sqrt Reciprocal Exp Log Tanh Sigmoid
//	             Relu Abs Erf Clip Sum Mean Max Min Where Identity
//	             Gelu (opset 20; none and tanh)
//	linear       MatMul (batched, broadcast, 1-D operands), Gemm (transA,
//	             transB, alpha, beta, broadcast C)
//	nn           Softmax, LogSoftmax (from opset 13 along axis; before 13 on
//	             the 2-D view at axis), LayerNormalization, Dropout (inference)
//	conv         Conv from opset 11 (1-D to N-D; strides, pads, dilations,
//	             group; auto_pad NOTSET or VALID): input gradient by
//	             ConvTranspose, weight gradient by a Conv of the input with
//	             the output gradient, bias by a sum
//	attention    ONNX Attention (opset 23/24; through its definition,
//	             recomputed from standard ops): 3-D or 4-D Q/K/V, float or
//	             bool attn_mask, is_causal, past_key/past_value, scale,
//	             softcap
//	reductions   ReduceSum ReduceMean ReduceMax ReduceMin (axes attribute or
//	             constant input, run-time axes too; keepdims 0/1;
//	             noop_with_empty_axes)
//	shape        Reshape Flatten Squeeze Unsqueeze Transpose Expand Cast Concat
//	             Split Slice Gather GatherElements Tile Trilu
//	fused        com.microsoft (as ONNX Runtime's transformer optimizer
//	             writes them; recomputed from standard ops in the backward
//	             graph): MultiHeadAttention (3-D query, 3-D or 4-D BNSH
//	             key/value, packed bias, past_key/past_value cache,
//	             key_padding_mask [B,L] or [B,S,L], attention_bias,
//	             unidirectional, scale), Attention (packed QKV weights and
//	             bias, qkv_hidden_sizes, attention_bias, unidirectional),
//	             SkipLayerNormalization (with its residual-sum output),
//	             EmbedLayerNormalization, BiasGelu, Gelu, FastGelu
//
// Patterns exporters write for missing ops are differentiated through their
// parts: decomposed layer norm (ReduceMean, Sub, Pow, Sqrt, Div), Gelu as
// x·0.5·(1+Erf(x/√2)), attention as MatMul/Softmax/MatMul.
//
// No gradient by design (inputs listed here are never active): shape, axes,
// indices, masks and conditions — Reshape/Expand shapes, Squeeze/Unsqueeze/
// Reduce axes, Slice bounds, Split sizes, Gather/GatherElements indices,
// Where's condition, Clip bounds, Dropout ratio and mode — and the ops
// Constant ConstantOfShape Shape Size Range EyeLike Equal Less LessOrEqual
// Greater GreaterOrEqual Not And Or Xor IsNaN IsInf NonZero ArgMax ArgMin
// OneHot TopK Floor Ceil Round Sign and the random generators. Integer and
// boolean values never carry gradients.
//
// Unsupported (an error when on the path, naming the op, the node and the
// requested value): If, Loop, Scan (see graphedit.InlineIf), the other fused ops
// (DecoderMaskedMultiHeadAttention, GroupQueryAttention, ...), and every op
// not listed. Rules refuse: packed QKV without a key input, 1-D mask
// lengths, Attention's mask_index and past inputs, ONNX Attention with
// grouped-query heads or nonpad_kv_seqlen or gradients into its present or
// qk_matmul_output outputs, Conv with auto_pad
// SAME_UPPER/SAME_LOWER or a weight of unknown shape, gradients flowing into
// present, Mean/InvStdDev or mean/inv_std_var outputs, and Dropout with a
// training_mode that is not a constant false.
//
// # Opsets
//
// Rules read the node's opset and emit ops valid at the graph's opset:
// ReduceSum axes as an attribute before 13 and an input from 13, ReduceMean/
// ReduceMax/ReduceMin axes as an input from 18, Unsqueeze axes as an input
// from 13, Softmax/LogSoftmax axis semantics changing at 13, Gather's
// gradient as ScatterND with reduction="add" from 16 and as a one-hot Gemm
// (Equal(indices, Range) cast to the data type) before.
//
// # Broadcasting
//
// One helper undoes NumPy broadcasting for every rule: when the shapes tell
// which axes were broadcast (equal dims, or a literal 1 in the input), a
// ReduceSum over constant axes (plus a Reshape when leading axes go);
// otherwise the axes are computed at run time, Shape → pad with ones →
// Equal(·, 1) → NonZero → ReduceSum(keepdims=1, noop_with_empty_axes=1) →
// Reshape(Shape(x)). Before opset 13 (axes only as an attribute) each
// undecided axis is summed anyway and Where picks the sum where x's size is
// 1 at run time, then a Slice keeps one copy; that needs known ranks and
// opset 10. Shapes come from graphedit's shape inference, run at the start
// of Build; symbolic dims that match (batch, sequence) use the static path.
//
// # Checking
//
// Package gradcheck compares the gradients with central finite differences
// run on ONNX Runtime: float64 where the CPU provider has kernels, a
// float64 copy of float32 models for their finite differences, and
// directional derivatives for models whose fused ops run in float32 only.
// The tests check every rule on random shapes, broadcasting and symbolic
// dims, the loss, and every exported fixture.
package autodiff
