#!/bin/sh
# Makes the SentencePiece conformance fixtures of package tokenize with the
# reference tools (Debian package `sentencepiece`, version 0.1.97:
# spm_train, spm_encode, spm_decode). Go tests read the outputs; they never run
# these tools.
#
#   ./make_expected.sh          encode/decode with the committed models
#   ./make_expected.sh --train  also rewrite the sample text and retrain models
#                               (needs Go for the *_unused copies, see mkunused/)
#
# For every model M and text T (sample = training text, heldout = unseen text,
# random = random code points, fuzz = inputs the FuzzEncode fuzzer found
# interesting, collected by mkfuzzlines/ and committed as found):
#   M.T.ids              spm_encode --output_format=id
#   M.T.pieces           spm_encode --output_format=piece
#   M.T.ids.decoded      spm_decode --input_format=id    of M.T.ids
#   M.T.pieces.decoded   spm_decode --input_format=piece of M.T.pieces
# and M.randids (random id lines, fixed seed) with M.randids.decoded.
set -eu
cd "$(dirname "$0")"
export LC_ALL=C.UTF-8

MODELS="unigram bpe unigram_raw bpe_cf unigram_unused bpe_unused tiny unigram_ws"

train() {
	name=$1
	shift
	nice -n 10 spm_train --input=sample.txt --model_prefix="$name" \
		--random_seed=7 --num_threads=2 --minloglevel=1 "$@"
	rm -f "$name.vocab"
}

if [ "${1:-}" = "--train" ]; then
	python3 make_sample.py .
	# Unigram, NFKC, user-defined and control symbols, pad id, unknowns.
	train unigram --model_type=unigram --vocab_size=800 \
		--character_coverage=0.995 --pad_id=3 \
		--user_defined_symbols='<sep>,[MASK]' --control_symbols='<2en>,<2de>'
	# BPE with byte fallback, NFKC.
	train bpe --model_type=bpe --vocab_size=1000 --byte_fallback=true \
		--character_coverage=0.995 --user_defined_symbols='<sep>'
	# Unigram on raw text: identity normalization, no dummy prefix, spaces
	# kept, byte fallback, digits split.
	train unigram_raw --model_type=unigram --vocab_size=900 \
		--normalization_rule_name=identity --add_dummy_prefix=false \
		--remove_extra_whitespaces=false --byte_fallback=true --split_digits=true
	# Unigram keeping spaces but adding the dummy prefix (how decoding drops
	# only the first space), identity normalization.
	train unigram_ws --model_type=unigram --vocab_size=800 \
		--normalization_rule_name=identity --remove_extra_whitespaces=false \
		--character_coverage=0.995
	# BPE with case folding, whitespace as suffix, a denormalizer, no pad/bos.
	printf 'DF\t73 73\n3F\t3F 3F\n' >denorm.tsv
	train bpe_cf --model_type=bpe --vocab_size=700 \
		--normalization_rule_name=nmt_nfkc_cf --treat_whitespace_as_suffix=true \
		--denormalization_rule_tsv=denorm.tsv --bos_id=-1 --unk_id=1 --eos_id=0 \
		--character_coverage=0.99
	rm -f denorm.tsv
	# A tiny unigram model with a hand-written normalization rule set (a
	# small precompiled charsmap) trained on the ASCII lines: most of the
	# sample is unknown to it. Also a fuzzing seed.
	printf '41\t61\nFB01\t66 69\nFF11\t31\n2581\t20\n3000\t20\n9\t20\n' >rules.tsv
	python3 -c 'import sys; sys.stdout.writelines(l for l in open("sample.txt", encoding="utf-8") if l.isascii())' >tiny.txt
	nice -n 10 spm_train --input=tiny.txt --model_prefix=tiny --random_seed=7 --num_threads=2 \
		--minloglevel=1 --model_type=unigram --vocab_size=150 --normalization_rule_tsv=rules.tsv \
		--user_defined_symbols='<sep>'
	rm -f rules.tsv tiny.txt tiny.vocab
	# Copies with every 5th multi-character piece marked UNUSED.
	go run ./mkunused unigram.model unigram_unused.model 5
	go run ./mkunused bpe.model bpe_unused.model 5
	# Seed corpora of the fuzz targets (fuzz/<Target>/).
	go run ./mkseeds
fi

for m in $MODELS; do
	for t in sample heldout random fuzz; do
		spm_encode --model="$m.model" --output_format=id <"$t.txt" >"$m.$t.ids"
		spm_encode --model="$m.model" --output_format=piece <"$t.txt" >"$m.$t.pieces"
		spm_decode --model="$m.model" --input_format=id <"$m.$t.ids" >"$m.$t.ids.decoded"
		spm_decode --model="$m.model" --input_format=piece <"$m.$t.pieces" >"$m.$t.pieces.decoded"
	done
	# Random id sequences over the whole vocabulary, a third of them drawn
	# from the first 300 ids (control, unknown, byte and user-defined pieces).
	# The byte piece <0x0A> is left out: it would split an output line.
	spm_export_vocab --model="$m.model" | python3 -c '
import random, sys
name = sys.argv[1]
pieces = [line.split("\t")[0] for line in sys.stdin.read().split("\n")[:-1]]
size = len(pieces)
rng = random.Random(sum(map(ord, name)) * 1000003)
for i in range(300):
    n = 0 if i == 0 else rng.randint(1, 12)
    ids = []
    while len(ids) < n:
        id = rng.randrange(min(size, 300)) if rng.random() < 0.34 else rng.randrange(size)
        if pieces[id] != "<0x0A>":
            ids.append(id)
    print(" ".join(map(str, ids)))
' "$m" >"$m.randids"
	spm_decode --model="$m.model" --input_format=id <"$m.randids" >"$m.randids.decoded"
done

# Marian-style vocabularies over the unigram model's pieces: </s> 0, <unk> 1,
# then the other pieces in model order without <s> and every 10th piece (so
# that some pieces map to <unk>), then <pad>. The same map is written as JSON
# and as YAML (plain, single- and double-quoted keys).
spm_export_vocab --model=unigram.model | python3 -c '
import json, re, sys
pieces = [l.split("\t")[0] for l in sys.stdin.read().split("\n")[:-1]]
keep = ["</s>", "<unk>"] + [p for i, p in enumerate(pieces)
                            if p not in ("<s>", "</s>", "<unk>", "<pad>") and i % 10 != 9] + ["<pad>"]
with open("marian.vocab.json", "w", encoding="utf-8") as f:
    json.dump({p: i for i, p in enumerate(keep)}, f, ensure_ascii=False, indent=2)
    f.write("\n")
with open("marian.vocab.yml", "w", encoding="utf-8") as f:
    for i, p in enumerate(keep):
        if re.fullmatch(r"[\w\u2581]+", p) and not p[0].isdigit():
            key = p
        elif i % 2 == 0 and "\\" not in p:
            key = "\x27" + p.replace("\x27", "\x27\x27") + "\x27"
        else:
            key = json.dumps(p, ensure_ascii=(i % 3 == 0))
        f.write(f"{key}: {i}\n")
'
