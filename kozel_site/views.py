"""The home page, the health check and the error pages: every failure answers in the site's design
and the visitor's language, an htmx request gets only the message (a fragment the page shows next
to the control), and the JSON API gets JSON."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from common.caches import FailSoft
from common.http import as_htmx
from common.limits import CreationLimited
from common.numbers import BadNumber, read_number
from rules.api.http import error_response
from scorekeeper.views.outbox import from_outbox

from . import pwa


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    """Start a match · the matches on this device · referee · rule sheets."""
    return render(request, "home.html")


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """200 while the site answers; a cache server that fails (common.caches) is said, never a
    5xx: the pages render without it."""
    degraded = any(
        isinstance(cache, FailSoft) and cache.degraded() for cache in (caches[a] for a in settings.CACHES)
    )
    return HttpResponse("ok, cache degraded" if degraded else "ok", content_type="text/plain")


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
    429: (
        "too_many_requests",
        _("Too many at once"),
        _("Too many requests from this address in a short time. Try again in a few minutes."),
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
    template = "error.html#message" if as_htmx(request).htmx else "error.html"
    return render(request, template, context, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A bad number (``common.numbers``) names its field; a phone's outbox gets it in JSON."""
    if isinstance(exception, BadNumber):
        if from_outbox(request):
            data = {"code": "bad_number", "field": exception.field, "message": exception.message}
            return JsonResponse(data, status=400, json_dumps_params={"ensure_ascii": False})
        return error_page(request, 400, exception.message)
    return error_page(request, 400)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """A refusal raised with a message for the player (``PermissionDenied(message)``) shows it."""
    if isinstance(exception, CreationLimited):
        response = error_page(request, 429, exception.message())
        response["Retry-After"] = str(exception.retry_after)
        return response
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
    asked = read_number(request.GET.get("rows", "20"), 0, 10**9)
    n = 20 if asked is None else min(asked, BENCH_FLOOR_MAX_ROWS)
    return render(request, "bench_floor.html", {"rows": range(n, 0, -1)})


# ---------------------------------------------------------------- installable, offline (docs: docs/offline.md)


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: served from the root so it controls every page. Its text carries the precache
    list of the hashed static files, so a deploy changes it and the phones pick up the new worker."""
    resp = render(
        request,
        "pwa/sw.js",
        {"worker_json": pwa.worker_json()},
        content_type="application/javascript; charset=utf-8",
    )
    resp["Cache-Control"] = "no-cache"
    resp["Service-Worker-Allowed"] = "/"
    return resp


@require_safe
def js_catalog(request: HttpRequest, language: str) -> HttpResponse:
    """``/jsi18n/<language>/``: a script of our own origin (the CSP allows no other), one URL per
    language so the service worker precaches both and a kept page finds its own offline."""
    if language not in dict(settings.LANGUAGES):
        raise Http404("no such language")
    resp = HttpResponse(pwa.catalogue_text(language), content_type="text/javascript; charset=utf-8")
    resp["Cache-Control"] = "public, max-age=3600"
    return resp


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest, in the language in use (Russian by default)."""
    data = {
        "name": gettext("Kozel companion"),
        "short_name": gettext("Kozel"),
        "description": gettext(
            "Score, referee and rules for the card game Kozel, for two to four players. No sign-up."
        ),
        "lang": get_language() or "ru",
        "id": "/",
        "start_url": "/?source=app",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#f6f4ee",
        "theme_color": "#1d3b2a",
        # the dark pair (a proposed manifest member; the page's theme-color metas carry both too)
        "user_preferences": {"color_scheme_dark": {"theme_color": "#121412", "background_color": "#121412"}},
        "icons": [
            {"src": static("kozel/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("kozel/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {
                "src": static("kozel/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("kozel/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    resp = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    resp["Content-Type"] = "application/manifest+json; charset=utf-8"
    resp["Cache-Control"] = "no-cache"
    return resp


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What a phone shows for a page it never saw while there is no network: the service worker
    keeps this page and lists the pages it does have (offline.js)."""
    return render(request, "pwa/offline.html")


@require_safe
@ensure_csrf_cookie
def csrf_token(request: HttpRequest) -> HttpResponse:
    """A fresh CSRF token for a write the phone kept while offline, taken just before sending."""
    resp = JsonResponse({"token": get_token(request)})
    resp["Cache-Control"] = "no-store"
    return resp
