#!/usr/bin/env bash
# install-ort.sh: install the ONNX Runtime shared library that onnxprune runs
# models with (CPU execution provider).
#
# The library comes from the npm package onnxruntime-node@1.30.0, fetched with
# the ordinary npm client (`npm pack`, which runs no package scripts). The
# package ships bin/napi-v6/linux/{x64,arm64}/libonnxruntime.so.1; the one for
# this machine's architecture is checked against the sha256 committed below and
# copied to .ort/lib/libonnxruntime.so.1 (git-ignored), where the ortrun
# package finds it.
#
# Idempotent: when the library is already in place with the right checksum,
# nothing is fetched. Needs bash, npm, tar and sha256sum (or shasum).
#
# Environment:
#   ORT_DEST_DIR         install folder (default: <repo>/.ort/lib)
#   ORT_NPM_TARBALL      use this onnxruntime-node-1.30.0.tgz instead of
#                        running `npm pack` (for offline machines)
#
# The library needs nothing but the C/C++ runtime (libc, libstdc++, libgcc_s,
# libm). The package's linux/x64 folder holds only libonnxruntime.so.1 and the
# Node.js addon onnxruntime_binding.node; the CUDA and TensorRT provider
# libraries that this build can load are not in the package (its postinstall
# script would fetch them from elsewhere; see scripts/install-ort-gpu.sh).
set -euo pipefail

readonly ORT_VERSION=1.30.0
readonly ORT_PACKAGE="onnxruntime-node@${ORT_VERSION}"
# sha256 of bin/napi-v6/linux/<arch>/libonnxruntime.so.1 in onnxruntime-node 1.30.0.
readonly SHA256_X64=ffb75a925ba05e47b235bb66e3e3911714a80b328a9c9425539feb204aa32a23
readonly SHA256_ARM64=1f549d46250b005580b597f4164984aaf75b3bcb9f3aeb07c7f8a8fe60b23c76

readonly prog=install-ort
# shellcheck source=install-common.sh
source "$(dirname "${BASH_SOURCE[0]}")/install-common.sh"

dest_dir=${ORT_DEST_DIR:-"$repo_root/.ort/lib"}
dest="$dest_dir/libonnxruntime.so.1"

os=$(uname -s)
machine=$(uname -m)
[[ "$os" == Linux ]] || die "unsupported OS $os: onnxruntime-node ships libonnxruntime.so.1 for Linux only; set ONNXPRUNE_ORT_LIB to your own ONNX Runtime ${ORT_VERSION} library instead"
case "$machine" in
x86_64 | amd64) arch=x64 want=$SHA256_X64 ;;
aarch64 | arm64) arch=arm64 want=$SHA256_ARM64 ;;
*) die "unsupported architecture $machine (onnxruntime-node ${ORT_VERSION} has x64 and arm64 Linux builds)" ;;
esac

if [[ -f "$dest" ]]; then
	have=$(sha256_of "$dest")
	if [[ "$have" == "$want" ]]; then
		echo "install-ort: $dest is ONNX Runtime ${ORT_VERSION} (linux/$arch, sha256 ok)"
		exit 0
	fi
	echo "install-ort: $dest has sha256 $have, want $want; reinstalling" >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/install-ort.XXXXXX")
trap 'rm -rf "$tmp" "$dest.tmp.$$"' EXIT

if [[ -n "${ORT_NPM_TARBALL:-}" ]]; then
	[[ -f "$ORT_NPM_TARBALL" ]] || die "ORT_NPM_TARBALL=$ORT_NPM_TARBALL: no such file"
	tarball=$ORT_NPM_TARBALL
else
	command -v npm >/dev/null 2>&1 ||
		die "npm is not installed; it is needed to fetch ${ORT_PACKAGE} (Debian/Ubuntu: apt-get install npm). Alternatively set ONNXPRUNE_ORT_LIB to an ONNX Runtime ${ORT_VERSION} libonnxruntime.so.1."
	echo "install-ort: fetching ${ORT_PACKAGE} with npm pack"
	(cd "$tmp" && npm pack --silent "$ORT_PACKAGE" >/dev/null) ||
		die "npm pack ${ORT_PACKAGE} failed (is the npm registry reachable?)"
	tarball=$(find "$tmp" -maxdepth 1 -name 'onnxruntime-node-*.tgz' -print -quit)
	[[ -n "$tarball" ]] || die "npm pack ${ORT_PACKAGE} left no tarball in $tmp"
fi

member="package/bin/napi-v6/linux/$arch/libonnxruntime.so.1"
tar -xzf "$tarball" -C "$tmp" "$member" || die "$tarball has no $member"
got=$(sha256_of "$tmp/$member")
if [[ "$got" != "$want" ]]; then
	die "checksum mismatch for $member from ${ORT_PACKAGE}: sha256 $got, want $want; not installing it"
fi

mkdir -p "$dest_dir"
cp "$tmp/$member" "$dest.tmp.$$"
chmod 0644 "$dest.tmp.$$"
mv -f "$dest.tmp.$$" "$dest"
echo "install-ort: installed ONNX Runtime ${ORT_VERSION} (linux/$arch, sha256 $want) at $dest"
