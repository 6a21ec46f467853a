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

# Debian's chromium drives the browser tests (Playwright cannot download its own here): its
# headless shell, at about half the CPU, and the full browser for its installability check.
if [ ! -x /usr/bin/chromium ]; then
  echo "== installing Debian's chromium"
  apt_install chromium
fi
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "== installing Debian's chromium-headless-shell"
  apt_install chromium-headless-shell || echo "!! chromium-headless-shell could not be installed: the browser tests use the full chromium"
fi
# DejaVu Sans draws the evening's image in Cyrillic (rules/stats/card.py).
bash scripts/font.sh
# PostgreSQL for the second run; the suite still runs on SQLite if it cannot be installed.
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ]; then
  echo "== installing Debian's postgresql"
  apt_install postgresql || echo "!! postgresql could not be installed: the PostgreSQL run is skipped"
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
# Redis for the test of several app servers sharing one cache (skipped if it cannot be installed).
if ! command -v redis-server >/dev/null; then
  echo "== installing Debian's redis-server"
  apt_install redis-server || echo "!! redis-server could not be installed: the several-servers test is skipped"
fi
# gcc and the Python headers build the solver's compiled search; without them the reference
# search answers and the tests of the compiled one are skipped.
if ! $BIN/python -c 'import rules.engine.solver as s; assert s.COMPILED' 2>/dev/null; then
  headers=$($BIN/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
  if [ ! -f "$headers/Python.h" ] || ! command -v gcc >/dev/null; then
    echo "== installing Debian's gcc and python3-dev for the solver's compiled search"
    apt_install gcc python3-dev || echo "!! gcc or python3-dev could not be installed: the reference search answers"
  fi
  $BIN/python scripts/build_solver.py
fi
# Translations: compile when msgfmt is here (the compiled .mo files are committed too).
if command -v msgfmt >/dev/null; then
  $BIN/python manage.py compilemessages --ignore=.venv >/dev/null
fi

export DJANGO_ALLOW_ASYNC_UNSAFE=true
# One pytest-xdist worker per core, each with its own test database (pytest-django suffixes its
# name with the worker's id), live server and browser; worksteal evens out the long tests.
XDIST=(-n auto --dist worksteal)
# Both passes always run, and both are reported: a failure on SQLite does not hide PostgreSQL's.
echo "== test suite on SQLite"
sqlite_rc=0
start=$SECONDS
$BIN/python -m pytest -q "${XDIST[@]}" "$@" || sqlite_rc=$?
sqlite_took=$((SECONDS - start))

pg_rc=skipped
if [ -n "$PG_BIN" ] && [ -x "$PG_BIN/initdb" ]; then
  # the tests that use Django's test database (marked `database` by tests/conftest.py), but not
  # through the browser
  echo "== database-backed tests on PostgreSQL ($("$PG_BIN/postgres" --version))"
  # shellcheck source=scripts/pg.sh
  source scripts/pg.sh
  pg_start
  trap pg_stop EXIT
  pg_rc=0
  start=$SECONDS
  DATABASE_URL="$PG_URL" $BIN/python -m pytest -q "${XDIST[@]}" -m "database and not browser" "$@" || pg_rc=$?
  pg_took=$((SECONDS - start))
fi

verdict() { case "$1" in 0) echo passed ;; skipped) echo "skipped (no PostgreSQL)" ;; *) echo "FAILED (exit $1)" ;; esac; }
took() { if [ -n "${1:-}" ]; then echo " in $(($1 / 60))m$(($1 % 60))s"; fi; }
echo "== SQLite: $(verdict "$sqlite_rc")$(took "$sqlite_took"); PostgreSQL: $(verdict "$pg_rc")$(took "${pg_took:-}") ($(uptime | sed 's/.*load/load/'))"
[ "$sqlite_rc" = 0 ] && { [ "$pg_rc" = 0 ] || [ "$pg_rc" = skipped ]; }
