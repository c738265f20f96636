#!/bin/bash
# Rerun every reference-model measurement of RESULTS.md and render
# RESULTS.md's tables from them:
#
#   - the dense model's test translations, dev loss and head rankings;
#   - all 48 encoder heads removed;
#   - gate training of the 48 encoder heads at head budgets (onnxprune run:
#     train, prune, verify);
#   - pruning without training by a ranking of the dense model (LRP
#     relevance, Michel importance, confidence) and by a seeded random
#     choice, at the same budgets;
#   - gate training at penalty weights λ; all three attention kinds gated
#     together, at budgets and λ;
#   - heads, FFN neurons and sublayers gated together to budgets of FLOPs
#     per generated token (issue 21), and heads alone at the same budgets
#     (refused where closing every head cannot reach one: 50%); the first
#     again with the kept weights fine-tuned (onnxprune train
#     --train-weights) at the budgets of ST_FT_BUDGETS;
#   - head roles on the UD EWT dev trees, speed vs the FLOP bound;
#   - a paired bootstrap test (onnxprune score --paired-bs, 1,000 resamples,
#     seed 12345) of every system against the dense model, and of every
#     ranking against gate training and against the random choice at the
#     same budget.
#
# The experiments run in that order, the most important first, so that a
# run stopped part-way has the main tables' figures.
#
# Sessions end and machines are not kept, so the run spans them: every
# experiment keeps what the tables need (test translations, dev loss, the
# model files' sizes and checksums, a gate run's summary.json and
# gates.json, analyses' heads.json, speed figures) in its own folder of the
# CACHE folder (a few MB, committed to the repository), and works in the
# SCRATCH folder (git-ignored: gated and pruned models, training graphs,
# logs), whose part it deletes once its cache folder is complete. A rerun
# skips every experiment whose cache folder exists, on this machine or on a
# fresh clone; an experiment interrupted on this machine resumes from its
# scratch folder (onnxprune run resumes its stages). The speed runs
# regenerate a pruned model from the cached decision and check it against
# the recorded checksums. CACHE/timings.tsv has each step's wall time.
#
# Then `resultsgen collect` gathers the cache into CACHE/results.json and
# `resultsgen render` writes SCRATCH/RESULTS.md (RESULTS.md with its
# generated blocks replaced) and SCRATCH/bleu-vs-heads.svg. Numbers are
# never typed by hand.
#
# Usage: models/reference/results.sh [CACHE]   (default models/reference/results-cache)
# Environment:
#   SMOKE=1    every step on tiny inputs (20 test sentences, 3 training steps,
#              two budgets, ...) in a few minutes; default CACHE
#              runs/results-smoke/cache
#   SCRATCH=D  the scratch folder (default runs/results-scratch, with SMOKE=1
#              runs/results-smoke/scratch)
#   UNTIL=HH:MM  start no experiment at or after this time (UTC): stop in time
#              to commit the cache before a session ends
#   MODEL=DIR  the model folder (encoder_model.onnx + decoder_model.onnx,
#              and decoder_with_past_model.onnx: greedy decoding and the
#              FLOP budgets use its key/value cache; default models/reference)
#   ONLY="NAME..."  run only these experiments (dense, gt-t10, st-f50,
#              speed-st-f50, ...: the names the run prints); the others stay
#              as they are in the cache
#   PUBLISH=1  at the end, copy SCRATCH/RESULTS.md to RESULTS.md and the
#              chart, results.json and the roles analysis to docs/results/
#              (refused with SMOKE=1); while other experiments are missing,
#              the structures block alone is published once its experiments
#              are cached
# Needs Go (it builds bin/onnxprune and bin/resultsgen), the ONNX Runtime
# library (make ort) and the train split (models/corpus/make_corpus.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
SMOKE=${SMOKE:-0}
if [ "$SMOKE" = 1 ]; then
	CACHE=${1:-runs/results-smoke/cache}
	SCRATCH=${SCRATCH:-runs/results-smoke/scratch}
else
	CACHE=${1:-models/reference/results-cache}
	SCRATCH=${SCRATCH:-runs/results-scratch}
