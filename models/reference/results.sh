#!/bin/bash
# Rerun every reference-model measurement of RESULTS.md into OUT and render
# RESULTS.md's tables from them:
#
#   - gate training of the 48 encoder heads at head budgets and penalty
#     weights λ (onnxprune run: train, prune, verify);
#   - pruning without training by a ranking of the dense model (LRP relevance,
#     Michel importance, confidence) and by a seeded random choice, at the
#     same budgets; all 48 encoder heads removed;
#   - all three attention kinds gated together, at budgets and λ;
#   - the teacher-forced dev loss of every pruned model;
#   - a paired bootstrap test (onnxprune score --paired-bs, 1,000 resamples,
#     seed 12345) of every system against the dense model, and of every
#     ranking against gate training and against the random choice at the
#     same budget;
#   - LRP vs gate agreement, head roles on the UD EWT dev trees, speed vs the
#     FLOP bound.
#
# Then `resultsgen collect` gathers everything into OUT/results.json and
# `resultsgen render` writes OUT/RESULTS.md (RESULTS.md with its generated
# blocks replaced) and OUT/bleu-vs-heads.svg. Numbers are never typed by hand.
#
# Resumable: every step writes its output under a name and is skipped when
# that output exists, so an interrupted run continues where it stopped (a
# half-finished `onnxprune run` resumes its own stages). OUT/timings.tsv has
# each step's wall time, OUT/logs/ each step's log.
#
# Usage: models/reference/results.sh [OUT]        (default runs/results)
# Environment:
#   SMOKE=1    every step on tiny inputs (20 test sentences, 3 training steps,
#              two budgets, ...) in a few minutes; default OUT runs/results-smoke
#   MODEL=DIR  the model folder (encoder_model.onnx + decoder_model.onnx;
#              default models/reference)
#   PUBLISH=1  at the end, copy OUT/RESULTS.md to RESULTS.md and the charts,
#              results.json and the roles analysis to docs/results/ (refused
#              with SMOKE=1)
# Needs Go (it builds bin/onnxprune and bin/resultsgen), the ONNX Runtime
# library (make ort) and the train split (models/corpus/make_corpus.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
SMOKE=${SMOKE:-0}
if [ "$SMOKE" = 1 ]; then OUT=${1:-runs/results-smoke}; else OUT=${1:-runs/results}; fi
MODEL=${MODEL:-models/reference}
PUBLISH=${PUBLISH:-0}
if [ "$SMOKE" = 1 ] && [ "$PUBLISH" = 1 ]; then
	echo "results.sh: PUBLISH=1 with SMOKE=1 would put smoke numbers into RESULTS.md; refused" >&2
	exit 2
fi
C=models/corpus
EWT=models/data/ud-ewt/en_ewt-ud-dev.conllu
for f in $C/data/train.en $C/data/train.es $MODEL/encoder_model.onnx $MODEL/decoder_model.onnx $EWT; do
	[ -f "$f" ] || { echo "results.sh: $f is missing (train split: /usr/bin/python3 models/corpus/make_corpus.py)" >&2; exit 2; }
done

# The experiments. Budgets and λ of the encoder runs; the ranking methods are
# pruned at the same budgets. SPEED_RUNS are timed against the dense model.
if [ "$SMOKE" = 1 ]; then
	BUDGETS="10 4" LAMBDAS="0.05" ALL_BUDGETS="24" ALL_LAMBDAS="0.05"
	STEPS=3 MAX_TOKENS=512 TEST_N=20 VAL_N=10 LOSS_N=10 AN_N=20 EWT_N=20
	SPEED_N=5 SPEED="--bench-batch 1 --repeats 2 --rounds 2"
else
	BUDGETS="24 16 10 6 4" LAMBDAS="0.005 0.01 0.02 0.05" ALL_BUDGETS="48 24 12" ALL_LAMBDAS="0.01 0.05"
	STEPS=300 MAX_TOKENS=2048 TEST_N=0 VAL_N=0 LOSS_N=400 AN_N=0 EWT_N=0
	SPEED_N=100 SPEED="--bench-batch 1,8 --repeats 30 --rounds 5"
