"""The moves a search for card points lists from a run of cards that beat and lose to the same
cards (``solver_tables.fed_heads``): one card where the side that takes the trick is settled,
one of each worth where it is not. That the values stay exact is test_solver.py's brute force."""

from __future__ import annotations

from rules.engine import resolve
from rules.engine.cards import Card
from rules.engine.solver_tables import fed_heads, mask_of, tables_of

RS = resolve("solo-twelve", {}, seats=2)
TB = tables_of(RS)


def mask(codes: str) -> int:
    return mask_of(TB, [Card.parse(c) for c in codes.split()])


def codes(cards: tuple[int, ...]) -> list[str]:
    return [TB.cards[c].code for c in cards]


# hearts, plain at solo-twelve's clubs: AH 10H KH QH in one hand, 9H 8H 7H in the other's
MINE = mask("AH 10H KH QH")
LIVE = MINE | mask("9H 8H 7H")


def test_a_run_whose_trick_goes_to_the_mover_plays_its_dearest_card() -> None:
    assert codes(fed_heads(TB, MINE, LIVE, lambda c: True)) == ["AH"]


def test_a_run_whose_trick_goes_to_the_other_side_plays_its_cheapest_card() -> None:
    assert codes(fed_heads(TB, MINE, LIVE, lambda c: False)) == ["QH"]


def test_an_unsettled_run_plays_one_card_of_each_worth() -> None:
    assert codes(fed_heads(TB, MINE, LIVE, lambda c: None)) == ["AH", "10H", "KH", "QH"]
    worthless = mask("9H 8H 7H")
    assert codes(fed_heads(TB, worthless, LIVE, lambda c: None)) == ["9H"]


def test_a_card_of_another_hand_or_group_between_splits_the_run() -> None:
    assert codes(fed_heads(TB, MINE | mask("AS"), LIVE | mask("AS"), lambda c: True)) == ["AS", "AH"]
    mine = mask("AH KH QH")  # 10H is the other hand's: AH alone, then KH QH
    got = fed_heads(TB, mine, LIVE, lambda c: c == TB.bit[Card.parse("AH")] or None)
    assert codes(got) == ["AH", "KH", "QH"]
    got = fed_heads(TB, mine, LIVE, lambda c: False)
    assert codes(got) == ["AH", "QH"]


def test_each_run_is_asked_once_by_its_first_card() -> None:
    asked: list[str] = []

    def takes(c: int) -> bool:
        asked.append(TB.cards[c].code)
        return True

    fed_heads(TB, mask("AH KH QH"), LIVE, takes)
    assert asked == ["AH", "KH"]