fi
MODEL=${MODEL:-models/reference}
PUBLISH=${PUBLISH:-0}
UNTIL=${UNTIL:-}
ONLY=${ONLY:-}
if [ "$SMOKE" = 1 ] && [ "$PUBLISH" = 1 ]; then
	echo "results.sh: PUBLISH=1 with SMOKE=1 would put smoke numbers into RESULTS.md; refused" >&2
	exit 2
fi
STOP_AT=
if [ -n "$UNTIL" ]; then
	STOP_AT=$(date -u -d "$UNTIL" +%s) || { echo "results.sh: UNTIL=$UNTIL is not a time (HH:MM, UTC)" >&2; exit 2; }
fi
C=models/corpus
EWT=models/data/ud-ewt/en_ewt-ud-dev.conllu
for f in $C/data/train.en $C/data/train.es $MODEL/encoder_model.onnx $MODEL/decoder_model.onnx $EWT; do
	[ -f "$f" ] || { echo "results.sh: $f is missing (train split: /usr/bin/python3 models/corpus/make_corpus.py)" >&2; exit 2; }
done

# The experiments. Budgets and λ of the encoder runs; the ranking methods are
# pruned at the same budgets. SPEED_RUNS are timed against the dense model.
# LOSS_N 0: the dev loss on all 1,030 dev pairs, as train.py reports it.
if [ "$SMOKE" = 1 ]; then
	BUDGETS="10 4" LAMBDAS="0.05" ALL_BUDGETS="24" ALL_LAMBDAS="0.05"
	STEPS=3 MAX_TOKENS=512 TEST_N=20 VAL_N=10 LOSS_N=20 AN_N=20 EWT_N=20
	SPEED_N=5 SPEED="--bench-batch 1 --repeats 2 --rounds 2"
	ST_SPEED="--bench-batch 1,32 --repeats 2 --rounds 2"
else
	BUDGETS="24 16 10 6 4" LAMBDAS="0.005 0.01 0.02 0.05" ALL_BUDGETS="48 24 12" ALL_LAMBDAS="0.01 0.05"
	STEPS=300 MAX_TOKENS=2048 TEST_N=0 VAL_N=0 LOSS_N=0 AN_N=0 EWT_N=0
	SPEED_N=100 SPEED="--bench-batch 1,8 --repeats 30 --rounds 5"
	# one timed run a round, 20 rounds: each run paired with the other
	# model's next to it in time, and the median's 95% interval (verify)
	# from 20 round ratios
	ST_SPEED="--bench-batch 1,32 --warmup 1 --repeats 20 --rounds 20"
fi
# Issue 21: FLOP budgets (percent of the dense model's FLOPs per generated
# token) for heads, FFN neurons and sublayers gated together (st-fP), and for
# all heads alone (hd-fP: 80% is within reach of heads alone, 50% is not),
# and at ST_FT_BUDGETS st-fP with the kept weights fine-tuned (st-fP-ft,
# onnxprune train --train-weights ST_TRAIN_WEIGHTS); all timed against the
# dense model at batches 1 and 32 (ST_SPEED). The Lagrange multipliers
# ascend at ST_LAGRANGE_LR, so that the expected cost reaches the budget
# within the steps.
ST_BUDGETS="50 80"
ST_FT_BUDGETS="50" # some of ST_BUDGETS
# st-fP-tT: heads, FFN neurons and sublayers to P% of the dense FLOPs and at
# once to T% of the dense model's decoding time per generated token
# (--target-time, measured at batch 1), for each P:T
ST_TIME_BUDGETS="50:65"
ST_STRUCTURES="heads,ffn,sublayers"
ST_LAGRANGE_LR=0.1
ST_TRAIN_WEIGHTS=all # st-fP-ft: st-fP with the kept weights fine-tuned
METHODS="relevance importance confidence random"
ROLES_RUN=gt-t10    # the decision marked on the roles heatmaps
SPEED_RUNS="gt-t10 none-0 all-t24"
RANDOM_SEED=1
BS_N=1000 BS_SEED=12345
THREADS=2

