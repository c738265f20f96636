// Package tokenize turns text into the token ids of translation models and
// back.
//
// # Overview
//
// Three kinds of tokenizer share the Tokenizer interface:
//
//   - SentencePiece reads a SentencePiece `.model` file (a ModelProto) and
//     encodes and decodes exactly as the reference implementation: the
//     normalizer (the precompiled character map such as nmt_nfkc, looked up
//     in its double-array trie; user-defined symbols kept verbatim; leading,
//     trailing and repeated whitespace removed; the dummy prefix; spaces
//     escaped as U+2581), unigram segmentation (Viterbi over piece scores,
//     unknown characters at the lowest score minus 10, runs of unknowns
//     merged, or byte fallback to <0xXX> pieces), BPE segmentation (best
//     scoring merge first, leftmost on ties, UNUSED pieces split back), and
//     decoding (control pieces vanish, <unk> becomes " ⁇ ", byte pieces are
//     joined into UTF-8, the denormalizer when the model has one).
//   - Marian pairs a SentencePiece model with a Marian-style vocab.json or
//     vocab.yml: pieces come from the model, ids from the vocabulary.
//   - WordTokenizer splits pre-tokenized text at whitespace and looks tokens
//     up in a vocabulary (vocab.json, vocab.yml or one token per line).
//
// # Rules callers rely on
//
// Encode adds no special id; Frame adds BOS/EOS, StripSpecials cuts a model's
// output at EOS before Decode. Special ids (Specials) come from the model's
// trainer spec or the vocabulary's conventional tokens (<pad>, <s>, </s>,
// <unk>) and can be overridden (ParseSpecials reads "pad=0,eos=2").
//
// Conformance: the tests compare, line by line, the ids, the pieces and the
// decoded text with spm_encode/spm_decode output (Debian's sentencepiece
// 0.1.97; see testdata/make_expected.sh) for eight models: unigram and BPE
// trained with spm_train on a multilingual sample, with NFKC, case folding,
// identity or custom normalization rules, byte fallback, user-defined and
// control symbols, whitespace as suffix, spaces kept with a dummy prefix (only
// the first space is dropped when decoding), a denormalizer, and copies with
// UNUSED pieces. The texts are the training sample, a held-out text (unseen
// words and scripts, odd whitespace, invalid UTF-8), random code points and
// inputs found by the fuzzer; random id sequences check decoding.
//
// Malformed input files are errors that name the file (and the line, for
// vocabularies), never panics.
package tokenize
