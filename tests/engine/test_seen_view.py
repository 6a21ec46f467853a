"""What a seat sees and infers (docs/rules.md#what-was-seen): the placements the review counts
are exactly those in which every earlier play was legal by the engine's own referee, found here
by trying every placement of small endings of every one-card table."""

from __future__ import annotations

import pytest

from rules.engine import Card, TrickContext, resolve
from rules.engine.seen import placements_of, view_at
from tests.engine.seen_deals import HANDS, brute_count_first_round, brute_layouts, played, seen_deal

C = Card.parse

# (table, options, seats, context, seed, plays judged: late enough to try every placement)
ENDINGS = [
    ("classic-sixes", {}, None, None, 1, (22, 24, 26)),
    ("classic-sixes", {"ace_discard_ban": True}, None, None, 2, (19, 26)),
    ("classic-sixes", {"trump_lead": "hvalyonka_only"}, None, TrickContext(boaster=2), 3, (22, 27)),
    ("penalty-goats", {}, None, None, 4, (22, 27)),
    ("voon-series", {}, None, TrickContext(hand_number=1), 5, (20, 24)),
    ("voon-series", {}, None, TrickContext(hand_number=3, first_leader=1), 6, (22, 25)),
    ("yc-hvalyony", {}, None, None, 7, (22, 25)),
    ("yc-belka", {}, None, None, 8, (21, 26)),
    ("yc-belka", {"blind_seat": "3"}, None, None, 9, (22, 23)),
    ("solo-twelve", {}, 3, None, 11, (21, 24)),
    ("solo-twelve", {}, 4, None, 12, (25, 27)),
]


@pytest.mark.parametrize(
    ("key", "options", "seats", "context", "seed", "judged"),
    ENDINGS,
    ids=[f"{e[0]}-{'-'.join(map(str, e[1].values())) or e[2] or 'plain'}-{e[4]}" for e in ENDINGS],
)
def test_placements_are_those_every_earlier_play_allows(key, options, seats, context, seed, judged) -> None:
    rs = resolve(key, options, seats=seats)
    deal = seen_deal(rs, played(rs, seed, context))
    for j in judged:
        view = view_at(deal, j)
        placements = placements_of(view)
        fast = {placements.layout_at(r) for r in range(placements.count)}
        assert len(fast) == placements.count
        assert fast == brute_layouts(view), (key, j)


@pytest.mark.parametrize(
    ("key", "seats", "seed", "judged"), [("yc-duel", 2, 13, (12, 14)), ("solo-twelve", 4, 14, (11, 14))]
)
def test_the_round_not_dealt_yet_is_hidden_and_free(key, seats, seed, judged) -> None:
    rs = resolve(key, seats=seats)
    deal = seen_deal(rs, played(rs, seed))
    for j in judged:
        view = view_at(deal, j)
        later = [p for p in view.places if p.rnd == 1]
        # every seat's second round is hidden, the viewer's own too, and nothing bars it
        assert sorted(p.seat for p in later) == list(range(rs.seats))
        assert all(p.size == rs.hand_size and not p.barred for p in later)
        count, holds = brute_count_first_round(view)
        assert placements_of(view).count == count
        for p, cards in holds.items():
            if view.places[p].size:
                assert cards == set(view.hidden) - view.places[p].barred


def test_a_seat_that_did_not_follow_holds_none_of_the_suit() -> None:
    rs = resolve("classic-sixes")
    hands = HANDS
    deal = seen_deal(
        rs, {"hands": hands, "prikup": None, "leader": 0, "context": None, "plays": "AH 9H 7H JH 7C 7S"}
    )
    view = view_at(deal, 5)
    barred = {p.seat: p.barred for p in view.places}
    hearts = {c for c in rs.deck if rs.group(c) == "H"}
    # seat 3 trumped the heart lead: no heart; seats 1 and 2 followed: nothing barred
    assert barred[3] == hearts & set(view.hidden)
    assert barred[1] == barred[2] == frozenset()


def test_must_trump_bars_the_trumps_of_a_seat_that_discarded() -> None:
    rs = resolve("yc-hvalyony")
    deal = seen_deal(rs, played(rs, 21))
    for j in range(4, 32):
        view = view_at(deal, j)
        trumps = {c for c in view.hidden if rs.is_trump(c)}
        for i in range(0, j):
            lead, seat = deal.plays[i - i % 4], deal.seats[i]
            c = deal.plays[i]
            if seat != view.seat and rs.group(c) != rs.group(lead) and not rs.is_trump(c):
                place = next(p for p in view.places if p.seat == seat)
                assert trumps <= place.barred


def test_the_blind_seat_shows_nothing() -> None:
    rs = resolve("yc-belka", {"blind_seat": "1"})
    deal = seen_deal(rs, played(rs, 31))
    for j in range(0, 32, 3):
        view = view_at(deal, j)
        assert all(not p.barred for p in view.places if p.seat == 1)
        if deal.seats[j] != 1:
            # its player sees his own cards only: the blind seat's hand is hidden from him too
            assert any(p.seat == 1 and p.size for p in view.places) or j >= 28


def test_voon_first_hand_a_trump_lead_shows_a_hand_of_trumps() -> None:
    rs = resolve("voon-series")
    hands = [
        "AD 7H 8H 9H 7S 8S 9S 10S",
        "QC QS QH QD JC JS JH JD",
        "AC 10C KC 9C 8C 7C KD 10D",
        "AH 10H KH AS KS 9D 8D 7D",
    ]
    plays = "AD QC KD 9D  QS 10C 8D 7H  QH 9C"
    ctx = TrickContext(hand_number=1)
    deal = seen_deal(rs, {"hands": hands, "prikup": None, "leader": 0, "context": ctx, "plays": plays})
    view = view_at(deal, 9)
    seat1 = next(p for p in view.places if p.seat == 1)
    # seat 1 led a trump in the first hand: it held no plain card
    assert seat1.barred == {c for c in view.hidden if not rs.is_trump(c)}


def test_a_revoke_the_cards_seen_give_away_tells_nothing() -> None:
    rs = resolve("classic-sixes")
    hands = HANDS
    d = {"hands": hands, "prikup": None, "leader": 0, "context": None}
    # seat 1 discards 7D on the heart lead while holding 9H and 8H, and shows 9H three tricks on
    plays = "AH 7D 7H JH  7C 10D QC QS  8C AD JC QH  KS JD 9S 9H  AC"
    deal = seen_deal(rs, {**d, "plays": plays})
    hearts = {c for c in rs.deck if rs.group(c) == "H"}
    before = view_at(deal, 7)  # seat 1's hearts are not seen yet: its void is inferred
    assert hearts & set(before.hidden) <= next(p for p in before.places if p.seat == 1).barred
    after = view_at(deal, 16)  # its 9H was seen: the discard broke the rules and shows nothing
    assert not hearts & next(p for p in after.places if p.seat == 1).barred
