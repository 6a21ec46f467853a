"""The home page and the small project-wide views."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """Start a match · the matches on this device · referee · rule sheets (UX.md)."""
    return render(request, "home.html")


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "404.html", status=404)


BENCH_FLOOR_MAX_ROWS = 2000


@require_safe
def bench_floor(request: HttpRequest) -> HttpResponse:
    """The benchmark's floor: ``base.html`` with ``?rows=N`` static rows (the shape of a hand
    line), through the same middleware, context processors and compression as a real page. Only
    routed when ``settings.BENCH_FLOOR`` is on (never in production)."""
    try:
        n = max(0, min(int(request.GET.get("rows", "20")), BENCH_FLOOR_MAX_ROWS))
    except ValueError:
        n = 20
    return render(request, "bench_floor.html", {"rows": range(n, 0, -1)})
