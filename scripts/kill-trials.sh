#!/usr/bin/env bash
# kill-trials.sh: kill -9 `onnxprune prune` and `onnxprune train` at random
# moments and check that no output is ever corrupt.
#
# Usage: scripts/kill-trials.sh [TRIALS] [MODEL_MB]   (defaults 20 and 200)
#
# prune: a synthetic model of MODEL_MB MiB with external data
#   (tests/large/mksynth) is pruned once without interruption (the reference),
#   then TRIALS times into a fresh output and TRIALS times over an existing
#   output (--overwrite) made by a different prune, each killed with SIGKILL
#   after a random delay in [0, 2 × the reference run's time]. Afterwards
#   the output model must be absent, or the old pair (overwrite), or else
#   load (`onnxprune inspect`) and equal the reference byte for byte, model
#   and data file both. (When overwriting, "absent" is the moment between
#   the two renames: the old model was removed, the new data is in place.)
# train: the planted fixture is trained once without interruption (the
#   reference gates.json), then TRIALS times killed at a random moment;
#   every JSON file left must parse, and the run is finished with --resume
#   when a checkpoint exists (from scratch otherwise). The finished gates.json
#   must equal the reference's.
#
# Leftover temporary files (.NAME.tmp-*) are counted: a killed process
# cannot remove them. Needs ONNX Runtime (make ort) for train.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
trials=${1:-20}
model_mb=${2:-200}
work=$(mktemp -d "${TMPDIR:-/tmp}/kill-trials.XXXXXX")
trap 'rm -rf "$work"' EXIT
export ONNXPRUNE_ORT_LIB=${ONNXPRUNE_ORT_LIB:-$root/.ort/lib/libonnxruntime.so.1}
bin=$work/onnxprune
go build -o "$bin" ./cmd/onnxprune
go run ./tests/large/mksynth -o "$work/in" -size-mb "$model_mb" -layers 2 -heads 8 -head-dim 32 >/dev/null
in=$work/in/model.onnx
in_hash=$(cat "$in" "$in.data" | sha256sum)
spec=encoder:0:1,encoder:0:6,encoder:1:*
old_spec=encoder:0:2

now() { date +%s.%N; }
# rand_delay MAX: a random number of seconds in [0, MAX].
rand_delay() { awk -v max="$1" -v r="$RANDOM$RANDOM" 'BEGIN { srand(r); printf "%.3f", rand() * max }'; }
fail=0
bad() { echo "FAIL: $*"; fail=1; }
temps() { if [ -d "$1" ]; then find "$1" -maxdepth 2 -name '.*.tmp*' | wc -l; else echo 0; fi; }

# ---- prune ----
# The reference and the old output are made under the trials' output name,
# out.onnx, since a model names its data file (out.onnx.data).
mkdir -p "$work/ref" "$work/old"
t0=$(now)
"$bin" prune "$in" --remove "$spec" -o "$work/ref/out.onnx" >/dev/null
ref_time=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
"$bin" prune "$in" --remove "$old_spec" -o "$work/old/out.onnx" >/dev/null
ref_model=$(sha256sum <"$work/ref/out.onnx"); ref_data=$(sha256sum <"$work/ref/out.onnx.data")
old_model=$(sha256sum <"$work/old/out.onnx"); old_data=$(sha256sum <"$work/old/out.onnx.data")
max=$(awk -v t="$ref_time" 'BEGIN { printf "%.3f", 2 * t }')
echo "prune reference: ${ref_time}s for a $(du -sh "$work/in" | cut -f1) model; kills in [0, ${max}s]"

