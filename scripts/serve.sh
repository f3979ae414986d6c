#!/usr/bin/env bash
# Install Dorhami into ./.venv (once) and run the server on http://127.0.0.1:8000 (SQLite by default).
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS="" . scripts/venv.sh
exec .venv/bin/dorhami serve "$@"
