#!/bin/sh
# Runs the Go gate-training step benchmark (gatetrain BenchmarkTrainStepPlanted)
# and its PyTorch peer (train_gates_torch.py) side by side, alternating, on the
# same weights, batch and thread count, and prints tokens/s of each round and the
# ratio of the medians (Go / PyTorch).
#   PYTHON=/path/to/venv/bin/python bench/peers/train_gates_bench.sh [THREADS] [ROUNDS]
# PYTHON is a Python with torch and onnx (bench/requirements.txt); it must be
# given, e.g. PYTHON=bench/.venv/bin/python after
#   python3 -m venv bench/.venv && bench/.venv/bin/pip install -r bench/requirements.txt
set -eu
cd "$(dirname "$0")/../.."
THREADS=${1:-1}
ROUNDS=${2:-3}
PY=${PYTHON:?set PYTHON to a Python with torch and onnx (see the comment at the top of this script)}
go test -c -o /tmp/gatetrain.bench ./gatetrain
go_tps() {
	(cd gatetrain && ONNXPRUNE_BENCH_THREADS=$THREADS /tmp/gatetrain.bench -test.run '^$' \
		-test.bench 'TrainStepPlanted$' -test.benchtime 200x) |
		awk '/tokens\/s/ { for (i = 1; i < NF; i++) if ($(i+1) == "tokens/s") print $i }'
}
torch_tps() {
	"$PY" bench/peers/train_gates_torch.py --threads "$THREADS" --steps 200 |
		"$PY" -c 'import json,sys; print(json.load(sys.stdin)["tokens_per_s"])'
}
GO=""
TORCH=""
r=1
while [ "$r" -le "$ROUNDS" ]; do
	g=$(go_tps)
	t=$(torch_tps)
	echo "round $r: go $g tokens/s, torch $t tokens/s"
	GO="$GO $g"
	TORCH="$TORCH $t"
	r=$((r + 1))
done
"$PY" - "$THREADS" "$GO" "$TORCH" <<'PYEOF'
import statistics, sys
threads, go, torch = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
g, t = statistics.median(go), statistics.median(torch)
print("threads %s: go %.0f tokens/s, torch %.0f tokens/s, go/torch %.2f" % (threads, g, t, g / t))
PYEOF
