"""Independent conformance audit of the engine against docs/rules.md and the seeds.

Every row's id names the docs/rules.md section (``s2.3``) or the seed (``seed004``) it checks. The
expected values were worked out from the text, not from the engine. At the end, a reference
scorer written from docs/rules.md alone is run against ``replay`` on random matches (hypothesis),
with two more invariants: one fold step equals the replay of one more record, and a complete
legal deal's record is a record the scorer takes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (
    KozelError,
    TrickContext,
    belka_seat_suits,
    belka_trump_suit,
    first_leader,
    next_deal,
    play_deal,
    redeal_check,
    replay,
    resolve,
    resolve_trick,
    score_hand,
)
from rules.engine.cards import Card
from rules.engine.tricks import legal_cards
from tests.engine.dealplay import play_out

# ------------------------------------------------------------------ decks and ladders (docs/rules.md#cards, docs/rules.md#variants)

LADDERS = [
    # variant, options, deck size, cards each, ladder (high to low)
    pytest.param(
        "classic-sixes",
        {},
        32,
        8,
        "7C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C",
        id="s2.1-default-clubs-14-trumps-lowest-8C",
    ),
    pytest.param(
        "classic-sixes",
        {"trump_suit": "D"},
        32,
        8,
        "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D",
        id="s2.1-trump_suit=D-no-shamok",
    ),
    pytest.param(
        "penalty-goats", {}, 32, 8, "7C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C", id="s2.2-as-classic"
    ),
    pytest.param(
        "voon-series", {}, 32, 8, "7C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C", id="s2.3-seed003-14-trumps"
    ),
    pytest.param(
        "yc-hvalyony", {}, 32, 8, "6C QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 6D", id="s2.4-no-sevens-32"
    ),
    pytest.param(
        "yc-hvalyony",
        {"sevens": True},
        36,
        9,
        "6C QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D 6D",
        id="s2.4-sevens-36",
    ),
    pytest.param(
        "yc-hvalyony",
        {"six_of_clubs": False},
        32,
        8,
        "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 6D",
        id="s2.4-six_of_clubs-off",
    ),
    pytest.param(
        "yc-belka", {}, 32, 8, "JC JS JH JD AC 10C KC QC 9C 8C 6C", id="s2.5-jacks-then-clubs-queen-in-suit"
    ),
    pytest.param(
        "yc-belka",
        {"trump_suit": "H", "sevens": True},
        36,
        9,
        "JC JS JH JD AH 10H KH QH 9H 8H 7H 6H",
        id="s2.5-hearts-sevens",
    ),
    pytest.param(
        "draw-four", {}, 36, 4, "7C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C 6C", id="s2.6-default-clubs"
    ),
    pytest.param(
        "draw-four",
        {"trump_suit": "S"},
        36,
        4,
        "7C QC QS QH QD JC JS JH JD AS 10S KS 9S 8S 7S 6S",
        id="s2.6-spades-7C-stays-top",
    ),
]


@pytest.mark.parametrize("key,options,size,each,ladder", LADDERS)
def test_deck_and_ladder(key: str, options: dict[str, Any], size: int, each: int, ladder: str) -> None:
    rs = resolve(key, options)
    assert len(rs.deck) == size and len(set(rs.deck)) == size
    assert rs.hand_size == each
    assert " ".join(c.code for c in rs.trumps) == ladder
    assert rs.total_points == 120  # docs/rules.md#cards: a full deck holds 120
    ranks = {c.rank for c in rs.deck}
    if key.startswith("yc-") and not options.get("sevens"):
        assert ranks == {"6", "8", "9", "10", "J", "Q", "K", "A"}  # yc-hvalyony#deck: 6, 8-A
    elif size == 32:
        assert "6" not in ranks


def test_plain_order_ten_over_king_queen_plain_only_in_belka() -> None:
    """docs/rules.md#cards plain order A 10 K 9 8 7 6; yc-belka#capture queens plain: A 10 K Q 9 8 (7) 6."""
    assert [c.code for c in resolve("classic-sixes").plain_cards("H")] == "AH 10H KH 9H 8H 7H".split()
    assert [c.code for c in resolve("yc-belka").plain_cards("S")] == "AS 10S KS QS 9S 8S 6S".split()
    assert [c.code for c in resolve("yc-hvalyony").plain_cards("C")] == "AC 10C KC 9C 8C".split()
    assert [
        c.code for c in resolve("yc-hvalyony", {"six_of_clubs": False}).plain_cards("C")
    ] == "AC 10C KC 9C 8C 6C".split()
    assert [
        c.code for c in resolve("classic-sixes", {"trump_suit": "D"}).plain_cards("C")
    ] == "AC 10C KC 9C 8C 7C".split()


# ------------------------------------------------------------------ trick winners (docs/rules.md#winning, docs/rules.md#variants)

WINNERS = [
    # variant, options, leader, plays (clockwise from leader), winning seat, points
    pytest.param("classic-sixes", {}, 0, "KH 10H 7H AS", 1, 25, id="s1-seed000-offsuit-ace-never-wins"),
    pytest.param("classic-sixes", {}, 0, "AH QD 10H 7C", 3, 24, id="s1-seed003-7C-over-queen"),
    pytest.param("classic-sixes", {}, 2, "AH 8C 10H KH", 3, 25, id="s1-lowest-trump-beats-plain-ace"),
    pytest.param("classic-sixes", {}, 0, "AS QS 10S KS", 1, 28, id="s1-trump-queen-is-no-spade"),
    pytest.param(
        "classic-sixes", {"trump_suit": "D"}, 0, "7C AC KC 10C", 1, 25, id="s2.1-D-clubs-plain-ace-wins"
    ),
    pytest.param(
        "classic-sixes", {"trump_suit": "D"}, 0, "AH 7D 10H KH", 1, 25, id="s2.1-D-7D-lowest-trump-wins"
    ),
    pytest.param(
        "classic-sixes", {"trump_suit": "D"}, 1, "AD QD JC 10D", 2, 26, id="s2.1-D-queen-over-jack-over-AD"
    ),
    pytest.param("penalty-goats", {}, 0, "AC JD KC 10C", 1, 27, id="s2.2-jack-over-AC"),
    pytest.param("voon-series", {}, 0, "QC 7C AS JD", 1, 16, id="s2.3-7C-over-QC"),
    pytest.param("yc-hvalyony", {}, 0, "QC 6C AS JD", 1, 16, id="s2.4-6C-top"),
    pytest.param("yc-hvalyony", {}, 0, "AS 6D 10S KS", 1, 25, id="s2.4-diamonds-trump"),
    pytest.param(
        "yc-hvalyony", {"six_of_clubs": False}, 0, "AC 6C KC 9C", 0, 15, id="s2.4-6C-off-plain-club"
    ),
    pytest.param("yc-belka", {}, 0, "KH QH AH 9H", 2, 18, id="s2.5-queens-plain"),
    pytest.param("yc-belka", {}, 0, "QS 9S KS 10S", 3, 17, id="s2.5-ten-over-king-over-queen"),
    pytest.param("yc-belka", {}, 0, "AC JD KC 10C", 1, 27, id="s2.5-JD-over-trump-ace"),
    pytest.param("yc-belka", {"trump_suit": "H"}, 0, "AS 6H 10S QC", 1, 24, id="s2.5-hearts-6H-trumps"),
    pytest.param("yc-belka", {"trump_suit": "H"}, 0, "QC KC AS AH", 3, 29, id="s2.5-hearts-clubs-plain"),
    pytest.param("draw-four", {}, 0, "AH 6C 10H KH", 1, 25, id="s2.6-6C-trump"),
    pytest.param("draw-four", {"trump_suit": "H"}, 0, "AC 6H 7C 10C", 2, 21, id="s2.6-hearts-7C-still-top"),
]


