# Sourced by serve.sh and test.sh: make ./.venv (once) and install into it the locked dependencies
# (requirements.lock, or requirements-test.lock when $EXTRAS is "[test]": the test and dev extras),
# checked against their hashes, then the project itself, editable. docs/DEVELOPMENT.md: updating the locks.
PYTHON=${PYTHON:-python3}
case "${EXTRAS:-}" in
  "") LOCK=requirements.lock ;;
  "[test]") LOCK=requirements-test.lock ;;
  *) echo "scripts/venv.sh: no lock file for EXTRAS=$EXTRAS (\"\" or \"[test]\")" >&2; return 1 2>/dev/null || exit 1 ;;
esac
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet --require-hashes -r "$LOCK"
.venv/bin/python -m pip install --quiet --no-deps -e .
