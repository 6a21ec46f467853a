"""Short-handed and individual tables (docs/tables.md), row by row and as properties.

Each row's id names the section of docs/tables.md it checks (``one-on-one/...``,
``each-for-himself/...``, ``two-against-one/...``, ``blind-seat/...``), and the decisions
``blind_seat``, ``duel_lead``, ``solo_dealer``, ``solo_winner``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (
    ALL_VARIANTS,
    SHORT_TABLES,
    VARIANTS,
    Card,
    HandRecord,
    KozelError,
    RecordError,
    TrickInputError,
    VariantError,
    card,
    decisions_for,
    next_deal,
    play_deal,
    replay,
    resolve,
    resolve_trick,
    score_hand,
)
from rules.engine.tricks import TrickContext, legal_cards
from rules.engine.variants import Ruleset


def cards(text: str) -> list[Card]:
    return [card(t) for t in text.split()]


def codes(cs: Sequence[Card]) -> list[str]:
    return [c.code for c in cs]


# ------------------------------------------------------------------ the tables


@pytest.mark.parametrize(
    ("key", "seats", "sides"),
    [
        ("classic-sixes", [4], [2]),
        ("draw-four", [4], [2]),
        ("yc-duel", [2], [2]),
        ("solo-twelve", [2, 3, 4], [2, 3, 4]),
    ],
)
def test_seat_counts_and_sides(key: str, seats: list[int], sides: list[int]) -> None:
    d = ALL_VARIANTS[key].as_dict()
    assert d["seats"] == seats
    assert d["sides"] == sides


def test_team_tables_have_two_sides_of_two_seats_and_a_blind_option() -> None:
    for key, v in VARIANTS.items():
        rs = resolve(key)
        assert rs.seats == 4 and rs.sides == ((0, 2), (1, 3)), key
        assert [rs.side_of(s) for s in range(4)] == [0, 1, 0, 1]
        assert v.option("blind_seat").default == "none"
        assert rs.blind_seat is None
        assert resolve(key, {"blind_seat": 3}).blind_seat == 3
        assert resolve(key, {"blind_seat": "1"}).blind_seat == 1
        assert resolve(key, {"blind_seat": None}).blind_seat is None
    for key in SHORT_TABLES:
        with pytest.raises(VariantError) as e:
            resolve(key, {"blind_seat": 1})
        assert e.value.code == "unknown_option"


@pytest.mark.parametrize("bad", [4, -1, True, "x", 1.0])
def test_blind_seat_takes_a_seat_or_none(bad: object) -> None:
    with pytest.raises(VariantError) as e:
        resolve("classic-sixes", {"blind_seat": bad})
    assert (e.value.code, e.value.field) == ("bad_option", "blind_seat")


@pytest.mark.parametrize("seats", [1, 5, 3, "3", None])
def test_duel_is_two_seats(seats: object) -> None:
    if seats is None:
        assert resolve("yc-duel").seats == 2
        return
    with pytest.raises(VariantError) as e:
        resolve("yc-duel", seats=seats)  # type: ignore[arg-type]
    assert (e.value.code, e.value.field) == ("bad_seats", "seats")


@pytest.mark.parametrize("seats", [2, 4])
def test_spades_queen_only_with_three(seats: int) -> None:
    """two-against-one: the option is for three players only."""
    with pytest.raises(VariantError) as e:
        resolve("solo-twelve", {"spades_queen": True}, seats=seats)
    assert (e.value.code, e.value.field) == ("option_needs_seats", "spades_queen")
    assert resolve("solo-twelve", {"spades_queen": True}, seats=3).lone_queen == card("QS")


@pytest.mark.parametrize(
    ("seats", "hand_size", "rounds", "kitty"),
    [(2, 16, 1, 0), (3, 10, 1, 2), (4, 4, 2, 0)],
    ids=["each-for-himself/deal-two", "each-for-himself/three", "each-for-himself/deal-four"],
)
def test_solo_deal_sizes(seats: int, hand_size: int, rounds: int, kitty: int) -> None:
    rs = resolve("solo-twelve", seats=seats)
    assert (rs.hand_size, rs.rounds, rs.kitty, len(rs.deck)) == (hand_size, rounds, kitty, 32)


# ------------------------------------------------------------------ trump ladders


@pytest.mark.parametrize(
    ("options", "ladder"),
    [
        ({}, "6C QC QS QH QD JC JS JH JD AC 10C KC 9C 8C"),
        ({"trump_suit": "H"}, "6C QC QS QH QD JC JS JH JD AH 10H KH 9H 8H 6H"),
        ({"trump_suit": "D", "sevens": True}, "6C QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D 6D"),
        ({"six_of_clubs": False}, "QC QS QH QD JC JS JH JD AC 10C KC 9C 8C 6C"),
    ],
    ids=[
        "one-on-one/trumps-clubs",
        "one-on-one/trumps-hearts",
        "one-on-one/trumps-sevens",
        "one-on-one/no-six",
    ],
)
def test_duel_ladder(options: dict[str, object], ladder: str) -> None:
    rs = resolve("yc-duel", options)
    assert codes(rs.trumps) == ladder.split()
    assert rs.hand_size == (9 if options.get("sevens") else 8) and rs.rounds == 2 and rs.must_trump


@pytest.mark.parametrize(
    ("suit", "ladder"),
    [("C", "JC JS JH JD AC 10C KC QC 9C 8C 7C"), ("S", "JC JS JH JD AS 10S KS QS 9S 8S 7S")],
    ids=["each-for-himself/trumps-clubs", "each-for-himself/trumps-spades"],
)
def test_solo_ladder(suit: str, ladder: str) -> None:
    rs = resolve("solo-twelve", {"trump_suit": suit}, seats=3)
    assert codes(rs.trumps) == ladder.split()
    assert not rs.must_trump
    assert not rs.is_trump(card("QH"))  # queens are plain here


# ------------------------------------------------------------------ tricks at 2, 3, 4 seats

TRICKS = [
    # id, variant, options, seats, leader, cards, winner, points
    ("one-on-one/trick-trump", "yc-duel", {}, 2, 0, "AH 8C", 1, 11),
    ("one-on-one/trick-suit", "yc-duel", {}, 2, 1, "10H AH", 0, 21),
    ("one-on-one/trick-hearts-trump", "yc-duel", {"trump_suit": "H"}, 2, 0, "AC 6H", 1, 11),
    ("one-on-one/trick-six", "yc-duel", {"trump_suit": "H"}, 2, 0, "QC 6C", 1, 3),
    ("each-for-himself/trick-three", "solo-twelve", {}, 3, 2, "AH 10H 7C", 1, 21),
    ("each-for-himself/trick-jack", "solo-twelve", {}, 3, 0, "AC JD QC", 1, 16),
    ("each-for-himself/trick-two", "solo-twelve", {"trump_suit": "D"}, 2, 1, "KS QS", 1, 7),
    ("each-for-himself/trick-four", "solo-twelve", {}, 4, 3, "9H QH KH 8H", 1, 7),
]


@pytest.mark.parametrize(
    ("variant", "options", "seats", "leader", "plays", "winner", "points"),
    [r[1:] for r in TRICKS],
    ids=[r[0] for r in TRICKS],
)
def test_tricks(
    variant: str, options: dict[str, object], seats: int, leader: int, plays: str, winner: int, points: int
) -> None:
    rs = resolve(variant, options, seats=seats)
    t = resolve_trick(rs, leader, plays.split())
    assert (t.winner, t.points, t.team) == (winner, points, winner)
    assert [p.seat for p in t.plays] == [(leader + i) % seats for i in range(seats)]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_trick_has_one_play_per_seat(seats: int) -> None:
    rs = resolve("solo-twelve", seats=seats)
    for n in (2, 3, 4):
        plays = "7H 8H 9H 10H".split()[:n]
        if n == seats:
            assert len(resolve_trick(rs, 0, plays).plays) == n
            continue
        with pytest.raises(TrickInputError) as e:
            resolve_trick(rs, 0, plays)
        assert (e.value.code, e.value.field, e.value.params["expected"]) == (
            "wrong_trick_size",
            "plays",
            seats,
        )
    with pytest.raises(TrickInputError) as e:
        resolve_trick(rs, seats, "7H 8H 9H 10H".split()[:seats])
    assert (e.value.code, e.value.field) == ("bad_seat", "leader")


def test_duel_must_follow_and_must_trump() -> None:
    """one-on-one/following: as the hvalyony table, out of the led suit a trump must be played."""
    rs = resolve("yc-duel")
    t = resolve_trick(rs, 0, ["AH", "KS"], hands=[None, cards("KS 9C 10D")])
    assert (t.plays[1].legal, t.plays[1].reason) == (False, "must_trump")
    assert t.plays[1].params["could_play"] == ["9C"]
    t = resolve_trick(rs, 0, ["AH", "KS"], hands=[None, cards("KS 9H 9C")])
    assert (t.plays[1].legal, t.plays[1].reason) == (False, "must_follow_suit")


def test_duel_capture_by_the_six_of_clubs() -> None:
    """one-on-one/capture: 6C and the opponent's QC in one trick end the deal."""
    rs = resolve("yc-duel", {"trump_suit": "S"})
    t = resolve_trick(rs, 1, ["QC", "6C"])
    assert [(e.kind, e.team) for e in t.events] == [("queen_capture", 0)]


