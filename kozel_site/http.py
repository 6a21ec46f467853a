"""The request as the views see it."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


def htmx(request: HttpRequest) -> HtmxDetails:
    """django-htmx's details of a request (its middleware sets them on every request; the type
    checker cannot know that)."""
    details: HtmxDetails = request.htmx  # type: ignore[attr-defined]
    return details
