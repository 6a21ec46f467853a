"""Rulesets from a variant and its options (rules/engine/variants.py): the deck, the trump ladder
and the tricks of a deal. Each row id cites the rule-sheet section."""

from __future__ import annotations

import pytest

from rules.engine import resolve

# ------------------------------------------------------------------ the tricks of a deal
TRICKS_PER_DEAL = [
    pytest.param("classic-sixes", {}, None, 8, id="classic-sixes#deck/8"),
    pytest.param("draw-four", {}, None, 9, id="draw-four#deck/9"),
    pytest.param("yc-hvalyony", {"sevens": True}, None, 9, id="yc-hvalyony#deck/sevens-9"),
    pytest.param("yc-duel", {}, None, 16, id="yc-duel#prikup/16"),
    pytest.param("yc-duel", {"sevens": True}, None, 18, id="yc-duel#prikup/sevens-18"),
    pytest.param("solo-twelve", {}, 3, 10, id="solo-twelve#deck/three-10"),
    pytest.param("solo-twelve", {}, 2, 16, id="solo-twelve#deck/two-16"),
    pytest.param("solo-twelve", {}, 4, 8, id="solo-twelve#deck/four-8"),
]


@pytest.mark.parametrize("variant,options,seats,count", TRICKS_PER_DEAL)
def test_tricks_per_deal(variant: str, options: dict[str, object], seats: int | None, count: int) -> None:
    assert resolve(variant, options, seats=seats).tricks_per_deal == count


# ------------------------------------------------------------------ penalty-goats#deck and #trumps: deck, trump_row
DECKS = [
    # options, cards, each, the ladder
    pytest.param({}, 32, 8, "7C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C", id="penalty-goats#deck/32-full"),
    pytest.param(
        {"deck": "24"}, 24, 6, "QC QS QH QD JC JS JH JD AC 10C KC 9C", id="penalty-goats#deck/24-full"
    ),
    pytest.param(
        {"trump_row": "court"}, 32, 8, "7C QC QS QH QD JC JS JH JD", id="penalty-goats#trumps/32-court"
    ),
    pytest.param(
        {"deck": "24", "trump_row": "court"},
        24,
        6,
        "QC QS QH QD JC JS JH JD",
        id="penalty-goats#trumps/24-court",
    ),
]


@pytest.mark.parametrize("options,size,each,ladder", DECKS)
def test_penalty_goats_deck_and_trump_row(
    options: dict[str, object], size: int, each: int, ladder: str
) -> None:
    rs = resolve("penalty-goats", options)
    assert (len(rs.deck), rs.hand_size, rs.total_points, rs.tricks_per_deal) == (size, each, 120, each)
    assert " ".join(c.code for c in rs.trumps) == ladder
    assert ("C" in rs.plain_suits()) is (options.get("trump_row") == "court")
