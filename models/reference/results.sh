#!/bin/bash
# Rerun the reference-model measurements of RESULTS.md into OUT (default
# runs/results): gate training at five head budgets and four penalty weights,
# pruning by LRP relevance / confidence / Michel importance / a seeded random
# choice, all 48 encoder heads removed, all attention kinds gated together,
# the teacher-forced dev loss of every pruned model, the LRP claim per gate
# decision, the head roles on the UD EWT dev trees and the speed runs.
#
# Resumable: each step is skipped when its output exists, so an interrupted
# run continues where it stopped. Roughly 2 hours on 2 idle cores.
#
# Usage: models/reference/results.sh [OUT]
# Needs bin/onnxprune (make build), the train split (models/corpus/make_corpus.py)
# and, for the roles, models/data/ud-ewt/en_ewt-ud-dev.conllu.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-runs/results}
OP=bin/onnxprune
C=models/corpus
M=models/reference
ENC=$M/encoder_model.onnx
DEC=$M/decoder_model.onnx
mkdir -p "$OUT"/rank "$OUT"/loss "$OUT"/auc "$OUT"/speed

RUN="--config models/demo/pipeline.yaml --train $C/data/train.en,$C/data/train.es
  --test $C/test.en,$C/test.es --max-steps 300 --max-tokens 2048 --analyze=false --no-bench"
TR="--tokenizer $C/spm8k.model --src $C/test.en --max-len 160 --threads 2"

# pruned model folder -> dev loss (mean teacher-forced cross-entropy, 400 dev verses)
devloss() {
	[ -f "$OUT/loss/$2/heads.json" ] || $OP analyze "$1" --tokenizer $C/spm8k.model \
		--dev $C/dev.en,$C/dev.es --max-sentences 400 --threads 2 -o "$OUT/loss/$2" >"$OUT/loss/$2.log" 2>&1
}

# 1. gate training: head budgets and penalty weights, encoder heads, then all kinds
for N in 24 16 10 6 4; do
	[ -f "$OUT/gt-t$N/summary.json" ] || $OP run $RUN -o "$OUT/gt-t$N" --target-heads $N >"$OUT/gt-t$N.log" 2>&1
	devloss "$OUT/gt-t$N/pruned" gates-$N
done
for L in 0.005 0.01 0.02 0.05; do
	[ -f "$OUT/gt-l$L/summary.json" ] || $OP run $RUN -o "$OUT/gt-l$L" --target-heads 0 --l0-lambda $L >"$OUT/gt-l$L.log" 2>&1
	devloss "$OUT/gt-l$L/pruned" gates-l$L
done
[ -f "$OUT/all-t24/summary.json" ] || $OP run $RUN -o "$OUT/all-t24" --attention encoder,decoder,cross --target-heads 24 >"$OUT/all-t24.log" 2>&1
[ -f "$OUT/all-l0.01/summary.json" ] || $OP run $RUN -o "$OUT/all-l0.01" --attention encoder,decoder,cross --target-heads 0 --l0-lambda 0.01 >"$OUT/all-l0.01.log" 2>&1
devloss "$OUT/all-t24/pruned" all-t24
devloss "$OUT/all-l0.01/pruned" all-l0.01

# 2. rankings of the dense model on all dev verses, and the LRP claim per decision
[ -f "$OUT/an-dev/heads.json" ] || $OP analyze $ENC $DEC --tokenizer $C/spm8k.model --dev $C/dev.en,$C/dev.es -o "$OUT/an-dev" >"$OUT/an-dev.log" 2>&1
for d in "$OUT"/gt-* "$OUT"/all-*; do
	[ -d "$d" ] || continue
	n=$(basename "$d")
	[ -f "$OUT/auc/$n/heads.json" ] || $OP analyze $ENC $DEC --tokenizer $C/spm8k.model --dev $C/dev.en,$C/dev.es \
		--gates "$d/train/gates.json" -o "$OUT/auc/$n" >"$OUT/auc/$n.log" 2>&1