declare -A count
leftover=0
for mode in fresh overwrite; do
  for i in $(seq 1 "$trials"); do
    d=$work/p-$mode-$i; mkdir -p "$d"; out=$d/out.onnx
    args=()
    if [ "$mode" = overwrite ]; then
      cp "$work/old/out.onnx" "$out"; cp "$work/old/out.onnx.data" "$out.data"; args=(--overwrite)
    fi
    delay=$(rand_delay "$max")
    "$bin" prune "$in" --remove "$spec" -o "$out" "${args[@]}" >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    leftover=$((leftover + $(temps "$d")))
    if [ ! -e "$out" ]; then
      # Overwriting a model with external data: onnxio.Save removes the old
      # model just before renaming the new data over the old, so a kill
      # between the two renames leaves no model (never old model + new data).
      state=absent
    else
      m=$(sha256sum <"$out"); dd=$(sha256sum <"$out.data" 2>/dev/null || echo none)
      if [ "$m" = "$ref_model" ] && [ "$dd" = "$ref_data" ]; then
        state=new
      elif [ "$mode" = overwrite ] && [ "$m" = "$old_model" ] && [ "$dd" = "$old_data" ]; then
        state=old
      else
        state=corrupt
        what="model $( [ "$m" = "$ref_model" ] && echo new || { [ "$m" = "$old_model" ] && echo old || echo other; }), data $( [ "$dd" = "$ref_data" ] && echo new || { [ "$dd" = "$old_data" ] && echo old || echo other; })"
        bad "prune $mode #$i (killed after ${delay}s): output is neither old nor new ($what)"
      fi
      if [ "$state" != corrupt ] && ! "$bin" inspect "$out" >/dev/null 2>&1; then
        bad "prune $mode #$i: output does not load"
      fi
    fi
    count[$mode-$state]=$(( ${count[$mode-$state]:-0} + 1 ))
    rm -rf "$d"
  done
done
[ "$(cat "$in" "$in.data" | sha256sum)" = "$in_hash" ] || bad "the input model changed"
for k in "${!count[@]}"; do echo "prune $k: ${count[$k]}"; done | sort
echo "prune: $leftover temporary files left by killed runs"

# ---- train ----
if [ ! -e "$ONNXPRUNE_ORT_LIB" ]; then
  echo "FAIL: ONNX Runtime library $ONNXPRUNE_ORT_LIB missing (make ort)"; exit 1
fi
p=$root/models/planted
train_args=("$p/planted.onnx" --train "$p/train.src,$p/train.tgt" --ids --specials pad=0,decoder-start=1,eos=2
  --max-steps 300 --checkpoint-every 25 --l0-lambda 0.05 --init-log-alpha 2 --max-tokens 512 --threads 1 --seed 5 --log-every 1000)
t0=$(now)
"$bin" train "${train_args[@]}" -o "$work/tref" >/dev/null 2>&1
train_time=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.3f", b - a }')
max=$(awk -v t="$train_time" 'BEGIN { printf "%.3f", 1.1 * t }')
echo "train reference: ${train_time}s; kills in [0, ${max}s]"
resumed=0 scratch=0 finished=0 leftover=0
for i in $(seq 1 "$trials"); do
  d=$work/t-$i
  delay=$(rand_delay "$max")
  "$bin" train "${train_args[@]}" -o "$d" >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  leftover=$((leftover + $(temps "$d")))
  while IFS= read -r f; do
    jq -e . "$f" >/dev/null 2>&1 || bad "train #$i (killed after ${delay}s): $f is not valid JSON"
  done < <(find "$d" -name '*.json' 2>/dev/null)
  if [ -e "$d/gates.json" ] && ! [ -e "$d/checkpoint.gob" ]; then
    bad "train #$i: gates.json without a checkpoint"
  fi
  if [ -e "$d/checkpoint.gob" ]; then
    how=resume; resumed=$((resumed + 1))
    "$bin" train "${train_args[@]}" -o "$d" --resume >"$d.log" 2>&1 || bad "train #$i: --resume failed: $(tail -1 "$d.log")"
  else
    how=scratch; scratch=$((scratch + 1))
    "$bin" train "${train_args[@]}" -o "$d" --overwrite >"$d.log" 2>&1 || bad "train #$i: rerun failed: $(tail -1 "$d.log")"
  fi
  if cmp -s "$d/gates.json" "$work/tref/gates.json"; then
    finished=$((finished + 1))
  else
    bad "train #$i (killed after ${delay}s, $how): gates.json differs from the uninterrupted run's"
  fi
  rm -rf "$d" "$d.log"
done
echo "train: $resumed resumed from a checkpoint, $scratch restarted (killed before the first checkpoint), $finished of $trials equal to the uninterrupted run"
echo "train: $leftover temporary files left by killed runs"
if [ "$fail" = 0 ]; then echo "kill-trials: PASS"; else echo "kill-trials: FAIL"; exit 1; fi
