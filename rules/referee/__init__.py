"""The referee's pages, one module each: one trick (:mod:`.trick`), a whole deal
(:mod:`.deal`), hand checks (:mod:`.hand`); the query-string state and card picker they share
live in :mod:`.common`, and the query is read through the Django forms of :mod:`.forms` (one base
form of the shared fields, extended per page). Every verdict comes from :mod:`rules.engine`."""

from __future__ import annotations

from .best import BestReview
from .best import review_context as best_review_context
from .best import wants_fragment as wants_best_fragment
from .best_trick import BestMoves, not_held_by_next
from .best_trick import trick_context as best_trick_context
from .common import (
    Face,
    RulesChoice,
    face,
    names_params,
    picker,
    player,
    seat_name,
    side_class,
    table_seats,
)
from .deal import DealQuery, DealResult, deal_of, read_deal, review_deal
from .forms import read_rules
from .hand import HandQuery, check_hand, read_hand
from .trick import TrickQuery, answer_trick, held_summary, read_trick

__all__ = [
    "BestMoves",
    "BestReview",
    "DealQuery",
    "DealResult",
    "Face",
    "HandQuery",
    "RulesChoice",
    "TrickQuery",
    "answer_trick",
    "best_review_context",
    "best_trick_context",
    "wants_best_fragment",
    "check_hand",
    "deal_of",
    "face",
    "held_summary",
    "names_params",
    "not_held_by_next",
    "picker",
    "player",
    "read_deal",
    "read_hand",
    "read_rules",
    "read_trick",
    "review_deal",
    "seat_name",
    "side_class",
    "table_seats",
]
