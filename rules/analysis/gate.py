"""The gate in front of the exact analysis (docs/api.md «POST /api/v1/analyse»), for the API and the
referee pages alike.

A solve holds the worker's interpreter for up to a few seconds, so the tables must not wait
behind solves: at most one runs at a time in a worker process (another is refused at once, never
queued: ``Busy``), and each client gets ``KOZEL_ANALYSE_RATE`` solves a window (``Limited``),
counted by django-ratelimit as the limits on creation are (common.limits): the client is its
address, the counts are shared by every worker and server, and a count that cannot be kept lets
the solve through, logged. ``KOZEL_RATELIMIT=0`` turns this limit off with the others.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from common.limits import client_address

log = logging.getLogger(__name__)

T = TypeVar("T")

BUSY_RETRY = 2  # seconds: a solve is bounded by the node budget and a deadline, so the worker is free soon
TIMEOUT_RETRY = 60  # seconds: a solve past its deadline is refused while the machine is this busy

_solving = threading.Lock()


class Busy(Exception):
    """Another solve is running in this worker."""

    retry_after = BUSY_RETRY


class Limited(Exception):
    """This client asked for more solves than the window allows."""

    def __init__(self, retry_after: int, limit: int, window: int) -> None:
        super().__init__("rate_limited")
        self.retry_after, self.limit, self.window = retry_after, limit, window


def count(request: HttpRequest) -> None:
    """Count one solve for the request's client; ``Limited`` past the allowance."""
    limit, window = settings.KOZEL_ANALYSE_RATE
    usage = get_usage(
        request,
        group="analyse",
        key=lambda _group, r: client_address(r),
        rate=(limit, window),
        increment=True,
    )
    if usage is None:
        if settings.RATELIMIT_ENABLE:  # RATELIMIT_FAIL_OPEN: the count failed
            log.warning("the analysis limit could not count: not applied")
        return
    if usage["should_limit"]:
        raise Limited(max(1, int(usage["time_left"])), limit, window)


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