mkdir -p "$CACHE" "$SCRATCH/logs"
MODEL_FILES=("$MODEL/encoder_model.onnx" "$MODEL/decoder_model.onnx")
[ -f "$MODEL/decoder_with_past_model.onnx" ] && MODEL_FILES+=("$MODEL/decoder_with_past_model.onnx")
MODEL_SHA=$(cat "${MODEL_FILES[@]}" | sha256sum | cut -c1-64)
SETTINGS="smoke=$SMOKE
model=$MODEL
model_sha256=$MODEL_SHA
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
structures_budgets=$ST_BUDGETS
structures_ft_budgets=$ST_FT_BUDGETS
structures_time_budgets=$ST_TIME_BUDGETS
structures=$ST_STRUCTURES
structures_lagrange_lr=$ST_LAGRANGE_LR
structures_speed_flags=$ST_SPEED
random_seed=$RANDOM_SEED
bootstrap_resamples=$BS_N
bootstrap_seed=$BS_SEED
threads=$THREADS"
# One CACHE holds one configuration of one model: the cached outputs of
# another would mix in.
if [ -f "$CACHE/settings.env" ]; then
	if [ "$(cat "$CACHE/settings.env")" != "$SETTINGS" ]; then
		echo "results.sh: $CACHE was made with other settings or another model ($CACHE/settings.env differs:" >&2
		diff <(printf '%s\n' "$SETTINGS") "$CACHE/settings.env" | grep '^[<>]' | head -n 6 >&2 || true
		echo "); remove it to start over (git rm -r when committed), or give another CACHE" >&2
		exit 2
	fi
else
	printf '%s\n' "$SETTINGS" >"$CACHE/settings.env"
fi

make -s build >/dev/null
go build -o bin/resultsgen ./models/reference/resultsgen
OP=bin/onnxprune
RG=bin/resultsgen
TIMES=$CACHE/timings.tsv
LOGS=$SCRATCH/logs

# stopped: whether UNTIL has come (no further experiment starts).
STOPPED=0
stopped() {
	if [ "$STOPPED" = 0 ] && [ -n "$STOP_AT" ] && [ "$(date -u +%s)" -ge "$STOP_AT" ]; then
		STOPPED=1
		echo "results.sh: UNTIL=$UNTIL has come; starting no further experiment"
	fi
	[ "$STOPPED" = 1 ]
}

# runstep NAME OUTPUT COMMAND...: run COMMAND unless OUTPUT exists, its
# output in SCRATCH/logs/NAME.log and its wall time in CACHE/timings.tsv.
# COMMAND must leave OUTPUT only when it succeeded.
runstep() {
	local name=$1 done=$2
	shift 2
	[ -e "$done" ] && return 0
	local t0
	t0=$(date +%s.%N)
	echo "== $name"
	if ! "$@" >"$LOGS/$name.log" 2>&1; then
		echo "results.sh: step $name failed; the end of $LOGS/$name.log:" >&2
		tail -n 5 "$LOGS/$name.log" >&2
		exit 1
	fi
	if [ ! -e "$done" ]; then
		echo "results.sh: step $name did not write $done" >&2
		exit 1
	fi
	printf '%s\t%s\n' "$name" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}')" >>"$TIMES"
}
# step NAME OUTPUT COMMAND...: an experiment: runstep, unless UNTIL has
# come or ONLY leaves it out.
step() {
	[ -e "$2" ] && return 0
	[ -n "$ONLY" ] && [[ " $ONLY " != *" $1 "* ]] && return 0
	stopped && return 0
	runstep "$@"
}

# first N lines of a file (all with N = 0) into SCRATCH/data
subset() { # SRC N DEST
	if [ "$2" = 0 ]; then cp "$1" "$3.tmp"; else head -n "$2" "$1" >"$3.tmp"; fi
	mv "$3.tmp" "$3"
}
D=$SCRATCH/data
mkdir -p $D
for l in en es; do
	[ -f $D/test.$l ] || subset $C/test.$l $TEST_N $D/test.$l
	[ -f $D/val.$l ] || subset models/demo/slice/bible-dev.$l $VAL_N $D/val.$l
	[ -f $D/speed.$l ] || subset models/demo/slice/bible-test.$l $SPEED_N $D/speed.$l
