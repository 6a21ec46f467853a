"""The request as the views see it."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlencode

from django.http import HttpRequest
from django.urls import reverse
from django_htmx.middleware import HtmxDetails


def htmx(request: HttpRequest) -> HtmxDetails:
    """django-htmx's details of a request (its middleware sets them on every request; the type
    checker cannot know that)."""
    details: HtmxDetails = request.htmx  # type: ignore[attr-defined]
    return details


def url(name: str, *args: object, query: Mapping[str, object] | None = None) -> str:
    """The URL of a named route, with ``query`` encoded (``:`` and ``/`` stay readable, so a
    score ``10:10`` or a return path reads as it is). The one way the app builds its links."""
    path = reverse(name, args=args)
    return f"{path}?{urlencode(query, safe=':/')}" if query else path
