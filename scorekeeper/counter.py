"""«Посчитать по картам»: the counting cards of a match's deck for the entry form's card counter
(static/scorekeeper/counter.js adds them up on the phone, offline, with no round trip).

Only aces, tens, kings, queens and jacks carry card points (docs/rules.md#cards); the
counter shows those the variant's deck has, suit by suit, each with its points and a name a
screen reader says («туз пик, 11»).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.engine.cards import SUIT_SYMBOLS, SUITS
from rules.engine.variants import Ruleset
from rules.messages import card_text

RANK_ORDER = ("A", "10", "K", "Q", "J")


def _rank_name(rank: str) -> str:
    return {
        "A": pgettext("card name", "ace"),
        "10": pgettext("card name", "ten"),
        "K": pgettext("card name", "king"),
        "Q": pgettext("card name", "queen"),
        "J": pgettext("card name", "jack"),
    }[rank]


def _suit_name(suit: str) -> str:
    return {
        "C": pgettext("card name", "of clubs"),
        "S": pgettext("card name", "of spades"),
        "H": pgettext("card name", "of hearts"),
        "D": pgettext("card name", "of diamonds"),
    }[suit]


def counting_suits(rs: Ruleset) -> list[dict[str, Any]]:
    """The deck's counting cards by suit, high to low: ``code``, ``face``, ``points``, ``label``."""
    out = []
    for suit in SUITS:
        cards = sorted(
            (c for c in rs.deck if c.suit == suit and c.points),
            key=lambda c: RANK_ORDER.index(c.rank),
        )
        if cards:
            out.append(
                {
                    "suit": suit,
                    "symbol": SUIT_SYMBOLS[suit],
                    "cards": [
                        {
                            "code": c.code,
                            "face": card_text(c),
                            "points": c.points,
                            "label": _("%(card)s, %(points)s")
                            % {
                                "card": f"{_rank_name(c.rank)} {_suit_name(suit)}",
                                "points": c.points,
                            },
                        }
                        for c in cards
                    ],
                }
            )
    return out


def undealt_to_dealer(rs: Ruleset) -> int:
    """Cards left undealt that count for the dealer (three players each for himself: two); 0 where
    none are (the draw-four stock is drawn, not left over)."""
    return 0 if rs.multi_card_leads else rs.kitty