done
[ -f $D/ewt-dev.txt ] || { grep '^# text = ' $EWT | sed 's/^# text = //' >$D/ewt-dev.txt.tmp && mv $D/ewt-dev.txt.tmp $D/ewt-dev.txt; }

SPM="--tokenizer $C/spm8k.model"
TR="$SPM --src $D/test.en --max-len 160 --threads $THREADS"
RUN="--config models/demo/pipeline.yaml --model $MODEL --threads $THREADS
  --train $C/data/train.en,$C/data/train.es --dev $D/val.en,$D/val.es --test $D/test.en,$D/test.es
  --max-steps $STEPS --max-tokens $MAX_TOKENS --analyze=false --no-bench"

# The functions below run inside `if` (step), where bash ignores set -e: each
# command that can fail returns explicitly.

# part NAME: an empty CACHE/NAME.part, the experiment's cache folder being
# filled; finish NAME renames it CACHE/NAME, the mark that it is done.
part() {
	rm -rf "$CACHE/$1.part" && mkdir -p "$CACHE/$1.part"
}
finish() {
	rm -rf "$CACHE/$1" && mv "$CACHE/$1.part" "$CACHE/$1"
}
# translate MODEL HYP: greedy translations of the test sources
translate() {
	$OP translate "$1" $TR --overwrite -o "$2.tmp" || return
	mv "$2.tmp" "$2"
}
# devloss MODEL JSON: teacher-forced cross-entropy per target token on the
# first LOSS_N dev pairs (onnxprune loss)
devloss() {
	$OP loss "$1" $SPM --dev $C/dev.en,$C/dev.es --max-sentences $LOSS_N --threads $THREADS --json >"$2.tmp" || return
	mv "$2.tmp" "$2"
}
# system NAME DIR: translate the model in DIR, its dev loss and model.json
# into CACHE/NAME; then delete DIR
system() {
	local p=$CACHE/$1.part
	part "$1" || return
	translate "$2" "$p/test.hyp" || return
	devloss "$2" "$p/loss.json" || return
	$RG record --model "$2" -o "$p/model.json" || return
	finish "$1" || return
	rm -rf "$2"
}
# prunemodel NAME DIR: the pruned model of experiment NAME into DIR: a gate
# run's from its cached gates.json, none-0 without encoder self-attention,
# METHOD-N keeping the N encoder heads METHOD ranks highest (all of the
# model's files: with a cache, the decoder_with_past file too)
prunemodel() {
	local name=$1 dir=$2 keep
	rm -rf "$dir"
	case $name in
	gt-* | all-* | st-* | hd-*)
		$OP prune "${MODEL_FILES[@]}" --gates "$CACHE/$name/gates.json" -o "$dir"
		;;
	none-0)
		$OP prune "${MODEL_FILES[@]}" --remove "encoder:*:*" -o "$dir"
		;;
	*)
		keep=$($RG keep --heads "$CACHE/an-dev/heads.json" --by "${name%-*}" --n "${name##*-}" --seed $RANDOM_SEED) || return
		$OP prune "${MODEL_FILES[@]}" --keep "$keep,decoder:*:*,cross:*:*" -o "$dir"
		;;
	esac
}
# dense: the dense model's translations, dev loss and size
dense() {
	local p=$CACHE/dense.part
	part dense || return
	translate "$MODEL" "$p/test.hyp" || return
	devloss "$MODEL" "$p/loss.json" || return
	$RG record --model "$MODEL" -o "$p/model.json" || return
	finish dense
}
# analysis NAME FLAGS...: onnxprune analyze of the dense model; heads.json
# (and the roles' heatmaps and summary) into CACHE/NAME
analysis() {
	local name=$1 s=$SCRATCH/$1
	shift
	rm -rf "$s"
	$OP analyze "$MODEL/encoder_model.onnx" "$MODEL/decoder_model.onnx" $SPM --threads $THREADS -o "$s" "$@" || return
	part "$name" || return
	cp "$s/heads.json" "$CACHE/$name.part/" || return
	if [ "$name" = ewt-roles ]; then
		cp "$s"/{summary.md,relevance.svg,importance.svg,confidence.svg,roles.svg} "$CACHE/$name.part/" || return
	fi
	finish "$name" || return
	rm -rf "$s"
}
# rankprune METHOD N: keep the N encoder heads METHOD ranks highest
rankprune() {
	local s=$SCRATCH/rank/$1-$2
	prunemodel "$1-$2" "$s" || return
	system "rank/$1-$2" "$s"
}
# noencoder: all encoder self-attention heads removed
noencoder() {
	local s=$SCRATCH/rank/none-0
	prunemodel none-0 "$s" || return
	system rank/none-0 "$s"
}
# gaterun NAME FLAGS...: onnxprune run (gate training, pruning, verify) in
# SCRATCH/NAME; summary.json, gates.json, the pruned model's translations,
# dev loss and model.json into CACHE/NAME
gaterun() {
	local name=$1 s=$SCRATCH/$1
	shift
	$OP run $RUN -o "$s" "$@" || return
	gatecache "$name" "$s"
}
# gatecache NAME DIR: what the tables need of the onnxprune run in DIR into
# CACHE/NAME; then delete DIR
gatecache() {
	local name=$1 s=$2 p=$CACHE/$1.part
	part "$name" || return
	cp "$s/summary.json" "$s/train/gates.json" "$p/" || return
	cp "$s/verify/pruned.hyp" "$p/test.hyp" || return
	devloss "$s/pruned" "$p/loss.json" || return
	$RG record --model "$s/pruned" --dense "$CACHE/dense/test.hyp" --original "$s/verify/original.hyp" -o "$p/model.json" || return
	finish "$name" || return
	rm -rf "$s"
}
# budgetrun NAME FLAGS...: gaterun to a FLOP or parameter budget; where
# closing every gated unit cannot reach the budget, onnxprune refuses it
# before training, and its message goes to CACHE/NAME/unreachable.txt
budgetrun() {
	local name=$1 s=$SCRATCH/$1 err=$SCRATCH/$1.stderr
	shift
	if $OP run $RUN -o "$s" "$@" 2>"$err"; then
		cat "$err" >&2
		rm -f "$err"
		gatecache "$name" "$s"
		return
	fi
	cat "$err" >&2
	grep -q 'out of reach' "$err" || return 1
	part "$name" || return
	grep 'out of reach' "$err" >"$CACHE/$name.part/unreachable.txt" || return
	finish "$name" || return
	rm -rf "$s" "$err"
}
# finetunerun NAME FLAGS...: gate training with the kept weights fine-tuned
# (onnxprune train FLAGS, e.g. --train-weights all) on the dense model's
# folder, the seed and data of the run experiments; the trained files
# (encoder, decoder and, when the model has one, the decoder with past,
# which train writes with the decoder's trained weights: docs/train.md)
# pruned by the gates and checked against their gated copy on the speed
# verses (verify.json); the pruned model's test translations, dev loss and
# model.json, with gates.json and verify.json, into CACHE/NAME. An
# interrupted training resumes from its checkpoint.
finetunerun() {
	local name=$1 s=$SCRATCH/$1 p=$CACHE/$1.part f resume=()
	shift
	if [ ! -f "$s/train.done" ]; then
		if [ -f "$s/train/checkpoint.gob" ]; then resume=(--resume); else rm -rf "$s/train"; fi
		$OP train "$MODEL" $SPM --train $C/data/train.en,$C/data/train.es --dev $D/val.en,$D/val.es --seed 1 \
			--max-steps $STEPS --max-tokens $MAX_TOKENS --threads $THREADS "${resume[@]}" -o "$s/train" "$@" || return
		touch "$s/train.done" || return
	fi
	rm -rf "$s/trained" "$s/pruned" "$s/verify" && mkdir -p "$s/trained" || return
	for f in "${MODEL_FILES[@]}"; do
		f=$(basename "$f")
		cp "$s/train/trained_$f" "$s/trained/$f" || return
	done
	$OP prune "$s/trained" --gates "$s/train/gates.json" -o "$s/pruned" || return
	$OP verify --original "$s/trained" --pruned "$s/pruned" --gates "$s/train/gates.json" $V --no-bench -o "$s/verify" || return
	part "$name" || return
	cp "$s/train/gates.json" "$s/verify/verify.json" "$p/" || return
	translate "$s/pruned" "$p/test.hyp" || return
	devloss "$s/pruned" "$p/loss.json" || return
	$RG record --model "$s/pruned" -o "$p/model.json" || return
	finish "$name" || return
	# the pruned fine-tuned files stay in SCRATCH for the speed run (the
	# cache has their checksums, not their weights)
	mkdir -p "$SCRATCH/ft-models" && rm -rf "$SCRATCH/ft-models/$name" || return
	mv "$s/pruned" "$SCRATCH/ft-models/$name" || return
	rm -rf "$s"
}
# speedrun NAME [FLAGS...]: the pruned model of NAME regenerated and checked
# against its model.json, timed against the dense model interleaved (run on
# an otherwise idle machine) with the speed FLAGS (default SPEED);
# verify.json into CACHE/speed/NAME, and timed.txt, which model was timed.
# A fine-tuned run (NAME-ft) times its own pruned files, which finetunerun
# leaves in SCRATCH/ft-models, checked against its model.json (no gated
# oracle: the dense files are not its weights), and keeps them for a rerun;
# when they are gone (another machine), the dense files cut by its gates,
# which have the same shapes and so the same speed, and timed.txt says so.
speedrun() {
	local name=$1 m=$SCRATCH/speed/$1-model v=$SCRATCH/speed/$1 cached=$CACHE/$1 check flags=$SPEED timed=dense-cut
	[ $# -gt 1 ] && flags=$2
	case $name in
	gt-* | all-* | st-* | hd-*) check=(--gates "$CACHE/$name/gates.json") ;;
	none-0) check=(--remove "encoder:*:*") cached=$CACHE/rank/none-0 ;;
	*)
		echo "speed run $name: only gate runs and none-0 are timed" >&2
		return 1
		;;
	esac
	if [[ $name == *-ft ]] && [ -d "$SCRATCH/ft-models/$name" ]; then
		m=$SCRATCH/ft-models/$name timed=fine-tuned check=()
		$RG record --model "$m" --expect "$cached/model.json" || return
	else
		prunemodel "$name" "$m" || return
		if [[ $name != *-ft ]]; then
			$RG record --model "$m" --expect "$cached/model.json" || return
		fi
	fi
	rm -rf "$v"
	$OP verify --original "$MODEL" --pruned "$m" "${check[@]}" $V $flags -o "$v" || return
	part "speed/$name" || return
	cp "$v/verify.json" "$CACHE/speed/$name.part/" || return
	echo "$timed" >"$CACHE/speed/$name.part/timed.txt" || return
	finish "speed/$name" || return
	# fine-tuned files stay for a later rerun of the speed run
	[ "$timed" = fine-tuned ] || rm -rf "$m"
	rm -rf "$v"
}
V="--test $D/speed.en,$D/speed.es $SPM --max-len 160 --threads $THREADS"

