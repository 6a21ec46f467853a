#!/usr/bin/env bash
# DejaVu Sans, which the evening's image is drawn in (Cyrillic): Debian's fonts-dejavu-core, installed
# where it is missing (`make run` and `make test`); a machine that cannot install it still serves
# everything but that image, and says so.
set -uo pipefail
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && exit 0
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
echo "== installing Debian's fonts-dejavu-core"
as_root apt-get update -qq >/dev/null 2>&1 || true
DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq fonts-dejavu-core >/dev/null 2>&1 \
  || echo "!! fonts-dejavu-core could not be installed: the evening's image cannot be drawn"
exit 0