# ------------------------------------------------------------------ the blind seat

BLIND = [
    # id, variant, blind seat, leader, cards, hands, winner, team, reasons
    (
        "blind-seat/classic-revoke",
        "classic-sixes",
        2,
        0,
        "AH KS 8C 10H",
        {2: "KH 8C 9S 9D 10S KD JD 7S"},
        2,
        0,
        [None, None, "blind_seat", None],
    ),
    (
        "blind-seat/classic-lead",
        "classic-sixes",
        1,
        1,
        "AS 8S 9S KS",
        {},
        1,
        1,
        ["blind_seat", None, None, None],
    ),
    (
        "blind-seat/hvalyony-no-trump",
        "yc-hvalyony",
        3,
        2,
        "AH 9S KH 8H",
        {3: "9S 10D 9H"},
        2,
        0,
        [None, "blind_seat", None, None],
    ),
]


@pytest.mark.parametrize(
    ("variant", "blind", "leader", "plays", "hands", "winner", "team", "reasons"),
    [r[1:] for r in BLIND],
    ids=[r[0] for r in BLIND],
)
def test_blind_seat_cards_are_always_legal_and_still_count(
    variant: str,
    blind: int,
    leader: int,
    plays: str,
    hands: dict[int, str],
    winner: int,
    team: int,
    reasons: list[str | None],
) -> None:
    rs = resolve(variant, {"blind_seat": blind})
    hs = [cards(hands[s]) if s in hands else None for s in range(4)]
    t = resolve_trick(rs, leader, plays.split(), hands=hs)
    assert (t.winner, t.team) == (winner, team)
    assert [p.reason == "blind_seat" for p in t.plays] == [r == "blind_seat" for r in reasons]
    assert t.play_of(blind).legal is True
    assert all(p.legal is not False for p in t.plays)
    without = resolve_trick(resolve(variant), leader, plays.split(), hands=hs)
    assert (without.winner, without.points) == (t.winner, t.points)
    # the same revoke without a blind seat is a violation
    if hands:
        assert [p.seat for p in without.plays if p.legal is False] == [blind]


