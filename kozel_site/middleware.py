"""Site-wide middleware: the page language, and the headers of edit-link pages."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

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


# /m/<id>/e/<secret>/…: every page that carries a match's edit secret in its own URL
EDIT_PATH = re.compile(r"^/m/[^/]+/e/")


class EditLinkMiddleware:
    """A response under an edit link is never stored by a cache (``no-store, private``) and makes
    the browser send no Referer at all: the page's URL holds the secret, and a Referer would
    carry it to the next page, the static files or another site."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if EDIT_PATH.match(request.path_info):
            response["Cache-Control"] = "no-store, private"
            response["Referrer-Policy"] = "no-referrer"
        return response
