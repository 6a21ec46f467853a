"""Site-wide middleware: the page language, and the headers of edit-link pages."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.db import InternalError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy

SUPPORTED = {code for code, _name in settings.LANGUAGES}


class LanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        lang = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
        if lang not in SUPPORTED:
            lang = settings.LANGUAGE_CODE
        translation.activate(lang)
        request.LANGUAGE_CODE = lang
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", lang)
        patch_vary_headers(response, ("Cookie",))
        return response


# /m/<id>/e/<secret>/… and /c/<id>/e/<secret>/…: every page that carries a match's or a
# company's edit secret in its own URL
EDIT_PATH = re.compile(r"^/[mc]/[^/]+/e/")


# no page needs a camera, a microphone, the location, payments, USB or sensors
PERMISSIONS_POLICY = (
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), "
    "accelerometer=(), gyroscope=(), magnetometer=(), midi=(), display-capture=(), "
    "publickey-credentials-get=(), browsing-topics=()"
)


class HeadersMiddleware:
    """Every response gets the Permissions-Policy. A response under an edit link is never stored
    by a cache (``no-store, private``) and lets the browser send only the origin as Referer
    (``strict-origin``): the page's URL holds the secret, and a full Referer would carry it to the
    next page or the static files. (``no-referrer`` would make Chrome send ``Origin: null`` with
    a form post, which the CSRF check refuses.)"""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        if EDIT_PATH.match(request.path_info):
            response["Cache-Control"] = "no-store, private"
            response["Referrer-Policy"] = "strict-origin"
        return response


class DatabaseUnavailableMiddleware:
    """A database that cannot take a write (read-only, full, locked too long, or gone) answers
    503 with Retry-After and a message in the page, never a raw 500. Each write is one
    transaction, so the failed one left nothing behind; reads still work where the database
    allows them (``kozel_site.db`` opens a read-only SQLite file read-only)."""

    RETRY_AFTER = "60"

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not unavailable(exception):
            return None
        from kozel_site.views import error_page

        writing = request.method not in ("GET", "HEAD", "OPTIONS")
        if not writing:
            message: str | None = str(READ_UNAVAILABLE)
        else:  # what failed: a creation is not a change to a match
            match = request.resolver_match
            said = CREATE_UNAVAILABLE.get(match.view_name if match else "")
            message = None if said is None else str(said)
        response = error_page(request, 503, message)
        response["Retry-After"] = self.RETRY_AFTER
        return response


READ_UNAVAILABLE = gettext_lazy(
    "The database cannot be read right now. Nothing is lost: try again in a minute."
)
CREATE_UNAVAILABLE = {
    "scorekeeper:new": gettext_lazy(
        "The new match could not be started: the database cannot take writes right now. "
        "Nothing was recorded; try again in a minute."
    ),
    "scorekeeper:rematch": gettext_lazy(
        "The next match could not be started: the database cannot take writes right now. "
        "This match is as it was; try again in a minute."
    ),
    "rules:house_new": gettext_lazy(
        "The house sheet could not be saved: the database cannot take writes right now. "
        "Nothing was saved; try again in a minute."
    ),
}


def unavailable(exc: BaseException) -> bool:
    """Is this the database refusing service (not a bug in a query)?"""
    if isinstance(exc, OperationalError):
        return True
    text = str(exc).lower()
    return isinstance(exc, InternalError) and ("read-only" in text or "readonly" in text)