def test_blind_seat_capture_still_counts() -> None:
    """docs/tables.md#blind-seat: the blind seat's 7C catches the opponents' QC in the series."""
    rs = resolve("voon-series", {"blind_seat": 0})
    t = resolve_trick(rs, 3, ["QC", "7C", "8C", "9C"], context=TrickContext(hand_number=2, first_leader=3))
    assert [(e.kind, e.team) for e in t.events] == [("queen_capture", 0)]
    assert t.plays[1].reason == "blind_seat"


def test_blind_legal_cards_is_the_whole_hand() -> None:
    rs = resolve("yc-hvalyony", {"blind_seat": 2})
    hand = cards("9S 10D 8H")
    assert legal_cards(rs, hand, card("AH"), seat=2) == hand
    assert legal_cards(rs, hand, card("AH"), seat=1) == cards("8H")


def test_blind_scoring_is_the_variants_own() -> None:
    records = [{"points": [72, 48]}, {"points": [30, 90]}]
    assert (
        replay("classic-sixes", {"blind_seat": 1}, records).score
        == replay("classic-sixes", {}, records).score
    )


# ------------------------------------------------------------------ whole deals


def play_table(
    rs: Ruleset,
    leader: int,
    hands: Sequence[Sequence[Card]],
    prikup: Sequence[Sequence[Card]] | None,
    pick: Any,
) -> list[Card]:
    """Play every trick of a deal (both rounds), each card chosen by ``pick(legal)``."""
    n = rs.seats
    remaining = [list(h) for h in hands]
    plays: list[Card] = []
    current = leader
    for k in range(rs.hand_size * rs.rounds):
        if k == rs.hand_size and prikup is not None:
            remaining = [list(h) for h in prikup]
        trick: list[Card] = []
        for i in range(n):
            seat = (current + i) % n
            legal = legal_cards(rs, remaining[seat], trick[0] if trick else None, seat=seat)
            c = pick(legal)
            remaining[seat].remove(c)
            trick.append(c)
        plays.extend(trick)
        t = resolve_trick(rs, current, trick)
        current = t.winner
        if t.events:
            break
    return plays


