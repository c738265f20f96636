// Package verify runs translation models on ONNX Runtime and checks a pruned
// model against its original: translations, scores, logit differences, speed
// and size.
//
// # Overview
//
// OpenModel loads a model from its ONNX files and detects the layout from the
// graphs' input and output names: a single graph (source ids and mask, target
// prefix → logits), an encoder with a decoder, the decoder with its
// decoder_with_past companion, or a merged decoder with use_cache_branch.
// Special ids come from the model's metadata_props, then a config.json beside
// it, then the caller (tokenizer, flags).
//
// Model.Translate decodes greedily or with beam search, in batches, with or
// without the key/value cache; Model.ForcedLogits gives teacher-forced
// logits (ForcedStepLogits: step by step, with or without the cache).
// CompareLogits and CompareStepLogits, Identical, Model.Benchmark,
// Model.CountFLOPs and Model.CountParams measure models; Run gates the
// original to the decision (the surgery oracle) and does all of it for
// `onnxprune verify`, and WriteReports writes verify.json, report.md and report.html.
// RunBenchJob benchmarks one model from a JSON-able BenchJob, so that each
// model can be timed in a process of its own (PeakRSS then measures it
// alone).
//
// The subpackage tokenize turns text into ids and back (SentencePiece and
// vocabulary files); score computes BLEU and chrF as sacreBLEU does.
//
// # Speed and size
//
// Benchmark times one encoder run, one decoder step and a whole greedy
// translation at each batch size, after warm-up runs, and reports median,
// p90, minimum and mean. Run times the original and the pruned model
// interleaved (BenchOptions.Rounds): each round runs one job per model, in
// ABBA order, the timings are summarized over all rounds' runs, and each
// Speedup adds the paired ratio, the median of the per-round ratios. CountFLOPs infers shapes at the benchmarked sizes
// (graphedit.InferShapes) and sums 2·M·K·N over MatMul and Gemm nodes; a
// merged decoder's If is inlined first. The speedup a pruned model can reach
// on compute-bound work is the ratio of FLOPs; the report puts the measured
// speedups beside it.
//
// # Rules callers rely on
//
//   - Cached and uncached decoding, batched and one-by-one decoding, and beam
//     search with one beam and greedy search give the same tokens (up to
//     floating-point ties).
//   - The encoder runs once per batch; finished sentences leave the batch.
//   - Beam search keeps the 2k best continuations per step; a hypothesis
//     ending in EOS among the first k is finished, and a sentence stops when
//     it has k finished hypotheses or reaches its length limit (fairseq's
//     rule). Finished hypotheses are ranked by logProb / len^α.
//   - Cancelling the context stops work between decoder steps; results
//     finished so far are returned with the context's error.
//   - Outputs are written to a temporary file and renamed into place.
package verify
