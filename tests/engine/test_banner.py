"""What the board says before each deal, as data: who deals, who leads and by which rule, who may
lead trumps (voon-series#leading), each seat's trump suit in Belka (yc-belka#scoring), the duel's
trump suit (yc-duel#trumps); and the deals after hands a phone has not sent yet."""

from __future__ import annotations

import pytest

from rules.engine import (
    LEAD_RULES,
    TRUMP_LEADS,
    HandRecord,
    deals_ahead,
    next_deal,
    replay,
    resolve,
    seat_suits_of,
    trump_lead,
)
from rules.engine.fold import fold_of, fold_replay


def rec(**kw: object) -> HandRecord:
    return HandRecord.from_dict(kw)


@pytest.mark.parametrize(
    ("variant", "records", "first_leader", "expected"),
    [
        # the player after the dealer (DECISIONS duel_lead), the duel's clubs in deal 1
        (
            "yc-duel",
            [],
            None,
            {"dealer": 0, "leader": 1, "leader_team": None, "lead_rule": "left_of_dealer", "trump_suit": "C"},
        ),
        # voon-series#leading: the AD holder leads hand 1 (not known without the cards)
        (
            "voon-series",
            [],
            None,
            {"dealer": 0, "leader": None, "leader_team": None, "lead_rule": "ad_holder", "trump_suit": None},
        ),
        # the lead moves one seat per hand with a winner, known from the first leader
        (
            "voon-series",
            [{"points": [70, 50]}],
            2,
            {"dealer": 1, "leader": 3, "leader_team": None, "lead_rule": "rotates", "trump_suit": None},
        ),
        # classic-sixes#leading: the winners of the hand before choose
        (
            "classic-sixes",
            [{"points": [30, 90]}],
            None,
            {
                "dealer": 1,
                "leader": None,
                "leader_team": 1,
                "lead_rule": "winners_choose",
                "trump_suit": None,
            },
        ),
        # yc-hvalyony#leading: the holder of JC leads
        (
            "yc-hvalyony",
            [],
            None,
            {"dealer": 0, "leader": None, "leader_team": None, "lead_rule": "jc_holder", "trump_suit": None},
        ),
        (
            "draw-four",
            [],
            None,
            {"dealer": 0, "leader": 0, "leader_team": None, "lead_rule": "dealer", "trump_suit": None},
        ),
        (
            "penalty-goats",
            [],
            None,
            {
                "dealer": 0,
                "leader": None,
                "leader_team": None,
                "lead_rule": "by_agreement",
                "trump_suit": None,
            },
        ),
    ],
    ids=["duel", "voon-first", "voon-rotates", "classic-winners", "hvalyony", "draw-four", "penalty"],
)
def test_the_next_deal_as_the_api_gives_it(variant, records, first_leader, expected):
    nd = next_deal(variant, None, records, first_dealer=0, first_leader=first_leader)
    assert nd.as_next() == expected
    assert nd.as_next()["lead_rule"] in LEAD_RULES


@pytest.mark.parametrize("last", [{"queen_capture": 0}, {"points": [70, 50], "last_suit": "H"}])
def test_the_duel_trumps_follow_the_last_card_and_are_clubs_after_a_capture(last):
    rs = resolve("yc-duel")
    records = [rec(points=[70, 50], last_suit="S"), rec(**last)]
    want = "C" if "queen_capture" in last else "H"
    assert next_deal(rs, None, records, first_dealer=0).trump_suit == want
    # the snapshot's fold says the same as the replay
    fold, _results = fold_replay(fold_of(replay(rs, None, records[:1])), records[1:])
    assert fold.next_deal(first_dealer=0).trump_suit == want


def test_voon_trump_lead_rights():
    rs = resolve("voon-series")
    first = next_deal(rs, None, [], first_dealer=0)
    assert trump_lead(rs, first, (0, 0)) == "nobody"
    later = next_deal(rs, None, [rec(points=[70, 50])], first_dealer=0, first_leader=1)
    assert trump_lead(rs, later, (2, 0)) == "leader_team" and later.leader == 2
    assert trump_lead(rs, later, (10, 10)) == "both"  # «козлячий бой»
    assert trump_lead(resolve("classic-sixes"), later, (10, 10)) is None
    assert set(TRUMP_LEADS) == {"nobody", "leader_team", "both"}


def test_belka_seat_suits_from_hand_two_when_the_first_jc_holder_is_known():
    rs = resolve("yc-belka")
    first = next_deal(rs, None, [], first_dealer=0, first_leader=2)
    assert seat_suits_of(rs, first, 2) is None  # hand 1: clubs for everyone
    second = next_deal(rs, None, [rec(points=[70, 50], obyaz=0)], first_dealer=0, first_leader=2)
    assert seat_suits_of(rs, second, 2) == {2: "C", 1: "H", 0: "S", 3: "D"}
    assert seat_suits_of(rs, second, None) is None
    assert seat_suits_of(resolve("yc-hvalyony"), second, 2) is None


@pytest.mark.parametrize(
    ("variant", "rules", "leaders"),
    [
        ("yc-duel", ["left_of_dealer"] * 3, [1, 0, 1]),
        ("draw-four", ["dealer"] * 3, [2, 3, 0]),
        ("classic-sixes", ["winners_choose"] * 3, [None] * 3),
        ("voon-series", ["rotates"] * 3, [None] * 3),
        ("yc-belka", ["jc_holder"] * 3, [None] * 3),
        ("penalty-goats", ["by_agreement"] * 3, [None] * 3),
    ],
)
def test_deals_ahead_keep_the_rotation_and_what_the_rule_fixes(variant, rules, leaders):
    rs = resolve(variant)
    first = rec(points=[70, 50], **({"obyaz": 0} if rs.obyaz else {}))
    nd = next_deal(rs, None, [first], first_dealer=0, first_leader=0)
    ahead = deals_ahead(rs, nd, 3)
    assert [d.hand_number for d in ahead] == [3, 4, 5]
    assert [d.dealer for d in ahead] == [(1 + k) % rs.seats for k in (1, 2, 3)]
    assert [d.rule for d in ahead] == rules
    assert [d.leader for d in ahead] == leaders
