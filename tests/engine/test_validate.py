"""check_one_of_each: which pairs of places can hold one physical card."""

from __future__ import annotations

import pytest

from rules.engine import CardNotationError
from rules.engine.validate import check_one_of_each


@pytest.mark.parametrize(
    "hands,plays,stock,places",
    [
        ([["AS"], None, None, None], [("cards[0]", 0, "AS")], None, None),
        ([["AS"], None, None, None], [("cards[1]", 1, "AS")], None, ("hands[0][0]", "cards[1]")),
        ([["AS"], None, None, None], [("plays[5]", None, "AS")], None, None),
        ([["AS"], ["AS"], None, None], [], None, ("hands[0][0]", "hands[1][0]")),
        ([["AS"], None, None, None], [], ["AS"], ("hands[0][0]", "stock[0]")),
        (None, [("plays[4]", None, "7H")], ["7H"], None),
        (None, [("plays[0]", 0, "7H"), ("plays[5]", None, "7H")], None, ("plays[0]", "plays[5]")),
        (None, [("plays[0]", 0, ["9H", "10H"]), ("plays[1]", 1, "10H")], None, ("plays[0]", "plays[1]")),
        ([["10H"], None, None, None], [("plays[1]", 1, "10h")], None, ("hands[0][0]", "plays[1]")),
        ([["not a card"], None, None, None], [("plays[1]", 1, "ZZ")], None, None),
    ],
    ids=[
        "own card",
        "another seat's card",
        "seat not known yet",
        "two hands",
        "hand and stock",
        "drawn then played",
        "played twice",
        "inside a multi-card play",
        "notation differs",
        "bad notation left to the parser",
    ],
)
def test_places(hands, plays, stock, places) -> None:
    if places is None:
        check_one_of_each(hands, plays, stock)
        return
    with pytest.raises(CardNotationError) as e:
        check_one_of_each(hands, plays, stock)
    assert e.value.code == "duplicate_card"
    assert (e.value.params["first"], e.value.params["second"]) == places and e.value.field == places[1]
