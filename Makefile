# onnxprune build, test and set-up targets. `make help` lists them.

GO           ?= go
BIN          := bin/onnxprune
ORT_LIB      := .ort/lib/libonnxruntime.so.1
# Limit for each package's test binary; the whole `make test` must stay well
# under 10 minutes on 2 cores.
TEST_TIMEOUT ?= 8m
# Time per fuzz target for `make fuzz` (go test -fuzztime syntax: 30s, 1m, 500x).
FUZZTIME     ?= 30s
# Pipeline configuration of `make demo`: the reference en->es model; models/demo/planted.yaml
# runs the planted model. README.md gives the measured run times.
# DEMO_FLAGS adds `onnxprune run` flags, e.g. DEMO_FLAGS='--max-steps 100 --out bin/demo2'.
DEMO_CONFIG  ?= models/demo/pipeline.yaml
DEMO_FLAGS   ?=

# cgo is required: ortrun binds ONNX Runtime through it.
export CGO_ENABLED := 1

.PHONY: help ort ort-gpu deps test vet build demo bench fuzz clean

help:
	@echo "make demo     build bin/onnxprune and run the whole pipeline on a bundled model"
	@echo "make test     install ONNX Runtime and Go modules, then go vet and go test ./..."
	@echo "make ort      install ONNX Runtime $(ORT_LIB) (npm onnxruntime-node 1.30.0, sha256-checked)"
	@echo "make ort-gpu  install ONNX Runtime's CUDA build under .ort/gpu/lib (CUDA_LIBS=pip: and CUDA 12 under .ort/gpu/cuda)"
	@echo "make build    build $(BIN)"
	@echo "make bench    run all benchmarks"
	@echo "make fuzz     run every fuzz target for FUZZTIME=$(FUZZTIME)"

# The install script is idempotent and checks the library's sha256 each time.
ort:
	bash scripts/install-ort.sh

ort-gpu:
	bash scripts/install-ort-gpu.sh

deps:
	$(GO) mod download

vet: deps
	$(GO) vet ./...

test: ort ort-gpu deps
	$(GO) vet ./...
	$(GO) test -timeout $(TEST_TIMEOUT) ./...

# The commit is stamped for `onnxprune --version` (Go's own VCS stamp is
# missing when GOFLAGS has -buildvcs=false or git cannot be asked).
build: deps
	$(GO) build -ldflags "-X main.stampedCommit=$$(git describe --always --dirty 2>/dev/null || echo unknown)" -o $(BIN) ./cmd/onnxprune

# The whole pipeline (inspect, gate, train, analyze, prune, verify) on the
# bundled model; a rerun reuses the finished stages in the output folder.
demo: build ort
	@start=$$(date +%s); \
	echo "+ $(BIN) run --config $(DEMO_CONFIG) $(DEMO_FLAGS)"; \
	./$(BIN) run --config $(DEMO_CONFIG) $(DEMO_FLAGS); rc=$$?; \
	echo "make demo: $$(( $$(date +%s) - start ))s wall"; exit $$rc

# One table of every performance figure beside its peer or bound, and
# bench/results.json (see bench/README.md); BENCH_FLAGS passes flags to it.
bench: ort deps
	$(GO) run ./bench/cmd/benchall $(BENCH_FLAGS)

# Every `func FuzzXxx(` in a _test.go file, run one at a time (go test allows
# one -fuzz target per run).
fuzz: ort deps
	@set -e; found=0; \
	for f in $$(grep -rlE --include='*_test.go' '^func Fuzz[A-Za-z0-9_]*\(' . | LC_ALL=C sort); do \
		dir=$$(dirname "$$f"); \
		for name in $$(sed -nE 's/^func (Fuzz[A-Za-z0-9_]*)\(.*/\1/p' "$$f"); do \
			found=1; \
			echo "+ go test -run='^$$' -fuzz='^$$name$$' -fuzztime=$(FUZZTIME) $$dir"; \
			$(GO) test -run='^$$' -fuzz="^$$name\$$" -fuzztime=$(FUZZTIME) "$$dir"; \
		done; \
	done; \
	if [ "$$found" = 0 ]; then echo "make fuzz: no fuzz targets found"; fi

clean:
	rm -rf bin
