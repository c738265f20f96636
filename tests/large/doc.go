// Package large holds end-to-end tests of onnxprune on synthetic
// Transformer-like models whose weights live in external data: inspect →
// gate → prune → save, checked byte for byte against the input, with the
// input files' hashes unchanged and the peak resident memory of each command
// measured.
//
// TestPipelineSmall runs on every `go test` (a model of a few MiB).
// TestPipelineLarge runs only with ONNXPRUNE_LARGE=1: a model over 2 GiB
// (ONNXPRUNE_LARGE_MB overrides its size in MiB, e.g. 400 to measure memory
// on a mid-sized model). It needs about three times the model size in free
// disk space in the temporary folder ($TMPDIR).
package large
