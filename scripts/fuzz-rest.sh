#!/usr/bin/env bash
# The REST part of the bad-input run (npm run bench:fuzz): schemathesis, pinned, in its own venv
# under .tools/, against the OpenAPI document of a running `lore serve`.
# Usage: scripts/fuzz-rest.sh BASE_URL [MAX_EXAMPLES]   (an API key, if any, from LORE_FUZZ_API_KEY)
# Prints schemathesis's report; every request and answer goes to the HAR file $LORE_FUZZ_HAR (bench/fuzz.ts
# counts them and searches the answers for leaks).
set -euo pipefail
SCHEMATHESIS_VERSION=4.32.5
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.tools/schemathesis-$SCHEMATHESIS_VERSION"
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
[ "$#" -ge 1 ] || { echo "usage: $0 BASE_URL [MAX_EXAMPLES]" >&2; exit 2; }
base="$1"
examples="${2:-40}"
auth=()
if [ -n "${LORE_FUZZ_API_KEY:-}" ]; then auth=(--header "Authorization: Bearer $LORE_FUZZ_API_KEY"); fi
exec "$venv/bin/schemathesis" run "$base/api/docs-json" \
  --url "$base" \
  --checks not_a_server_error \
  --max-examples "$examples" \
  --seed 19 \
  --workers 1 `# two workers raced inside hypothesis ("AST constructor recursion depth mismatch")` \
  --report har --report-har-path "${LORE_FUZZ_HAR:-/tmp/lore-fuzz-rest.har}" \
  "${auth[@]}"