@pytest.mark.parametrize("key,options,leader,plays,winner,points", WINNERS)
def test_trick_winner(
    key: str, options: dict[str, Any], leader: int, plays: str, winner: int, points: int
) -> None:
    t = resolve_trick(resolve(key, options), leader, plays.split())
    assert (t.winner, t.points) == (winner, points)


DRAW_FOUR = [
    # leader plays (each a list), winner seat
    pytest.param(
        [["9H", "10H"], ["AH", "KH"], ["7H", "8H"], ["6S", "6D"]], 1, id="s2.6-covers-card-for-card"
    ),
    pytest.param(
        [["9H", "10H"], ["AH", "8H"], ["6C", "7D"], ["QS", "JD"]],
        3,
        id="s2.6-needs-every-card-beaten-last-takes-over",
    ),
    pytest.param(
        [["AS", "10S"], ["AC", "6C"], ["QC", "JC"], ["AH", "KH"]], 2, id="s2.6-higher-trumps-take-over"
    ),
    pytest.param(
        [["AS", "10S"], ["7C", "9S"], ["QC", "6D"], ["AH", "KH"]], 0, id="s2.6-nobody-covers-leader-keeps"
    ),
]


@pytest.mark.parametrize("plays,winner", DRAW_FOUR)
def test_draw_four_takeover(plays: list[list[str]], winner: int) -> None:
    assert resolve_trick(resolve("draw-four"), 0, plays).winner == winner


def test_draw_four_lead_of_two_suits_is_illegal() -> None:
    t = resolve_trick(
        resolve("draw-four"),
        0,
        [["AS", "AH"], ["6S", "6H"], ["7S", "7H"], ["8S", "8H"]],
        hands=[["AS", "AH", "9D", "8D"], None, None, None],
    )
    assert (t.plays[0].legal, t.plays[0].reason) == (False, "mixed_lead")


# ------------------------------------------------------------------ following (docs/rules.md#following, classic-sixes#following, yc-hvalyony#following, yc-belka#following)

FOLLOW = [
    # variant, options, led card, hand, card played, legal, reason, led_suits
    pytest.param(
        "classic-sixes",
        {},
        "KH",
        "8H QS AS 7S 8S 9S 10S KS",
        "QS",
        False,
        "must_follow_suit",
        "",
        id="s1-trump-queen-does-not-follow-hearts",
    ),
    pytest.param(
        "classic-sixes",
        {},
        "AS",
        "QS 7H 8H 9H 10H KH AH 9D",
        "7H",
        True,
        None,
        "",
        id="s1-queen-of-spades-is-no-spade-free-discard",
    ),
    pytest.param(
        "classic-sixes",
        {},
        "JD",
        "AC AH 7H 8H 9H 10H KH 9D",
        "AH",
        False,
        "must_answer_trump",
        "",
        id="s1-trump-led-AC-must-answer",
    ),
    pytest.param(
        "classic-sixes", {}, "AH", "QS 7S 8S 9S 10S KS AS 9D", "7S", True, None, "", id="s2.1-no-must-trump"
    ),
    pytest.param(
        "voon-series", {}, "AH", "QS 7S 8S 9S 10S KS AS 9D", "7S", True, None, "", id="s2.3-no-must-trump"
    ),
    pytest.param(
        "yc-hvalyony",
        {},
        "AH",
        "QS 6S 8S 9S 10S KS AS 9C",
        "6S",
        False,
        "must_trump",
        "",
        id="s2.4-must-trump",
    ),
    pytest.param(
        "yc-hvalyony",
        {},
        "AH",
        "9D 6S 8S 9S 10S KS AS 9C",
        "9D",
        True,
        None,
        "",
        id="s2.4-trumping-with-diamond",
    ),
    pytest.param(
        "yc-belka", {}, "AH", "JD 6S 8S 9S 10S KS AS 9D", "AS", False, "must_trump", "", id="s2.5-must-trump"
    ),
    pytest.param(
        "yc-belka",
        {},
        "AS",
        "QS JD 8H 9H 10H KH AH 9D",
        "JD",
        False,
        "must_follow_suit",
        "",
        id="s2.5-queen-of-spades-is-a-spade",
    ),
    pytest.param(
        "yc-belka",
        {},
        "AD",
        "JD 6S 8S 9S 10S KS AS 9H",
        "6S",
        False,
        "must_trump",
        "",
        id="s2.5-jack-of-diamonds-is-no-diamond",
    ),
    pytest.param(
        "classic-sixes",
        {"trump_suit": "D", "ace_discard_ban": True},
        "AH",
        "AS 7S AC 8S 9S 10S KS 9C",
        "AS",
        False,
        "ace_discard_forbidden",
        "",
        id="s2.1-seed000-ace-ban-spades-not-led",
    ),
    pytest.param(
        "classic-sixes",
        {"trump_suit": "D", "ace_discard_ban": True},
        "AH",
        "AS 7S AC 8S 9S 10S KS 9C",
        "AC",
        True,
        None,
        "C",
        id="s2.1-seed000-ace-ban-clubs-led-before",
    ),
    pytest.param(
        "classic-sixes",
        {"ace_discard_ban": True},
        "JD",
        "AS 7S 8S 9S 10S KS 7H 8H",
        "AS",
        False,
        "ace_discard_forbidden",
        "",
        id="s2.1-ace-ban-on-trump-lead-too",
    ),
    pytest.param(
        "classic-sixes",
        {"ace_discard_ban": True},
        "KH",
        "AS AD",
        "AS",
        True,
        None,
        "",
        id="s2.1-ace-ban-only-aces-left",
    ),
    pytest.param(
        "classic-sixes",
        {"ace_discard_ban": True},
        "KH",
        "AS 8C",
        "AS",
        False,
        "ace_discard_forbidden",
        "",
        id="s2.1-ace-ban-a-trump-is-another-card",
    ),
    pytest.param(
        "classic-sixes",
        {},
        "AH",
        "AS 7S AC 8S 9S 10S KS 9C",
        "AS",
        True,
        None,
        "",
        id="s2.1-ace-ban-off-by-default",
    ),
]


