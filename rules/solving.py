"""The gate in front of the exact analysis (docs/api.md «POST /api/v1/analyse»), for the API and the
referee pages alike.

A solve holds the worker's interpreter for up to a few seconds, so the tables must not wait
behind solves: at most one runs at a time in a worker process (another is refused at once, never
queued: ``Busy``), and each client gets a few solves a minute (``Limited``). The client is its
address, read as the creation limit reads it; the counts are kept per worker process, in a
fixed window (a solve is per worker too).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.conf import settings
from django.http import HttpRequest

from common.limits import client_address

T = TypeVar("T")

BUSY_RETRY = 2  # seconds: a solve is bounded by the node budget, so the worker is free soon

_solving = threading.Lock()
_counts_lock = threading.Lock()
_counts: dict[str, tuple[int, int]] = {}  # client -> (window, solves asked in it)


class Busy(Exception):
    """Another solve is running in this worker."""

    retry_after = BUSY_RETRY


class Limited(Exception):
    """This client asked for more solves than the window allows."""

    def __init__(self, retry_after: int, limit: int, window: int) -> None:
        super().__init__("rate_limited")
        self.retry_after, self.limit, self.window = retry_after, limit, window


def rate() -> tuple[int, int]:
    """(solves, seconds) allowed per client: ``KOZEL_ANALYSE_RATE``."""
    limit, window = settings.KOZEL_ANALYSE_RATE
    return int(limit), int(window)


def count(request: HttpRequest) -> None:
    """Count one solve for the request's client; ``Limited`` past the allowance."""
    limit, window = rate()
    now = time.time()
    current = int(now // window)
    key = client_address(request)
    with _counts_lock:
        if len(_counts) > 10_000:  # old windows of past clients
            for k in [k for k, (w, _n) in _counts.items() if w != current]:
                del _counts[k]
        w, n = _counts.get(key, (current, 0))
        n = n + 1 if w == current else 1
        _counts[key] = (current, n)
    if n > limit:
        raise Limited(max(1, int((current + 1) * window - now + 0.999)), limit, window)


def forget_clients() -> None:
    """Every client's count back to nothing (the tests start each from a clean slate)."""
    with _counts_lock:
        _counts.clear()


def busy() -> bool:
    """A solve is running in this worker."""
    return _solving.locked()


@contextmanager
def one_solve() -> Iterator[None]:
    """Hold this worker's one solve; ``Busy`` at once if another holds it."""
    if not _solving.acquire(blocking=False):
        raise Busy()
    try:
        yield
    finally:
        _solving.release()


def gated(request: HttpRequest, solve: Callable[[], T]) -> T:
    """``solve()`` alone in this worker and counted for the request's client (a refusal for a busy
    worker is not counted: the client is told to come back)."""
    with one_solve():
        count(request)
        return solve()
