"""The home page, the health check and the error pages: every failure answers in the site's design
and the visitor's language, an htmx request gets only the message (a fragment the page shows next
to the control), and the JSON API gets JSON."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from rules.api import error_response


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """Start a match · the matches on this device · referee · rule sheets."""
    return render(request, "home.html")


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


ERRORS = {
    400: (
        "bad_request",
        _("Bad request"),
        _("The app could not read this request. Go back, reload the page and try again."),
    ),
    403: (
        "forbidden",
        _("Not allowed"),
        _("This link does not allow that. Nothing was changed."),
    ),
    404: (
        "not_found",
        _("Not found"),
        _("There is nothing at this address. Check the link, or start from the home page."),
    ),
    500: (
        "server_error",
        _("Something went wrong"),
        _("The server could not answer. What was recorded before is safe; try again in a minute."),
    ),
    503: (
        "unavailable",
        _("Try again in a moment"),
        _(
            "The match cannot be changed right now: nothing was recorded. Reading it still works; try again in a minute."
        ),
    ),
}
CSRF_EXPIRED = _(
    "This form has expired (the page was open a long time, or cookies are off). Reload the page and try again: nothing was changed."
)


def error_page(request: HttpRequest, status: int, message: str | None = None) -> HttpResponse:
    """The page for an HTTP error: JSON under /api/, the message alone for htmx, else the page."""
    code, title, default = ERRORS[status]
    if request.path.startswith("/api/"):
        return error_response(code, None, status=status)
    context = {"status": status, "title": title, "message": message or default}
    # the header itself: a request refused before django-htmx's middleware ran has no .htmx
    htmx = request.headers.get("HX-Request") == "true"
    template = "error.html#message" if htmx else "error.html"
    return render(request, template, context, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 400)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A refusal raised with a message for the player (``PermissionDenied(message)``) shows it."""
    said = str(exception) if exception is not None and exception.args else ""
    return error_page(request, 403, said or None)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    return error_page(request, 500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_page(request, 403, str(CSRF_EXPIRED))


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