@pytest.mark.parametrize("key,options,led,hand,played,legal,reason,led_suits", FOLLOW)
def test_following(
    key: str,
    options: dict[str, Any],
    led: str,
    hand: str,
    played: str,
    legal: bool,
    reason: str | None,
    led_suits: str,
) -> None:
    rs = resolve(key, options)
    others = [c for c in rs.deck if c.code not in hand.split() and c.code not in (led,)]
    fill = [c.code for c in others if c.code != played][:2]
    plays = [led, played, *fill]
    ctx = TrickContext(led_suits=frozenset(led_suits))
    t = resolve_trick(rs, 3, plays, hands=[hand.split(), None, None, None], context=ctx)
    p = t.play_of(0)
    assert (p.legal, p.reason) == (legal, reason)
    held = [Card.parse(c) for c in hand.split()]
    assert (Card.parse(played) in legal_cards(rs, held, Card.parse(led), context=ctx)) == legal


# ------------------------------------------------------------------ voon trump-lead rights (voon-series#leading)

VOON_HAND = "QS AH 8H 7S 8S 9S 10S KS"
VOON_TRUMPS = "QS QH QD JC AC 10C KC 9C"
VOON_LEADS = [
    # hand, hand_number, score, first_leader of the hand, leading seat 0 plays QS: legal?
    pytest.param(VOON_HAND, 1, (0, 0), 0, False, id="s2.3-hand1-nobody-leads-trump"),
    pytest.param(VOON_HAND, 1, (0, 0), 1, False, id="s2.3-hand1-other-team-neither"),
    pytest.param(VOON_HAND, 2, (2, 0), 0, True, id="s2.3-hand2-first-leader-team"),
    pytest.param(VOON_HAND, 2, (2, 0), 2, True, id="s2.3-hand2-partner-made-first-lead"),
    pytest.param(VOON_HAND, 2, (2, 0), 1, False, id="s2.3-hand2-other-team-must-lead-plain"),
    pytest.param(VOON_HAND, 7, (10, 10), 1, True, id="s2.3-10-10-goat-fight-both-teams"),
    pytest.param(VOON_HAND, 7, (10, 8), 1, False, id="s2.3-10-8-no-goat-fight"),
    pytest.param(VOON_TRUMPS, 1, (0, 0), 0, True, id="s2.3-all-trumps-hand1-may-lead"),
    pytest.param(VOON_TRUMPS, 4, (4, 2), 3, True, id="s2.3-all-trumps-other-team-may-lead"),
]


@pytest.mark.parametrize("hand,number,score,first,legal", VOON_LEADS)
def test_voon_trump_lead(hand: str, number: int, score: tuple[int, int], first: int, legal: bool) -> None:
    rs = resolve("voon-series")
    ctx = TrickContext(hand_number=number, score=score, first_leader=first, trick_number=3)
    t = resolve_trick(rs, 0, ["QS", "JD", "JH", "JS"], hands=[hand.split(), None, None, None], context=ctx)
    assert t.plays[0].legal is legal
    assert t.plays[0].reason == (None if legal else "trump_lead_forbidden")


def test_voon_answering_with_trump_always_allowed() -> None:
    """voon-series#leading: the rights are about leading only."""
    rs = resolve("voon-series")
    ctx = TrickContext(hand_number=1, score=(0, 0), first_leader=0, trick_number=2)
    t = resolve_trick(
        rs,
        0,
        ["AH", "QS", "KH", "JD"],
        hands=[None, "QS AD 9D 7S 8S 9S 10S KS".split(), None, None],
        context=ctx,
    )
    assert t.plays[1].legal is True


def test_voon_hand1_first_trick_is_AD() -> None:
    """voon-series#leading: in hand 1 the holder of AD leads it."""
    rs = resolve("voon-series")
    hands = _voon_deal()
    fl = first_leader(rs, hands)
    assert (fl.seat, fl.card) == (3, Card.parse("AD"))
    d = play_deal(rs, 3, hands, ["10D", "AH", "10S", "AC"], context=TrickContext(hand_number=1, score=(0, 0)))
    assert d.first_violation is not None and d.first_violation.reason == "must_lead_ad"
    d = play_deal(rs, 3, hands, ["AD", "AH", "10S", "AC"], context=TrickContext(hand_number=1, score=(0, 0)))
    assert d.violations == ()


# ------------------------------------------------------------------ queen captures (voon-series#capture, yc-hvalyony#capture)


def _voon_deal() -> list[list[str]]:
    return [
        "QC AH 10H KH 9H 8H 7H AS".split(),
        "7C 10S KS 9S 8S 7S JC JS".split(),
        "QS QH QD JH JD AC 10C KC".split(),
        "9C 8C AD 10D KD 9D 8D 7D".split(),
    ]


CAPTURES = [
    # variant, options, leader, plays, capturing team or None
    pytest.param("voon-series", {}, 0, "QC 7C QS 9C", 1, id="s2.3-opponents-QC"),
    pytest.param("voon-series", {}, 0, "7C JS QC 9C", None, id="s2.3-partners-QC-does-not-count"),
    pytest.param("voon-series", {}, 1, "QC 7C 9C AD", 0, id="s2.3-7C-answers-QC"),
    pytest.param("yc-hvalyony", {}, 0, "QC 6C QS 9D", 1, id="s2.4-6C-catches-QC"),
    pytest.param("yc-hvalyony", {}, 0, "6C JS QC 9D", None, id="s2.4-partner-QC"),
    pytest.param(
        "yc-hvalyony", {"six_of_clubs": False}, 0, "QC 6C QS 9D", None, id="s2.4-no-capture-without-6C-option"
    ),
    pytest.param("classic-sixes", {}, 0, "QC 7C QS 9C", None, id="s2.1-no-capture-rule"),
    pytest.param("penalty-goats", {}, 0, "QC 7C QS 9C", None, id="s2.2-no-capture-rule"),
]