# 1. the dense model: translations, dev loss, rankings on the dev verses
step dense "$CACHE/dense" dense
step an-dev "$CACHE/an-dev" analysis an-dev --dev $C/dev.en,$C/dev.es --max-sentences $AN_N
# 2. all encoder self-attention removed
step none-0 "$CACHE/rank/none-0" noencoder
# 3. gate training of the encoder heads at each budget
for N in $BUDGETS; do
	step gt-t$N "$CACHE/gt-t$N" gaterun gt-t$N --target-heads $N
done
# 4. pruning by a ranking, no training: one curve after the other
for BY in $METHODS; do
	for N in $BUDGETS; do
		step rank-$BY-$N "$CACHE/rank/$BY-$N" rankprune $BY $N
	done
done
# 5. gate training at each λ; all kinds gated together
for L in $LAMBDAS; do
	step gt-l$L "$CACHE/gt-l$L" gaterun gt-l$L --target-heads 0 --l0-lambda $L
done
for N in $ALL_BUDGETS; do
	step all-t$N "$CACHE/all-t$N" gaterun all-t$N --attention encoder,decoder,cross --target-heads $N
done
for L in $ALL_LAMBDAS; do
	step all-l$L "$CACHE/all-l$L" gaterun all-l$L --attention encoder,decoder,cross --target-heads 0 --l0-lambda $L
