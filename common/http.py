"""The request as the views see it, and the one way the apps build their links."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast
from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import reverse
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (every request does)."""

    htmx: HtmxDetails


def as_htmx(request: HttpRequest) -> HtmxHttpRequest:
    """The request typed as what it is: django-htmx's middleware has set ``request.htmx``."""
    return cast(HtmxHttpRequest, request)


def htmx(request: HttpRequest) -> HtmxDetails:
    """django-htmx's details of a request."""
    return as_htmx(request).htmx


def url(
    name: str, *args: object, query: Mapping[str, object] | Sequence[tuple[str, object]] | None = None
) -> str:
    """The URL of a named route, with ``query`` encoded (``:`` and ``/`` stay readable, so a
    score ``10:10`` or a return path reads as it is): a mapping, or pairs where a name comes
    more than once. The one way the app builds its links."""
    path = reverse(name, args=args)
    return f"{path}?{urlencode(query, safe=':/')}" if query else path
