#!/usr/bin/env bash
# `make bench`: installs wrk where it can (Debian's package, as scripts/test.sh installs chromium),
# then runs scripts/bench.py with the arguments given.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
if ! command -v wrk >/dev/null; then
  echo "== installing Debian's wrk"
  as_root apt-get update -qq >/dev/null || true
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq wrk >/dev/null
fi
exec .venv/bin/python scripts/bench.py "$@"
