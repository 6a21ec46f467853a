"""Redeal rights, royal goat, Belka suits and the first lead (docs/rules.md#variants)."""

from __future__ import annotations

import pytest

from rules.engine.cards import Card, KozelError
from rules.engine.checks import belka_seat_suits, belka_trump_suit, first_leader, is_royal_goat, redeal_check
from rules.engine.deal import play_deal
from rules.engine.tricks import TrickInputError
from rules.engine.variants import resolve

REDEALS = [
    # key, options, hand, allowed, reasons, points
    pytest.param(
        "classic-sixes", {}, "9C 9S 9H 9D AS 10S KS QS", True, ("four_nines",), 28, id="s2.1-four-nines"
    ),
    pytest.param(
        "classic-sixes", {}, "7S 8S 9S 7H 8H 9H JS QH", True, ("low_points",), 5, id="s2.1-five-points"
    ),
    pytest.param(
        "classic-sixes",
        {},
        "10S JS 7S 7H 8H 9H 8D 9S",
        True,
        ("low_points",),
        12,
        id="s2.1-twelve-points-is-low",
    ),
    pytest.param("classic-sixes", {}, "AS 7S 9S 7H 8H 9H JD QH", False, (), 16, id="s2.1-sixteen-no"),
    pytest.param(
        "classic-sixes",
        {},
        "9C 9S 9H 9D 8S 7S 7H 8H",
        True,
        ("four_nines", "low_points"),
        0,
        id="s2.1-nines-and-low",
    ),
    pytest.param(
        "penalty-goats", {}, "7S 8S 9S 7H 8H 9H JS QH", False, (), 5, id="s2.2-no-redeal-by-default"
    ),
    pytest.param(
        "penalty-goats",
        {"four_of_suit_redeal": True},
        "AS KS 9S 8S AH 10H KH 7D",
        True,
        ("four_of_suit",),
        40,
        id="s2.2-four-of-suit",
    ),
    pytest.param(
        "penalty-goats",
        {"four_of_suit_redeal": True},
        "AS KS 9S AH 10H KH 7D 8D",
        False,
        (),
        40,
        id="s2.2-three-of-each-no",
    ),
    pytest.param(
        "voon-series", {}, "7S 8S 9S 7H 8H 9H JS QH", False, ("no_redeals",), None, id="s2.3-voon-no-redeals"
    ),
    pytest.param(
        "yc-hvalyony", {}, "AS 6S 9S 6H 8H 9H JS 6D", True, ("low_points",), 13, id="seed004-13-points-redeal"
    ),
    pytest.param("yc-belka", {}, "AS 6S 9S 6H 8H 9H QS 6D", False, (), 14, id="seed004-14-points-no"),
    pytest.param(
        "yc-belka",
        {"sevens": True},
        "AS 6S 9S 6H 8H 9H JS 6D 7C",
        True,
        ("low_points",),
        13,
        id="s2.5-sevens-nine-cards",
    ),
    pytest.param("draw-four", {}, "6S 7S 8S 9S", False, (), 0, id="s2.6-no-redeal-rule"),
]


@pytest.mark.parametrize("key,options,hand,allowed,reasons,points", REDEALS)
def test_redeal(key, options, hand, allowed, reasons, points):
    r = redeal_check(resolve(key, options), hand.split())
    assert (r.allowed, r.reasons) == (allowed, reasons)
    if points is not None:
        assert r.params["points"] == points


def test_redeal_bad_hand():
    with pytest.raises(TrickInputError) as e:
        redeal_check(resolve("classic-sixes"), "9C 9S 9H".split())
    assert e.value.code == "bad_hand"
    with pytest.raises(KozelError) as e:
        redeal_check(resolve("classic-sixes"), "9C 9S 9H 6D AS KS QS JS".split())
    assert e.value.code == "card_not_in_deck"


def test_royal_goat():
    rs = resolve("penalty-goats", {"royal_goat": True})
    assert rs.royal_goat
    assert is_royal_goat(rs, "AC AS AH AD 7S 8S 9S 7H".split())
    assert not is_royal_goat(rs, "AC AS AH 10D 7S 8S 9S 7H".split())