fi
METHODS="relevance importance confidence random"
ROLES_RUN=gt-t10    # the decision marked on the roles heatmaps
SPEED_RUNS="gt-t10 none-0 all-t24"
RANDOM_SEED=1
BS_N=1000 BS_SEED=12345
THREADS=2

mkdir -p "$OUT"/logs "$OUT"/data "$OUT"/rank "$OUT"/loss "$OUT"/bs "$OUT"/speed
SETTINGS="smoke=$SMOKE
model=$MODEL
budgets=$BUDGETS
lambdas=$LAMBDAS
all_budgets=$ALL_BUDGETS
all_lambdas=$ALL_LAMBDAS
methods=$METHODS
steps=$STEPS
max_tokens=$MAX_TOKENS
test_sentences=$TEST_N
validation_sentences=$VAL_N
loss_sentences=$LOSS_N
analysis_sentences=$AN_N
ewt_sentences=$EWT_N
speed_sentences=$SPEED_N
speed_flags=$SPEED
roles_run=$ROLES_RUN
speed_runs=$SPEED_RUNS
random_seed=$RANDOM_SEED
bootstrap_resamples=$BS_N
bootstrap_seed=$BS_SEED
threads=$THREADS"
# One OUT holds one configuration: the cached outputs of another would mix in.
if [ -f "$OUT/settings.env" ]; then
	if [ "$(cat "$OUT/settings.env")" != "$SETTINGS" ]; then
		echo "results.sh: $OUT was made with other settings ($OUT/settings.env); use another OUT or remove it" >&2
		exit 2
	fi
else
	printf '%s\n' "$SETTINGS" >"$OUT/settings.env"
fi

make -s build >/dev/null
go build -o bin/resultsgen ./models/reference/resultsgen
OP=bin/onnxprune
RG=bin/resultsgen
TIMES=$OUT/timings.tsv

# step NAME OUTPUT COMMAND...: run COMMAND unless OUTPUT exists, its output in
# OUT/logs/NAME.log and its wall time in OUT/timings.tsv. COMMAND must leave
# OUTPUT only when it succeeded.
step() {
	local name=$1 done=$2
	shift 2
	[ -e "$done" ] && return 0
	local t0
	t0=$(date +%s.%N)
	echo "== $name"
	if ! "$@" >"$OUT/logs/$name.log" 2>&1; then
		echo "results.sh: step $name failed; the end of $OUT/logs/$name.log:" >&2
		tail -n 5 "$OUT/logs/$name.log" >&2
		exit 1
	fi
	if [ ! -e "$done" ]; then
		echo "results.sh: step $name did not write $done" >&2
		exit 1
	fi
	printf '%s\t%s\n' "$name" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')" >>"$TIMES"
}

# first N lines of a file (all with N = 0) into OUT/data
subset() { # SRC N DEST
	if [ "$2" = 0 ]; then cp "$1" "$3.tmp"; else head -n "$2" "$1" >"$3.tmp"; fi
	mv "$3.tmp" "$3"
}
D=$OUT/data
for l in en es; do
	[ -f $D/test.$l ] || subset $C/test.$l $TEST_N $D/test.$l
	[ -f $D/val.$l ] || subset models/demo/slice/bible-dev.$l $VAL_N $D/val.$l
	[ -f $D/speed.$l ] || subset models/demo/slice/bible-test.$l $SPEED_N $D/speed.$l
done
[ -f $D/ewt-dev.txt ] || { grep '^# text = ' $EWT | sed 's/^# text = //' >$D/ewt-dev.txt.tmp && mv $D/ewt-dev.txt.tmp $D/ewt-dev.txt; }

SPM="--spm $C/spm8k.model"
TR="$SPM --src $D/test.en --max-len 160 --threads $THREADS"
RUN="--config models/demo/pipeline.yaml --model $MODEL --threads $THREADS
  --train $C/data/train.en,$C/data/train.es --dev $D/val.en,$D/val.es --test $D/test.en,$D/test.es
  --max-steps $STEPS --max-tokens $MAX_TOKENS --analyze=false --no-bench"

