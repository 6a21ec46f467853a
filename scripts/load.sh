#!/usr/bin/env bash
# `make load`: gunicorn (2 workers) on a loopback port, a busy evening (scripts/load.py) against a
# throwaway SQLite database, then against a throwaway PostgreSQL cluster (scripts/pg.sh) when
# Debian's postgresql is installed. Bounded in time; nothing leaves 127.0.0.1.
# Usage: bash scripts/load.sh [sqlite|postgres ...] [-- extra load.py arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
SECONDS_PER_DB=${LOAD_SECONDS:-30}

dbs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do dbs+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#dbs[@]} -eq 0 ] && dbs=(sqlite postgres)

TMP=$(mktemp -d /tmp/kozel-load.XXXXXX)
GUNICORN_PID=""
stop_server() {
  if [ -n "$GUNICORN_PID" ]; then kill "$GUNICORN_PID" 2>/dev/null || true; wait "$GUNICORN_PID" 2>/dev/null || true; fi
  GUNICORN_PID=""
}
cleanup() { stop_server; if declare -F pg_stop >/dev/null; then pg_stop; fi; rm -rf "$TMP"; }
trap cleanup EXIT

free_port() { $BIN/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Production settings, as deployed (docs/operations.md), except TLS: loopback is plain HTTP.
export DJANGO_ENV=production
export DJANGO_SECRET_KEY="load-$(head -c 48 /dev/urandom | base64 | tr -d '/+=\n')"
export DJANGO_ALLOWED_HOSTS=127.0.0.1
export DJANGO_SECURE_SSL_REDIRECT=0
# the tables start hundreds of matches from one address: the limit on creation is not what is measured
export KOZEL_RATELIMIT=0
$BIN/python manage.py collectstatic --noinput -v 0

run_one() {  # $1 label; DATABASE_URL set
  local label=$1 port; shift
  $BIN/python manage.py migrate --noinput -v 0
  # a match at the bound (1,000 hands), corrected in a loop by one more client (scripts/load.py)
  local bound
  bound=$($BIN/python scripts/bound_fixture.py)
  port=$(free_port)
  # The production config (kozel_site/gunicorn.conf.py: 2 gthread workers x 2 threads).
  GUNICORN_BIND="127.0.0.1:$port" $BIN/gunicorn -c kozel_site/gunicorn.conf.py kozel_site.wsgi:application \
    --error-logfile "$TMP/gunicorn-$label.log" --capture-output &
  GUNICORN_PID=$!
  for _ in $(seq 50); do
    if $BIN/python -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:$port/healthz', timeout=1)" 2>/dev/null; then break; fi
    sleep 0.2
  done
  local rc=0
  $BIN/python scripts/load.py --url "http://127.0.0.1:$port" --seconds "$SECONDS_PER_DB" --label "$label" \
    --bound-match "$bound" "$@" || rc=$?
  stop_server
  if grep -q "Traceback" "$TMP/gunicorn-$label.log"; then
    echo "!! $label: the server logged a traceback:"; grep -A 20 -m 3 "Traceback" "$TMP/gunicorn-$label.log"; rc=1
  fi
  return $rc
}

status=0
for db in "${dbs[@]}"; do
  case $db in
    sqlite)
      export DATABASE_URL="sqlite:///$TMP/load.sqlite3"
      run_one "SQLite (WAL)" "$@" || status=1 ;;
    postgres)
      if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then echo "== PostgreSQL is not installed: skipped"; continue; fi
      # shellcheck source=scripts/pg.sh
      source scripts/pg.sh
      pg_start
      export DATABASE_URL="$PG_URL"
      run_one "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}')" "$@" || status=1
      pg_stop ;;
    *) echo "unknown database: $db (sqlite or postgres)"; exit 2 ;;
  esac
done
exit $status
