#!/usr/bin/env bash
# install-ort-gpu.sh: install ONNX Runtime's CUDA build (linux/x64) under
# .ort/gpu/lib/ and, with CUDA_LIBS=pip, the CUDA 12 libraries it needs under
# .ort/gpu/cuda/, so that a machine with only the NVIDIA driver can run
# `onnxprune ... --provider cuda`.
#
# ONNX Runtime: the jar com.microsoft.onnxruntime:onnxruntime_gpu:1.29.0,
# fetched with Maven's own client (`mvn dependency:get`, into ~/.m2) and
# checked against the sha256 below. Its folder ai/onnxruntime/native/linux-x64/
# holds the four libraries installed here (each checked too):
#   libonnxruntime.so                    core library, C API 24 (what
#                                        onnxruntime_go v1.27 needs); runs CPU
#                                        as well, so one process can use both
#   libonnxruntime.so.1 -> libonnxruntime.so   (its soname)
#   libonnxruntime_providers_shared.so   provider bridge
#   libonnxruntime_providers_cuda.so     needs libcublasLt.so.12, libcublas.so.12,
#                                        libcurand.so.10, libcudart.so.12 and the
#                                        driver's libcuda.so.1; loads
#                                        libcufft.so.11, libcudnn.so.9 and
#                                        libnvrtc.so.12 when it needs them
#   libonnxruntime_providers_tensorrt.so also needs TensorRT 10
#                                        (libnvinfer.so.10, libnvonnxparser.so.10),
#                                        which this script does not install
#
# CUDA_LIBS=pip: NVIDIA's CUDA 12 runtime wheels, fetched with
# `pip download --no-deps` at the pinned versions below and checked against
# their sha256; the shared libraries of their lib/ folders are copied flat into
# .ort/gpu/cuda/. onnxprune loads them from there itself (package ortrun, before
# the CUDA provider starts), so no LD_LIBRARY_PATH is needed. The driver
# (libcuda.so.1) must come from the machine.
#
# Idempotent: files already in place with the right checksums are kept.
#
# Environment:
#   ORT_GPU_DEST_DIR  folder for the ONNX Runtime libraries (default <repo>/.ort/gpu/lib)
#   CUDA_LIBS         "pip" to install the CUDA 12 libraries too; "" (default) not
#   CUDA_DEST_DIR     folder for them (default <repo>/.ort/gpu/cuda)
#   PIP               pip to fetch the wheels with (default: python3 -m pip)
set -euo pipefail

readonly ORT_GPU_VERSION=1.29.0
readonly ORT_GPU_ARTIFACT="com.microsoft.onnxruntime:onnxruntime_gpu:${ORT_GPU_VERSION}"
readonly JAR_SHA256=fe39a98c499fc9be3944dd2bf2fb77d7dc5f152668bf95d8beb1c3d7b22f2a89
readonly DIR_IN_JAR="ai/onnxruntime/native/linux-x64"
# file name, sha256
readonly ORT_FILES=(
	"libonnxruntime.so b81e7ceaba1131e391f94c455d71ecf9af8ec7999d7130beebb79c67a0c7e05d"
	"libonnxruntime_providers_shared.so c6a12593396095f5670160e284c35d1700b7708cf3037b7042e2a5200ccae772"
	"libonnxruntime_providers_cuda.so 310d2cfdc5feead352318eaf9e6b11cd0f9ef96d29c4ad759ced7da7ff9a21b5"
	"libonnxruntime_providers_tensorrt.so 98f92df0c1790b6f7aea78c535f642c745abd5e2af8420782d02cbd21f2aa3eb"
)
# PyPI requirement, sha256 of the linux x86_64 wheel pip downloads for it.
readonly CUDA_WHEELS=(
	"nvidia-cuda-runtime-cu12==12.9.79 25bba2dfb01d48a9b59ca474a1ac43c6ebf7011f1b0b8cc44f54eb6ac48a96c3"
	"nvidia-cublas-cu12==12.9.3.13 d7d51055f161b317c7105ddaae90e71eda059026074ffef93cf7cde2886bfe72"
	"nvidia-curand-cu12==10.3.10.19 49b274db4780d421bd2ccd362e1415c13887c53c214f0d4b761752b8f9f6aa1e"
	"nvidia-cufft-cu12==11.4.1.4 c67884f2a7d276b4b80eb56a79322a95df592ae5e765cf1243693365ccab4e28"
	"nvidia-cudnn-cu12==9.28.0.42 9ff58b7f36dacd0a93e89f8f2957b52466889217963701daa15e577317cfa375"
	"nvidia-cuda-nvrtc-cu12==12.9.86 210cf05005a447e29214e9ce50851e83fc5f4358df8b453155d5e1918094dcb4"
)

readonly prog=install-ort-gpu
# shellcheck source=install-common.sh
source "$(dirname "${BASH_SOURCE[0]}")/install-common.sh"

dest_dir=${ORT_GPU_DEST_DIR:-"$repo_root/.ort/gpu/lib"}
cuda_dir=${CUDA_DEST_DIR:-"$repo_root/.ort/gpu/cuda"}
cuda_libs=${CUDA_LIBS:-}

[[ "$(uname -s)/$(uname -m)" == Linux/x86_64 ]] ||
	die "ONNX Runtime's CUDA build exists for linux/x64 only (this is $(uname -s)/$(uname -m))"
case "$cuda_libs" in
"" | pip) ;;
*) die "CUDA_LIBS=$cuda_libs: want pip or nothing" ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/install-ort-gpu.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

