"""``POST /api/v1/analyse`` (docs/api.md «POST /api/v1/analyse»): a deal with best play from the
position given, every legal play's value and cost, the cost of every play made, the turning
point and each goal's deciding play. The body is ``/deal``'s (read by
:func:`rules.api.read.deal_body`), so bad input answers as ``/deal`` does; the solve itself is
bounded by the engine's node budget and ``KOZEL_SOLVE_SECONDS`` (``503 solver_timeout``, never
kept), and gated by :mod:`rules.analysis.gate` (one at a time per worker, a few per client a
minute)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from rules.analysis import gate
from rules.analysis.answer import analysis_json
from rules.analysis.exact import budget_params, solve
from rules.engine import KozelError

from .http import BadRequest, error_response, json_view
from .read import DealBody, deal_body


@csrf_exempt
@require_http_methods(["POST"])
def analyse(request: HttpRequest) -> HttpResponse:
    def answer(body: dict[str, Any]) -> dict[str, Any]:
        d = deal_body(body)
        return gate.gated(request, lambda: _solve(d))

    try:
        return json_view(answer)(request)
    except gate.Busy as e:
        resp = error_response("solver_busy", None, status=503)
        resp["Retry-After"] = str(e.retry_after)
    except TimedOut:
        resp = error_response("solver_timeout", None, status=503)
        resp["Retry-After"] = str(gate.TIMEOUT_RETRY)
    except gate.Limited as e:
        resp = error_response("rate_limited", None, {"retry_after": e.retry_after}, status=429)
        resp["Retry-After"] = str(e.retry_after)
    return resp


class TimedOut(Exception):
    """The solve ran past ``KOZEL_SOLVE_SECONDS``: the machine is busy, not the deal too large."""


def _solve(d: DealBody) -> dict[str, Any]:
    try:
        analysis = solve(d.deal)
    except KozelError as e:
        if e.code == "too_complex":
            raise BadRequest("too_complex", None, status=422, **budget_params(e)) from e
        if e.code == "solver_timeout":
            raise TimedOut() from e
        d.recheck_not_in_hand(e)
        raise
    d.recheck_seats([p.seat for p in analysis.plays])
    return analysis_json(d.deal.rs, analysis)
