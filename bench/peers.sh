#!/usr/bin/env bash
# Runs the fastest peer code-graph tools on the same repositories as bench/index.ts, for the
# comparison in docs/benchmarks.md. Everything is installed into bench/.peers (gitignored), never
# into the product: Node 22 (the peers need it) from the npm registry, then each peer package.
#
#   bash bench/peers.sh bench/.repos/zod bench/.repos/typeorm
#
# For each repository and peer: wall time and peak RSS (GNU time) of a full build, then of a build
# after one file changed.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PEERS="$ROOT/bench/.peers"
mkdir -p "$PEERS"
if [ ! -x "$PEERS/node_modules/.bin/node" ]; then
  npm install --prefix "$PEERS" --no-audit --no-fund --ignore-scripts node@22 >/dev/null
fi
for pkg in @optave/codegraph@3.11.2 @colbymchenry/codegraph@1.6.1 gitnexus@1.6.12; do
  name="${pkg%@*}"
  [ -d "$PEERS/node_modules/$name" ] || npm install --prefix "$PEERS" --no-audit --no-fund "$pkg" >/dev/null 2>&1 || echo "could not install $pkg" >&2
done
NODE22="$PEERS/node_modules/.bin/node"
echo "node for peers: $("$NODE22" --version)"

measure() { # label, command...
  local label="$1"; shift
  local out
  out=$( { /usr/bin/time -f '%e %M' "$@" >/dev/null 2>/tmp/peer-stderr; } 2>&1 | tail -n 1 ) || true
  echo "$label: wall ${out% *} s, peak RSS $(( ${out#* } / 1024 )) MB"
}

for repo in "$@"; do
  repo="$(cd "$repo" && pwd)"
  work="$(mktemp -d)"
  cp -r "$repo" "$work/repo"
  cd "$work/repo"
  echo "== $(basename "$repo") @ $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
  measure "optave/codegraph full" "$NODE22" "$PEERS/node_modules/@optave/codegraph/dist/cli.js" build .
  first=$(git ls-files '*.ts' | head -n 1)
  echo "// touched" >> "$first"
  measure "optave/codegraph one file" "$NODE22" "$PEERS/node_modules/@optave/codegraph/dist/cli.js" build .
  cd "$ROOT"
  rm -rf "$work"
done
