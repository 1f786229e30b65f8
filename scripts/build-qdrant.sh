#!/usr/bin/env bash
# Builds Qdrant's server from its source for the Qdrant integration tests (the single-node vector
# contract suite and the three-node cluster test), and caches the binary outside the repository:
# no npm, PyPI or Debian package ships one, and tests here have no Docker engine.
#
#   scripts/build-qdrant.sh [SOURCE_DIR]
#
# SOURCE_DIR: a Qdrant checkout (default: clones QDRANT_VERSION from GitHub into the cache).
# The binary goes to $LORE_QDRANT_HOME/bin/qdrant (default ~/.cache/lore/qdrant), where the tests look
# (LORE_QDRANT_BIN names another). Needs cargo with a Rust as new as the source's rust-version
# (Qdrant 1.19.0: 1.97; RUST_TOOLCHAIN=nightly picks a rustup toolchain) and protoc
# (Debian: protobuf-compiler). Cargo's `ci` profile: no optimisation or LTO, so it builds in a fraction
# of a release build's time; fast enough for tests, not for benchmarks of Qdrant itself.
# Offline machines: docs/scaling.md ("Qdrant from source") says how the two git dependencies were
# supplied here.
set -euo pipefail

QDRANT_VERSION="${QDRANT_VERSION:-v1.19.0}"
QDRANT_HOME="${LORE_QDRANT_HOME:-$HOME/.cache/lore/qdrant}"
SOURCE_DIR="${1:-$QDRANT_HOME/src/$QDRANT_VERSION}"
TOOLCHAIN="${RUST_TOOLCHAIN:++$RUST_TOOLCHAIN}"

command -v protoc >/dev/null || { echo "build-qdrant: protoc is missing (apt-get install protobuf-compiler)" >&2; exit 2; }
if [ ! -f "$SOURCE_DIR/Cargo.toml" ]; then
  git clone --depth 1 --branch "$QDRANT_VERSION" https://github.com/qdrant/qdrant "$SOURCE_DIR"
fi

# shellcheck disable=SC2086 # TOOLCHAIN is empty or one word
(cd "$SOURCE_DIR" && cargo $TOOLCHAIN build --profile ci --bin qdrant)
mkdir -p "$QDRANT_HOME/bin"
cp "$SOURCE_DIR/target/ci/qdrant" "$QDRANT_HOME/bin/qdrant.tmp"
mv "$QDRANT_HOME/bin/qdrant.tmp" "$QDRANT_HOME/bin/qdrant"
"$QDRANT_HOME/bin/qdrant" --version
echo "build-qdrant: $QDRANT_HOME/bin/qdrant"