def test_belka_seat_suits():
    """yc-belka#deck: the JC seat clubs, to its right (seat - 1) hearts, opposite spades, left (seat + 1) diamonds."""
    assert belka_seat_suits(0) == {0: "C", 3: "H", 2: "S", 1: "D"}
    assert belka_seat_suits(2) == {2: "C", 1: "H", 0: "S", 3: "D"}
    for s in range(4):
        assert sorted(belka_seat_suits(s).values()) == ["C", "D", "H", "S"]
    with pytest.raises(TrickInputError):
        belka_seat_suits(4)


@pytest.mark.parametrize(
    "hand_number,first,jc,suit",
    [
        pytest.param(1, None, 2, "C", id="s2.5-hand1-clubs"),
        pytest.param(1, 0, 3, "C", id="s2.5-hand1-clubs-whoever-holds-JC"),
        pytest.param(2, 0, 0, "C", id="s2.5-same-seat-clubs"),
        pytest.param(2, 0, 3, "H", id="s2.5-right-seat-hearts"),
        pytest.param(2, 0, 2, "S", id="s2.5-opposite-spades"),
        pytest.param(5, 0, 1, "D", id="s2.5-left-seat-diamonds"),
        pytest.param(3, 1, 0, "H", id="s2.5-first-jc-seat1-seat0-hearts"),
    ],
)
def test_belka_trump_suit(hand_number, first, jc, suit):
    assert belka_trump_suit(hand_number, first, jc) == suit
    rs = resolve("yc-belka", {"trump_suit": suit})
    assert Card.parse("A" + suit) in rs.trumps


def test_belka_trump_suit_needs_first_jc_seat():
    with pytest.raises(TrickInputError) as e:
        belka_trump_suit(2, None, 1)
    assert e.value.field == "first_jc_seat"


HANDS = [
    "7C QC QS QH QD JC JS JH",
    "JD AC 10C KC AS 10S KS 9S",
    "9C 8C AH 10H KH 9H 8H 7H",
    "AD 10D KD 9D 8D 7D 8S 7S",
]


@pytest.mark.parametrize(
    "key,options,hand_number,kw,seat,rule",
    [
        pytest.param("classic-sixes", {}, 1, {}, 2, "lowest_trump", id="s2.1-hand1-8C-holder"),
        pytest.param(
            "classic-sixes", {"trump_suit": "D"}, 1, {}, 3, "lowest_trump", id="s2.1-trump-D-7D-holder"
        ),
        pytest.param(
            "classic-sixes", {}, 2, {}, None, "previous_winner_team", id="s2.1-later-winners-choose"
        ),
        pytest.param("penalty-goats", {}, 1, {}, None, "agreement", id="s2.2-by-agreement"),
        pytest.param("voon-series", {}, 1, {}, 3, "ace_of_diamonds", id="s2.3-AD-holder"),
        pytest.param("voon-series", {}, 2, {}, None, "rotation", id="s2.3-later-rotation"),
        pytest.param("draw-four", {}, 1, {"dealer": 2}, 2, "dealer", id="s2.6-dealer-leads"),
    ],
)
def test_first_leader(key, options, hand_number, kw, seat, rule):
    rs = resolve(key, options)
    hands = HANDS if rs.hand_size == 8 and not rs.multi_card_leads else [None] * 4
    fl = first_leader(rs, hands, hand_number=hand_number, **kw)
    assert (fl.seat, fl.rule) == (seat, rule)
    if rule == "ace_of_diamonds":
        assert fl.card == Card.parse("AD")


def test_first_leader_obyaz():
    """yc-hvalyony#deck/yc-belka#deck: the JC holder («обяз»)."""
    hands = [
        "6C QC QS QH QD 6S 8S 9S",
        "JD AC 10C KC AS 10S KS JC",
        "9C 8C AH 10H KH 9H 8H 6H",
        "AD 10D KD 9D 8D 6D JS JH",
    ]
    for key in ("yc-hvalyony", "yc-belka"):
        fl = first_leader(resolve(key), hands)
        assert (fl.seat, fl.rule) == (1, "obyaz")
    assert first_leader(resolve("yc-belka"), [hands[0], None, None, None]).seat is None