done

# 3. pruning by a ranking, no training; dense and no-encoder-attention baselines
[ -f "$OUT/rank/dense.hyp" ] || $OP translate $ENC $DEC $TR -o "$OUT/rank/dense.hyp"
devloss $M dense
keep_top() { # heads.json measure N -> the N encoder heads ranked highest (ties in file order)
	python3 -c 'import json,sys
h=[x for x in json.load(open(sys.argv[1]))["heads"] if x["kind"]=="encoder"]
key=lambda x: x[sys.argv[2]] if x.get(sys.argv[2]) is not None else float("-inf")
print(",".join(x["name"] for x in sorted(h,key=key,reverse=True)[:int(sys.argv[3])]))' "$@"
}
keep_random() { # N -> N encoder heads chosen by random.Random(1)
	python3 -c 'import random,sys
h=["encoder:%d:%d"%(l,i) for l in range(6) for i in range(8)]; random.Random(1).shuffle(h)
print(",".join(h[:int(sys.argv[1])]))' "$@"
}
for BY in relevance confidence importance random; do
	for N in 24 16 10 6 4; do
		R="$OUT/rank/$BY-$N"
		if [ ! -f "$R.hyp" ]; then
			if [ $BY = random ]; then KEEP=$(keep_random $N); else KEEP=$(keep_top "$OUT/an-dev/heads.json" $BY $N); fi
			rm -rf "$R"
			$OP prune $ENC $DEC --keep "$KEEP,decoder:*:*,cross:*:*" -o "$R" >"$R.prune.log"
			$OP translate "$R" $TR --overwrite -o "$R.hyp.tmp" && mv "$R.hyp.tmp" "$R.hyp"
		fi
		devloss "$R" $BY-$N
	done
done
R="$OUT/rank/none-0"
if [ ! -f "$R.hyp" ]; then
	rm -rf "$R"
	$OP prune $ENC $DEC --remove "encoder:*:*" -o "$R" >"$R.prune.log"
	$OP translate "$R" $TR --overwrite -o "$R.hyp.tmp" && mv "$R.hyp.tmp" "$R.hyp"
fi
devloss "$R" none-0

# 4. roles on the UD English-EWT dev trees (read in place), with the 10-head decision
EWT=models/data/ud-ewt/en_ewt-ud-dev.conllu
if [ -f $EWT ] && [ ! -f "$OUT/ewt-roles/heads.json" ]; then
	grep '^# text = ' $EWT | sed 's/^# text = //' >"$OUT/ewt-dev.txt"
	$OP analyze $ENC $DEC --tokenizer $C/spm8k.model --dev "$OUT/ewt-dev.txt" --conllu $EWT --max-sentences 0 \
		--gates "$OUT/gt-t10/train/gates.json" -o "$OUT/ewt-roles" >"$OUT/ewt-roles.log" 2>&1
fi

# 5. speed, original and pruned interleaved (run on an otherwise idle machine)
V="--test models/demo/slice/bible-test.en,models/demo/slice/bible-test.es --tokenizer $C/spm8k.model
  --max-len 160 --bench-batch 1,8 --repeats 30 --rounds 5 --threads 2"
for run in gt-t10 all-t24; do
	[ -f "$OUT/speed/$run/verify.json" ] || $OP verify --original $M --pruned "$OUT/$run/pruned" \
		--gates "$OUT/$run/train/gates.json" $V -o "$OUT/speed/$run" >"$OUT/speed/$run.log" 2>&1
done
[ -f "$OUT/speed/none-0/verify.json" ] || $OP verify --original $M --pruned "$OUT/rank/none-0" \
	--remove "encoder:*:*" $V -o "$OUT/speed/none-0" >"$OUT/speed/none-0.log" 2>&1

# Scores: onnxprune score --ref models/corpus/test.es --hyp HYP --width 2 (the
# rank/*.hyp files); everything else is in summary.json, heads.json
# (mean_loss, pruning) and verify.json of each folder.
echo "done: $OUT"
