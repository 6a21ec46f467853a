"""Counting, numbering and drawing the placements that agree with a view
(docs/rules.md#what-was-seen): exact counts, one number per placement, forms that hold the
placements they say, and a draw that is uniform and the same every time."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from rules.engine import Card, resolve
from rules.engine.seen import placements_of, view_at
from rules.engine.seen.chances import outcome_of, solve
from rules.engine.seen.placements import Kind, Placements, draw
from tests.engine.seen_deals import played, seen_deal

C = Card.parse


def test_without_inferences_the_count_is_the_multinomial() -> None:
    cards = tuple(C(c) for c in "7H 8H 9H 7S 8S 9S 7D 8D 9D".split())
    placements = Placements((3, 3, 3), tuple(Kind((c,), (0, 1, 2)) for c in cards))
    assert placements.count == math.factorial(9) // 6**3 == 1680
    assert placements.forms == 1680


def test_a_barred_place_narrows_the_count() -> None:
    # three hearts may not go to place 0: they fill places 1 and 2, the others take the rest
    hearts = [Kind((C(c),), (1, 2)) for c in ("7H", "8H", "9H")]
    rest = [Kind((C(c),), (0, 1, 2)) for c in ("7S", "8S", "9S")]
    placements = Placements((3, 2, 1), tuple(hearts + rest))
    assert placements.count == 3  # place 0 takes the spades; the hearts split 2 and 1 three ways
    assert {placements.layout_at(r)[0] for r in range(3)} == {(C("7S"), C("8S"), C("9S"))}


def test_alike_cards_share_a_form_and_the_forms_hold_every_placement() -> None:
    rs = resolve("classic-sixes")
    deal = seen_deal(rs, played(rs, 1))
    view = view_at(deal, 18)
    placements = placements_of(view)
    assert placements.forms < placements.count
    forms = dict(placements.each_form())
    assert sum(forms.values()) == placements.count
    assert Counter(placements.form_at(r) for r in range(placements.count)) == forms


def test_placements_of_one_form_solve_alike() -> None:
    rs = resolve("classic-sixes")
    deal = seen_deal(rs, played(rs, 41))
    view = view_at(deal, 13)
    placements = placements_of(view)
    for r in draw(b"alike", placements.count, 12):
        layout = placements.layout_at(r)
        first = placements.layout_of(placements.form_at(r))
        assert outcome_of(view, solve(view, layout, 10**8), 1) == outcome_of(
            view, solve(view, first, 10**8), 1
        )


def test_the_draw_is_distinct_sorted_and_repeatable() -> None:
    ranks = draw(b"seed", 10**12, 200)
    assert ranks == sorted(set(ranks)) and len(ranks) == 200
    assert ranks == draw(b"seed", 10**12, 200)
    assert ranks != draw(b"other", 10**12, 200)
    assert draw(b"seed", 7, 200) == list(range(7))


def test_the_draw_is_uniform() -> None:
    # 9,000 single draws over 90 numbers: each about 100 times; chi-square well under the
    # 0.1% point of 89 degrees of freedom (about 135)
    counts = Counter(draw(i.to_bytes(4, "big"), 90, 1)[0] for i in range(9000))
    chi2 = sum((counts[r] - 100) ** 2 / 100 for r in range(90))
    assert len(counts) == 90 and chi2 < 135


@pytest.mark.parametrize(("key", "seed", "index"), [("classic-sixes", 1, 22), ("yc-belka", 2, 18)])
def test_drawn_placements_fall_in_forms_as_often_as_they_hold(key: str, seed: int, index: int) -> None:
    rs = resolve(key)
    deal = seen_deal(rs, played(rs, seed))
    placements = placements_of(view_at(deal, index))
    weights = dict(placements.each_form())
    assert len(set(weights.values())) > 2  # forms of several sizes: a draw by forms would fail
    got: Counter[tuple[tuple[int, ...], ...]] = Counter()
    trials = 4000
    for i in range(trials):
        got.update(placements.form_at(r) for r in draw(i.to_bytes(4, "big"), placements.count, 1))
    chi2 = sum(
        (got[f] - trials * w / placements.count) ** 2 / (trials * w / placements.count)
        for f, w in weights.items()
    )
    df = len(weights) - 1
    assert chi2 < df + 4 * math.sqrt(2 * df)  # about the 0.1% point


def test_the_numbering_of_placements_stays_put() -> None:
    # a stored review's sample is drawn by these numbers: the same number is the same placement
    # for as long as the analysis version stands
    rs = resolve("voon-series")
    placements = placements_of(view_at(seen_deal(rs, played(rs, 3)), 9))
    assert (placements.count, placements.forms) == (5717712, 429618)
    ranks = draw(b"numbering", placements.count, 3)
    assert ranks == [468264, 1160573, 1903762]
    assert [[" ".join(c.code for c in h) for h in placements.layout_at(r)] for r in ranks] == [
        ["7C 9C KC QS 8H AD", "JC AC JH QH QD KD", "JS 7H 10H 8D 10D"],
        ["7C KC AC 10H JH QD", "9C QS 7H 8H QH AD", "JC JS 8D 10D KD"],
        ["7C QS QH 8D 10D KD", "JC AC JS 7H QD AD", "9C KC 8H 10H JH"],
    ]