def deal_out(rs: Ruleset, seed: int) -> tuple[list[list[Card]], list[list[Card]] | None]:
    deck = list(rs.deck)
    random.Random(seed).shuffle(deck)
    size, n = rs.hand_size, rs.seats
    hands = [deck[s * size : (s + 1) * size] for s in range(n)]
    prikup = None
    if rs.rounds == 2:
        prikup = [deck[n * size + s * size : n * size + (s + 1) * size] for s in range(n)]
    return hands, prikup


def first(legal: list[Card]) -> Card:
    return legal[0]


def test_duel_deal_with_the_prikup() -> None:
    """one-on-one/prikup: 8 cards each, played out, then 8 more each from the prikup: 16 tricks, 120."""
    rs = resolve("yc-duel", {"six_of_clubs": False})
    hands, prikup = deal_out(rs, 7)
    plays = play_table(rs, 1, hands, prikup, first)
    d = play_deal(rs, 1, hands, codes(plays), prikup=prikup)
    assert d.complete and len(d.tricks) == 16
    assert sum(d.points) == 120 and sum(d.tricks_won) == 16
    assert d.record["last_suit"] == plays[-1].suit
    assert d.violations == () and d.unknown == 0
    # without the prikup the second round is judged without hands
    blind = play_deal(rs, 1, hands, codes(plays))
    assert blind.points == d.points and blind.unknown > 0
    # every card is played: one more trick repeats a card
    with pytest.raises(KozelError) as e:
        play_deal(rs, 1, hands, codes(plays) + ["AH", "KH"], prikup=prikup)
    assert (e.value.code, e.value.field) == ("duplicate_card", "plays[32]")


def test_duel_prikup_card_in_the_first_round_is_not_in_hand() -> None:
    rs = resolve("yc-duel")
    hands, prikup = deal_out(rs, 3)
    assert prikup is not None
    lead = prikup[0][0]
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, hands, [lead.code, hands[1][0].code], prikup=prikup)
    assert (e.value.code, e.value.field) == ("card_not_in_hand", "plays[0]")


