#!/usr/bin/env bash
# The fonts the evening's image is drawn in (rules/stats/card.py): DejaVu Sans (Cyrillic), Debian's
# fonts-dejavu-core, and Symbola for what DejaVu lacks (emoji in names), fonts-symbola; installed
# where missing (`make run` and `make test`). A machine that cannot install them still serves
# everything; without DejaVu but that image, without Symbola the image leaves out what DejaVu lacks.
set -uo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
missing=()
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
[ -f /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf ] || missing+=(fonts-symbola)
[ ${#missing[@]} = 0 ] && exit 0
echo "== installing Debian's ${missing[*]}"
as_root apt-get update -qq >/dev/null 2>&1 || true
DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
  || echo "!! ${missing[*]} could not be installed: the evening's image draws without them"
exit 0
