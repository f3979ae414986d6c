#!/usr/bin/env bash
# Install Dorhami into ./.venv (once) and run the server on http://127.0.0.1:8000 (SQLite by default).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e .
exec .venv/bin/dorhami serve "$@"
