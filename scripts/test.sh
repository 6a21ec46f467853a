#!/usr/bin/env bash
# The whole test suite, from a fresh machine: browser, SQLite run, then a PostgreSQL run.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
apt_ready=0
apt_install() {
  if [ "$apt_ready" = 0 ]; then as_root apt-get update -qq >/dev/null || true; apt_ready=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

# Debian's chromium drives the browser tests (Playwright cannot download its own here).
if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium"
  apt_install chromium
fi
# PostgreSQL for the second run; the suite still runs on SQLite if it cannot be installed.
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ]; then
  echo "== installing Debian's postgresql"
  apt_install postgresql || echo "!! postgresql could not be installed: the PostgreSQL run is skipped"
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
# Translations: compile when msgfmt is here (the compiled .mo files are committed too).
if command -v msgfmt >/dev/null; then
  $BIN/python manage.py compilemessages --ignore=.venv >/dev/null
fi

export DJANGO_ALLOW_ASYNC_UNSAFE=true
echo "== test suite on SQLite"
$BIN/python -m pytest -q "$@"

if [ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ]; then
  echo "== database-backed tests on PostgreSQL ($("$PG_BIN/postgres" --version))"
  # shellcheck source=scripts/pg.sh
  source scripts/pg.sh
  pg_start
  trap pg_stop EXIT
  DATABASE_URL="$PG_URL" $BIN/python -m pytest -q -m "not browser" tests/scorekeeper tests/kozel_site tests/security tests/api tests/rules "$@"
fi
