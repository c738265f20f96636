#!/usr/bin/env bash
# gpu-check.sh: the checks of the CUDA path that need an NVIDIA GPU. Run it
# from the repository on a machine with the NVIDIA driver, after
# `CUDA_LIBS=pip make ort-gpu` (or with CUDA 12 + cuDNN 9 installed):
#
#   bash scripts/gpu-check.sh [OUT]        (default OUT: bin/gpu-check)
#
# 1. translate the first 200 test verses with the reference model on cuda and
#    on cpu: the translations must be identical; tokens/s of each;
# 2. the reference model's logits on a padded batch, cuda vs cpu, within 1e-3
#    (go test ./tests/gpulib -run TestCUDAMatchesCPU);
# 3. 50 gate-training steps on cuda and on cpu with the gates held at 1
#    (--init-log-alpha 20): the step-1 losses must agree within 1e-3; target
#    tokens/s of each.
# Prints one line per check and exits non-zero when one fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${1:-bin/gpu-check}
mkdir -p "$out"
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || echo "gpu-check: nvidia-smi not found; continuing"
make -s build
bin=bin/onnxprune
fail=0
head -n 200 models/corpus/test.en >"$out/src.en"
head -n 400 models/corpus/dev.en >"$out/train.en"
head -n 400 models/corpus/dev.es >"$out/train.es"

for p in cpu cuda; do
	s=$(date +%s.%N)
	"$bin" translate models/reference --tokenizer models/corpus/spm8k.model --src "$out/src.en" \
		-o "$out/hyp.$p" --overwrite --provider "$p" 2>"$out/translate.$p.log"
	e=$(date +%s.%N)
	echo "gpu-check: translate on $p: $(tail -n 1 "$out/translate.$p.log") (wall $(echo "$e - $s" | bc) s)"
done
if cmp -s "$out/hyp.cpu" "$out/hyp.cuda"; then
	echo "gpu-check: PASS translations identical on cuda and cpu (200 verses)"
else
	echo "gpu-check: FAIL translations differ on $(diff "$out/hyp.cpu" "$out/hyp.cuda" | grep -c '^<') of 200 verses"
	fail=1
fi

if ONNXPRUNE_GPU_CHECK=1 go test -count=1 -v ./tests/gpulib -run TestCUDAMatchesCPU >"$out/logits.log" 2>&1; then
	echo "gpu-check: PASS $(grep -o 'max |logits.*' "$out/logits.log")"
else
	echo "gpu-check: FAIL logits: $(tail -n 5 "$out/logits.log" | tr '\n' ' ')"
	fail=1
fi

for p in cpu cuda; do
	rm -rf "$out/train.$p"
	s=$(date +%s.%N)
	"$bin" train models/reference --tokenizer models/corpus/spm8k.model --train "$out/train.en,$out/train.es" \
		--max-steps 50 --init-log-alpha 20 --lr 1e-9 --seed 1 \
		-o "$out/train.$p" --provider "$p" >"$out/train.$p.log" 2>&1
	echo "$(date +%s.%N) - $s" | bc >"$out/train.$p.seconds"
	echo "gpu-check: train on $p: $(grep -E 'copied per step|provider' "$out/train.$p.log" | tr '\n' ' ')"
done
ce() { head -n 1 "$1/train.jsonl" | sed -E 's/.*"ce":([-0-9.eE+]+).*/\1/'; }
tps() { awk -F'"tokens":' '{split($2,a,","); n+=a[1]} END {print n}' "$1/train.jsonl"; }
c1=$(ce "$out/train.cpu")
c2=$(ce "$out/train.cuda")
d=$(echo "define abs(x) { if (x < 0) return -x; return x }; abs($c1 - $c2)" | bc -l)
if [ "$(echo "$d <= 0.001" | bc -l)" = 1 ]; then
	echo "gpu-check: PASS step-1 loss cpu $c1, cuda $c2 (|diff| $d)"
else
	echo "gpu-check: FAIL step-1 loss cpu $c1, cuda $c2 (|diff| $d > 1e-3)"
	fail=1
fi
for p in cpu cuda; do
	echo "gpu-check: gate training on $p: $(echo "$(tps "$out/train.$p") / $(cat "$out/train.$p.seconds")" | bc) target tokens/s (50 steps, graph building included)"
done
exit $fail
