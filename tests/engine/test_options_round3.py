"""The seed rules the app gains as options: each is a field of the ruleset, a table of cases
citing the rule-sheet section it shows on."""

from __future__ import annotations

import pytest

from rules.engine import resolve
from rules.engine.cards import Card
from rules.engine.tricks import TrickContext, legal_cards, resolve_trick

PLAIN_HAND = "QC 7H 8H 9H 10H KH AH 7S"
TRUMPS_HAND = "QC QS QH QD JC JS JH JD"

TRUMP_LEAD = [
    # option value, lead, seat 0's hand (None: not given), boaster seat, legal, reason
    pytest.param("free", "QC", PLAIN_HAND, None, True, None, id="classic-sixes#leading/free"),
    pytest.param(
        "hvalyonka_only",
        "QC",
        PLAIN_HAND,
        None,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/refused",
    ),
    pytest.param("hvalyonka_only", "QC", PLAIN_HAND, 0, True, None, id="classic-sixes#leading/the-boaster"),
    pytest.param(
        "hvalyonka_only",
        "QC",
        PLAIN_HAND,
        2,
        False,
        "trump_lead_forbidden",
        id="classic-sixes#leading/partner-boasts",
    ),
    pytest.param(
        "hvalyonka_only", "QC", TRUMPS_HAND, None, True, None, id="classic-sixes#leading/only-trumps"
    ),
    pytest.param("hvalyonka_only", "7H", PLAIN_HAND, None, True, None, id="classic-sixes#leading/plain-lead"),
    pytest.param(
        "hvalyonka_only",
        "QC",
        None,
        None,
        None,
        "trump_lead_forbidden",
        id="classic-sixes#leading/hand-unknown",
    ),
]


@pytest.mark.parametrize("value,lead,hand,boaster,legal,reason", TRUMP_LEAD)
def test_trump_lead(
    value: str, lead: str, hand: str | None, boaster: int | None, legal: bool | None, reason: str | None
) -> None:
    rs = resolve("classic-sixes", {"trump_lead": value})
    assert rs.lead_rule == value
    hands = [hand.split() if hand else None, None, None, None]
    others = [c for c in ("7D", "8D", "9D")]
    t = resolve_trick(rs, 0, [lead, *others], hands=hands, context=TrickContext(boaster=boaster))
    assert (t.plays[0].legal, t.plays[0].reason) == (legal, reason)


def test_trump_lead_legal_cards() -> None:
    """classic-sixes#leading: legal_cards offers no trump to a seat that may not lead one; answers
    with a trump stay free."""
    rs = resolve("classic-sixes", {"trump_lead": "hvalyonka_only"})
    hand = [Card.parse(c) for c in PLAIN_HAND.split()]
    assert Card.parse("QC") not in legal_cards(rs, hand, None, seat=0)
    assert Card.parse("QC") in legal_cards(rs, hand, None, seat=0, context=TrickContext(boaster=0))
    t = resolve_trick(rs, 3, ["9S", "QC", "10S", "KS"], hands=[["QC", "7H"], None, None, None])
    assert t.plays[1].legal is True


# ------------------------------------------------------------------ classic-sixes#scoring: revoke_penalty
REVOKE = [
    # record, score after, winner, points as scored, id
    pytest.param(
        {"points": [62, 58], "revoke": 0},
        (0, 1),
        1,
        (58, 62),
        id="classic-sixes#scoring/revoke-turns-the-hand",
    ),
    pytest.param(
        {"points": [60, 60], "revoke": 1}, (1, 0), 0, (64, 56), id="classic-sixes#scoring/revoke-breaks-eggs"
    ),
    pytest.param(
        {"points": [2, 118], "revoke": 0}, (0, 2), 1, (0, 120), id="classic-sixes#scoring/all-it-has"
    ),
    pytest.param(
        {"points": [100, 20], "revoke": 1}, (2, 0), 0, (104, 16), id="classic-sixes#scoring/losers-revoke"
    ),
]


