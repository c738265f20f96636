#!/bin/sh
# Regenerates the output of `make demo` shown in README.md: runs the demo
# from a fresh output folder (or reads a saved log: scripts/update-demo-output.sh LOG)
# and writes into the block under "$ make demo" the build command, each
# stage's start and end line and the summary, with "..." where lines were
# left out. Run from anywhere; it works in the repository's folder.
set -eu
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
	log=$1
else
	log=$(mktemp)
	rm -rf bin/demo-out
	make demo >"$log" 2>&1
fi
shown=$(mktemp)
awk '
	/^\+ bin\/onnxprune run/ { sub(/ +$/, ""); print "..."; print; next }
	/^== [a-z]+$/ && !started { print; print "..."; started = 1; next }
	/^== [a-z]+ done in / { print; next }
	/^== verify done in / { summary = 1; next }
	/^$/ && started { summary = 1; print; next }
	summary && /^[A-Za-z ]+:  / { print; next }
	/^make demo: / { print }
' "$log" >"$shown"
out=$(mktemp)
awk -v shown="$shown" '
	$0 == "$ make demo" { print; while ((getline l < shown) > 0) print l; skip = 1; next }
	skip && /^```$/ { skip = 0 }
	!skip { print }
' README.md >"$out"
cat "$out" >README.md
rm -f "$shown" "$out"
echo "README.md: demo output updated from $log"