def test_duel_prikup_checks() -> None:
    rs = resolve("yc-duel")
    hands, prikup = deal_out(rs, 3)
    assert prikup is not None
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, hands, [], prikup=[prikup[0], prikup[1][:-1]])
    assert (e.value.code, e.value.field) == ("bad_hand", "prikup[1]")
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, hands, [], prikup=[hands[0], prikup[1]])
    assert (e.value.code, e.value.field) == ("bad_hand", "prikup[0]")
    with pytest.raises(TrickInputError) as e:
        play_deal(
            resolve("classic-sixes"),
            0,
            [h + h[:0] for h in deal_out(resolve("classic-sixes"), 1)[0]],
            [],
            prikup=prikup,
        )
    assert (e.value.code, e.value.field) == ("bad_hand", "prikup")


@pytest.mark.parametrize(
    ("last", "suit"), [("QH", "H"), ("JS", "S"), ("6C", "C"), ("AD", "D")], ids=lambda x: str(x)
)
def test_duel_trump_suit_changes_with_the_last_card(last: str, suit: str) -> None:
    """one-on-one/trump-suit: clubs in deal 1, then the printed suit of the deal's last card."""
    records: list[dict[str, Any]] = [
        {"points": [70, 50], "last_suit": "D"},
        {"points": [40, 80], "last_suit": suit},
    ]
    assert next_deal("yc-duel", None, [], first_dealer=0).trump_suit == "C"
    assert next_deal("yc-duel", None, records[:1], first_dealer=0).trump_suit == "D"
    nd = next_deal("yc-duel", None, records, first_dealer=0)
    assert nd.trump_suit == card(last).suit
    assert (nd.dealer, nd.leader, nd.rule) == (0, 1, "left_of_dealer")
    assert next_deal("yc-duel", None, [{"points": [70, 50]}], first_dealer=0).trump_suit is None


def test_duel_scores_eyes() -> None:
    """one-on-one/score: eyes as the hvalyony table; eggs double; first to 12."""
    state = replay("yc-duel", None, [{"points": [70, 50]}, {"points": [60, 60]}, {"points": [20, 100]}])
    assert state.score == (2, 8)
    state = replay("yc-duel", None, [{"queen_capture": 0}])
    assert state.score == (4, 0)
    with pytest.raises(RecordError) as e:
        replay("yc-duel", None, [{"points": [70, 50], "last_suit": "X"}])
    assert (e.value.code, e.value.field) == ("bad_suit", "hands[0].last_suit")
    with pytest.raises(RecordError) as e:
        replay("classic-sixes", None, [{"points": [70, 50], "last_suit": "C"}])
    assert (e.value.code, e.value.field) == ("event_not_in_variant", "hands[0].last_suit")


def test_three_player_deal_ten_and_two() -> None:
    """each-for-himself/three: 10 cards each, the last 2 face down with the dealer's tricks."""
    rs = resolve("solo-twelve", {"trump_suit": "S"}, seats=3)
    deck = list(rs.deck)
    random.Random(5).shuffle(deck)
    hands = [deck[0:10], deck[10:20], deck[20:30]]
    kitty = deck[30:32]
    plays = play_table(rs, 1, hands, None, first)
    d = play_deal(rs, 1, hands, codes(plays))  # dealer: the seat before the leader
    assert d.complete and len(d.tricks) == 10
    assert d.dealer == 0 and set(d.kitty) == set(kitty)
    trick_points = [sum(t.points for t in d.tricks if t.winner == s) for s in range(3)]
    trick_points[0] += sum(c.points for c in kitty)
    assert list(d.points) == trick_points and sum(d.points) == 120
    assert d.record["dealer"] == 0 and "all_tricks" not in d.record
    other = play_deal(rs, 1, hands, codes(plays), dealer=2)
    assert other.points[2] - d.points[2] == sum(c.points for c in kitty)


def test_four_player_solo_deal_in_two_halves() -> None:
    """each-for-himself/deal-four: 4 cards each, played out, then the other 4 with the same trumps."""
    rs = resolve("solo-twelve", seats=4)
    hands, second = deal_out(rs, 11)
    plays = play_table(rs, 2, hands, second, first)
    d = play_deal(rs, 2, hands, codes(plays), prikup=second)
    assert d.complete and len(d.tricks) == 8 and sum(d.points) == 120 and len(d.points) == 4