# The functions below run inside `if` (step), where bash ignores set -e: each
# command that can fail returns explicitly.

# translate MODEL HYP: greedy translations of the test sources
translate() {
	$OP translate "$1" $TR --overwrite -o "$2.tmp" || return
	mv "$2.tmp" "$2"
}
# devloss MODEL NAME: mean teacher-forced cross-entropy on the first LOSS_N dev verses
devloss() {
	$OP analyze "$1" $SPM --data $C/dev.en,$C/dev.es --max-sentences $LOSS_N --threads $THREADS -o "$OUT/loss/$2"
}
# gaterun NAME FLAGS...: onnxprune run (gate training, pruning, verify)
gaterun() {
	local name=$1
	shift
	$OP run $RUN --out "$OUT/$name" "$@"
}
# rankprune METHOD N: keep the N encoder heads METHOD ranks highest, translate
rankprune() {
	local r=$OUT/rank/$1-$2 keep
	keep=$($RG keep --heads "$OUT/an-dev/heads.json" --by "$1" --n "$2" --seed $RANDOM_SEED) || return
	rm -rf "$r"
	$OP prune "$MODEL/encoder_model.onnx" "$MODEL/decoder_model.onnx" --keep "$keep,decoder:*:*,cross:*:*" -o "$r" || return
	translate "$r" "$r.hyp"
}
# noencoder: all encoder self-attention heads removed, translate
noencoder() {
	local r=$OUT/rank/none-0
	rm -rf "$r"
	$OP prune "$MODEL/encoder_model.onnx" "$MODEL/decoder_model.onnx" --remove "encoder:*:*" -o "$r" || return
	translate "$r" "$r.hyp"
}

# 1. the dense model: translations, dev loss, rankings on the dev verses
step dense-translate "$OUT/dense.hyp" translate "$MODEL" "$OUT/dense.hyp"
step dense-devloss "$OUT/loss/dense/heads.json" devloss "$MODEL" dense
step dense-analyze "$OUT/an-dev/heads.json" $OP analyze "$MODEL/encoder_model.onnx" "$MODEL/decoder_model.onnx" \
	$SPM --data $C/dev.en,$C/dev.es --max-sentences $AN_N --threads $THREADS -o "$OUT/an-dev"

# 2. gate training: encoder heads at each budget and λ, then all kinds
for N in $BUDGETS; do
	step gt-t$N "$OUT/gt-t$N/summary.json" gaterun gt-t$N --target-heads $N
done
for L in $LAMBDAS; do
	step gt-l$L "$OUT/gt-l$L/summary.json" gaterun gt-l$L --target-heads 0 --l0-lambda $L
done
for N in $ALL_BUDGETS; do
	step all-t$N "$OUT/all-t$N/summary.json" gaterun all-t$N --attention encoder,decoder,cross --target-heads $N
done
for L in $ALL_LAMBDAS; do
	step all-l$L "$OUT/all-l$L/summary.json" gaterun all-l$L --attention encoder,decoder,cross --target-heads 0 --l0-lambda $L
done

# 3. pruning by a ranking, no training; no encoder self-attention at all
for BY in $METHODS; do
	for N in $BUDGETS; do
		step rank-$BY-$N "$OUT/rank/$BY-$N.hyp" rankprune $BY $N
	done
done
step none-0 "$OUT/rank/none-0.hyp" noencoder

# 4. dev loss of every pruned model
for d in "$OUT"/gt-* "$OUT"/all-*; do
	[ -d "$d/pruned" ] || continue
	n=$(basename "$d")
	step devloss-$n "$OUT/loss/$n/heads.json" devloss "$d/pruned" $n
