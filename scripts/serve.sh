#!/usr/bin/env bash
# The app server and the background tasks' worker together (make run, make dev): the worker
# (`manage.py worker`) runs niced, so a review in the background never slows the tables; when
# either stops, or on Ctrl-C, both stop. Usage: scripts/serve.sh <the server's command...>
set -u
cd "$(dirname "$0")/.."
PY=${PYTHON:-.venv/bin/python}

setsid nice -n 19 "$PY" manage.py worker &
worker=$!
setsid "$@" &
server=$!

stop() {
  trap - INT TERM EXIT
  # a second TERM stops the worker's review at once; a review cut short is asked for again
  kill -TERM -- "-$server" "-$worker" 2>/dev/null
  sleep 1
  kill -TERM -- "-$worker" 2>/dev/null
  for _ in $(seq 50); do
    kill -0 "$server" 2>/dev/null || kill -0 "$worker" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$server" "-$worker" 2>/dev/null
  wait 2>/dev/null
}
trap stop INT TERM EXIT
wait -n "$server" "$worker"
