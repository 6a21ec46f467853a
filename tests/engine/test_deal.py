"""Whole deals (docs/rules.md#following, docs/rules.md#variants): leader rotation, revokes, captures ending a hand, the hand record."""

from __future__ import annotations

import random

import pytest

from rules.engine import replay
from rules.engine.cards import Card, CardNotationError, KozelError
from rules.engine.deal import play_deal
from rules.engine.record_rules import validate_record
from rules.engine.records import HandRecord
from rules.engine.tricks import TrickContext, TrickInputError
from rules.engine.variants import resolve
from tests.engine.dealplay import play_out

C = Card.parse


def autoplay(rs, leader, hands, *, ctx=None, revoke_at=None):
    """Play out with the first legal card (hands in the given order); ``revoke_at`` = (trick, seat)
    plays that seat's first illegal card instead."""
    cards = [[C(c) for c in h.split()] if isinstance(h, str) else list(h) for h in hands]

    def choose(k, seat, hand, legal, trick):
        if revoke_at == (k, seat):
            return next(x for x in hand if x not in legal)
        return legal[0]

    return play_out(rs, leader, cards, choose, ctx)[0]


# Seat 0 holds the eight highest classic trumps: it leads them all and takes every trick.
LYUSYA_HANDS = [
    "7C QC QS QH QD JC JS JH",
    "JD AC 10C KC AS 10S KS 9S",
    "9C 8C AH 10H KH 9H 8H 7H",
    "AD 10D KD 9D 8D 7D 8S 7S",
]


def test_lyusya_all_tricks_record():
    """docs/rules.md#winning Lyusya: the winner took every trick; the record says all_tricks."""
    rs = resolve("classic-sixes")
    d = play_deal(rs, 0, LYUSYA_HANDS, autoplay(rs, 0, LYUSYA_HANDS))
    assert d.complete and not d.ended_early and d.violations == ()
    assert d.points == (120, 0) and d.tricks_won == (8, 0)
    assert d.record == {"points": [120, 0], "all_tricks": True}
    assert all(t.winner == 0 for t in d.tricks) and d.winner_team == 0


def test_string_and_nested_plays_are_the_same():
    rs = resolve("classic-sixes")
    plays = autoplay(rs, 0, LYUSYA_HANDS)
    flat = play_deal(rs, 0, LYUSYA_HANDS, " ".join(map(str, plays)))
    nested = play_deal(rs, 0, LYUSYA_HANDS, [plays[i : i + 4] for i in range(0, 32, 4)])
    assert flat == nested == play_deal(rs, 0, LYUSYA_HANDS, plays)


SPREAD_HANDS = [
    "7C QD JH AC 8C AS 7S AH",
    "QC JS 10C 9C 10S 8S 10H 8H",
    "QS JD KC AD 10D KS 9S 9H",
    "QH JC KD 9D 8D 7D KH 7H",
]


def test_leader_rotation_and_points():
    """docs/rules.md#winning: the trick winner leads the next trick; team points add up to 120."""
    rs = resolve("penalty-goats")
    d = play_deal(rs, 1, SPREAD_HANDS, autoplay(rs, 1, SPREAD_HANDS))
    assert d.complete and sum(d.points) == 120 and sum(d.tricks_won) == 8
    assert d.tricks[0].leader == 1
    for a, b in zip(d.tricks, d.tricks[1:], strict=False):
        assert b.leader == a.winner
    assert "all_tricks" not in d.record or 0 in d.tricks_won


def test_revoke_is_a_violation_and_the_review_goes_on():
    """A revoke is physically possible: it is reported and the deal continues (docs/rules.md#following following)."""
    rs = resolve("classic-sixes")
    plays = autoplay(rs, 0, LYUSYA_HANDS, revoke_at=(1, 1))
    d = play_deal(rs, 0, LYUSYA_HANDS, plays)
    assert d.complete and len(d.tricks) == 8
    v = d.first_violation
    assert v is not None and (v.trick, v.seat, v.reason) == (1, 1, "must_answer_trump")
    assert v.params["could_play"][0] == "JD"


