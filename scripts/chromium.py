"""How the project drives Debian's chromium: the browser tests and the scripts (screenshots, the
offline bench) share how it starts and how they wait for what the service worker keeps."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, too
from kozel_site.pwa import PAGES_CACHE  # noqa: E402

CHROMIUM = os.environ.get("KOZEL_CHROMIUM", "/usr/bin/chromium")
# Chromium's headless shell (Debian's chromium-headless-shell; Playwright's own choice for headless
# runs): the same Blink and V8 without the full browser around them, at about half its CPU. It
# has no installability check of its own (it finds every page installable).
HEADLESS_SHELL = os.environ.get("KOZEL_CHROMIUM_SHELL", "/usr/bin/chromium-headless-shell")
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
PAGES = PAGES_CACHE  # the service worker's cache of pages (templates/pwa/sw.js)


def until(page: Any, expression: str, arg: Any = None, *, timeout: float = 8.0, what: str = "") -> None:
    """Until ``expression`` (a function of ``arg``) is truthy in ``page``; it may return a promise.
    Playwright's ``wait_for_function`` cannot wait on a promise: it takes the promise object
    itself for a truthy answer and returns at once. (Give that one a function, too, never a bare
    expression: an expression is polled with ``eval``, which the pages' CSP refuses.)"""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not within {timeout:g} s: {what or expression}")
        page.wait_for_timeout(100)


def wait_kept(page: Any, path: str | None = None) -> None:
    """Until the service worker keeps a copy of ``path`` (this page's, by default)."""
    path = path or page.evaluate("location.pathname")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    until(
        page,
        f"p => caches.open('{PAGES}').then(c => c.match(p)).then(r => !!r)",
        path,
        what=f"a kept copy of {path}",
    )
