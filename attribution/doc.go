// Package attribution tells which attention heads of a translation model
// matter and what they do (Voita et al. 2019): LRP relevance, gradient
// importance, confidence and head roles, measured on ONNX Runtime.
//
// # Overview
//
// BuildGraph turns a model's graph (source ids, decoder input ids → logits,
// in one graph) into an analysis graph, in place:
//
//   - heads.FindHeads and InsertGates put a gate g = 1 on every head's
//     output, before the output projection (one gate, three uses: training
//     samples it, here its gradients measure the head);
//   - each block's Softmax output (the attention probabilities) becomes a
//     graph output;
//   - the cross-entropy loss against LabelsInput and its plain gradients with
//     respect to the gates (Michel et al. 2019's importance at g = 1);
//   - the top-1 logit of every step, summed (TargetOutput), and its LRP
//     signals with respect to the gates and the values of the conservation
//     cuts, from the autodiff engine run with the rules of package lrp
//     (ε-rule for linear maps, attention probabilities and LayerNorm scale
//     as constants, Gelu identity rule; see that package). Where the logits
//     are a MatMul of the decoder's last hidden state x by a matrix W (plus
//     an optional bias b), the target is written as Σ_t x_t·W[:,a_t] +
//     b[a_t] with a = ArgMax(logits): the same value, whose signal at x is
//     the gathered columns W[:,a_t] instead of a one-hot [T,V] signal
//     multiplied by the whole of W.
//
// The relevance summed at each cut value and what each constant addend
// absorbed are graph outputs computed once each, in groups of equal shape
// (one Concat, Mul, ReduceSum and MatMul per group); Analyzer.Run adds them
// up per cut.
//
// DetectNames finds the graph's input and output names where the caller
// gives none. New makes an ONNX Runtime session of it; Analyzer.Run runs one
// sentence pair (batch of one, teacher-forced) and Analyzer.Analyze a data
// set, gathering a Report. WriteSummary, WriteHeatmapSVG and WriteRolesSVG
// present a Report; CompareKeep sets the heads a pruning keeps beside those
// it removes (mean rank, AUC by relevance and by importance).
//
// # Measures
//
//   - Relevance: g·∂R/∂g at g = 1 (the relevance flowing through the head's
//     output), per sentence divided by the sum of its absolute values over
//     the heads of the block, then averaged over sentences. Rank orders all
//     heads by it.
//   - Importance: |∂L/∂g| at g = 1 averaged over sentences, divided by the L2
//     norm over the block's heads.
//   - Confidence: the maximum attention weight of each query, averaged over
//     queries whose token is not EOS.
//   - Positional: the most frequent offset j − i between a query i and the
//     key j of its maximum weight (queries and keys not special); a head is
//     positional when that offset is not 0 and holds for Config.PositionalMin
//     of the tokens. Encoder and decoder self-attention.
//   - Syntactic (encoder self-attention, with trees): token attention is
//     turned into word attention (summed over the attended word's pieces,
//     averaged over the attending word's). For nsubj, obj (dobj), amod and
//     advmod, in the direction dependent → head and head → dependent, the
//     accuracy is the share of arcs whose attending word puts its maximum
//     weight on the other end; the baseline is the share the best fixed word
//     offset gets on the same arcs. A head is syntactic for a relation and
//     direction when it beats the baseline by Config.SyntacticMargin on at
//     least Config.MinArcs arcs.
//   - Rare-word (encoder self-attention, with frequencies): the share of
//     queries whose maximum weight falls on the sentence's least frequent
//     token (the first one on ties); a rare-word head reaches
//     Config.RareWordMin.
//
// # Conservation
//
// The relevance summed at a cut (the token and position embeddings; each
// encoder layer's residual stream together with the decoder-side
// embeddings; the input of the logits projection) is reported against the
// target for each sentence, with what the constant addends behind the cut
// (biases, LayerNorm β: the ε-rule's bias term) absorbed. Relevance plus
// absorbed equals the target up to float rounding when every rule
// conserves; MaxResidual reports the difference, so a leaking rule shows.
//
// # Limits
//
// The model must be one graph (join split files first, as the CLI does);
// attention hidden in a fused com.microsoft kernel has no probabilities to
// read and its LRP rule is refused. Decoder layers get no cut of their own:
// the encoder output enters every decoder layer, so no single decoder value
// separates the embeddings from the logits.
package attribution
