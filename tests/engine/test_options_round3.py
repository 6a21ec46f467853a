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