ort_ok() {
	local entry name sum
	for entry in "${ORT_FILES[@]}"; do
		read -r name sum <<<"$entry"
		[[ -f "$dest_dir/$name" && "$(sha256_of "$dest_dir/$name")" == "$sum" ]] || return 1
	done
	[[ -L "$dest_dir/libonnxruntime.so.1" ]]
}

install_ort() {
	if ort_ok; then
		echo "install-ort-gpu: $dest_dir holds ONNX Runtime ${ORT_GPU_VERSION} (CUDA build, sha256 ok)"
		return
	fi
	command -v mvn >/dev/null 2>&1 ||
		die "mvn is not installed; it fetches $ORT_GPU_ARTIFACT (Debian/Ubuntu: apt-get install maven)"
	command -v unzip >/dev/null 2>&1 || die "unzip is not installed (Debian/Ubuntu: apt-get install unzip)"
	echo "install-ort-gpu: fetching $ORT_GPU_ARTIFACT with mvn"
	mvn -q dependency:get -Dartifact="$ORT_GPU_ARTIFACT" -Dtransitive=false >"$tmp/mvn.log" 2>&1 ||
		die "mvn dependency:get $ORT_GPU_ARTIFACT failed: $(tail -n 3 "$tmp/mvn.log" | tr '\n' ' ')"
	local repo jar got entry name want
	repo=$(mvn -q help:evaluate -Dexpression=settings.localRepository -DforceStdout 2>/dev/null || true)
	[[ -d "$repo" ]] || repo="$HOME/.m2/repository"
	jar="$repo/com/microsoft/onnxruntime/onnxruntime_gpu/${ORT_GPU_VERSION}/onnxruntime_gpu-${ORT_GPU_VERSION}.jar"
	[[ -f "$jar" ]] || die "mvn reported success but $jar is missing"
	got=$(sha256_of "$jar")
	[[ "$got" == "$JAR_SHA256" ]] || die "checksum mismatch for $jar: sha256 $got, want $JAR_SHA256; not installing"
	mkdir -p "$tmp/stage"
	for entry in "${ORT_FILES[@]}"; do
		read -r name want <<<"$entry"
		unzip -q -o -j "$jar" "$DIR_IN_JAR/$name" -d "$tmp/stage" || die "$jar has no $DIR_IN_JAR/$name"
		got=$(sha256_of "$tmp/stage/$name")
		[[ "$got" == "$want" ]] || die "checksum mismatch for $name: sha256 $got, want $want; not installing"
		chmod 0755 "$tmp/stage/$name"
	done
	mkdir -p "$dest_dir"
	for entry in "${ORT_FILES[@]}"; do
		read -r name _ <<<"$entry"
		mv -f "$tmp/stage/$name" "$dest_dir/$name"
	done
	ln -sfn libonnxruntime.so "$dest_dir/libonnxruntime.so.1"
	echo "install-ort-gpu: installed ONNX Runtime ${ORT_GPU_VERSION} (CUDA build) in $dest_dir"
}

install_cuda() {
	local stamp="$cuda_dir/.installed"
	local want_stamp
	want_stamp=$(printf '%s\n' "${CUDA_WHEELS[@]}" | sha256_of /dev/stdin)
	if [[ -f "$stamp" && "$(cat "$stamp")" == "$want_stamp" ]]; then
		echo "install-ort-gpu: $cuda_dir holds the CUDA 12 libraries"
		return
	fi
	local pip=${PIP:-"python3 -m pip"}
	local entry req sum whl got
	mkdir -p "$tmp/wheels" "$tmp/cuda"
	for entry in "${CUDA_WHEELS[@]}"; do
		read -r req sum <<<"$entry"
		echo "install-ort-gpu: fetching $req with pip download"
		rm -rf "$tmp/one" && mkdir -p "$tmp/one"
		$pip download --quiet --no-deps --only-binary=:all: --platform manylinux_2_27_x86_64 \
			--platform manylinux_2_17_x86_64 --platform manylinux_2_12_x86_64 -d "$tmp/one" "$req" \
			>"$tmp/pip.log" 2>&1 || die "pip download $req failed: $(tail -n 2 "$tmp/pip.log" | tr '\n' ' ')"
		whl=$(find "$tmp/one" -maxdepth 1 -name '*.whl' -print -quit)
		[[ -n "$whl" ]] || die "pip download $req left no wheel"
		got=$(sha256_of "$whl")
		[[ "$got" == "$sum" ]] || die "checksum mismatch for $(basename "$whl"): sha256 $got, want $sum; not installing"
		rm -rf "$tmp/unz" && mkdir -p "$tmp/unz"
		unzip -q "$whl" 'nvidia/*/lib/*' -d "$tmp/unz" || die "$(basename "$whl") has no nvidia/*/lib folder"
		find "$tmp/unz" -path '*/lib/*.so*' -type f -exec cp {} "$tmp/cuda/" \;
		rm -f "$whl"
	done
	mkdir -p "$cuda_dir"
	mv -f "$tmp/cuda/"* "$cuda_dir/"
	echo "$want_stamp" >"$stamp"
	echo "install-ort-gpu: installed the CUDA 12 libraries in $cuda_dir: $(cd "$cuda_dir" && ls | tr '\n' ' ')"
}

report_deps() {
	local lib missing
	for lib in libonnxruntime_providers_cuda.so libonnxruntime_providers_tensorrt.so; do
		missing=$(LD_LIBRARY_PATH="$cuda_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$dest_dir/$lib" 2>/dev/null |
			awk '/not found/ {print $1}' | tr '\n' ' ')
		if [[ -n "$missing" ]]; then
			echo "install-ort-gpu: note: $lib cannot load here yet; missing: $missing"
		fi
	done
}

install_ort
if [[ "$cuda_libs" == pip ]]; then
	install_cuda
fi
report_deps