@pytest.mark.parametrize("key,options,leader,plays,team", CAPTURES)
def test_capture_event(key: str, options: dict[str, Any], leader: int, plays: str, team: int | None) -> None:
    t = resolve_trick(resolve(key, options), leader, plays.split())
    assert [(e.kind, e.team) for e in t.events] == ([] if team is None else [("queen_capture", team)])


def test_capture_ends_the_hand_at_once_and_hand1_wins_the_series() -> None:
    """voon-series#winning: the hand ends at once; in hand 1 the catchers get 12 and win."""
    rs = resolve("voon-series")
    ctx = TrickContext(hand_number=2, score=(2, 0))
    d = play_deal(rs, 0, _voon_deal(), "QC 7C QS 9C".split(), context=ctx)
    assert d.ended_early and not d.complete
    assert d.record == {"points": [0, 6], "queen_capture": 1}
    with pytest.raises(KozelError) as info:
        play_deal(rs, 0, _voon_deal(), "QC 7C QS 9C AS 10S KC 8C".split(), context=ctx)
    assert info.value.code == "plays_after_end"
    first = replay(rs, None, [d.record])
    assert (first.score, first.finished, first.winner) == ((0, 12), True, 1)
    later = replay(rs, None, [{"points": [70, 50]}, d.record])
    assert (later.score, later.finished) == ((2, 4), False)


# ------------------------------------------------------------------ scoring (docs/rules.md#variants)


def P(a: int, **kw: Any) -> dict[str, Any]:  # noqa: N802 - a score line
    return {"points": [a, 120 - a], **kw}


E: dict[str, Any] = {"points": [60, 60]}


def L(team: int, **kw: Any) -> dict[str, Any]:  # noqa: N802
    return {"points": [120, 0] if team == 0 else [0, 120], "all_tricks": True, **kw}


def C(team: int) -> dict[str, Any]:  # noqa: N802
    return {"queen_capture": team}


def pen(kind: str, against: int) -> dict[str, Any]:
    return {"penalty": {"kind": kind, "against": against}}


