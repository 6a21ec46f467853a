"""The Kozel rules engine: pure Python, no Django (a test enforces it).

Cards (§1), variants (§2), tricks and deals, hand checks, and the scorer's
``replay`` over a list of hand records. See RULES.md in the shared folder.
"""

from __future__ import annotations

from .cards import (ALL_CARDS, Card, CardNotationError, KozelError, RuleViolation, card,
                    format_cards, parse_cards)
from .variants import (VARIANTS, Option, Ruleset, Variant, VariantError, get_variant, resolve,
                       team_of)

__all__ = [
    "ALL_CARDS", "Card", "CardNotationError", "KozelError", "RuleViolation", "card",
    "format_cards", "parse_cards", "VARIANTS", "Option", "Ruleset", "Variant", "VariantError",
    "get_variant", "resolve", "team_of",
]
