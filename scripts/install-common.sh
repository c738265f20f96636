# install-common.sh: the functions install-ort.sh and install-ort-gpu.sh
# share. Source it after setting `prog` (the prefix of every message).

# die prints "$prog: <message>" on stderr and exits 1.
die() {
	echo "$prog: $*" >&2
	exit 1
}

# sha256_of prints the sha256 of file $1 in hex, with sha256sum or shasum.
sha256_of() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d' ' -f1
	elif command -v shasum >/dev/null 2>&1; then
		shasum -a 256 "$1" | cut -d' ' -f1
	else
		die "neither sha256sum nor shasum is installed; cannot check the downloads"
	fi
}

# repo_root is the repository whose scripts/ folder holds these files.
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
