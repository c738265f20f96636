#!/usr/bin/env bash
# install-ort-gpu.sh: install an ONNX Runtime build with the CUDA and TensorRT
# provider libraries under .ort/gpu/lib/ (linux/x64 only). UNTESTED ON A GPU.
#
# Source: the npm packages com.github.asus4.onnxruntime@0.4.9 (ONNX Runtime
# 1.29.0 core library) and com.github.asus4.onnxruntime.linux-x64-gpu@0.4.9
# (its CUDA and TensorRT provider libraries), fetched with `npm pack`. Every
# file is checked against the sha256 committed below.
#
# Installed files (.ort/gpu/lib/):
#   libonnxruntime.so                    core library, ONNX Runtime 1.29.0
#   libonnxruntime.so.1 -> libonnxruntime.so   (its soname)
#   libonnxruntime_providers_shared.so   provider bridge (from the -gpu package)
#   libonnxruntime_providers_cuda.so     needs CUDA 13 (libcudart.so.13,
#                                        libcublas.so.13, libcublasLt.so.13,
#                                        libcurand.so.10) and libcuda.so.1
#   libonnxruntime_providers_tensorrt.so needs TensorRT 10 (libnvinfer.so.10,
#                                        libnvonnxparser.so.10), cuDNN 9
#                                        (libcudnn.so.9) and CUDA 13
# None of the CUDA, cuDNN or TensorRT libraries is installed by this script.
#
# Use: ONNXPRUNE_ORT_LIB=.ort/gpu/lib/libonnxruntime.so.1 onnxprune ... --provider cuda
#
# Known limitation (checked on a CPU machine): this core library is a CPU
# build; asked for CUDA or TensorRT provider options (the API onnxruntime_go
# and so ortrun use) it answers "CUDA execution provider is not enabled in
# this build". ortrun then fails with that message, naming the provider. The
# provider libraries here would have to be loaded through ONNX Runtime's older
# provider-append API, which ortrun does not call. The 1.30.0 library that
# `make ort` installs does load provider libraries from its own folder
# (libonnxruntime_providers_shared.so, _cuda.so, _tensorrt.so); provider
# libraries of the same version 1.30.0 placed next to it are the other route.
#
# Environment: ORT_GPU_DEST_DIR (default <repo>/.ort/gpu/lib).
set -euo pipefail

readonly PKG_CORE="com.github.asus4.onnxruntime@0.4.9"
readonly PKG_GPU="com.github.asus4.onnxruntime.linux-x64-gpu@0.4.9"
readonly DIR_IN_PKG="package/Plugins/Linux/x64"
# file name, package, sha256
readonly FILES=(
	"libonnxruntime.so core 5715f06d8992ca8eeeddcce43df3a7d38f97d537052126f558e912cb312460ca"
	"libonnxruntime_providers_shared.so gpu c6a12593396095f5670160e284c35d1700b7708cf3037b7042e2a5200ccae772"
	"libonnxruntime_providers_cuda.so gpu 56cf3254b118ad837ccc4ed8f6d1b23504bbf7ef91b34cbc0b289cb7f10b3037"
	"libonnxruntime_providers_tensorrt.so gpu ef6071798a339038ad66c428fb1a809cf8e499bffc3b6870e4e8bc4f4c6a6320"
)
# The core package also ships its own libonnxruntime_providers_shared.so
# (sha256 086ec1d5388f64153d9c63470d126693db9a182c8ce236d3a1119068471b8a0d);
# the -gpu package's copy, built with the provider libraries, is used instead.

die() {
	echo "install-ort-gpu: $*" >&2
	exit 1
}

sha256_of() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d' ' -f1
	elif command -v shasum >/dev/null 2>&1; then
		shasum -a 256 "$1" | cut -d' ' -f1
	else
		die "neither sha256sum nor shasum is installed; cannot check the libraries"
	fi
}

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dest_dir=${ORT_GPU_DEST_DIR:-"$repo_root/.ort/gpu/lib"}

[[ "$(uname -s)/$(uname -m)" == Linux/x86_64 ]] ||
	die "the GPU libraries exist for linux/x64 only (this is $(uname -s)/$(uname -m))"

all_ok() {
	local entry name pkg sum
	for entry in "${FILES[@]}"; do
		read -r name pkg sum <<<"$entry"
		[[ -f "$dest_dir/$name" && "$(sha256_of "$dest_dir/$name")" == "$sum" ]] || return 1
	done
	[[ -L "$dest_dir/libonnxruntime.so.1" ]]
}

report_deps() {
	local lib missing
	for lib in libonnxruntime_providers_cuda.so libonnxruntime_providers_tensorrt.so; do
		missing=$(ldd "$dest_dir/$lib" 2>/dev/null | awk '/not found/ {print $1}' | tr '\n' ' ')
		if [[ -n "$missing" ]]; then
			echo "install-ort-gpu: note: $lib cannot load yet; missing: $missing"
		fi
	done
}

if all_ok; then
	echo "install-ort-gpu: $dest_dir is complete (sha256 ok)"
	report_deps
	exit 0
fi

command -v npm >/dev/null 2>&1 ||
	die "npm is not installed; it is needed to fetch $PKG_CORE and $PKG_GPU (Debian/Ubuntu: apt-get install npm)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/install-ort-gpu.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

declare -A tarball
for kind in core gpu; do
	pkg=$PKG_CORE
	[[ $kind == gpu ]] && pkg=$PKG_GPU
	mkdir -p "$tmp/$kind"
	echo "install-ort-gpu: fetching $pkg with npm pack"
	(cd "$tmp/$kind" && npm pack --silent "$pkg" >/dev/null) || die "npm pack $pkg failed (is the npm registry reachable?)"
	tarball[$kind]=$(find "$tmp/$kind" -maxdepth 1 -name '*.tgz' -print -quit)
	[[ -n "${tarball[$kind]}" ]] || die "npm pack $pkg left no tarball"
	echo "install-ort-gpu: $pkg holds:"
	tar -tzf "${tarball[$kind]}" | grep -E "^$DIR_IN_PKG/[^/]+\.so[.0-9]*$" | sed 's/^/    /' || true
done

stage="$tmp/stage"
mkdir -p "$stage"
for entry in "${FILES[@]}"; do
	read -r name kind want <<<"$entry"
	tar -xzf "${tarball[$kind]}" -C "$tmp/$kind" "$DIR_IN_PKG/$name" || die "${tarball[$kind]} has no $DIR_IN_PKG/$name"
	got=$(sha256_of "$tmp/$kind/$DIR_IN_PKG/$name")
	[[ "$got" == "$want" ]] || die "checksum mismatch for $name: sha256 $got, want $want; not installing"
	cp "$tmp/$kind/$DIR_IN_PKG/$name" "$stage/$name"
	chmod 0755 "$stage/$name"
done

mkdir -p "$dest_dir"
for entry in "${FILES[@]}"; do
	read -r name _ _ <<<"$entry"
	mv -f "$stage/$name" "$dest_dir/$name"
done
ln -sfn libonnxruntime.so "$dest_dir/libonnxruntime.so.1"
echo "install-ort-gpu: installed ONNX Runtime 1.29.0 with CUDA and TensorRT provider libraries in $dest_dir"
report_deps
