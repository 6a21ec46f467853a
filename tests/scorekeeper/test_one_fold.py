"""A request builds the match's ruleset once and decodes its fold once, and passes them down:
counted over every call of the engine's ``resolve`` and ``Fold.from_dict`` during the request,
from whichever module (a profile hook sees the calls; nothing is replaced)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from rules.engine.fold import Fold
from rules.engine.variants import resolve

pytestmark = pytest.mark.django_db

COUNTED = {resolve.__code__: "ruleset", Fold.from_dict.__func__.__code__: "fold"}  # type: ignore[attr-defined]


def counted(request: Callable[[], Any]) -> tuple[Any, Counter[str]]:
    """The response of ``request()`` and how many rulesets were resolved and folds decoded."""
    calls: Counter[str] = Counter()

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in COUNTED:
            calls[COUNTED[frame.f_code]] += 1

    sys.setprofile(profile)
    try:
        resp = request()
    finally:
        sys.setprofile(None)
    return resp, calls


def test_a_recorded_hand_resolves_one_ruleset_and_decodes_one_fold(start) -> None:
    t = start()
    for points in (70, 45, 61):
        t.hand(points_0=points)
    resp, calls = counted(lambda: t.hand(points_0=80))  # htmx: the fresh board comes back
    assert resp.status_code == 200 and 'data-hand="4"' in resp.content.decode()
    assert calls == {"ruleset": 1, "fold": 1}


@pytest.mark.parametrize("htmx", [True, False])
def test_the_board_and_a_plain_write_resolve_one_ruleset_and_decode_one_fold(start, htmx: bool) -> None:
    t = start()
    t.hand(points_0=70)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    resp, calls = counted(lambda: t.client.get(t.edit, **headers))
    assert resp.status_code == 200 and calls == {"ruleset": 1, "fold": 1}
    resp, calls = counted(lambda: t.hand(points_0=61, htmx=False))  # redirected: no board drawn
    assert resp.status_code == 302 and calls == {"ruleset": 1, "fold": 1}


def test_the_count_sees_every_call() -> None:
    def twice() -> None:
        resolve("classic-sixes")
        resolve("classic-sixes")

    _none, calls = counted(twice)
    assert calls == {"ruleset": 2}