def test_card_not_in_hand_is_an_input_error():
    """A card the seat does not hold is an input error naming the deal-wide play index."""
    rs = resolve("classic-sixes")
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, LYUSYA_HANDS, "7C 9C JD AD")  # seat 1 plays seat 2's 9C
    assert (e.value.code, e.value.field, e.value.token) == ("card_not_in_hand", "plays[1]", "9C")
    ok = "7C JD 9C AD QC AC 8C 10D"
    assert play_deal(rs, 0, LYUSYA_HANDS, ok).violations == ()
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, LYUSYA_HANDS, "7C JD 9C AD QC AC AS 10D")  # seat 2 plays seat 1's AS
    assert (e.value.code, e.value.field) == ("card_not_in_hand", "plays[6]")
    assert e.value.params["trick"] == 2


VOON_HANDS = [
    "AD QC AH 10H KH 9H 8H 7H",  # seat 0 leads AD in hand 1
    "7C AS 10S KS 9S 8S 7S JD",  # no diamonds
    "JC JS JH 8C 9C 10C KC AC",  # no diamonds
    "10D KD 9D 8D 7D QS QH QD",
]


def test_voon_capture_ends_hand():
    """voon-series#deck: the 7C and the opponents' QC in one trick end the hand at once."""
    rs = resolve("voon-series")
    ctx = TrickContext(hand_number=1, score=(0, 0))
    hands = [h.split() for h in VOON_HANDS]
    hands[0][1], hands[2][0] = hands[2][0], hands[0][1]  # seat 0: JC, seat 2 (team 0): QC
    d = play_deal(rs, 0, hands, ["AD", "7C", "QC", "10D"], context=ctx)
    assert d.ended_early and not d.complete and len(d.tricks) == 1
    assert d.record == {"points": [0, 11 + 3 + 10], "queen_capture": 1}
    assert d.events[0].team == 1 and d.violations == ()
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, hands, ["AD", "7C", "QC", "10D", "AS", "JC", "8C", "9D"], context=ctx)
    assert (e.value.code, e.value.field) == ("plays_after_end", "plays[4]")


def test_voon_partners_qc_does_not_end_hand():
    """voon-series#deck: a partner's QC does not count."""
    rs = resolve("voon-series")
    hands = [h.split() for h in VOON_HANDS]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]  # seat 1: JC, seat 2: 7C
    d = play_deal(rs, 0, hands, ["QC", "JC", "7C", "QS"], context=TrickContext(hand_number=2))
    assert not d.ended_early and d.events == () and d.tricks[0].winner == 2 and d.violations == ()


def test_voon_lead_rights_in_a_deal():
    """voon-series#leading: hand 1 AD first and no trump lead while holding a plain card; from hand 2 only the
    team of the deal's leader may lead trumps, both at 10:10."""
    rs = resolve("voon-series")
    d = play_deal(rs, 0, VOON_HANDS, ["AH", "AS", "JC", "10D"], context=TrickContext(hand_number=1))
    assert (d.first_violation.trick, d.first_violation.reason) == (1, "must_lead_ad")
    # Seat 1 takes trick 1 with 7C, then leads the trump JD while holding spades.
    plays = ["AD", "7C", "JC", "10D", "JD", "8C", "QD", "QC"]
    for ctx in (TrickContext(hand_number=1), TrickContext(hand_number=2)):
        v = play_deal(rs, 0, VOON_HANDS, plays, context=ctx).first_violation
        assert (v.trick, v.seat, v.reason) == (2, 1, "trump_lead_forbidden")
        assert v.params["could_play"] == ["AS", "10S", "KS", "9S", "8S", "7S"]
    d = play_deal(rs, 0, VOON_HANDS, plays, context=TrickContext(hand_number=2, score=(10, 10)))
    assert d.violations == ()
    # Seat 1 leads the hand: its team may lead trumps.
    d = play_deal(rs, 1, VOON_HANDS, ["JD", "JC", "QS", "QC"], context=TrickContext(hand_number=2))
    assert d.violations == () and d.tricks[0].winner == 0
    d = play_deal(rs, 1, VOON_HANDS, ["AS", "JC", "QS", "AD"], context=TrickContext(hand_number=2))
    assert d.violations == () and d.tricks[0].winner == 3


