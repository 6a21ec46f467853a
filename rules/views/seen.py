"""«А было ли видно?» beside a costly play of the deal review (the referee's and a match's «Спор»):
the review by what was seen asked for and watched, through the service the JSON API uses
(:mod:`rules.analysis.seen_ask`), never through HTTP.

``POST /rules/referee/seen/?<the deal>`` asks: the deal in the query, as the review's own page
has it (no names, no match: the dispute page asks with the deal alone), the play and the goals it
gave up in the form. It answers with the play's line (htmx) or sends a plain post to it (303).
``GET /rules/referee/seen/<id>/<play>/?lost=<goals>`` is that line, polled while the worker
runs; a POST there asks again for a review that failed and may pass now. The line is a fragment
to htmx and a page of its own otherwise. A refusal (bad input, a table it cannot judge, the rate,
a full or unreachable queue) is one line with its status, never a 500; nothing of a match is
read or written."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from common.http import htmx, url
from common.numbers import read_number
from rules.analysis import gate
from rules.analysis.seen import QueueFull, state
from rules.analysis.seen_ask import (
    QUEUE_RETRY,
    QueueUnavailable,
    canonical,
    not_available,
    played,
    request_id,
    request_review,
)
from rules.engine.cards import KozelError
from rules.messages import describe
from rules.models import SeenReview
from rules.referee import seen as words
from rules.referee.deal import DealQuery, deal_of, read_deal

GOAL_CODES = frozenset(words.ORDER)
ID = re.compile(r"[0-9a-f]{64}")
MAX_PLAY = 200  # plays of a deal (the API's bound)


def deal_query(review: DealQuery) -> dict[str, str]:
    """The deal of a review page as the ask's query: the deal alone (no names, no step)."""
    return {k: v for k, v in review.params().items() if k != "step" and not k.startswith("name")}


def ask_url(review: DealQuery) -> str | None:
    """Where a review page's «А было ли видно?» posts, or None where the deal cannot be judged by
    what was seen (:func:`unavailable`)."""
    rs = review.rs
    if rs is None or not_available(rs) is not None:
        return None
    return url("rules:seen", query=deal_query(review))


def unavailable(review: DealQuery) -> str:
    """Why the review by what was seen cannot judge this table, in words ("" where it can)."""
    reason = not_available(review.rs) if review.rs is not None else None
    return describe("not_available", {"reason": reason}) if reason else ""


@require_POST
def seen_ask(request: HttpRequest) -> HttpResponse:
    """Ask for the review by what was seen of the deal in the query, for the play in the form."""
    ask = _Asked(request, *_play(request.POST))
    review = read_deal(request.GET)
    deal = deal_of(review)
    if deal is None or ask.index is None or review.problems:
        return ask.answer(words.refused("bad_request", again=False), 400)
    reason = not_available(deal.rs)
    if reason is not None:
        return ask.answer(words.refused("not_available", {"reason": reason}, again=False), 422)
    try:
        _seats, illegal = played(deal)
    except KozelError as e:
        return ask.answer(words.refused(e.code, {"token": e.token, **e.params}, again=False), 400)
    if ask.index >= len(deal.plays) or ask.index in illegal:
        return ask.answer(words.refused("bad_request", again=False), 400)
    req = canonical(deal, None)  # every costly play, as the API's default: one review for each of them
    return ask.ask(request_id(req), req)


@require_http_methods(["GET", "HEAD", "POST"])
def seen_poll(request: HttpRequest, key: str, play: int) -> HttpResponse:
    """The line of play ``play`` under review ``key``; a POST asks again for one that failed."""
    ask = _Asked(request, play, _play(request.GET)[1])
    row = SeenReview.objects.filter(pk=key).first() if ID.fullmatch(key) else None
    if row is None:
        return ask.answer(words.refused("not_found", again=False), 404)
    if request.method == "POST":
        return ask.ask(key, row.request)
    return ask.answer(_line(row, play, ask.lost), 200)


class _Asked:
    """One request about a play's line: the play, the goals it gave up, and where its control
    asks again (the address asked, with the play in the form)."""

    def __init__(self, request: HttpRequest, index: int | None, lost: list[str]) -> None:
        self.request, self.index, self.lost = request, index, lost
        self.again = request.get_full_path()

    def ask(self, key: str, req: dict[str, Any]) -> HttpResponse:
        try:
            row, _fresh = request_review(self.request, key, req)
        except gate.Limited as e:
            seen = words.refused("rate_limited", {"retry_after": e.retry_after})
            return self.answer(seen, 429, {"Retry-After": str(e.retry_after)})
        except QueueFull:
            seen = words.refused("queue_full", {"retry_after": QUEUE_RETRY})
            return self.answer(seen, 503, {"Retry-After": str(QUEUE_RETRY)})
        except QueueUnavailable:
            return self.answer(words.refused("queue_unavailable"), 503, {"Retry-After": str(QUEUE_RETRY)})
        assert self.index is not None
        poll = _poll_url(key, self.index, self.lost)
        if not htmx(self.request):
            return HttpResponseRedirect(poll, status=303)
        self.again = poll
        return self.answer(_line(row, self.index, self.lost), 200)

    def answer(self, seen: words.Seen, status: int, headers: Mapping[str, str] | None = None) -> HttpResponse:
        """The play's line: the fragment to htmx, a page of its own to a plain request."""
        template = "rules/_seen.html" if htmx(self.request) else "rules/seen.html"
        context = {"seen": seen, "again_url": self.again, "play": self.index, "lost": " ".join(self.lost)}
        resp = render(self.request, template, context, status=status)
        for k, v in (headers or {}).items():
            resp[k] = v
        return resp


def _line(row: SeenReview, index: int, lost: list[str]) -> words.Seen:
    status, error = state(row)
    if status == "done":
        return words.done(row.result, index, lost)
    if status == "failed":
        return words.failed(error)
    return words.pending(status, (row.judged, row.to_judge), _poll_url(row.pk, index, lost))


def _play(data: Mapping[str, str]) -> tuple[int | None, list[str]]:
    """The play under question and the goals it gave up, as the form (or the poll's query) has them."""
    index = read_number(data.get("play", ""), 0, MAX_PLAY)
    lost = [g for g in data.get("lost", "").split() if g in GOAL_CODES]
    return index, lost


def _poll_url(key: str, index: int, lost: list[str]) -> str:
    return url("rules:seen_poll", key, index, query={"lost": " ".join(lost)} if lost else None)


__all__ = ["ask_url", "deal_query", "seen_ask", "seen_poll", "unavailable"]
