"""The Kozel rules engine: pure Python, no Django (a test enforces it).

Cards (docs/rules.md#cards), variants (docs/rules.md#variants), tricks and whole deals, hand checks, and the
scorer's ``replay`` over a list of hand records (docs/rules.md#variants, docs/records.md). Errors are
``ValueError`` subclasses carrying a machine ``code``; explanations are codes
with parameters, turned into sentences by the web layer.
"""

from __future__ import annotations

from .cards import (
    ALL_CARDS,
    Card,
    CardNotationError,
    KozelError,
    RuleViolation,
    card,
    format_cards,
    parse_cards,
)
from .checks import (
    FirstLead,
    RedealCheck,
    belka_seat_suits,
    belka_trump_suit,
    first_leader,
    is_royal_goat,
    redeal_check,
)
from .deal import Deal, DealInput, Violation, play_deal
from .decisions import DECISIONS, decisions_for
from .fold import Fold, FoldError, fold_of, fold_replay, fold_step, new_fold
from .inputs import TrickInputError
from .lead import (
    LEAD_RULES,
    TRUMP_LEADS,
    NextDeal,
    deals_ahead,
    next_deal,
    next_deal_after,
    next_deal_from,
    seat_suits_of,
    trump_after,
    trump_lead,
)
from .record_rules import validate_record
from .records import ERROR_CODES, PENALTY_KINDS, HandRecord, Penalty, RecordError
from .scoring import replay, score_hand
from .solver import (
    GOALS,
    NODE_BUDGET,
    Analysis,
    AnalysisError,
    Budget,
    MoveValue,
    PlayReview,
    analyse,
    analyse_deal,
    analyse_midway,
)
from .state import NOTE_CODES, TITLE_CODES, HandResult, MatchState, Note, new_match
from .tricks import Event, Play, Trick, TrickContext, covers, legal_cards, resolve_trick
from .variants import (
    ALL_VARIANTS,
    DEFAULT_VARIANT,
    SHORT_TABLES,
    VARIANTS,
    Option,
    Ruleset,
    Variant,
    VariantError,
    get_variant,
    resolve,
    team_of,
)

__all__ = [
    "ALL_CARDS",
    "Card",
    "CardNotationError",
    "KozelError",
    "RuleViolation",
    "card",
    "format_cards",
    "parse_cards",
    "FirstLead",
    "RedealCheck",
    "belka_seat_suits",
    "belka_trump_suit",
    "first_leader",
    "is_royal_goat",
    "redeal_check",
    "Deal",
    "DealInput",
    "Violation",
    "play_deal",
    "GOALS",
    "NODE_BUDGET",
    "Analysis",
    "AnalysisError",
    "Budget",
    "MoveValue",
    "PlayReview",
    "analyse",
    "analyse_deal",
    "analyse_midway",
    "DECISIONS",
    "ERROR_CODES",
    "LEAD_RULES",
    "NOTE_CODES",
    "PENALTY_KINDS",
    "TITLE_CODES",
    "HandRecord",
    "HandResult",
    "MatchState",
    "NextDeal",
    "TRUMP_LEADS",
    "deals_ahead",
    "seat_suits_of",
    "trump_after",
    "trump_lead",
    "Note",
    "Penalty",
    "RecordError",
    "decisions_for",
    "new_match",
    "next_deal",
    "next_deal_after",
    "next_deal_from",
    "Fold",
    "FoldError",
    "fold_of",
    "fold_replay",
    "fold_step",
    "new_fold",
    "replay",
    "score_hand",
    "validate_record",
    "Event",
    "Play",
    "Trick",
    "TrickContext",
    "TrickInputError",
    "covers",
    "legal_cards",
    "resolve_trick",
    "DEFAULT_VARIANT",
    "VARIANTS",
    "ALL_VARIANTS",
    "SHORT_TABLES",
    "Option",
    "Ruleset",
    "Variant",
    "VariantError",
    "get_variant",
    "resolve",
    "team_of",
]
