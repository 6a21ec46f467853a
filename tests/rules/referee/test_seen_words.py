"""«А было ли видно?» in words (rules.referee.seen) for the answers a short ending does not give
(tests/rules/views/test_seen_pages.py has those, from the worker): a sampled review with its
margin, «no way to know» over a goal, a play with no other card, a play judged on nothing seen,
and which goal the words speak of. The judged plays are written as the API answers them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from rules.referee.seen import done, failed, pending, refused


def words(seen: Any) -> str:
    return " ".join(str(x) for x in (seen.words, seen.figures, seen.sample) if x)


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def move(card: str, mean: float, **chances: float | None) -> dict[str, Any]:
    goals = {"win": None, "big_win": None, "all_points": None, "all_tricks": None, "capture": None}
    return {"card": card, "mean": mean, "chances": {**goals, **chances}}


def judged(card: str, verdict: str, moves: list[dict[str, Any]], **more: Any) -> dict[str, Any]:
    play = {
        "index": 3,
        "seat": 1,
        "card": card,
        "layouts": 36,
        "solved": 36,
        "exact": True,
        "margin": 0.0,
        "moves": moves,
        "best_seen": {},
        "verdict": verdict,
    }
    return {"plays": [{**play, **more}]}


@pytest.fixture(autouse=True)
def russian() -> Any:
    with translation.override("ru"):
        yield


def test_a_sampled_review_says_its_sample_and_margin() -> None:
    result = judged(
        "10H",
        "mistake",
        [move("AC", 70.0, win=0.72, big_win=0.1), move("10H", 58.25, win=0.41, big_win=0.1)],
        layouts=9465511770,
        solved=200,
        exact=False,
        margin=0.0693,
    )
    said = plain(words(done(result, 3, ["win"])))
    assert "после Т♣ ещё можно было взять 61 в 72% раскладов, а после 10♥ — в 41%: ошибка." in said
    assert "Разобрана выборка раскладов: 200 из 9\xa0465\xa0511\xa0770; точность каждой доли ±7%." in said


def test_no_way_to_know_over_a_goal_puts_the_chances_side_by_side() -> None:
    result = judged(
        "10H", "no_way_to_know", [move("AC", 60, win=0.4), move("10H", 61, win=0.45), move("7S", 50, win=0.1)]
    )
    seen = done(result, 3, ["win"])
    assert seen.verdict == "no_way_to_know"
    assert plain(str(seen.words)) == "По тому, что было видно, явно лучшей карты не было: не повезло."
    # the played card, then the best of the others
    assert plain(str(seen.figures)) == "После 10♥ ещё можно было взять 61 в 45% раскладов, после Т♣ — в 40%."
    assert "Разобраны все возможные расклады: 36." in seen.sample


def test_the_words_speak_of_the_goal_that_made_it_a_mistake() -> None:
    """It gave up 61 and the bigger award; only the bigger award's chances differ."""
    result = judged(
        "10H", "mistake", [move("AC", 60, win=0.5, big_win=0.9), move("10H", 60, win=0.5, big_win=0.2)]
    )
    said = plain(str(done(result, 3, ["win", "big_win"]).words))
    assert "оставить" in said and "в 90% раскладов, а после 10♥ — в 20%: ошибка." in said


def test_card_points_alone_compare_the_means() -> None:
    result = judged("10H", "mistake", [move("AC", 80, win=1.0), move("10H", 69.67, win=1.0)])
    said = plain(str(done(result, 3, []).words))
    assert (
        said
        == "По тому, что было видно, после Т♣ у стороны в среднем больше очков (80), чем после 10♥ (69,7): ошибка."
    )


def test_no_other_card_and_nothing_seen() -> None:
    forced = judged("10H", "no_way_to_know", [move("10H", 40, win=0.0)])
    assert "другой разрешённой карты не было: не повезло" in str(done(forced, 3, ["win"]).words)
    blind = judged("10H", "no_way_to_know", [], layouts=0, solved=0)
    seen = done(blind, 3, [])
    assert "вслепую" in str(seen.words) and seen.sample == ""


def test_a_play_not_judged_cost_nothing() -> None:
    assert "ничего не стоил" in str(done({"plays": []}, 3, []).words)


def test_in_english() -> None:
    result = judged("10H", "mistake", [move("AC", 70, win=0.72), move("10H", 58, win=0.41)])
    with translation.override("en"):
        said = plain(str(done(result, 3, ["win"]).words))
    assert (
        said
        == "By what could be seen, after A♣ the side could still take 61 in 72% of the layouts, after 10♥ in 41%: a mistake."
    )


def test_the_states_under_way_and_the_refusals() -> None:
    assert pending("running", (2, 5), "/x").pending and not failed(None).pending
    lost = failed({"code": "lost", "params": {}})
    assert lost.again and lost.error == "Разбор прервался, не закончив; попросите его снова."
    assert not failed({"code": "too_complex", "params": {"budget": 50}}).again
    assert refused("queue_full", {"retry_after": 60}).error.endswith("через 60 с.")


def test_the_cards_are_escaped_faces() -> None:
    result = judged("10H", "mistake", [move("AC", 70, win=0.72), move("10H", 58, win=0.41)])
    html = str(done(result, 3, ["win"]).words)
    assert (
        '<span class="cardface suit-black">Т♣</span>' in html
        and '<span class="cardface suit-red">10♥</span>' in html
    )
