"""Limits on creation per client address (docs/operations.md#reliability-what-is-bounded-and-limited): new matches, house sheets.

A client once made about 2,500 matches in 10 s. Creating is limited per client address with
django-ratelimit (``settings.RATELIMIT_CREATE_RATE``, 30 in 10 minutes: generous for a table),
answered 429 with Retry-After and a message in the page's language. Writes to a match that
exists are never limited: a table in full flow must not meet a 429.

The address is the connection's, or, behind a proxy, the one the proxy puts in the header named
by ``KOZEL_CLIENT_IP_HEADER`` (only that header: any other can be forged by the client).

The counts live in the ``ratelimit`` cache: Redis when ``KOZEL_CACHE_URL`` names one, else a
table of the site's own database (:class:`AtomicDatabaseCache`; django-ratelimit refuses a
per-process cache, which would count per worker, and Django's database cache, whose ``incr``
is a read then a write). Both fail soft (``common.caches``): a count that cannot be kept is
django-ratelimit's failing cache, and ``RATELIMIT_FAIL_OPEN`` lets the creation through, logged.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache.backends.db import DatabaseCache
from django.db import DatabaseError, connections, router, transaction
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from django_ratelimit.core import get_usage
from django_ratelimit.exceptions import Ratelimited

from .caches import FailSoft
from .models import RateCount

log = logging.getLogger(__name__)

RATE_LIMITED = _(
    "Too many new matches or house sheets were started from this address in a short time. "
    "Try again in %(minutes)s min. Matches already started go on as usual."
)


class CreationLimited(Ratelimited):
    """Over the rate: the site's 403 handler answers it as a 429 with ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__()
        self.retry_after = retry_after

    def message(self) -> str:
        minutes = max(1, -(-self.retry_after // 60))
        return str(RATE_LIMITED % {"minutes": minutes})


class LockingDatabaseCache(DatabaseCache):
    """Django's database cache whose ``incr`` holds the row (and, on SQLite, the database's write
    lock) from the read to the write, so two workers counting at once never lose a count."""

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        with transaction.atomic(using=db):
            if connection.features.has_select_for_update:
                rows = RateCount.objects.using(db)
                cache_key = self.make_and_validate_key(key, version=version)
                list(rows.select_for_update().filter(cache_key=cache_key).values_list("pk", flat=True))
            return super().incr(key, delta, version)


class AtomicDatabaseCache(FailSoft, LockingDatabaseCache):
    """The counts in the site's database, failing soft (a full disk, a database gone): the
    creation goes on, and itself says what failed."""

    failures = (DatabaseError,)

    def degraded(self) -> bool:
        """Not asked by the health check: the database is the site's own, not a cache server."""
        return self.resting()


def client_address(request: HttpRequest) -> str:
    """The client's address: the configured header's last entry (the one our proxy added), else
    the connection's. IPv6 clients are counted per /64, as one household holds a whole one."""
    raw = ""
    header = settings.CLIENT_IP_HEADER
    if header:
        raw = request.headers.get(header, "").split(",")[-1].strip()
    try:
        address = ipaddress.ip_address(raw or request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return request.META.get("REMOTE_ADDR") or "unknown"
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def _key(group: str, request: HttpRequest) -> str:
    return client_address(request)


def limit_creation(group: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A view that creates something (a POST): over the rate, 429 with Retry-After."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST":
                usage = get_usage(
                    request,
                    group=f"create-{group}",
                    key=_key,
                    rate=settings.RATELIMIT_CREATE_RATE,
                    increment=True,
                )
                if usage is None and settings.RATELIMIT_ENABLE:  # RATELIMIT_FAIL_OPEN: the count failed
                    log.warning("the creation limit could not count (%s): not applied", group)
                elif usage is not None and usage["should_limit"]:
                    raise CreationLimited(max(1, int(usage["time_left"])))
            return view(request, *args, **kwargs)

        return limited

    return decorator