def test_ace_ban_tracks_led_suits_in_a_deal():
    """classic-sixes#following option ace_discard_ban: after clubs were led, AC may be discarded, AS not."""
    rs = resolve("classic-sixes", {"trump_suit": "D", "ace_discard_ban": True})
    hands = [
        "KC 7C AH 8H 9S 8S QD JD",
        "AC 10C 10H 9H 7H KS QS JS",
        "9C 8C AS 10S 7S JC QC QH",
        "KH JH AD 10D KD 9D 8D 7D",
    ]
    # Trick 1: clubs led (seat 2 follows 9C). Seat 1 wins with AC and leads 10H...
    plays = [
        "KC",
        "AC",
        "9C",
        "KH",  # seat 1 wins with AC: clubs have been led
        "10H",
        "8C",
        "JH",
        "AH",
    ]  # seat 2 has no plain hearts (QH is a trump)
    d = play_deal(rs, 0, hands, plays)
    assert d.violations == ()  # 8C discard fine
    plays[5] = "AS"  # spades never led: forbidden while seat 2 holds another card
    d = play_deal(rs, 0, hands, plays)
    v = d.first_violation
    assert (v.trick, v.seat, v.reason) == (2, 2, "ace_discard_forbidden")
    assert v.params["led_suits"] == ["C"]


@pytest.mark.parametrize(
    "hands,plays,code,field",
    [
        pytest.param(LYUSYA_HANDS[:3], "", "bad_hand", "hands", id="three-hands"),
        pytest.param(
            [*LYUSYA_HANDS[:3], "AD 10D KD 9D 8D 7D 8S"], "", "bad_hand", "hands[3]", id="short-hand"
        ),
        pytest.param(
            [*LYUSYA_HANDS[:3], "AD 10D KD 9D 8D 7D 8S 7C"],
            "",
            "bad_hand",
            "hands[3]",
            id="overlapping-hands",
        ),
        pytest.param(
            [*LYUSYA_HANDS[:3], "AD 10D KD 9D 8D 7D 8S 6S"],
            "",
            "card_not_in_deck",
            "hands[3]",
            id="six-not-in-deck",
        ),
        pytest.param(
            LYUSYA_HANDS, "7C JD 9C AD QC", "wrong_trick_size", "plays", id="trailing-partial-trick"
        ),
        pytest.param(
            LYUSYA_HANDS, "7C JD 9C AD 7C AC 8C 10D", "duplicate_card", "plays[4]", id="card-played-twice"
        ),
        pytest.param(LYUSYA_HANDS, "7C JD 9C ZZ", "bad_card", "plays[3]", id="bad-notation"),
    ],
)
def test_deal_input_errors(hands, plays, code, field):
    rs = resolve("classic-sixes")
    with pytest.raises(KozelError) as e:
        play_deal(rs, 0, hands, plays)
    assert (e.value.code, e.value.field) == (code, field)


def test_plays_past_the_deal():
    rs = resolve("classic-sixes")
    plays = autoplay(rs, 0, LYUSYA_HANDS)
    assert play_deal(rs, 0, LYUSYA_HANDS, plays).complete
    with pytest.raises(KozelError) as e:  # every card of the deck is already out
        play_deal(rs, 0, LYUSYA_HANDS, [*plays, "AS", "KS", "QS", "JS"])
    assert (e.value.code, e.value.field) == ("duplicate_card", "plays[32]")


def test_partial_deal_is_not_complete():
    rs = resolve("classic-sixes")
    d = play_deal(rs, 0, LYUSYA_HANDS, autoplay(rs, 0, LYUSYA_HANDS)[:12])
    assert not d.complete and len(d.tricks) == 3 and d.record == {"points": list(d.points)}
    assert d.winner_team is None


