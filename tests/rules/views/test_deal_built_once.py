"""The deal review reads its deal once per request (rules.deals, through
rules.referee.deal.deal_of) and hands that one value to the review and to its best play; the
best play's section, asking for itself, has the deal played by the analysis alone. Counted on
real requests with a profiler hook, nothing replaced: the calls of the reader and of the
engine's ``play_deal``."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

from django.test import Client
from django.utils import translation

from rules.analysis import exact
from rules.engine import deal as engine_deal
from rules.messages import describe
from rules.referee import deal as referee_deal
from tests.rules.helpers import qs, revoke_deal

COUNTED: dict[Any, str] = {
    referee_deal.deal_of.__code__: "read",
    engine_deal.play_deal.__code__: "play_deal",
}
FRAGMENT = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "best"}


def calls(ask: Callable[[], Any]) -> tuple[Any, Counter[str]]:
    """What ``ask()`` answers, and how often each counted function ran meanwhile."""
    seen: Counter[str] = Counter()

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code in COUNTED:
            seen[COUNTED[frame.f_code]] += 1

    sys.setprofile(hook)
    try:
        answer = ask()
    finally:
        sys.setprofile(None)
    return answer, seen


def test_the_best_play_section_reads_and_plays_its_deal_once(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    url = "/rules/referee/deal/?" + qs(params) + "&best=1"
    exact.forget()
    resp, seen = calls(lambda: client.get(url, **FRAGMENT))
    assert resp.status_code == 200 and 'id="turning-point"' in resp.content.decode()
    assert seen == {"read": 1, "play_deal": 1}  # the analysis's own
    resp, seen = calls(lambda: client.get(url, **FRAGMENT))  # the answer kept: nothing played
    assert 'id="turning-point"' in resp.content.decode() and seen == {"read": 1}


def test_the_page_with_its_best_play_reads_its_deal_once(client: Client) -> None:
    """Without scripts the link shows the review and the best play in one page: the deal read
    once, played by the review and by the analysis."""
    params, _trick, _seat = revoke_deal()
    exact.forget()
    resp, seen = calls(lambda: client.get("/rules/referee/deal/?" + qs(params) + "&best=1"))
    html = resp.content.decode()
    assert 'id="review"' in html and 'id="turning-point"' in html
    assert seen == {"read": 1, "play_deal": 2}


def test_a_section_asked_for_a_deal_the_review_refuses_is_a_bad_request(client: Client) -> None:
    params, _trick, _seat = revoke_deal()
    plays = params["plays"].split()
    plays[0], plays[1] = plays[1], plays[0]  # the leader plays a card of the next seat's
    resp = client.get(
        "/rules/referee/deal/?" + qs({**params, "plays": " ".join(plays)}) + "&best=1", **FRAGMENT
    )
    with translation.override("ru"):
        said = describe("bad_request")
    assert resp.status_code == 200 and said in resp.content.decode()
