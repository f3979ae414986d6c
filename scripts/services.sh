# Sourced by test.sh and .ci/run: start the local PostgreSQL (127.0.0.1:5432) and Redis
# (127.0.0.1:6379) when they are installed but not running. tests/cluster and the storage-fault test
# need both whatever the suite's database is; without them those tests skip with a reason, unless
# DORHAMI_REQUIRE_SERVICES=1 (CI), where a service that cannot be started fails the run here.

_service_up_postgres() { command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; }
_service_up_redis() { command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; }

_service_wait() {  # $1: postgres or redis
  for _ in $(seq 30); do "_service_up_$1" && return 0; sleep 1; done
  return 1
}

_service_missing() {  # $1: what, $2: how to get it
  if [ "${DORHAMI_REQUIRE_SERVICES:-}" = 1 ]; then
    echo "services.sh: $1 is not running and could not be started ($2)" >&2
    return 1
  fi
  echo "services.sh: $1 is not running; the tests that need it will skip ($2)" >&2
}

start_services() {
  local sudo=""
  [ "$(id -u)" = 0 ] || ! command -v sudo >/dev/null 2>&1 || sudo="sudo -n"
  if ! _service_up_postgres; then
    if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql)" ]; then
      $sudo pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
      _service_wait postgres || _service_missing PostgreSQL "pg_ctlcluster could not start it on 127.0.0.1:5432" || return 1
    else
      _service_missing PostgreSQL "install it (apt-get install postgresql) and let the user postgres connect from 127.0.0.1 without a password" || return 1
    fi
  fi
  if ! _service_up_redis; then
    if command -v redis-server >/dev/null 2>&1; then
      redis-server --daemonize yes --save "" --appendonly no >/dev/null || true
      _service_wait redis || _service_missing Redis "redis-server could not start it on 127.0.0.1:6379" || return 1
    else
      _service_missing Redis "install it (apt-get install redis-server)" || return 1
    fi
  fi
}
