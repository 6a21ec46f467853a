"""What every endpoint of the JSON API shares (docs/api.md): the body read within its bound, the
answer always JSON, and bad input a 400 ``{"error", "message", "field"}``, never a 500. The
endpoints compute and store nothing, so they take no cookie and need no CSRF token."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from common.numbers import MAX_DIGITS, read_number
from rules.engine import KozelError
from rules.messages import describe

MAX_BODY = 64 * 1024  # bytes; a larger body is a 413, read and dropped up to DROP_AT_MOST
# A server that answers and closes with the body unread resets the connection: the client sees
# «connection reset» instead of the 413. Reading it costs little up to this bound; past it the
# client may see the reset, which no honest client of this API meets.
DROP_AT_MOST = 8 * 1024 * 1024


class BadRequest(Exception):
    """A request the endpoint refuses: 400 unless ``status`` says otherwise (422: well formed, but
    past what the server will compute)."""

    def __init__(self, code: str, field: str | None = None, *, status: int = 400, **params: Any) -> None:
        super().__init__(code)
        self.code, self.field, self.params, self.status = code, field, params, status


def error_response(
    code: str, field: str | None, params: Mapping[str, Any] | None = None, status: int = 400
) -> JsonResponse:
    return JsonResponse(
        {"error": code, "message": str(describe(code, params or {})), "field": field},
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )


def json_view(
    func: Callable[[dict[str, Any]], dict[str, Any]], max_body: int = MAX_BODY
) -> Callable[[HttpRequest], HttpResponse]:
    """Parse the body (at most ``max_body`` bytes), call ``func``, turn engine and shape errors into 400s."""

    @csrf_exempt
    @require_http_methods(["POST"])
    @wraps(func)
    def view(request: HttpRequest) -> HttpResponse:
        raw = _read_body(request, max_body)
        if raw is None:
            return error_response("body_too_large", None, {"max": max_body}, status=413)
        try:
            body = json.loads(raw.decode("utf-8") or "null")
        except (UnicodeDecodeError, ValueError, RecursionError):  # deep nesting was a 500
            return error_response("bad_json", None)
        if not isinstance(body, dict):
            return error_response("bad_json", None)
        try:
            # A "\ud800" escape parses to a lone surrogate, which no answer could echo back as
            # UTF-8 (it was a 500): such a body is not text, so it is bad JSON.
            json.dumps(body, ensure_ascii=False).encode("utf-8")
        except (UnicodeEncodeError, RecursionError):
            return error_response("bad_json", None)
        try:
            data = func(body)
        except BadRequest as e:
            return error_response(e.code, e.field, e.params, status=e.status)
        except KozelError as e:
            params = dict(e.params)
            if e.token is not None:
                params.setdefault("token", e.token)
            return error_response(e.code, e.field, params)
        except RecursionError:
            return error_response("bad_json", None)
        return JsonResponse(data, json_dumps_params={"ensure_ascii": False})

    return view


def _read_body(request: HttpRequest, max_body: int = MAX_BODY) -> bytes | None:
    """The body, or None when it is over ``max_body``: judged by its declared length before
    reading, so a body of any size (past Django's own 2.5 MB limit too) is a JSON 413. A length
    that is not a whole number of at most nine digits is past every bound."""
    declared = read_number(request.META.get("CONTENT_LENGTH") or "0", 0, 10**MAX_DIGITS - 1)
    if declared is None or declared > max_body:
        _drop_body(request, DROP_AT_MOST if declared is None else declared)
        return None
    try:
        body = request.body
    except RequestDataTooBig:
        return None
    return body if len(body) <= max_body else None


def _drop_body(request: HttpRequest, declared: int) -> None:
    left = min(declared, DROP_AT_MOST)
    while left > 0:
        chunk = request.read(min(left, 64 * 1024))
        if not chunk:
            break
        left -= len(chunk)
