#!/usr/bin/env bash
# Install everything the tests need (Python deps and a Chromium for the browser tests), then run the
# whole suite. Extra arguments go to pytest. DORHAMI_TEST_DATABASE_URL=postgresql://... runs the
# database tests against PostgreSQL instead of SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS="[test]" . scripts/venv.sh

# The browser: Debian's chromium where apt exists (Playwright's own download is not always
# reachable); Playwright's bundled Chromium elsewhere.
if ! command -v chromium >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  else
    .venv/bin/python -m playwright install chromium
  fi
fi
# PostgreSQL and Redis (tests/cluster, the storage-fault test): started when installed but not running;
# when not installed those tests skip and say so (DORHAMI_REQUIRE_SERVICES=1 makes that a failure).
. scripts/services.sh
start_services

# Two workers by default (the machines have two cores); each gets its own database. -n 0 runs serially.
# Work stealing: with plain load scheduling the last browser tests queued up on one worker while the
# other sat idle for minutes at the end of CI's run.
exec .venv/bin/python -m pytest -n "${DORHAMI_TEST_WORKERS:-2}" --dist worksteal "$@"
