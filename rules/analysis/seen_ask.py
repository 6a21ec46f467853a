"""A review by what was seen asked for, by the JSON API (:mod:`rules.api.seen`) and by the deal
review's pages (:mod:`rules.views.seen`) alike: a deal checked as the review checks it and written
out in a canonical form (codes in canonical notation, each hand in the deck's order, every option
with its value), its id (the hex SHA-256 of that form and the analysis's version), and the ask
itself, counted against the analysis's rate, with the queue's refusals named.

The canonical form holds the deal and the plays to judge, nothing else: no match, no link
(:func:`rules.analysis.seen.engine_inputs` reads it back for the task)."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import replace
from typing import Any

from django.http import HttpRequest

from rules import engine
from rules.deals import DealIn
from rules.engine import AnalysisError
from rules.engine.inputs import parse_play
from rules.engine.legality import TrickContext
from rules.engine.seen import VERSION
from rules.models import SeenReview

from . import gate
from .seen import ask

log = logging.getLogger(__name__)

QUEUE_RETRY = 60  # seconds a refused ask is told to wait (Retry-After): about one review's time


class QueueUnavailable(Exception):
    """The task queue cannot be reached (its Redis is down or gone): nothing was stored."""


def not_available(rs: engine.Ruleset) -> str | None:
    """Why the review by what was seen cannot judge ``rs`` (a reason of ``not_available``), or
    None: draw-four (nobody sees the stock's order) and leads of several cards."""
    if rs.draws:
        return "draw_four"
    if rs.multi_card_leads:
        return "multi_leads"
    return None


def played(deal: DealIn) -> tuple[list[int], set[int]]:
    """The deal played out as the review plays it (the engine's errors for a bad deal): the seat
    of every play, those of an unfinished last trick too, and the indices of the illegal ones."""
    rs = deal.rs
    for i, p in enumerate(deal.plays):
        parse_play(rs, p, f"plays[{i}]")
    n = rs.seats
    # played to its last trick, as the analysis plays it: a queen capture does not end it
    dealt = replace(deal.whole_tricks(), rs=replace(rs, capture=None)).play()
    if rs.rounds > 1 and deal.prikup is None:
        held = {engine.card(c) for h in deal.hands if h is not None for c in h}
        codes = [c.code for c in rs.deck if c not in held]
        raise AnalysisError("incomplete_deal", "the prikup is not given", cards=codes)
    plays = [p for t in dealt.tricks for p in t.plays]
    after = dealt.tricks[-1].winner if dealt.tricks else deal.leader
    seats = [p.seat for p in plays] + [(after + i) % n for i in range(deal.tail)]
    return seats, {i for i, p in enumerate(plays) if p.legal is False}


def _codes(cards: Any) -> list[str]:
    return [c.code for c in sorted((engine.card(c) for c in cards), key=lambda c: c.index)]


def canonical(d: DealIn, judge: list[int] | None) -> dict[str, Any]:
    """The request as the task reads it (:func:`rules.analysis.seen.engine_inputs`). A context
    that says nothing (as the pages send with every deal) is written as none, so a deal asked
    on a page and through the API is one review."""
    rs, ctx, prikup = d.rs, d.context, d.prikup
    if ctx == TrickContext():
        ctx = None
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


def request_review(http: HttpRequest, key: str, request: dict[str, Any]) -> tuple[SeenReview, bool]:
    """Ask for the review ``request`` (its id ``key``) for the client of ``http``: counted against
    ``KOZEL_ANALYSE_RATE`` (``gate.Limited`` past it), then the stored review or a new one queued
    (:func:`rules.analysis.seen.ask`: ``QueueFull`` past the queue's bound); a queue that cannot
    be reached is ``QueueUnavailable``. (row, whether work was queued)."""
    gate.count(http)
    try:
        return ask(key, request)
    except Exception as e:
        if queue_error(e):
            log.warning("the task queue is unavailable: %s", type(e).__name__)
            raise QueueUnavailable() from e
        raise


def queue_error(e: Exception) -> bool:
    """Is ``e`` the task queue's own failure (a Redis that is down or gone)?"""
    try:
        from redis.exceptions import ConnectionError, TimeoutError
    except ImportError:
        return False
    return isinstance(e, ConnectionError | TimeoutError)


__all__ = [
    "QUEUE_RETRY",
    "QueueUnavailable",
    "canonical",
    "not_available",
    "played",
    "queue_error",
    "request_id",
    "request_review",
]
