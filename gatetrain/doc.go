// Package gatetrain trains Hard Concrete gates on attention heads (Voita et
// al. 2019; Louizos et al. 2018) with a Go loop around a forward+backward
// ONNX graph run on ONNX Runtime.
//
// # Overview
//
// A gated model has one float input gate/<kind>.<layer> of shape [H] per
// attention block (heads.InsertGates). BuildTrainGraph adds a labels
// input, the token cross-entropy and the gradients of the loss with respect
// to the gates (and, for joint fine-tuning, to chosen weights), keeping only
// the loss and the gradients as outputs. Go holds the loop state, never the
// network's tensors:
//
//	per head log α;  each step, per head, u ~ U(0,1) once:
//	s = σ((log u − log(1−u) + log α)/β),  s̄ = s(ζ−γ)+γ,  g = clip(s̄, 0, 1)
//	run the graph at g  →  CE, ∂CE/∂g
//	∂CE/∂log α = ∂CE/∂g · (ζ−γ)·s(1−s)/β   (0 where the clip is active)
//	+ λ·∂L0/∂log α,  L0 = Σ σ(log α − β·log(−γ/ζ))  (÷ layers by default)
//	clip the gradient norm, Adam, learning-rate schedule
//
// A gate clamped at 0 or 1 in a step has ∂g/∂log α = 0, so its log α gets
// nothing from the loss in that step. The training graph puts the backward
// nodes that only gate gradients need into If nodes, one per set of gate
// inputs they lead to (UnclampedInput); each step feeds which gate inputs
// have a gate inside the stretch, and the backward below the lowest such
// layer is not run. The gradients that are used come from the same nodes,
// so training is the same within float rounding (TrainGraphOptions.
// FullBackward builds the graph without the Ifs).
//
// With a head target (Config.TargetHeads) the penalty is replaced by CoFi's
// Lagrangian λ1·(E−T) + λ2·(E−T)² on the expected fraction E of open heads,
// with λ1, λ2 learned by gradient ascent and T moving from the initial
// fraction to the target over TargetWarmup steps; the final decision keeps
// exactly the TargetHeads heads of largest log α.
//
// # Rules callers rely on
//
//   - Determinism: the gate noise comes from one seeded PCG generator whose
//     state is saved; the data order of epoch e depends only on (seed, e).
//     A checkpoint holds log α, Adam moments, the multipliers, the
//     generator state, the data position and the trained weights, so a
//     resumed run ends exactly where the uninterrupted run ends (same
//     thread count).
//   - Decisions: a head is open when its test-time gate
//     clip(σ(log α)(ζ−γ)+γ, 0, 1) exceeds ½ (log α > 0 with the defaults).
//     Each change is recorded (the closing order), and a gates file is
//     written each time the open count falls below every count before.
//   - Corpus errors name the file and line: an id outside the vocabulary,
//     a token that is not an id, an empty sentence, mismatched line counts,
//     an empty corpus. A model without gate inputs is an error.
//   - gates.json (gatesfile.File, Trainer.Gates) is what `onnxprune prune
//     --gates` reads.
//
// Split encoder/decoder exports are joined first (JoinSplit), so the
// decoder's loss reaches the encoder's gates; a merged decoder trains
// through its branch without past (LoadDecoder).
//
// Joint fine-tuning (SelectWeights) trains the encoder's weights, the
// decoder's or both; a weight several nodes, branches or files read is one
// parameter (UntieWeights, TieEqualWeights). Distillation (Config.Distill)
// adds α·T²·KL(p_dense ‖ p_student): the dense model runs forward in a
// second session (BuildTeacherGraph) and its probabilities feed the
// training graph, which differentiates the soft cross-entropy against them
// (BuildTrainGraphWith).
//
// Run does all of it for `onnxprune train`: it reads the corpus
// (ReadCorpus), builds and writes the training graph, runs the loop on an
// ONNX Runtime session, and writes the JSONL log, checkpoints, the plot and
// gates.json (gatesfile.Write; gatesfile.Read reads one back). Cancelling
// its context saves a checkpoint and returns an error wrapping
// ErrInterrupted.
package gatetrain