def test_two_against_one_deal() -> None:
    """two-against-one: the QS holder plays alone and names the trump suit; QS is a
    plain spade; every player counts his own card points."""
    rs = resolve("solo-twelve", {"spades_queen": True, "trump_suit": "H"}, seats=3)
    deck = list(rs.deck)
    random.Random(2).shuffle(deck)
    hands = [deck[0:10], deck[10:20], deck[20:30]]
    lone = next(s for s, h in enumerate(hands) if card("QS") in h)
    plays = play_table(rs, 0, hands, None, first)
    d = play_deal(rs, 0, hands, codes(plays))
    assert d.lone_seat == lone and d.record["lone"] == lone
    assert len(d.points) == 3 and sum(d.points) == 120
    assert not rs.is_trump(card("QS")) and rs.is_trump(card("7H"))
    t = resolve_trick(rs, 0, ["AS", "QS", "10S"])
    assert (t.winner, t.points) == (0, 24)
    with pytest.raises(RecordError) as e:
        replay(resolve("solo-twelve", seats=3), None, [{"points": [70, 30, 20], "dealer": 0, "lone": 1}])
    assert (e.value.code, e.value.field) == ("event_not_in_variant", "hands[0].lone")


# ------------------------------------------------------------------ solo-twelve's marks

TRANSFERS = [
    # id, seats, dealer, points, marks after
    ("each-for-himself/transfers-three", 3, 0, [20, 70, 30], (11, 15, 10)),
    ("each-for-himself/transfers-three-dealer-takes", 3, 1, [20, 70, 30], (10, 16, 10)),
    ("each-for-himself/transfers-four", 4, 3, [61, 20, 20, 19], (17, 10, 10, 11)),
    ("each-for-himself/transfers-four-dealer-takes", 4, 0, [61, 20, 20, 19], (18, 10, 10, 10)),
    ("each-for-himself/transfers-two", 2, 0, [40, 80], (11, 13)),
    ("each-for-himself/transfers-two-dealer-takes", 2, 1, [40, 80], (10, 14)),
    ("each-for-himself/void-three", 3, 2, [40, 40, 40], (12, 12, 12)),
    ("each-for-himself/void-four", 4, 2, [60, 30, 20, 10], (12, 12, 12, 12)),
]


@pytest.mark.parametrize(
    ("seats", "dealer", "points", "marks"), [r[1:] for r in TRANSFERS], ids=[r[0] for r in TRANSFERS]
)
def test_transfers(seats: int, dealer: int, points: list[int], marks: tuple[int, ...]) -> None:
    rs = resolve("solo-twelve", seats=seats)
    by_record = replay(rs, None, [{"points": points, "dealer": dealer}])
    by_rotation = replay(rs, None, [{"points": points}], first_dealer=dealer)
    assert by_record.score == by_rotation.score == marks
    assert sum(marks) == 12 * seats
    notes = [n.code for n in by_record.hands[0].notes]
    assert notes == (["void"] if max(points) < 61 else ["marks_taken"])


def test_solo_needs_the_dealer() -> None:
    rs = resolve("solo-twelve", seats=3)
    with pytest.raises(RecordError) as e:
        replay(rs, None, [{"points": [70, 30, 20]}])
    assert (e.value.code, e.value.field) == ("dealer_required", "hands[0].dealer")
    with pytest.raises(RecordError) as e:
        replay(rs, None, [{"points": [70, 30, 20], "dealer": 1}], first_dealer=0)
    assert (e.value.code, e.value.field) == ("dealer_mismatch", "hands[0].dealer")
    with pytest.raises(RecordError) as e:
        replay(rs, None, [{"points": [70, 30, 20], "dealer": 3}])
    assert (e.value.code, e.value.field) == ("bad_seat", "hands[0].dealer")
    with pytest.raises(RecordError) as e:
        replay(rs, None, [{"points": [70, 50], "dealer": 0}])
    assert (e.value.code, e.value.field) == ("bad_points", "hands[0].points")
    with pytest.raises(RecordError) as e:
        replay(rs, None, [{"points": [70, 30, 30], "dealer": 0}])
    assert (e.value.code, e.value.field) == ("points_sum", "hands[0].points")
    with pytest.raises(RecordError) as e:
        replay(rs, None, [{"points": [120, 0, 0], "dealer": 0, "all_tricks": True}])
    assert (e.value.code, e.value.field) == ("event_not_in_variant", "hands[0].all_tricks")
    # a void deal needs no dealer: nobody takes anything
    assert replay(rs, None, [{"points": [40, 40, 40]}]).score == (12, 12, 12)