SCORING = [
    # variant, options, records, score, winner (None = match goes on), titles
    # --- classic-sixes#scoring pairs
    pytest.param("classic-sixes", {}, [P(61)], (1, 0), None, (), id="s2.1-61-spas-+1"),
    pytest.param("classic-sixes", {}, [P(89)], (1, 0), None, (), id="s2.1-89-spas-+1"),
    pytest.param("classic-sixes", {}, [P(90)], (2, 0), None, (), id="s2.1-90-+2"),
    pytest.param("classic-sixes", {}, [P(120)], (2, 0), None, (), id="s2.1-120-with-a-loser-trick-+2"),
    pytest.param("classic-sixes", {}, [P(31)], (0, 1), None, (), id="s2.1-team1-89-+1"),
    pytest.param("classic-sixes", {}, [P(30), L(0)], (0, 0), None, (), id="s2.1-lyusya-resets-loser"),
    pytest.param(
        "classic-sixes", {}, [P(100), L(0)], (2, 0), None, (), id="s2.1-lyusya-winner-does-not-move"
    ),
    pytest.param("classic-sixes", {}, [L(1)], (0, 0), 1, ("goats", "dry"), id="s2.1-dry-goat-first-hand"),
    pytest.param(
        "classic-sixes", {"dry_goat_first_hand": False}, [L(1)], (0, 0), None, (), id="s2.1-dry-goat-off"
    ),
    pytest.param("classic-sixes", {}, [E, L(1)], (0, 1), None, (), id="s2.1-lyusya-hand2-not-dry-gets-pot"),
    pytest.param("classic-sixes", {}, [E, E, P(70)], (3, 0), None, (), id="s2.1-egg-pot-2"),
    pytest.param(
        "classic-sixes",
        {},
        [E, pen("cheating", 0), P(100)],
        (2, 3),
        None,
        (),
        id="s2.1-decision-penalty-record-takes-the-pot",
    ),
    pytest.param("classic-sixes", {}, [pen("misdeal", 1)], (1, 0), None, (), id="s2.1-third-misdeal-+1"),
    pytest.param(
        "classic-sixes",
        {},
        [pen("false_accusation", 0)],
        (0, 2),
        None,
        (),
        id="s2.1-false-accusation-+2-to-wronged",
    ),
    pytest.param(
        "classic-sixes",
        {},
        [P(90), P(90), P(70), P(95)],
        (7, 0),
        0,
        ("goats", "with_tails"),
        id="s2.1-tails-from-5-with-90+",
    ),
    pytest.param(
        "classic-sixes",
        {},
        [P(90), P(90), P(70), P(89)],
        (6, 0),
        0,
        ("goats",),
        id="s2.1-from-5-with-89-no-tails",
    ),
    pytest.param(
        "classic-sixes", {}, [P(90), P(90), P(95)], (6, 0), 0, ("goats",), id="s2.1-from-4-no-tails"
    ),
    pytest.param(
        "classic-sixes",
        {},
        [E, P(90), P(90), P(90)],
        (7, 0),
        0,
        ("goats", "with_eggs", "with_tails"),
        id="s2.1-eggs-and-tails",
    ),
    pytest.param(
        "classic-sixes",
        {},
        [P(90), P(90), P(70), pen("cheating", 1)],
        (7, 0),
        0,
        ("goats",),
        id="s2.1-penalty-final-no-tails",
    ),
    pytest.param(
        "classic-sixes",
        {"trump_suit": "D"},
        [P(0), P(0), P(0)],
        (0, 6),
        1,
        ("goats",),
        id="s2.1-D-same-score",
    ),
    pytest.param(
        "draw-four", {"scoring": "pairs"}, [P(70), E, P(100)], (4, 0), None, (), id="s2.6-pairs-as-2.1"
    ),
    pytest.param(
        "draw-four",
        {"scoring": "pairs"},
        [L(0)],
        (0, 0),
        0,
        ("goats",),  # the dry goat ends the match; its title is the classic game's (DECISIONS titles)
        id="s2.6-pairs-bring-dry-goat-on",
    ),
    # --- penalty-goats#scoring penalty marks to the loser, 12 loses
    pytest.param("penalty-goats", {}, [P(61)], (0, 2), None, (), id="s2.2-loser-2"),
    pytest.param("penalty-goats", {}, [P(89)], (0, 2), None, (), id="s2.2-loser-31-2"),
    pytest.param("penalty-goats", {}, [P(90)], (0, 4), None, (), id="s2.2-seed001-loser-30-4"),
    pytest.param("penalty-goats", {}, [L(0)], (0, 4), None, (), id="s2.2-lyusya-4"),
    pytest.param("penalty-goats", {"shutout_marks": True}, [L(0)], (0, 6), None, (), id="s2.2-shutout-6"),
    pytest.param(
        "penalty-goats", {"shutout_marks": True}, [P(120)], (0, 4), None, (), id="s2.2-shutout-needs-no-trick"
    ),
    pytest.param("penalty-goats", {}, [E, P(70)], (0, 2), None, (), id="s2.2-eggs-nothing"),
    pytest.param("penalty-goats", {"eggs_double": True}, [E, P(70)], (0, 4), None, (), id="s2.2-eggs-x2"),
    pytest.param("penalty-goats", {"eggs_double": True}, [E, E, P(70)], (0, 8), None, (), id="s2.2-eggs-x4"),
    pytest.param(
        "penalty-goats",
        {"eggs_double": True},
        [E, P(70), P(70)],
        (0, 6),
        None,
        (),
        id="s2.2-eggs-factor-resets",
    ),
    pytest.param(
        "penalty-goats",
        {"eggs_double": True},
        [E, E, P(100)],
        (0, 16),
        0,
        ("goats",),
        id="s2.2-eggs-x4-of-4-loses",
    ),
    pytest.param("penalty-goats", {}, [pen("misdeal", 0)], (2, 0), None, (), id="s2.2-misdeal-2-marks"),
    pytest.param("penalty-goats", {}, [pen("cheating", 1)], (0, 4), None, (), id="s2.2-cheating-4-marks"),
    pytest.param(
        "penalty-goats",
        {"royal_goat": True},
        [pen("royal_goat", 1)],
        (0, 0),
        0,
        ("goats",),
        id="s2.2-royal-goat-wins-at-once",
    ),
    pytest.param("penalty-goats", {}, [P(0), P(0), P(0)], (12, 0), 1, ("goats",), id="s2.2-12-marks-lose"),
    pytest.param("penalty-goats", {}, [P(0), P(0), P(31)], (10, 0), None, (), id="s2.2-10-marks-play-on"),
    pytest.param("draw-four", {}, [P(70)], (0, 2), None, (), id="s2.6-default-penalty-goats"),
    # --- voon-series#scoring series
    pytest.param("voon-series", {}, [P(61)], (2, 0), None, (), id="s2.3-61-+2"),
    pytest.param("voon-series", {}, [P(89)], (2, 0), None, (), id="s2.3-89-+2"),
    pytest.param("voon-series", {}, [P(90)], (4, 0), None, (), id="s2.3-90-+4"),
    pytest.param("voon-series", {}, [P(119)], (4, 0), None, (), id="s2.3-119-+4"),
    pytest.param("voon-series", {}, [P(120)], (6, 0), None, (), id="s2.3-120-fewer-than-8-+6"),
    pytest.param("voon-series", {}, [E, P(70)], (4, 0), None, (), id="s2.3-egg-bonus-+2"),
    pytest.param("voon-series", {}, [E, E, E, P(70)], (4, 0), None, (), id="s2.3-one-bonus-only"),
    pytest.param("voon-series", {}, [E, P(120)], (8, 0), None, (), id="s2.3-bonus-on-6"),
    pytest.param("voon-series", {}, [E, C(1), P(70)], (2, 4), None, (), id="s2.3-capture-cancels-bonus"),
    pytest.param("voon-series", {}, [E, L(0), P(70)], (8, 0), None, (), id="s2.3-sweep-cancels-bonus"),
    pytest.param("voon-series", {}, [C(0)], (12, 0), 0, ("goats",), id="s2.3-hand1-capture-12-wins"),
    pytest.param("voon-series", {}, [E, C(0)], (4, 0), None, (), id="s2.3-hand2-capture-4"),
    pytest.param("voon-series", {}, [L(1)], (0, 6), None, (), id="s2.3-sweep-at-0-0-+6"),
    pytest.param("voon-series", {}, [P(70), L(1)], (0, 0), None, (), id="s2.3-sweep-resets-opponents"),
    pytest.param("voon-series", {}, [P(70), P(100), L(1)], (0, 0), None, (), id="s2.3-sweep-resets-6"),
    pytest.param("voon-series", {}, [P(70), L(0)], (2, 0), 0, ("goats",), id="s2.3-sweep-at-0-loses-series"),
    pytest.param("voon-series", {}, [P(100), P(100), P(100)], (12, 0), 0, ("goats",), id="s2.3-12-wins"),
    pytest.param(
        "voon-series", {}, [P(100), P(100), P(70), P(100)], (14, 0), 0, ("goats",), id="s2.3-12-or-more"
    ),
    # --- yc-hvalyony#scoring hvalyony eyes
    pytest.param("yc-hvalyony", {}, [P(61)], (2, 0), None, (), id="s2.4-61-2"),
    pytest.param("yc-hvalyony", {}, [P(89)], (2, 0), None, (), id="s2.4-89-2"),
    pytest.param("yc-hvalyony", {}, [P(90)], (4, 0), None, (), id="s2.4-90-4"),
    pytest.param("yc-hvalyony", {}, [E, P(70)], (4, 0), None, (), id="s2.4-eggs-x2"),
    pytest.param("yc-hvalyony", {}, [E, E, P(70)], (8, 0), None, (), id="s2.4-eggs-x4"),
    pytest.param("yc-hvalyony", {}, [E, E, E, P(70)], (16, 0), 0, ("goats",), id="s2.4-eggs-x8"),
    pytest.param("yc-hvalyony", {}, [E, P(70), P(70)], (6, 0), None, (), id="s2.4-factor-resets"),
    pytest.param("yc-hvalyony", {}, [C(1)], (0, 4), None, (), id="s2.4-capture-4-no-first-hand-rule"),
    pytest.param("yc-hvalyony", {}, [E, C(1)], (0, 8), None, (), id="s2.4-capture-times-factor"),
    pytest.param("yc-hvalyony", {}, [E, C(1), P(70)], (2, 8), None, (), id="s2.4-capture-resets-factor"),
    pytest.param("yc-hvalyony", {}, [P(70), L(1)], (2, 0), 1, ("goats",), id="s2.4-lyusya-instant-win"),
    pytest.param(
        "yc-hvalyony", {"lyusya": "reset"}, [P(70), L(1)], (0, 4), None, (), id="s2.4-lyusya-reset-plus-award"
    ),
    pytest.param(
        "yc-hvalyony",
        {"lyusya": "reset"},
        [P(70), E, L(1)],
        (0, 8),
        None,
        (),
        id="s2.4-lyusya-reset-award-doubled",
    ),
    pytest.param(
        "yc-hvalyony", {}, [P(100), P(100), P(70), P(70)], (12, 0), 0, ("goats",), id="s2.4-12-wins"
    ),
    # --- yc-belka#scoring Belka eyes by obyaz
    *[
        pytest.param("yc-belka", {}, [P(a, obyaz=ob)], (eyes, 0), None, (), id=f"s2.5-{who}-{a}-{eyes}")
        for who, ob, table in (
            ("obyaz", 0, ((61, 1), (90, 1), (91, 2), (119, 2), (120, 3))),
            ("other", 1, ((61, 2), (90, 2), (91, 3), (119, 3), (120, 3))),
        )
        for a, eyes in table
    ],
    pytest.param("yc-belka", {}, [E, P(70, obyaz=0)], (2, 0), None, (), id="s2.5-eggs-x2"),
    pytest.param(
        "yc-belka",
        {},
        [{"points": [60, 60], "obyaz": 1}, E, P(29, obyaz=0)],
        (0, 12),
        1,
        ("goats",),
        id="s2.5-eggs-x4-other-team-91",
    ),
    pytest.param("yc-belka", {}, [L(0, obyaz=1)], (0, 0), 0, ("goats",), id="s2.5-lyusya-instant-win"),
    pytest.param(
        "yc-belka",
        {"lyusya": "reset"},
        [P(50, obyaz=1), L(0, obyaz=0)],
        (3, 0),
        None,
        (),
        id="s2.5-lyusya-reset-obyaz-120-3",
    ),
]


