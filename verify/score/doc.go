// Package score computes BLEU and chrF exactly as sacreBLEU does, so that a
// pruned model's scores can be compared with published ones.
//
// # Overview
//
// [BLEU] is sacreBLEU's BLEU: corpus statistics summed over segments, n-gram
// orders 1 to [MaxNGramOrder], clipped counts against the maximum count over
// the references, the closest reference length (the shorter on a tie), the
// brevity penalty, and the smoothing methods exp (default), floor, add-k and
// none; [BLEU.EffectiveOrder] for sentence-level BLEU. Its tokenizers are
// sacreBLEU's 13a (default), intl, none and char, with optional lowercasing.
// [ChrF] is sacreBLEU's chrF: character n-grams up to order 6 with whitespace
// removed, β = 2, and word n-grams for chrF++ (word order 2). Both give
// sacreBLEU's signature strings ([BLEU.Signature], [ChrF.Signature]) and its
// printed lines ([BLEUScore.Format], [ChrFScore.Format]); [ReadLines] reads a
// file as the sacrebleu command does.
//
// [BLEU.PairedBootstrap] and [ChrF.PairedBootstrap] run sacreBLEU's paired
// bootstrap resampling test (--paired-bs) between systems: each system's
// score, the mean and 95% interval of its resampled scores, and each
// system's p-value against the first. [BootstrapIndices] draws the resamples
// as NumPy's default_rng does; [DefaultBootstrap] holds sacreBLEU's 1,000
// resamples and seed 12345.
//
// References come as streams: refs[k][i] is the k-th reference of
// hypothesis i, every stream as long as the hypotheses.
//
// # Exactness
//
// [SacreBLEUVersion] names the sacreBLEU release reproduced. testdata holds a
// conformance set made by sacreBLEU itself (testdata/make_conformance.py):
// every tokenizer, lowercasing, every smoothing method, effective order,
// chrF and chrF++ variants, one and several references, corpus and sentence
// level, over hand-written segments in many scripts and a few hundred
// seeded random pairs. The tests compare at full float64 precision.
//
// Everything is computed with the same float64 operations in the same order
// as sacreBLEU's Python code, so counts, precisions, lengths, ratios and all
// chrF scores are bit-identical. The one exception is exp and log in BLEU:
// Python takes them from the C library, this package computes them correctly
// rounded (math/big, 200 bits). glibc's exp and log are correctly rounded
// for all but roughly 1 in 1,000 and 1 in 8,000 arguments; for those a BLEU
// score or brevity penalty differs from sacreBLEU's on glibc by one unit in
// the last place (about 1e-14 on a 0–100 score). The sum of the log
// precisions is a plain left-to-right sum, as in Python 3.11's sum(); Python
// 3.12 and later sum floats with compensation, which can move a BLEU score
// by one ulp as well.
//
// The bootstrap's figures are sacreBLEU's bit for bit (testdata/bootstrap.json,
// made by testdata/make_bootstrap.py): NumPy's SeedSequence, PCG64 and
// bounded draws are reproduced (testdata/numpy_rng.json), and each resample
// is scored with the float32 arithmetic that sacreBLEU's float32 statistics
// get under NumPy 2, its means with NumPy's pairwise summation. BLEU's exp
// and log are the one exception here too: a resampled BLEU score can differ
// by one ulp where glibc's result is not correctly rounded, which moves a
// mean or an interval by about as much and a p-value only if a difference
// lies within that ulp of the observed one.
//
// Text handling follows Python: whitespace is str.isspace (Unicode
// White_Space plus U+001C..U+001F), lowercasing is str.lower (U+0130 becomes
// "i̇", a capital sigma at the end of a word becomes ς), and the intl
// tokenizer's punctuation, symbol and number classes are those of the
// `regex` module (Unicode 17), which add code points to Go's Unicode 15.0
// tables. testdata/unicode.json pins all of it for every code point.
//
// Invalid UTF-8 in a string passed to the API is read as U+FFFD; [ReadLines]
// rejects it, as sacreBLEU does.
package score