@pytest.mark.parametrize("record,score,winner,points", REVOKE)
def test_revoke_four_points(
    record: dict[str, object], score: tuple[int, int], winner: int, points: tuple[int, int]
) -> None:
    from rules.engine import replay

    rs = resolve("classic-sixes", {"revoke_penalty": "four_points"})
    assert rs.revoke_points == 4
    state = replay(rs, None, [record])
    h = state.hands[0]
    assert state.score == score and h.winner == winner and h.record.points == points
    assert h.note_codes()[0] == "revoke"
    assert h.notes[0].params["amount"] == record["points"][record["revoke"]] - points[record["revoke"]]
    # the hand as scored, with the penalty spent, scores the same again (a board line replayed)
    again = replay(rs, None, [h.record])
    assert again.score == score and again.hands[0].record == h.record


REVOKE_REFUSED = [
    pytest.param(
        "classic-sixes",
        {},
        {"points": [62, 58], "revoke": 0},
        "event_not_in_variant",
        id="classic-sixes#scoring/default-is-cheating",
    ),
    pytest.param(
        "penalty-goats",
        {},
        {"points": [62, 58], "revoke": 0},
        "event_not_in_variant",
        id="penalty-goats#scoring/no-revoke",
    ),
    pytest.param(
        "classic-sixes",
        {"revoke_penalty": "four_points"},
        {"penalty": {"kind": "cheating", "against": 0}, "revoke": 0},
        "conflicting_events",
        id="classic-sixes#scoring/revoke-and-penalty",
    ),
    pytest.param(
        "classic-sixes",
        {"revoke_penalty": "four_points"},
        {"points": [62, 58], "revoke": 2},
        "bad_team",
        id="classic-sixes#scoring/bad-team",
    ),
]


@pytest.mark.parametrize("variant,options,record,code", REVOKE_REFUSED)
def test_revoke_refused(
    variant: str, options: dict[str, object], record: dict[str, object], code: str
) -> None:
    from rules.engine import replay
    from rules.engine.records import RecordError

    with pytest.raises(RecordError) as e:
        replay(resolve(variant, options), None, [record])
    assert e.value.code == code and (e.value.field or "").startswith("hands[0]")


def test_a_deal_with_a_revoke_names_the_team_at_fault() -> None:
    """classic-sixes#scoring: the deal review's record carries the revoke where the option scores it."""
    from rules.engine import play_deal

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


TRUMP_ROW_TRICKS = [
    # options, leader, plays, winner, id
    pytest.param({}, 0, "AC 9H 10H JD", 3, id="penalty-goats#trumps/full-AC-is-a-trump-below-jacks"),
    pytest.param({"trump_row": "court"}, 0, "9C AC 10H KC", 1, id="penalty-goats#trumps/court-AC-plain-club"),
    pytest.param(
        {"trump_row": "court"}, 0, "9C AC 10H JD", 3, id="penalty-goats#trumps/court-jack-trumps-clubs"
    ),
    pytest.param({"deck": "24"}, 0, "AH 9H QC 10H", 2, id="penalty-goats#trumps/24-queens-lead-the-ladder"),
]


@pytest.mark.parametrize("options,leader,plays,winner", TRUMP_ROW_TRICKS)
def test_penalty_goats_trump_row_tricks(
    options: dict[str, object], leader: int, plays: str, winner: int
) -> None:
    assert resolve_trick(resolve("penalty-goats", options), leader, plays.split()).winner == winner


