// Package pipeline is the stage layer: it runs onnxprune end to end on one
// model (inspect → gate → train gates → analyze → prune → verify, with
// every output in one folder and a summary: summary.json, summary.md), and
// holds the stage functions the subcommands share with that run
// (LoadModel, GateGraph, AllBlocks, CutHeads, LoadJoined, GateJoined,
// MeasureBudgets, TimedSources, TrainSettings, TrainSpecials, ReadCorpus,
// ReadAnalysisSet, AnalysisExamples, AnalysisConfig). It calls the project's packages (graphedit, gatetrain,
// attribution, verify) directly; `onnxprune run` is its command line.
//
// A run resolves the model's files once (modelpath.Resolve) and loads each
// once (graph and attention blocks); the stages pass graphs, blocks, the
// tokenizer and the special ids in memory (the analysis's joined graph
// carries the files' blocks, the budget reads the loaded files), and the
// disk holds the outputs and what a rerun resumes from (a reused prune
// stage's decision is read back from decision.json).
//
// # Stages and outputs
//
//	inspect   inspect.json: the model's files, size and attention blocks
//	gate      gated/: every file with a gate input per block of the chosen kinds
//	train     train/: gate training (gatetrain.Run): gates.json, train.jsonl,
//	          checkpoint.gob, p_open.svg, trace/, result.json
//	analyze   analysis/: heads.json, relevance/importance/confidence/roles
//	          heatmaps and summary.md of the dense model on the dev pair
//	prune     pruned/: the model with the removed heads cut out (by the
//	          trained gates, or by an analysis ranking), decision.json
//	verify    verify/: verify.json, report.md, report.html (BLEU before and
//	          after on the test pair, gated-vs-pruned equivalence, size, speed)
//
// Training is skipped with train.max-steps 0 (then prune.by must be a
// ranking) and the analysis with analyze.enabled false.
//
// # Resuming
//
// stages.json records, per stage, a fingerprint of its settings and inputs
// (every byte it reads: the model's files with their external data and the
// config files beside them, the tokenizer file, the data files; chained
// onto the fingerprints of the stages it depends on) and whether it finished. A rerun with the same output folder
// reuses each finished stage whose fingerprint is unchanged; a stage whose
// fingerprint changed loses its old outputs and runs again. A training stage
// that started with the same fingerprint but did not finish resumes from its
// checkpoint. Cancelling the context (SIGINT, SIGTERM in the command) stops
// the running stage after it has saved what it can; finished stages stay.
//
// # Configuration files
//
// A configuration is a small YAML subset, read by this package:
//
//	# comment (from "#" at the start of a line or after a space)
//	model: models/planted/planted_ungated.onnx
//	attention: [encoder, cross]          # flow list
//	data:                                # a section: keys indented under it
//	  train: [train.src, train.tgt]
//	  test:
//	    - test.src                       # block list
//	    - test.tgt
//	train:
//	  max-steps: 300
//	  l0-lambda: "0.05"                  # quoted scalars: "..." or '...'
//
// Mappings nest two deep (top-level keys and one level of sections);
// anchors, flow mappings, block scalars and multi-document files are not
// supported. Every key is listed in Fields. An unknown key, a duplicate, a
// value of the wrong type or a malformed line is an error naming the file
// and line. Relative paths are resolved against the file's folder.
package pipeline
