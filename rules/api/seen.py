"""``POST /api/v1/analyse/seen`` and ``GET /api/v1/analyse/seen/<id>`` (docs/api.md): a
deal's review by what each player could see, asked for and polled.

The POST reads ``/api/v1/analyse``'s body (and ``judge``), answers its bad input at once as that
endpoint does, counts against the same rate (``KOZEL_ANALYSE_RATE``), and either answers a stored
review (200) or queues one (202) for the worker (:mod:`rules.analysis.seen`); the queue refuses past
``KOZEL_SEEN_QUEUE`` waiting (503 ``queue_full``) and when it cannot be reached (503
``queue_unavailable``). Polling is free. Nothing here holds anything but the deal."""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from rules.analysis import gate
from rules.analysis.seen import QueueFull, state
from rules.analysis.seen_ask import QUEUE_RETRY, QueueUnavailable, request_review
from rules.messages import describe
from rules.models import SeenReview

from .http import error_response, json_view
from .seen_request import read_request

ID = re.compile(r"[0-9a-f]{64}")


def answer(row: SeenReview) -> dict[str, Any]:
    """The GET's body for a stored review."""
    status, error = state(row)
    return {
        "status": status,
        "progress": [row.judged, row.to_judge],
        "result": row.result if status == "done" else None,
        "error": None if error is None else {**error, "message": _message(error)},
    }


def _message(error: dict[str, Any]) -> str:
    return str(describe(error["code"], error.get("params") or {}))


def _url(key: str) -> str:
    return reverse("api:analyse_seen_poll", args=[key])


@csrf_exempt
@require_http_methods(["POST"])
def ask_seen(request: HttpRequest) -> HttpResponse:
    queued: list[str] = []

    def post(body: dict[str, Any]) -> dict[str, Any]:
        req, key = read_request(body)
        row, fresh = request_review(request, key, req)
        if fresh:
            queued.append(key)
            return {"id": key, "status": row.status, "url": _url(key)}
        return answer(row)

    try:
        resp = json_view(post)(request)
    except gate.Limited as e:
        resp = error_response("rate_limited", None, {"retry_after": e.retry_after}, status=429)
        resp["Retry-After"] = str(e.retry_after)
    except QueueFull:
        resp = error_response("queue_full", None, {"retry_after": QUEUE_RETRY}, status=503)
        resp["Retry-After"] = str(QUEUE_RETRY)
    except QueueUnavailable:  # nothing was stored
        resp = error_response("queue_unavailable", None, status=503)
        resp["Retry-After"] = str(QUEUE_RETRY)
    if queued and resp.status_code == 200:
        resp.status_code = 202
        resp["Location"] = _url(queued[0])
    return resp


@csrf_exempt  # nothing to protect: any other method than a read is 405 with Allow, not CSRF's 403
@require_http_methods(["GET", "HEAD"])
def poll_seen(request: HttpRequest, key: str) -> HttpResponse:
    row = SeenReview.objects.filter(pk=key).first() if ID.fullmatch(key) else None
    if row is None:
        return error_response("not_found", None, status=404)
    return JsonResponse(answer(row), json_dumps_params={"ensure_ascii": False})


__all__ = ["answer", "ask_seen", "poll_seen"]
