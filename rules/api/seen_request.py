"""A request for the review by what was seen (docs/api-seen.md): the body read as
``POST /api/v1/analyse`` reads it (:func:`rules.api.read.deal_body`), checked as the deal review
checks a deal, written out in a canonical form (codes in canonical notation, each hand in the
deck's order, every option with its value), and its id: the hex SHA-256 of that form and the
analysis's version. The form holds the deal and the plays to judge, nothing else: no match, no
link (:func:`rules.analysis.seen.engine_inputs` reads it back for the task)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from typing import Any

from rules import engine
from rules.analysis.exact import unavailable
from rules.deals import DealIn
from rules.engine import AnalysisError, KozelError
from rules.engine.inputs import parse_play
from rules.engine.seen import VERSION

from .http import BadRequest
from .read import DealBody, deal_body, read_list, read_ruleset

MAX_JUDGE = 64  # plays named in "judge"


def read_request(body: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The canonical request and its id; ``BadRequest`` and the engine's errors for bad input."""
    rs = read_ruleset(body)
    if rs.draws or rs.multi_card_leads:
        raise BadRequest("not_available", None, status=422, reason="draw_four" if rs.draws else "multi_leads")
    reason = unavailable(rs)
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
    deal = d.deal
    rs = deal.rs
    for i, p in enumerate(deal.plays):
        parse_play(rs, p, f"plays[{i}]")
    n = rs.seats
    try:
        # played to its last trick, as the analysis plays it: a queen capture does not end it
        dealt = replace(deal.whole_tricks(), rs=replace(rs, capture=None)).play()
    except KozelError as e:
        d.recheck_not_in_hand(e)
        raise
    if rs.rounds > 1 and deal.prikup is None:
        held = {engine.card(c) for h in deal.hands if h is not None for c in h}
        codes = [c.code for c in rs.deck if c not in held]
        raise AnalysisError("incomplete_deal", "the prikup is not given", cards=codes)
    plays = [p for t in dealt.tricks for p in t.plays]
    after = dealt.tricks[-1].winner if dealt.tricks else deal.leader
    d.recheck_seats([p.seat for p in plays] + [(after + i) % n for i in range(deal.tail)])
    return {i for i, p in enumerate(plays) if p.legal is False}


def _codes(cards: Any) -> list[str]:
    return [c.code for c in sorted((engine.card(c) for c in cards), key=lambda c: c.index)]


def canonical(d: DealIn, judge: list[int] | None) -> dict[str, Any]:
    """The request as the task reads it (:func:`rules.analysis.seen.engine_inputs`)."""
    rs, ctx, prikup = d.rs, d.context, d.prikup
    return {
        "variant": rs.key,
        "seats": rs.seats,
        "options": {k: rs.options[k] for k in sorted(rs.options)},
        "leader": d.leader,
        "hands": [_codes(h) for h in d.hands],
        "prikup": None if prikup is None else [_codes(h) for h in prikup],
        "dealer": d.dealer,
        "plays": [engine.card(p).code for p in d.plays],  # type: ignore[arg-type]
        "context": None
        if ctx is None
        else {
            "hand_number": ctx.hand_number,
            "trick_number": ctx.trick_number,
            "score": None if ctx.score is None else list(ctx.score),
            "first_leader": ctx.first_leader,
            "led_suits": sorted(ctx.led_suits),
            "boaster": ctx.boaster,
        },
        "judge": judge,
    }


def request_id(request: dict[str, Any]) -> str:
    text = json.dumps({**request, "version": VERSION}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


__all__ = ["canonical", "read_request", "request_id"]
