"""The audit's five bugs, each as a table of cases citing the rule-sheet section it breaks."""

from __future__ import annotations

import random

import pytest

from rules.engine import play_deal, replay, resolve
from rules.engine.cards import Card
from rules.engine.records import HandRecord, validate_record
from rules.engine.tricks import TrickContext, legal_cards, resolve_trick
from tests.engine.dealplay import play_out


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# ------------------------------------------------------------------ draw-four#leading: one printed suit
DRAW_FOUR_LEADS = [
    # lead, answers, legal, winner (seat), id
    pytest.param("QS 9S", ["AH KH", "6C 6H", "6D 7D"], True, 0, id="draw-four#leading/trump-and-plain-spade"),
    pytest.param(
        "QS 9S", ["QC 10S", "6C 6H", "6D 7D"], True, 1, id="draw-four#winning/each-card-by-its-kind"
    ),
    pytest.param("QS 9S", ["JH 10S", "6C 6H", "6D 7D"], True, 0, id="draw-four#winning/jack-under-queen"),
    pytest.param("QS 9S", ["6C 10S", "6H 7H", "6D 7D"], True, 0, id="draw-four#winning/low-trump-under-QS"),
    pytest.param("7C AC", ["QH KH", "6H 7H", "6D 7D"], True, 0, id="draw-four#leading/all-trumps"),
    pytest.param(
        "QS QH", ["AH KH", "6C 6H", "6D 7D"], True, 0, id="draw-four#leading/trumps-of-two-printed-suits"
    ),
    pytest.param(
        "QS 9H", ["AH KH", "6C 6H", "6D 7D"], False, 0, id="draw-four#leading/two-printed-suits-mixed"
    ),
    pytest.param("9S 9H", ["AH KH", "6C 6H", "6D 7D"], False, 0, id="draw-four#leading/two-plain-suits"),
]


@pytest.mark.parametrize("lead,answers,legal,winner", DRAW_FOUR_LEADS)
def test_draw_four_lead_of_one_printed_suit(lead: str, answers: list[str], legal: bool, winner: int) -> None:
    rs = resolve("draw-four")
    plays = [lead.split()] + [a.split() for a in answers]
    t = resolve_trick(rs, 0, plays)
    assert t.plays[0].legal is legal
    assert t.plays[0].reason == (None if legal else "mixed_lead")
    if winner is not None:
        assert t.winner == winner


def test_draw_four_issue_request() -> None:
    """draw-four#leading: the request of the report, engine side."""
    t = resolve_trick(resolve("draw-four"), 0, [["QS", "9S"], ["AH", "KH"], ["6C", "6H"], ["6D", "7D"]])
    assert t.plays[0].legal is True and t.winner == 0


# ------------------------------------------------------------------ yc-belka#scoring: the record names obyaz
@pytest.mark.parametrize("seed", range(6), ids=lambda s: f"yc-belka#scoring/seed{s}")
def test_belka_deal_record_names_the_obyaz_side(seed: int) -> None:
    rs = resolve("yc-belka")
    deck = list(rs.deck)
    rnd = random.Random(seed)
    rnd.shuffle(deck)
    hands = [deck[8 * s : 8 * (s + 1)] for s in range(4)]
    plays, _ = play_out(rs, 0, hands, lambda k, seat, hand, legal, trick: rnd.choice(legal))
    d = play_deal(rs, 0, hands, plays)
    jc_seat = next(s for s, h in enumerate(hands) if Card.parse("JC") in h)
    assert d.record["obyaz"] == jc_seat % 2
    rec = HandRecord.from_dict(d.record)
    validate_record(rs, rec)  # no obyaz_required
    replay(rs, None, [d.record])