@pytest.mark.parametrize("key,options,records,score,winner,titles", SCORING)
def test_scoring(
    key: str,
    options: dict[str, Any],
    records: list[dict[str, Any]],
    score: tuple[int, int],
    winner: int | None,
    titles: tuple[str, ...],
) -> None:
    state = replay(key, options, records)
    assert state.score == score
    assert state.finished is (winner is not None)
    assert state.winner == winner
    assert state.titles == titles
    if state.finished:
        assert dict(state.pending) == {}


# ------------------------------------------------------------------ record contradictions (docs/records.md)

INVALID = [
    # variant, options, record, error code
    pytest.param("classic-sixes", {}, {"points": [61, 60]}, "points_sum", id="s3-sum-121"),
    pytest.param("classic-sixes", {}, {"points": [59, 60]}, "points_sum", id="s3-sum-119"),
    pytest.param("classic-sixes", {}, {"points": [121, -1]}, "bad_points", id="s3-outside-0-120"),
    pytest.param("classic-sixes", {}, {"points": [True, 119]}, "bad_points", id="s3-boolean-is-no-number"),
    pytest.param(
        "classic-sixes",
        {},
        {"points": [100, 20], "all_tricks": True},
        "all_tricks_mismatch",
        id="s3-all-tricks-below-120",
    ),
    pytest.param(
        "penalty-goats",
        {},
        {"points": [60, 60], "all_tricks": True},
        "all_tricks_mismatch",
        id="s3-all-tricks-at-eggs",
    ),
    pytest.param("classic-sixes", {}, {"queen_capture": 0}, "event_not_in_variant", id="s3-capture-classic"),
    pytest.param("penalty-goats", {}, {"queen_capture": 0}, "event_not_in_variant", id="s3-capture-penalty"),
    pytest.param("yc-belka", {}, {"queen_capture": 0}, "event_not_in_variant", id="s3-capture-belka"),
    pytest.param("draw-four", {}, {"queen_capture": 0}, "event_not_in_variant", id="s3-capture-draw-four"),
    pytest.param(
        "yc-hvalyony",
        {"six_of_clubs": False},
        {"queen_capture": 0},
        "event_not_in_variant",
        id="s3-capture-hvalyony-without-6C",
    ),
    pytest.param(
        "voon-series",
        {},
        {"queen_capture": 0, "points": [100, 21]},
        "points_sum",
        id="s3-capture-points-over-120",
    ),
    pytest.param(
        "voon-series",
        {},
        {"queen_capture": 0, "all_tricks": True, "points": [120, 0]},
        "conflicting_events",
        id="s3-capture-and-all-tricks",
    ),
    pytest.param(
        "classic-sixes",
        {},
        {"points": [70, 50], "obyaz": 0},
        "event_not_in_variant",
        id="s3-obyaz-outside-belka",
    ),
    pytest.param(
        "yc-hvalyony",
        {},
        {"points": [70, 50], "obyaz": 0},
        "event_not_in_variant",
        id="s3-obyaz-hvalyony-does-not-score-it",
    ),
    pytest.param(
        "voon-series",
        {},
        {"points": [70, 50], "hvalyonka": True},
        "event_not_in_variant",
        id="s3-hvalyonka-outside-classic",
    ),
    pytest.param("voon-series", {}, pen("cheating", 0), "event_not_in_variant", id="s3-penalty-in-series"),
    pytest.param("yc-belka", {}, pen("misdeal", 0), "event_not_in_variant", id="s3-penalty-in-belka"),
    pytest.param(
        "penalty-goats", {}, pen("royal_goat", 0), "event_not_in_variant", id="s3-royal-goat-option-off"
    ),
    pytest.param(
        "classic-sixes", {}, pen("royal_goat", 0), "event_not_in_variant", id="s3-royal-goat-classic"
    ),
    pytest.param(
        "classic-sixes",
        {},
        {**pen("misdeal", 0), "points": [70, 50]},
        "conflicting_events",
        id="s3-penalty-with-points",
    ),
    pytest.param("yc-belka", {}, {"points": [70, 50]}, "obyaz_required", id="s2.5-obyaz-needed"),
    pytest.param("classic-sixes", {}, {}, "points_required", id="s3-played-hand-needs-points"),
    pytest.param("yc-belka", {}, {"points": [70, 50], "obyaz": 2}, "bad_team", id="s3-team-0-or-1"),
    pytest.param(
        "classic-sixes", {}, {"points": [70, 50], "lyusya": True}, "bad_record", id="s3-unknown-key"
    ),
]