def test_bad_notation_is_card_notation_error():
    rs = resolve("classic-sixes")
    with pytest.raises(CardNotationError):
        play_deal(rs, 0, LYUSYA_HANDS, "7C JD 9C XX")


# ------------------------------------------------------------------ draw-four (draw-four#deck)
DRAW_HANDS = ["9H 10H 6S 7S", "AH 6H KS 8D", "8S 9S 7D 6D", "QS KH 10S 9D"]
DRAW_STOCK = "AS AD 6C 7C QC JC 8C 9C 10C KC AC JS QH JH QD JD 7H 8H 10D KD".split()
DRAW_TRICK1 = [["9H", "10H"], ["AH", "6H"], ["8S", "9S"], ["QS", "KH"]]


def test_draw_four_with_stock_tracks_hands():
    """draw-four#winning: after a trick each player draws back to 4, starting with the trick winner."""
    rs = resolve("draw-four")
    d = play_deal(rs, 0, DRAW_HANDS, DRAW_TRICK1, stock=DRAW_STOCK)
    t = d.tricks[0]
    assert (t.winner, t.points) == (3, 28) and d.violations == () and not d.complete
    # Seat 3 draws AS then QC, seat 0 AD and JC, seat 1 6C and 8C, seat 2 7C and 9C.
    d = play_deal(rs, 0, DRAW_HANDS, [*DRAW_TRICK1, ["QC"], ["JC"], ["6C"], ["7C"]], stock=DRAW_STOCK)
    assert d.tricks[1].leader == 3 and d.tricks[1].winner == 2 and d.unknown == 0
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, DRAW_HANDS, [*DRAW_TRICK1, ["QC"], ["8C"], ["6C"], ["7C"]], stock=DRAW_STOCK)
    assert (e.value.code, e.value.field) == ("card_not_in_hand", "plays[5]")


def test_draw_four_without_stock_checks_only_first_trick():
    rs = resolve("draw-four")
    d = play_deal(rs, 0, DRAW_HANDS, [*DRAW_TRICK1, ["AS"], ["AD"], ["6C"], ["7C"]])
    assert len(d.tricks) == 2 and d.tricks[1].winner == 2 and d.violations == ()
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, DRAW_HANDS, [["9H", "10H"], ["AH", "7D"], ["8S", "9S"], ["QS", "KH"]])
    assert (e.value.code, e.value.field) == ("card_not_in_hand", "plays[1]")
    with pytest.raises(TrickInputError) as e:
        play_deal(rs, 0, DRAW_HANDS, DRAW_TRICK1, stock=["AS", "9H"])
    assert (e.value.code, e.value.field) == ("bad_hand", "stock")


def test_draw_four_mixed_lead_violation_in_deal():
    rs = resolve("draw-four")
    hands = ["9H 9S 6S 7S", "AH 6H KS 8D", "8S 10S 7D 6D", "QS KH 10H 9D"]
    d = play_deal(rs, 0, hands, "9H 9S; AH 6H; 8S 10S; 10H KH")
    assert (d.first_violation.reason, d.first_violation.seat) == ("mixed_lead", 0)


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


# ------------------------------------------------------------------ classic-sixes#scoring: revoke_penalty
def test_a_deal_with_a_revoke_names_the_team_at_fault() -> None:
    """classic-sixes#scoring: the deal review's record carries the revoke where the option scores it."""
    hands = [
        "AH 7S 8S 9S 10S KS AS 7D",
        "KH 8D 9D 10D KD AD JD JH",
        "7H 8H 9H 10H QH QD QS QC",
        "7C AC 10C KC 9C 8C JC JS",
    ]
    # seat 1 holds KH but plays 8D on the heart lead: a revoke by team 1
    plays = ["AH", "8D", "7H", "7C"]
    for options, expected in (({"revoke_penalty": "four_points"}, 1), ({}, None)):
        d = play_deal(resolve("classic-sixes", options), 0, hands, plays)
        assert d.first_violation is not None and d.first_violation.reason == "must_follow_suit"
        assert d.record.get("revoke") == expected
