# Sourced by serve.sh and test.sh: make ./.venv (once) and install the project into it with
# the extras named in $EXTRAS (e.g. "[test]").
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".${EXTRAS:-}"