@pytest.mark.parametrize("key,options,record,code", INVALID)
def test_record_contradictions(key: str, options: dict[str, Any], record: dict[str, Any], code: str) -> None:
    with pytest.raises(KozelError) as info:
        replay(key, options, [record])
    assert info.value.code == code
    assert (info.value.field or "").startswith("hands[0]")


# ------------------------------------------------------------------ redeals (docs/rules.md#variants)

REDEALS = [
    pytest.param("classic-sixes", {}, "9C 9S 9H 9D AS AH KS QS", True, id="s2.1-four-nines-even-with-29"),
    pytest.param("classic-sixes", {}, "KS KH QS 7S 8S 9S 7H 8H", True, id="s2.1-11-points"),
    pytest.param("classic-sixes", {}, "KS KH QS JS 7S 8S 9S 7H", False, id="s2.1-13-points-no"),
    pytest.param(
        "classic-sixes", {"trump_suit": "D"}, "KS KH JS JH 7S 8S 9S 7H", True, id="s2.1-D-12-points"
    ),
    pytest.param("yc-hvalyony", {}, "KS KH QS JS 8S 9S 6S 8H", True, id="s2.4-13-points"),
    pytest.param("yc-hvalyony", {}, "KS KH QS QH 8S 9S 6S 8H", False, id="s2.4-14-points-no"),
    pytest.param("yc-hvalyony", {}, "9C 9S 9H 9D AS AH KS QS", False, id="s2.4-no-four-nines-rule"),
    pytest.param("yc-belka", {}, "KS KH QS JS 8S 9S 6S 8H", True, id="s2.5-13-points"),
    pytest.param("voon-series", {}, "7S 8S 9S 7H 8H 9H 7D 8D", False, id="s2.3-no-redeals"),
    pytest.param("penalty-goats", {}, "7S 8S 9S 7H 8H 9H 7D 8D", False, id="s2.2-none-by-default"),
]


@pytest.mark.parametrize("key,options,hand,allowed", REDEALS)
def test_redeal(key: str, options: dict[str, Any], hand: str, allowed: bool) -> None:
    assert redeal_check(resolve(key, options), hand.split()).allowed is allowed


# ------------------------------------------------------------------ Belka suits (yc-belka#scoring)


def test_belka_seat_suits_clockwise() -> None:
    """yc-belka#deck: JC seat clubs, the seat to its right hearts, opposite spades, left diamonds.
    Play goes clockwise (0→1→2→3), so the next seat is on a player's left."""
    assert belka_seat_suits(0) == {0: "C", 3: "H", 2: "S", 1: "D"}
    assert belka_seat_suits(2) == {2: "C", 1: "H", 0: "S", 3: "D"}
    assert belka_trump_suit(1, None, 3) == "C"
    assert belka_trump_suit(2, 0, 0) == "C"
    assert belka_trump_suit(2, 0, 1) == "D"
    assert belka_trump_suit(3, 0, 3) == "H"
    assert belka_trump_suit(9, 1, 3) == "S"


# ------------------------------------------------------------------ first lead (docs/rules.md#variants)


def test_first_leads() -> None:
    hands = _voon_deal()  # seat 0 QC.., seat 1 7C JC.., seat 2 ..KC, seat 3 9C 8C AD ..7D
    assert first_leader(resolve("classic-sixes"), hands).seat == 3  # holder of 8C
    assert first_leader(resolve("classic-sixes", {"trump_suit": "D"}), hands).seat == 3  # 7D
    assert first_leader(resolve("classic-sixes"), hands, hand_number=2).seat is None
    assert first_leader(resolve("penalty-goats"), hands).rule == "agreement"
    assert first_leader(resolve("draw-four"), [None] * 4, dealer=2).seat == 2


def test_next_deal_rotation_and_winners() -> None:
    """voon-series#leading: the first lead moves one seat clockwise per finished hand, stays after eggs;
    classic-sixes#deck: the team that won the previous hand chooses."""
    nd = next_deal("voon-series", None, [P(70), E, C(1)], first_dealer=0, first_leader=1)
    assert (nd.dealer, nd.leader) == (3, 3)
    nd = next_deal("classic-sixes", None, [P(30)], first_dealer=0)
    assert (nd.leader, nd.leader_team, nd.rule) == (None, 1, "winners_choose")


# ------------------------------------------------------------------ a reference scorer (hypothesis)


def oracle(key: str, options: dict[str, Any], records: list[dict[str, Any]]) -> tuple[Any, ...]:
    """docs/rules.md#variants scoring, written from the text (with the DECISIONS where it is silent).
    Returns (score, winner or None, titles)."""
    rs = resolve(key, options)
    opt = dict(rs.options)
    system = rs.scoring
    sc = [0, 0]
    wait = 0  # pairs: egg pot; series: bonus; eyes/eggs_double: number of eggs in a row
    eggs_seen = False
    for i, r in enumerate(records):
        pts = r.get("points")
        pen_ = r.get("penalty")
        cap = r.get("queen_capture")
        every = r.get("all_tricks", False)
        before = list(sc)
        won = None  # the match winner, if this hand ends it
        tails = dry = False
        if pen_ is not None:
            fault, kind = pen_["against"], pen_["kind"]
            if kind == "royal_goat":
                won = 1 - fault
            elif system == "pairs":
                # a penalty record is a hand won by the team not at fault: it takes the egg pot
                sc[1 - fault] += (1 if kind == "misdeal" else 2) + wait
                wait = 0
            else:
                # ... and a hand lost by the team at fault: a waiting eggs_double factor applies
                sc[fault] += (2 if kind == "misdeal" else 4) * (2**wait if opt.get("eggs_double") else 1)
                wait = 0
        elif cap is not None:
            if system == "series":
                sc[cap] += 12 if i == 0 else 4
                wait = 0
            else:
                sc[cap] += 4 * 2**wait
                wait = 0
        elif pts[0] == pts[1]:
            eggs_seen = True
            if system == "series":
                wait = 2
            else:
                wait += 1
        else:
            w = 0 if pts[0] > pts[1] else 1
            lo = 1 - w
            if system == "pairs":
                if every:
                    if i == 0 and opt.get("dry_goat_first_hand"):
                        won, dry = w, True
                    else:
                        sc[lo] = 0
                else:
                    sc[w] += 2 if pts[w] >= 90 else 1
                if won is None:
                    sc[w] += wait
                    tails = before[w] == 5 and pts[w] >= 90
                wait = 0
            elif system == "penalty":
                marks = 6 if every and opt.get("shutout_marks") else 4 if pts[lo] <= 30 else 2
                sc[lo] += marks * (2**wait if opt.get("eggs_double") else 1)
                wait = 0
            elif system == "series":
                if every:
                    if sc == [0, 0]:
                        sc[w] += 6
                    elif sc[lo] == 0:
                        won = w
                    else:
                        sc[lo] = 0
                else:
                    sc[w] += (6 if pts[w] == 120 else 4 if pts[w] >= 90 else 2) + wait
                wait = 0
            else:
                if every and opt["lyusya"] == "instant-win":
                    won = w
                else:
                    if every:
                        sc[lo] = 0
                    if system == "eyes-belka":
                        band = 0 if pts[w] <= 90 else 1 if pts[w] <= 119 else 2
                        award = ((1, 2, 3) if r["obyaz"] == w else (2, 3, 3))[band]
                    else:
                        award = 4 if pts[w] >= 90 else 2
                    sc[w] += award * 2**wait
                wait = 0
        if won is None:
            for t in (0, 1):
                if sc[t] >= rs.target:
                    won = 1 - t if system == "penalty" else t
        if won is not None:
            titles = ["goats"]
            classic = key == "classic-sixes"  # the titles are the classic game's (DECISIONS titles)
            if dry and classic:
                titles.append("dry")
            if classic and eggs_seen:
                titles.append("with_eggs")
            if classic and tails and pen_ is None:
                titles.append("with_tails")
            return tuple(sc), won, tuple(titles), i + 1
    return tuple(sc), None, (), len(records)