# ------------------------------------------------------------------ voon-series#leading: hand 1, trick 1
VOON_FIRST = [
    # hand (seat 0), lead, legal, reason, id
    pytest.param(
        "QC 7H 8H 9H 10H KH AH 7S",
        "QC",
        False,
        "trump_lead_forbidden",
        id="voon-series#leading/trump-without-AD",
    ),
    pytest.param(
        "QC 7H 8H 9H 10H KH AH 7S", "7H", None, "must_lead_ad", id="voon-series#leading/plain-without-AD"
    ),
    pytest.param("QC QD QH QS JC JD JH JS", "QC", None, "must_lead_ad", id="voon-series#leading/only-trumps"),
    pytest.param("AD 7H 8H 9H 10H KH AH 7S", "7H", False, "must_lead_ad", id="voon-series#leading/holds-AD"),
    pytest.param("AD 7H 8H 9H 10H KH AH 7S", "AD", True, None, id="voon-series#leading/leads-AD"),
]


@pytest.mark.parametrize("hand,lead,legal,reason", VOON_FIRST)
def test_voon_first_trick_with_the_leaders_hand(
    hand: str, lead: str, legal: bool | None, reason: str | None
) -> None:
    rs = resolve("voon-series")
    ctx = TrickContext(hand_number=1, trick_number=1)
    others = [c for c in rs.deck if c.code not in hand.split() and c.code != lead][:3]
    t = resolve_trick(
        rs, 0, [lead] + [c.code for c in others], hands=[hand.split(), None, None, None], context=ctx
    )
    assert (t.plays[0].legal, t.plays[0].reason) == (legal, reason)


def test_voon_legal_cards_without_ad_offer_no_trump() -> None:
    """voon-series#leading: a seat without AD holding plain cards may not lead a trump in trick 1."""
    rs = resolve("voon-series")
    hand = cards("QC 7H 8H 9H 10H KH AH 7S")
    ctx = TrickContext(hand_number=1, trick_number=1)
    legal = legal_cards(rs, hand, None, seat=0, context=ctx)
    assert Card.parse("QC") not in legal and len(legal) == 7


# ------------------------------------------------------------------ solo-twelve#scoring: every goat named
GOATS = [
    # seats, records, first dealer, goats, winner, id
    pytest.param(
        3, [{"points": [20, 30, 70], "dealer": 2}] * 6, None, (0, 1), 2, id="solo-twelve#scoring/two-goats"
    ),
    pytest.param(2, [{"points": [40, 80]}] * 8, 0, (0,), 1, id="solo-twelve#scoring/one-goat"),
    pytest.param(
        3, [{"points": [20, 30, 70], "dealer": 2}] * 5, None, (), None, id="solo-twelve#scoring/going-on"
    ),
]


@pytest.mark.parametrize("seats,records,first,goats,winner", GOATS)
def test_solo_goats(
    seats: int,
    records: list[dict[str, object]],
    first: int | None,
    goats: tuple[int, ...],
    winner: int | None,
) -> None:
    state = replay(resolve("solo-twelve", seats=seats), None, records, first_dealer=first)
    assert state.goats == goats
    assert state.winner == winner


def test_solo_winner_on_a_tie_is_the_lower_seat() -> None:
    """solo-twelve#scoring: the player with the most marks wins, the lower seat on a tie
    (DECISIONS solo_winner), even when the deal's taker is the higher seat."""
    rs = resolve("solo-twelve", seats=4)
    # dealer 0 each time: seat 1 takes 5 (2+2+1), seat 3 takes 5; seat 2 loses 2 each time
    recs = [{"points": [10, 70, 20, 20], "dealer": 0}, {"points": [10, 20, 20, 70], "dealer": 0}] * 3
    state = replay(rs, None, recs)
    assert state.finished and state.score[1] == state.score[3] == max(state.score)
    assert state.winner == 1 and 2 in state.goats


def test_team_goats_are_the_losing_side() -> None:
    """classic-sixes#scoring: the losers of a finished team match are its goats."""
    state = replay(resolve("classic-sixes"), None, [{"points": [100, 20]}] * 3)
    assert state.finished and state.goats == (1,)
    assert replay(resolve("classic-sixes"), None, [{"points": [100, 20]}]).goats == ()


# ------------------------------------------------------------------ the trick number's bound
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
