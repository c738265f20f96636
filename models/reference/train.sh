#!/bin/sh
# Start or continue training the reference model in the background.
# Usage: models/reference/train.sh [extra train.py flags]
# Resumes from $CKPT_DIR/last.pt when it exists, else from the committed
# models/reference/state/resume.pt (see state.py). Log: $CKPT_DIR/train.log.
set -eu
cd "$(dirname "$0")/../.."
PY=${PY:-/opt/onnxprune-venv/bin/python}
CKPT_DIR=${CKPT_DIR:-/work/refmodel-ckpt}
mkdir -p "$CKPT_DIR"
if [ ! -f models/corpus/data/train.en ]; then
	/usr/bin/python3 models/corpus/make_corpus.py
fi
# A fresh machine continues from the state committed by the last session.
if [ ! -f "$CKPT_DIR/last.pt" ] && [ -f models/reference/state/resume.pt ]; then
	"$PY" models/reference/state.py unpack models/reference/state/resume.pt "$CKPT_DIR/last.pt"
fi
if [ -f "$CKPT_DIR/last.pt" ]; then
	set -- --resume "$@"
else
	# The recipe of the committed model (see README.md).
	set -- --d-model 128 --ffn-dim 512 --decoder-layers 3 --max-tokens 2000 \
		--lr 2e-3 --warmup 600 --seed 1234 --log-every 25 --ckpt-minutes 5 \
		--bleu-sentences 300 "$@"
fi
nohup nice -n "${NICE:-10}" "$PY" models/reference/train.py --ckpt-dir "$CKPT_DIR" "$@" \
	>>"$CKPT_DIR/nohup.out" 2>&1 &
echo $! >"$CKPT_DIR/train.pid"
echo "training in background, pid $(cat "$CKPT_DIR/train.pid"), log $CKPT_DIR/train.log"