CONFIGS = [
    ("classic-sixes", {}),
    ("classic-sixes", {"dry_goat_first_hand": False}),
    ("penalty-goats", {}),
    ("penalty-goats", {"royal_goat": True, "shutout_marks": True, "eggs_double": True}),
    ("voon-series", {}),
    ("yc-hvalyony", {}),
    ("yc-hvalyony", {"lyusya": "reset"}),
    ("yc-hvalyony", {"six_of_clubs": False}),
    ("yc-belka", {}),
    ("yc-belka", {"lyusya": "reset"}),
    ("draw-four", {}),
    ("draw-four", {"scoring": "pairs"}),
]


@st.composite
def a_record(draw: st.DrawFn, key: str, options: dict[str, Any]) -> dict[str, Any]:
    rs = resolve(key, options)
    kinds = ["played"] * 4 + ["eggs", "lyusya", "hundred-twenty"]
    if rs.capture is not None:
        kinds.append("capture")
    if rs.scoring in ("pairs", "penalty"):
        kinds.append("penalty")
    if rs.royal_goat:
        kinds.append("royal")
    kind = draw(st.sampled_from(kinds))
    team = draw(st.sampled_from((0, 1)))
    if kind == "played":
        a = draw(st.sampled_from((0, 10, 29, 30, 31, 59, 61, 75, 89, 90, 91, 110, 119)))
        r: dict[str, Any] = P(a)
    elif kind == "eggs":
        r = dict(E)
    elif kind == "lyusya":
        r = L(team)
    elif kind == "hundred-twenty":
        r = P(120 if team == 0 else 0)
    elif kind == "capture":
        r = C(team)
    elif kind == "penalty":
        r = pen(draw(st.sampled_from(("misdeal", "cheating", "false_accusation"))), team)
    else:
        r = pen("royal_goat", team)
    if rs.scoring == "eyes-belka" and "points" in r:
        r["obyaz"] = draw(st.sampled_from((0, 1)))
    return r


@st.composite
def a_match(draw: st.DrawFn) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    key, options = draw(st.sampled_from(CONFIGS))
    return key, options, draw(st.lists(a_record(key, options), max_size=30))


ORACLE = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@ORACLE
@given(a_match())
def test_replay_matches_the_reference_scorer(m: tuple[str, dict[str, Any], list[dict[str, Any]]]) -> None:
    key, options, records = m
    score, winner, titles, used = oracle(key, options, records)
    state = replay(key, options, records[:used])
    assert (state.score, state.winner, state.titles) == (score, winner, titles)
    assert state.finished is (winner is not None)


@ORACLE
@given(a_match(), st.data())
def test_one_fold_step_equals_one_more_record(
    m: tuple[str, dict[str, Any], list[dict[str, Any]]], data: st.DataObject
) -> None:
    key, options, records = m
    _, _, _, used = oracle(key, options, records)
    records = records[:used]
    if not records:
        return
    k = data.draw(st.integers(0, len(records) - 1))
    assert score_hand(replay(key, options, records[:k]), records[k]) == replay(key, options, records[: k + 1])


LEGAL_CONFIGS = [
    ("classic-sixes", {}),
    ("classic-sixes", {"trump_suit": "D", "ace_discard_ban": True}),
    ("penalty-goats", {}),
    ("voon-series", {}),
    ("yc-hvalyony", {"sevens": True}),
    ("yc-belka", {}),
    ("yc-belka", {"sevens": True, "trump_suit": "S"}),
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LEGAL_CONFIGS), st.integers(0, 2**32 - 1))
def test_a_legal_deal_is_120_points_and_a_record_the_scorer_takes(
    cfg: tuple[str, dict[str, Any]], seed: int
) -> None:
    """docs/rules.md#cards a full deck holds 120 and a complete hand's points sum to it; docs/records.md the deal's record
    (with the obyaz team added for Belka) is accepted as hand 2 of a match."""
    key, options = cfg
    rs = resolve(key, options)
    rnd = random.Random(seed)
    deck = list(rs.deck)
    rnd.shuffle(deck)
    n = rs.hand_size
    hands = [deck[i * n : (i + 1) * n] for i in range(4)]
    ctx = TrickContext(hand_number=2, score=(2, 0))
    leader = rnd.randrange(4)
    plays, ended = play_out(rs, leader, hands, lambda k, seat, hand, legal, trick: rnd.choice(legal), ctx)
    d = play_deal(rs, leader, hands, plays, context=ctx)
    assert d.violations == ()
    if not ended:
        assert sum(d.points) == 120 and d.complete
    record = dict(d.record)
    if rs.scoring == "eyes-belka":
        record["obyaz"] = 0
    first = {"points": [70, 50], "obyaz": 0} if rs.scoring == "eyes-belka" else {"points": [70, 50]}
    replay(rs, None, [first, record])