def test_the_goat_at_zero_marks() -> None:
    """each-for-himself/goat: a player at 0 marks or below is the goat; the match ends and the player
    with the most marks wins (decision solo_winner)."""
    rs = resolve("solo-twelve", seats=2)
    # seat 1 takes every deal; the dealer alternates 0, 1, 0, ...: seat 0 loses 1, 2, 1, 2 ...
    records = [{"points": [40, 80]} for _ in range(8)]
    state = replay(rs, None, records[:7], first_dealer=0)
    assert state.score == (2, 22) and not state.finished
    state = replay(rs, None, records, first_dealer=0)
    assert state.score == (0, 24)
    assert state.finished and (state.winner, state.loser) == (1, 0) and state.titles == ("goats",)
    assert state.hands[-1].note_codes() == ("marks_taken", "match_won")
    with pytest.raises(RecordError) as e:
        replay(rs, None, records + [{"points": [40, 80]}], first_dealer=0)
    assert e.value.code == "match_finished"


def test_the_goat_below_zero_and_the_winner_on_a_tie() -> None:
    """each-for-himself/goat: marks may go below 0; the winner on a tie is the deal's taker."""
    rs = resolve("solo-twelve", seats=3)
    state = new = replay(rs, None, [])
    assert new.score == (12, 12, 12)
    # seat 2 (never the dealer here) takes 3 deals from seats 0 and 1
    recs = [{"points": [20, 30, 70], "dealer": 0}, {"points": [20, 30, 70], "dealer": 1}] * 3
    state = replay(rs, None, recs)
    assert state.score == (3, 3, 30)
    recs2 = recs + [{"points": [20, 30, 70], "dealer": 0}, {"points": [20, 30, 70], "dealer": 0}]
    state = replay(rs, None, recs2)
    assert state.score == (1, -1, 36) and state.finished
    assert (state.winner, state.loser) == (2, 1)


def test_next_deal_rotates_over_the_seats_present() -> None:
    rs = resolve("solo-twelve", seats=3)
    records: list[dict[str, Any]] = []
    seen = []
    for _ in range(4):
        nd = next_deal(rs, None, records, first_dealer=1)
        seen.append((nd.dealer, nd.leader))
        records.append({"points": [40, 40, 40]})
    assert seen == [(1, 2), (2, 0), (0, 1), (1, 2)]
    with pytest.raises(RecordError):
        next_deal(rs, None, [], first_dealer=3)


def test_decisions_for_the_new_tables() -> None:
    assert "duel_lead" in decisions_for("yc-duel")
    assert {"solo_dealer", "solo_winner"} <= set(decisions_for("solo-twelve", seats=3))
    assert "blind_seat" in decisions_for("classic-sixes", {"blind_seat": 2})
    assert "blind_seat" not in decisions_for("classic-sixes")


# ------------------------------------------------------------------ properties

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

TABLES = [
    ("yc-duel", {}, 2),
    ("yc-duel", {"sevens": True, "trump_suit": "H", "six_of_clubs": False}, 2),
    ("solo-twelve", {}, 2),
    ("solo-twelve", {"trump_suit": "D"}, 3),
    ("solo-twelve", {"spades_queen": True, "trump_suit": "S"}, 3),
    ("solo-twelve", {"trump_suit": "H"}, 4),
    ("classic-sixes", {"blind_seat": 2}, 4),
    ("yc-hvalyony", {"blind_seat": 0}, 4),
]