# ------------------------------------------------------------------ draw-four#leading: four trumps lead first
FOUR_TRUMPS = [
    # option on, the four hands, dealer, who leads, id
    pytest.param(
        True,
        ["6H 7H 8H 9H", "7C QS JD AC", "6S 7S 8S 9S", "6D 7D 8D 9D"],
        0,
        1,
        id="draw-four#leading/one-hand-of-trumps",
    ),
    pytest.param(
        True,
        ["QC JC 6C 8C", "7C QS JD AC", "6S 7S 8S 9S", "6D 7D 8D 9D"],
        2,
        1,
        id="draw-four#leading/the-higher-trump",
    ),
    pytest.param(
        True,
        ["QC JC 6C 8C", "QS QH JD AC", "6S 7S 8S 9S", "6D 7D 8D 9D"],
        2,
        0,
        id="draw-four#leading/QC-over-QS",
    ),
    pytest.param(
        True,
        ["6H 7H 8H 9H", "7C QS JD 6S", "10S 7S 8S 9S", "6D 7D 8D 9D"],
        3,
        3,
        id="draw-four#leading/none-the-dealer",
    ),
    pytest.param(
        False,
        ["6H 7H 8H 9H", "7C QS JD AC", "6S 7S 8S 9S", "6D 7D 8D 9D"],
        0,
        0,
        id="draw-four#leading/option-off",
    ),
]


@pytest.mark.parametrize("on,hands,dealer,leader", FOUR_TRUMPS)
def test_four_trumps_lead_first(on: bool, hands: list[str], dealer: int, leader: int) -> None:
    rs = resolve("draw-four", {"four_trumps_lead": on})
    split = [h.split() for h in hands]
    assert first_leader(rs, split, dealer=dealer).seat == leader
    # a deal review given the dealer: the right leader is no irregularity, the dealer leading is one
    one = [split[(leader + i) % 4][0] for i in range(4)]
    d = play_deal(rs, leader, split, [[c] for c in one], dealer=dealer)
    assert d.first_violation is None or d.first_violation.reason != "wrong_first_leader"
    if leader != dealer:
        other = [split[(dealer + i) % 4][0] for i in range(4)]
        d = play_deal(rs, dealer, split, [[c] for c in other], dealer=dealer)
        assert (d.first_violation.reason, d.first_violation.params["leader"]) == (
            "wrong_first_leader",
            leader,
        )


# ------------------------------------------------------------------ classic-sixes#redeal: the «сухая» hand
DRY = [
    # variant, hand, declare, id
    pytest.param(
        "classic-sixes", "7C QC QS QH 8H 9H 10H AS", ("dry",), id="classic-sixes#redeal/three-queens-and-7C"
    ),
    pytest.param(
        "classic-sixes", "7C QC QS QH QD 9H 10H AS", ("dry",), id="classic-sixes#redeal/four-queens-and-7C"
    ),
    pytest.param(
        "classic-sixes", "8C QC QS QH QD 9H 10H AS", (), id="classic-sixes#redeal/queens-without-7C"
    ),
    pytest.param("classic-sixes", "7C QC QS 8H 9H 10H AS KS", (), id="classic-sixes#redeal/two-queens"),
    pytest.param("penalty-goats", "7C QC QS QH 8H 9H 10H AS", (), id="penalty-goats#redeal/not-this-variant"),
]


@pytest.mark.parametrize("variant,hand,declare", DRY)
def test_the_dry_hand(variant: str, hand: str, declare: tuple[str, ...]) -> None:
    r = redeal_check(resolve(variant), hand.split())
    assert r.declare == declare
    if declare:  # neither a redeal nor a score: the redeal reasons are those of the points alone
        assert "dry" not in r.reasons