done
# The FLOP-budget runs of issue 21, in the order of RESULTS.md's table
# (ST_FT_BUDGETS are some of ST_BUDGETS).
ST_RUNS=
for P in $ST_BUDGETS; do
	ST_RUNS+=" st-f$P hd-f$P"
	[[ " $ST_FT_BUDGETS " == *" $P "* ]] && ST_RUNS+=" st-f$P-ft"
done
for PT in $ST_TIME_BUDGETS; do
	ST_RUNS+=" st-f${PT%%:*}-t${PT##*:}"
done
# 5b. issue 21: heads, FFN neurons and sublayers to a FLOP budget, and all
# heads alone at the same budget; fine-tuned at ST_FT_BUDGETS
for P in $ST_BUDGETS; do
	step st-f$P "$CACHE/st-f$P" budgetrun st-f$P --attention encoder,decoder,cross --structures $ST_STRUCTURES \
		--target-heads 0 --target-flops $P% --lagrange-lr $ST_LAGRANGE_LR
	step hd-f$P "$CACHE/hd-f$P" budgetrun hd-f$P --attention encoder,decoder,cross --structures heads \
		--target-heads 0 --target-flops $P% --lagrange-lr $ST_LAGRANGE_LR
done
for PT in $ST_TIME_BUDGETS; do
	P=${PT%%:*} T=${PT##*:}
	step st-f$P-t$T "$CACHE/st-f$P-t$T" budgetrun st-f$P-t$T --attention encoder,decoder,cross --structures $ST_STRUCTURES \
		--target-heads 0 --target-flops $P% --target-time $T% --time-batch 1 --lagrange-lr $ST_LAGRANGE_LR
done
for P in $ST_FT_BUDGETS; do
	step st-f$P-ft "$CACHE/st-f$P-ft" finetunerun st-f$P-ft --attention encoder,decoder,cross --structures $ST_STRUCTURES \
		--target-heads 0 --target-flops $P% --lagrange-lr $ST_LAGRANGE_LR --train-weights $ST_TRAIN_WEIGHTS
done
# 6. roles on the UD English-EWT dev trees, with the ROLES_RUN decision marked
if [ -d "$CACHE/$ROLES_RUN" ]; then
	step ewt-roles "$CACHE/ewt-roles" analysis ewt-roles --dev $D/ewt-dev.txt --conllu $EWT --max-sentences $EWT_N \
		--gates "$CACHE/$ROLES_RUN/gates.json"
fi
# 7. speed, original and pruned interleaved
for run in $SPEED_RUNS; do
	if [ -d "$CACHE/$run" ] || [ -d "$CACHE/rank/$run" ]; then
		step speed-$run "$CACHE/speed/$run" speedrun $run
	fi
done
for run in $ST_RUNS; do
	if [ -f "$CACHE/$run/gates.json" ]; then
		step speed-$run "$CACHE/speed/$run" speedrun $run "$ST_SPEED"
	fi
done

# 8. paired bootstrap (cheap: always redone over the systems cached so
# far): every system against the dense model, every ranking against gate
# training and against the random choice at the same budget
pairedbs() { # OUTPUT BASELINE SYSTEM... (NAME=FILE each)
	local out=$1
	shift
	local args=()
	for s in "$@"; do args+=(--hyp "$s"); done
	$OP score --ref $D/test.es "${args[@]}" --paired-bs --paired-bs-n $BS_N --seed $BS_SEED --json >"$out.tmp" || return
	mv "$out.tmp" "$out"
}
mkdir -p "$CACHE/bs"
TIMES=$SCRATCH/timings-bs.tsv # redone every time: kept out of the cache
if [ -f "$CACHE/dense/test.hyp" ]; then
	systems=()
	for d in "$CACHE"/gt-* "$CACHE"/all-* "$CACHE"/st-* "$CACHE"/hd-* "$CACHE"/rank/*; do
		[ -f "$d/test.hyp" ] && [[ $d != *.part ]] && systems+=("$(basename "$d")=$d/test.hyp")
	done
	if [ ${#systems[@]} -gt 0 ]; then
		rm -f "$CACHE/bs/vs-dense.json"
		runstep bs-vs-dense "$CACHE/bs/vs-dense.json" pairedbs "$CACHE/bs/vs-dense.json" "dense=$CACHE/dense/test.hyp" "${systems[@]}"
	fi
fi
for N in $BUDGETS; do
	for against in gt-t$N random-$N; do
		base=$CACHE/$against/test.hyp
		[ $against = random-$N ] && base=$CACHE/rank/random-$N/test.hyp
		ranks=()
		for BY in $METHODS; do
			h=$CACHE/rank/$BY-$N/test.hyp
			[ $BY-$N = $against ] || { [ -f "$h" ] && ranks+=("$BY-$N=$h"); }
		done
		rm -f "$CACHE/bs/vs-$against.json"
		if [ -f "$base" ] && [ ${#ranks[@]} -gt 0 ]; then
			runstep bs-vs-$against "$CACHE/bs/vs-$against.json" pairedbs "$CACHE/bs/vs-$against.json" "$against=$base" "${ranks[@]}"
		fi
	done
done

# 9. collect and render (cheap: always redone) once every experiment is
# cached; the structures block (issue 21) as soon as its experiments are
st_expected="dense"
for run in $ST_RUNS; do
	st_expected+=" $run"
	[ -f "$CACHE/$run/gates.json" ] && st_expected+=" speed/$run"
done
st_done=1
for e in $st_expected; do [ -d "$CACHE/$e" ] || st_done=0; done
expected="dense an-dev rank/none-0"
for N in $BUDGETS; do expected+=" gt-t$N"; done
for BY in $METHODS; do for N in $BUDGETS; do expected+=" rank/$BY-$N"; done; done
for L in $LAMBDAS; do expected+=" gt-l$L"; done
for N in $ALL_BUDGETS; do expected+=" all-t$N"; done
for L in $ALL_LAMBDAS; do expected+=" all-l$L"; done
expected+=" ewt-roles"
for run in $SPEED_RUNS; do expected+=" speed/$run"; done
expected+=" ${st_expected#dense }"
missing=()
for e in $expected; do [ -d "$CACHE/$e" ] || missing+=("$e"); done
if [ ${#missing[@]} -gt 0 ] && [ $st_done = 1 ]; then
	$RG collect --structures "$CACHE"
	$RG render --structures "$CACHE/structures.json" --template RESULTS.md -o "$SCRATCH/RESULTS.md"
	echo "structures: $CACHE/structures.json, $SCRATCH/RESULTS.md (the structures block)"
	if [ "$PUBLISH" = 1 ]; then
		cp "$SCRATCH/RESULTS.md" RESULTS.md
		echo "published: the structures block of RESULTS.md"
	fi
fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "results.sh: $(($(wc -w <<<"$expected") - ${#missing[@]})) of $(wc -w <<<"$expected") experiments cached; next: ${missing[*]:0:3}"
	echo "commit the cache and rerun to continue:"
	echo "  git add $CACHE && git commit -m 'results cache: partial run'"
	exit 0
fi
$RG collect "$CACHE"
$RG render --results "$CACHE/results.json" --template RESULTS.md -o "$SCRATCH/RESULTS.md" --svg "$SCRATCH/bleu-vs-heads.svg"
echo "results: $CACHE/results.json, $SCRATCH/RESULTS.md, $SCRATCH/bleu-vs-heads.svg"
if [ "$PUBLISH" = 1 ]; then
	mkdir -p docs/results/ewt-roles
	cp "$SCRATCH/RESULTS.md" RESULTS.md
	cp "$SCRATCH/bleu-vs-heads.svg" "$CACHE/results.json" docs/results/
	cp "$CACHE"/ewt-roles/{heads.json,summary.md,relevance.svg,importance.svg,confidence.svg,roles.svg} docs/results/ewt-roles/
	echo "published: RESULTS.md, docs/results/"
fi