@pytest.mark.parametrize(
    ("key", "options", "seats"), TABLES, ids=[f"{k}-{n}-{i}" for i, (k, _, n) in enumerate(TABLES)]
)
@FAST
@given(seed=st.integers(0, 10**6))
def test_card_points_always_sum_to_120(key: str, options: dict[str, object], seats: int, seed: int) -> None:
    rs = resolve(key, options, seats=seats)
    hands, prikup = deal_out(rs, seed)
    rnd = random.Random(seed)
    leader = rnd.randrange(seats)
    plays = play_table(rs, leader, hands, prikup, lambda legal: rnd.choice(legal))
    d = play_deal(rs, leader, hands, codes(plays), prikup=prikup)
    assert d.violations == () and d.unknown == 0
    if d.ended_early:
        assert sum(d.points) <= 120
    else:
        assert d.complete and sum(d.points) == 120
        assert sum(d.tricks_won) == rs.hand_size * rs.rounds
    # the record the review gives is one the scorer takes
    state = replay(rs, None, [d.record], first_dealer=(leader - 1) % seats)
    assert len(state.score) == len(rs.sides)


def solo_records(seats: int) -> st.SearchStrategy[list[dict[str, Any]]]:
    def points(draw_list: list[int]) -> list[int]:
        return draw_list

    split = st.lists(st.integers(0, 120), min_size=seats - 1, max_size=seats - 1).map(
        lambda cuts: [b - a for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), 120], strict=True)]
    )
    record = st.tuples(split, st.integers(0, seats - 1)).map(lambda t: {"points": t[0], "dealer": t[1]})
    return st.lists(record, max_size=40)


@pytest.mark.parametrize("seats", [2, 3, 4])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_solo_marks_always_sum_to_twelve_per_player(seats: int, data: st.DataObject) -> None:
    rs = resolve("solo-twelve", seats=seats)
    records = data.draw(solo_records(seats))
    state = replay(rs, None, [])
    for r in records:
        if state.finished:
            break
        nxt = score_hand(state, r)
        # replay of one more record equals one fold step
        assert replay(rs, None, [h.record for h in state.hands] + [HandRecord.from_dict(r)]) == nxt
        state = nxt
        assert sum(state.score) == 12 * seats
        assert sum(state.hands[-1].delta) == 0
        assert state.finished == (min(state.score) <= 0)
    if state.finished:
        assert state.score[state.loser] == min(state.score)  # type: ignore[index]
        assert state.score[state.winner] == max(state.score)  # type: ignore[index]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_duel_replay_of_one_more_record_is_one_fold_step(data: st.DataObject) -> None:
    rs = resolve("yc-duel")
    pts = st.integers(0, 120).map(lambda a: {"points": [a, 120 - a]})
    suit = st.sampled_from(["C", "S", "H", "D"])
    rec = st.one_of(
        pts, st.tuples(pts, suit).map(lambda t: {**t[0], "last_suit": t[1]}), st.just({"queen_capture": 1})
    )
    records = data.draw(st.lists(rec, max_size=12))
    state = replay(rs, None, [])
    for r in records:
        if state.finished:
            break
        nxt = score_hand(state, r)
        assert replay(rs, None, [*[h.record for h in state.hands], HandRecord.from_dict(r)]) == nxt
        state = nxt


def test_existing_tables_keep_their_answers() -> None:
    """The sides model changes nothing for the team games: two sides, team numbers."""
    rs = resolve("classic-sixes")
    t = resolve_trick(rs, 1, ["AH", "KH", "7C", "10H"])
    assert (t.winner, t.team) == (3, 1)
    state = replay(rs, None, [{"points": [72, 48]}, {"points": [60, 60]}])
    assert state.score == (1, 0) and state.hands[-1].delta == (0, 0)
    assert replace(rs).sides == ((0, 2), (1, 3))
