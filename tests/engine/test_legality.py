"""Who may lead what (rules/engine/legality.py), through resolve_trick and legal_cards: the
draw-four lead of one printed suit, voon's first trick, the trump-lead option and multi-card
leads. Each row id cites the rule-sheet section."""

from __future__ import annotations

import pytest

from rules.engine import resolve
from rules.engine.cards import Card
from rules.engine.tricks import TrickContext, legal_cards, resolve_trick


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


PLAIN_HAND = "QC 7H 8H 9H 10H KH AH 7S"
TRUMPS_HAND = "QC QS QH QD JC JS JH JD"


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
    """draw-four#leading: QS 9S led, and the trick is seat 0's."""
    t = resolve_trick(resolve("draw-four"), 0, [["QS", "9S"], ["AH", "KH"], ["6C", "6H"], ["6D", "7D"]])
    assert t.plays[0].legal is True and t.winner == 0


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


# ------------------------------------------------------------------ classic-sixes#leading: trump_lead
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
