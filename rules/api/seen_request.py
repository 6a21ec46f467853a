"""A request for the review by what was seen (docs/api.md): the body read as
``POST /api/v1/analyse`` reads it (:func:`rules.api.read.deal_body`), checked as the deal review
checks a deal and written out in its canonical form with its id
(:mod:`rules.analysis.seen_ask`, which the pages share); each error named by its place in the
body, as ``/analyse`` names it."""

from __future__ import annotations

from typing import Any

from rules.analysis.seen_ask import canonical, not_available, played, request_id
from rules.engine import KozelError

from .http import BadRequest
from .read import DealBody, deal_body, read_list, read_ruleset

MAX_JUDGE = 64  # plays named in "judge"


def read_request(body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The canonical request and its id; ``BadRequest`` and the engine's errors for bad input."""
    rs = read_ruleset(body)
    reason = not_available(rs)
    if reason is not None:
        raise BadRequest("not_available", None, status=422, reason=reason)
    d = deal_body(body)
    judge = _judge(body.get("judge"), len(d.deal.plays))
    illegal = _checked(d)
    for k, i in enumerate(judge or ()):
        if i in illegal:
            raise BadRequest("judge_illegal", f"judge[{k}]", index=i)
    request = canonical(d.deal, judge)
    return request, request_id(request)


def _judge(value: Any, plays: int) -> list[int] | None:
    if value is None:
        return None
    out = []
    for k, i in enumerate(read_list(value, "judge", MAX_JUDGE)):
        if isinstance(i, bool) or not isinstance(i, int):
            raise BadRequest("bad_type", f"judge[{k}]", expected="integer")
        if not 0 <= i < plays:
            raise BadRequest("out_of_range", f"judge[{k}]", min=0, max=plays - 1)
        out.append(i)
    return sorted(set(out))


def _checked(d: DealBody) -> set[int]:
    """The deal checked as the deal review checks it (its errors as ``/analyse`` answers them);
    the indices of the plays it finds illegal."""
    try:
        seats, illegal = played(d.deal)
    except KozelError as e:
        d.recheck_not_in_hand(e)
        raise
    d.recheck_seats(seats)
    return illegal


__all__ = ["read_request"]