def test_the_short_deck_refuses_a_seven() -> None:
    """penalty-goats#deck: a card the 24-card deck lacks is refused, naming it."""
    from rules.engine.cards import CardNotationError

    with pytest.raises(CardNotationError) as e:
        resolve_trick(resolve("penalty-goats", {"deck": "24"}), 0, ["7H", "9H", "10H", "KH"])
    assert (e.value.code, e.value.token) == ("card_not_in_deck", "7H")


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
    from rules.engine import play_deal
    from rules.engine.checks import first_leader

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
    from rules.engine import redeal_check

    r = redeal_check(resolve(variant), hand.split())
    assert r.declare == declare
    if declare:  # neither a redeal nor a score: the redeal reasons are those of the points alone
        assert "dry" not in r.reasons


# ------------------------------------------------------------------ classic-sixes#leading, penalty-goats: multi_leads
MULTI = [
    # variant, plays (seat 0 leads), hands given (None: unknown), legal per play, winner, id
    pytest.param(
        "classic-sixes",
        "AH KH / 7H 8D / 9H 10H / QC JC",
        {1: "7H 8D 9D 10D KD AD JD 7S"},
        (True, True, True, None),
        3,
        id="classic-sixes#following/one-heart-held-one-given",
    ),
    pytest.param(
        "classic-sixes",
        "AH KH / 7H 8D / 9H 10H / QC JC",
        {1: "7H 8H 8D 9D 10D KD AD 7S"},
        (True, False, True, None),
        3,
        id="classic-sixes#following/two-hearts-held-one-given",
    ),
    pytest.param(
        "classic-sixes",
        "QS 9S / 7S AD / 8S 10S / KS AS",
        {1: "7S AD 9D 10D KD 7D 8D 9H"},
        (True, True, None, None),
        0,
        id="classic-sixes#following/trump-and-spade-each-its-group",
    ),
    pytest.param(
        "classic-sixes",
        "QS 9S / 7S AD / 8S 10S / KS AS",
        {1: "7S AD QH 10D KD JD 7D 8D"},
        (True, False, None, None),
        0,
        id="classic-sixes#following/the-trump-needs-a-trump",
    ),
    pytest.param(
        "penalty-goats:multi_leads",
        "9H 10H AH / 7H 8H KH / 7D 8D 9D / QC JC 7C",
        {},
        (True, True, None, None),
        3,
        id="penalty-goats#following/three-hearts-covered",
    ),
    pytest.param(
        "classic-sixes",
        "9H 9S / 7H 7S / AH AS / KH KS",
        {},
        (False, True, True, True),
        2,
        id="classic-sixes#leading/two-suits",
    ),
    pytest.param(
        "classic-sixes",
        "AH / 7C / KH / 9H",
        {},
        (True, None, True, True),
        1,
        id="classic-sixes#winning/one-card-as-ever",
    ),
]


@pytest.mark.parametrize("variant,plays,hands,legal,winner", MULTI)
def test_multi_leads(
    variant: str, plays: str, hands: dict[int, str], legal: tuple[bool | None, ...], winner: int
) -> None:
    key, _, opt = variant.partition(":")
    rs = resolve(key, {"multi_leads": True})
    assert (rs.multi_card_leads, rs.max_lead, rs.free_answers) == (True, 3, False)
    given = [hands[s].split() if s in hands else None for s in range(4)]
    t = resolve_trick(rs, 0, [p.split() for p in plays.split(" / ")], hands=given)
    assert tuple(p.legal for p in t.plays) == legal
    assert t.winner == winner


def test_multi_leads_off_by_default_and_a_fourth_card_refused() -> None:
    from rules.engine.inputs import TrickInputError

    assert not resolve("classic-sixes").multi_card_leads and not resolve("penalty-goats").multi_card_leads
    rs = resolve("classic-sixes", {"multi_leads": True})
    with pytest.raises(TrickInputError) as e:
        resolve_trick(
            rs,
            0,
            [
                ["AH", "KH", "10H", "9H"],
                ["7H", "8D", "9D", "10D"],
                ["8H", "JH", "QH", "KD"],
                ["QC", "JC", "AC", "7C"],
            ],
        )
    assert (e.value.code, e.value.params["expected"]) == ("wrong_card_count", 3)
