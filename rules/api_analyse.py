"""``POST /api/v1/analyse`` (docs/api.md «POST /api/v1/analyse»): a deal with best play from the
position given, every legal play's value and cost, the cost of every play made and the turning
point. The body is ``/deal``'s (read by :func:`rules.api.deal_body`), so bad input answers as
``/deal`` does; the solve itself is bounded by the engine's node budget and gated by
:mod:`rules.solving` (one at a time per worker, a few per client a minute)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from rules import solving
from rules.analysis import budget_params, check_available, solve
from rules.api import BadRequest, DealBody, deal_body, error_response, json_view
from rules.engine import Card, KozelError

if TYPE_CHECKING:
    from rules.engine.solver import Analysis


@csrf_exempt
@require_http_methods(["POST"])
def analyse(request: HttpRequest) -> HttpResponse:
    def answer(body: dict[str, Any]) -> dict[str, Any]:
        d = deal_body(body)
        try:
            check_available(d.rs)
        except KozelError as e:
            raise BadRequest(e.code, "options", status=422, **e.params) from e
        return solving.gated(request, lambda: _solve(d))

    try:
        return json_view(answer)(request)
    except solving.Busy as e:
        resp = error_response("solver_busy", None, status=503)
        resp["Retry-After"] = str(e.retry_after)
    except solving.Limited as e:
        resp = error_response("rate_limited", None, {"retry_after": e.retry_after}, status=429)
        resp["Retry-After"] = str(e.retry_after)
    return resp


def _solve(d: DealBody) -> dict[str, Any]:
    try:
        analysis = solve(d.rs, d.leader, d.hands, d.plays, context=d.context, **d.table)
    except KozelError as e:
        if e.code == "too_complex":
            raise BadRequest("too_complex", None, status=422, **budget_params(e)) from e
        d.recheck_not_in_hand(e)
        raise
    d.recheck_seats([p.seat for p in analysis.plays])
    return analysis_json(analysis)


def _play(play: Card | tuple[Card, ...]) -> str | list[str]:
    """A play as the answer writes it: a card code, or a list of codes where a play is several."""
    return play.code if isinstance(play, Card) else [c.code for c in play]


def analysis_json(a: Analysis) -> dict[str, Any]:
    return {
        "to_move": a.to_move,
        "taken": list(a.taken),
        "value": list(a.value),
        "goals": [dict(g) for g in a.goals],
        "moves": [
            {"card": _play(m.card), "value": list(m.value), "cost": m.cost, "lost_goals": list(m.lost_goals)}
            for m in a.moves
        ],
        "plays": [
            {
                "seat": p.seat,
                "card": _play(p.card),
                "legal": p.legal,
                "cost": p.cost,
                "lost_goals": list(p.lost_goals),
                "best": [_play(b) for b in p.best],
            }
            for p in a.plays
        ],
        "turning_point": a.turning_point,
        "nodes": a.nodes,
    }
