"""Russian unless the player picked English (the language cookie), whatever the browser says."""

from __future__ import annotations

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