done
for h in "$OUT"/rank/*.hyp; do
	n=$(basename "$h" .hyp)
	step devloss-$n "$OUT/loss/$n/heads.json" devloss "$OUT/rank/$n" $n
done

# 5. paired bootstrap: every system against the dense model, every ranking
# against gate training and against the random choice at the same budget
# (cheap: always redone)
pairedbs() { # OUTPUT BASELINE SYSTEM... (NAME=FILE each)
	local out=$1
	shift
	local args=()
	for s in "$@"; do args+=(--hyp "$s"); done
	$OP score --ref $D/test.es "${args[@]}" --paired-bs --paired-bs-n $BS_N --seed $BS_SEED --json >"$out.tmp" || return
	mv "$out.tmp" "$out"
}
systems=()
for d in "$OUT"/gt-* "$OUT"/all-*; do
	[ -f "$d/verify/pruned.hyp" ] && systems+=("$(basename "$d")=$d/verify/pruned.hyp")
done
for h in "$OUT"/rank/*.hyp; do systems+=("$(basename "$h" .hyp)=$h"); done
rm -f "$OUT/bs/vs-dense.json"
step bs-vs-dense "$OUT/bs/vs-dense.json" pairedbs "$OUT/bs/vs-dense.json" "dense=$OUT/dense.hyp" "${systems[@]}"
for N in $BUDGETS; do
	ranks=()
	for BY in $METHODS; do ranks+=("$BY-$N=$OUT/rank/$BY-$N.hyp"); done
	rm -f "$OUT/bs/vs-gt-t$N.json"
	step bs-vs-gt-t$N "$OUT/bs/vs-gt-t$N.json" pairedbs "$OUT/bs/vs-gt-t$N.json" "gt-t$N=$OUT/gt-t$N/verify/pruned.hyp" "${ranks[@]}"
	ranks=()
	for BY in $METHODS; do [ $BY = random ] || ranks+=("$BY-$N=$OUT/rank/$BY-$N.hyp"); done
	rm -f "$OUT/bs/vs-random-$N.json"
	step bs-vs-random-$N "$OUT/bs/vs-random-$N.json" pairedbs "$OUT/bs/vs-random-$N.json" "random-$N=$OUT/rank/random-$N.hyp" "${ranks[@]}"
done

# 6. roles on the UD English-EWT dev trees, with the ROLES_RUN decision marked
step ewt-roles "$OUT/ewt-roles/heads.json" $OP analyze "$MODEL/encoder_model.onnx" "$MODEL/decoder_model.onnx" \
	$SPM --data $D/ewt-dev.txt --conllu $EWT --max-sentences $EWT_N --threads $THREADS \
	--gates "$OUT/$ROLES_RUN/train/gates.json" -o "$OUT/ewt-roles"

# 7. speed, original and pruned interleaved (run on an otherwise idle machine)
V="--src $D/speed.en --ref $D/speed.es $SPM --max-len 160 $SPEED --threads $THREADS"
for run in $SPEED_RUNS; do
	if [ $run = none-0 ]; then
		step speed-$run "$OUT/speed/$run/verify.json" $OP verify --original "$MODEL" --pruned "$OUT/rank/none-0" \
			--removed "encoder:*:*" $V -o "$OUT/speed/$run"
	else
		step speed-$run "$OUT/speed/$run/verify.json" $OP verify --original "$MODEL" --pruned "$OUT/$run/pruned" \
			--gates "$OUT/$run/train/gates.json" $V -o "$OUT/speed/$run"
	fi
done

# 8. collect and render (cheap: always redone)
$RG collect "$OUT"
$RG render --results "$OUT/results.json" --template RESULTS.md -o "$OUT/RESULTS.md" --svg "$OUT/bleu-vs-heads.svg"
echo "results: $OUT/results.json, $OUT/RESULTS.md, $OUT/bleu-vs-heads.svg"
if [ "$PUBLISH" = 1 ]; then
	mkdir -p docs/results/ewt-roles
	cp "$OUT/RESULTS.md" RESULTS.md
	cp "$OUT/bleu-vs-heads.svg" "$OUT/results.json" docs/results/
	cp "$OUT"/ewt-roles/{heads.json,summary.md,relevance.svg,importance.svg,confidence.svg,roles.svg} docs/results/ewt-roles/
	echo "published: RESULTS.md, docs/results/"
fi
