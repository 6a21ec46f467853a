"""How the project starts Debian's chromium: the browser tests and the screenshot script share it."""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("KOZEL_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
