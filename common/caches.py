"""Caches that fail soft: a cache that cannot answer is a miss (docs/operations.md#several-app-servers).

Nothing lives only in a cache: a fragment that is not found is rendered again, and a count of
the creation limit that cannot be kept lets the creation through (django-ratelimit's
``RATELIMIT_FAIL_OPEN``: its ``add`` and ``incr`` answering a miss is what it reads as a cache
that failed). So a cache server that refuses, times out or is gone costs a render, never an
error page, and a write that was stored answers as stored.

Every cache of the site is one of these classes (``settings.CACHES``), so a cache added later
fails soft as well. A failure is logged, and the cache then rests: for ``REST`` seconds every
call answers a miss at once without asking, so a server that does not answer costs a process
one timeout in that time, not one per call; the first call after the rest asks again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

log = logging.getLogger(__name__)

T = TypeVar("T")

REST = 5.0  # seconds a cache that failed answers misses without asking
PROBE = "kozel:healthz"  # the key the health check asks for

_rest_lock = threading.Lock()
_rest_until: dict[str, float] = {}  # a cache's place -> when its rest ends (time.monotonic)


class FailSoft:
    """A mixin in front of a Django cache backend: each call that raises one of ``failures``
    answers what a cache without the key answers (``get``: the default, ``add``: False,
    ``incr``: ValueError as for a missing key), and the cache rests."""

    failures: tuple[type[BaseException], ...] = ()

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(location, params)  # type: ignore[call-arg]
        # named without its location, which may hold a password
        self._name = f"{type(self).__name__}({params.get('KEY_PREFIX', '')})"
        # Django makes a cache object per thread: the rest is the process's, by place
        self._where = f"{self._name} {location}"

    def resting(self) -> bool:
        """A call failed less than ``REST`` seconds ago: the cache is not asked."""
        return time.monotonic() < _rest_until.get(self._where, 0.0)

    def degraded(self) -> bool:
        """For the health check: does the cache answer now? (Asks it, unless it is resting.)"""
        self.has_key(PROBE)
        return self.resting()

    def _soft(self, miss: T, call: Callable[[], T]) -> T:
        if self.resting():
            return miss
        try:
            return call()
        except self.failures as exc:
            with _rest_lock:
                first = not self.resting()
                _rest_until[self._where] = time.monotonic() + REST
            if first:  # once per rest, not once per call
                log.warning(
                    "cache %s failed (%s: %s): answering misses for %s s",
                    self._name,
                    type(exc).__name__,
                    exc,
                    REST,
                )
            return miss

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        parent: Any = super()
        return self._soft(default, lambda: parent.get(key, default, version))

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        parent: Any = super()
        return self._soft({}, lambda: parent.get_many(keys, version))

    def has_key(self, key: Any, version: int | None = None) -> bool:
        parent: Any = super()
        return self._soft(False, lambda: parent.has_key(key, version))

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        parent: Any = super()
        return self._soft(False, lambda: parent.add(key, value, timeout, version))

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        parent: Any = super()
        self._soft(None, lambda: parent.set(key, value, timeout, version))

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list[Any]:
        parent: Any = super()
        return self._soft(list(data), lambda: parent.set_many(data, timeout, version))

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        parent: Any = super()
        return self._soft(False, lambda: parent.touch(key, timeout, version))

    def delete(self, key: Any, version: int | None = None) -> bool:
        parent: Any = super()
        return self._soft(False, lambda: parent.delete(key, version))

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        parent: Any = super()
        self._soft(None, lambda: parent.delete_many(keys, version))

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        parent: Any = super()
        got = self._soft(None, lambda: parent.incr(key, delta, version))
        if got is None:  # as for a key the cache does not hold
            raise ValueError(f"Key '{key}' not found: the cache did not answer")
        return int(got)

    def clear(self) -> None:
        parent: Any = super()
        self._soft(None, parent.clear)


class FailSoftRedisCache(FailSoft, RedisCache):
    """Django's Redis cache, failing soft on anything the redis client raises (refused, timed out,
    gone, out of memory). Its timeouts are in ``OPTIONS`` (settings: ``socket_connect_timeout``,
    ``socket_timeout``), passed by Django to the client's connections."""

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(location, params)
        import redis  # only where a Redis cache is configured: the client is the prod extra

        self.failures = (redis.RedisError,)
