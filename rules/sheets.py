"""Explanatory texts for the rule sheets, in the project's own words (RULES.md: facts from the
seeds, never their sentences). Short labels go through gettext; long texts are kept here as
Russian and English strings keyed by language."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

OPTION_LABELS = {
    "trump_suit": _l("Trump suit"),
    "ace_discard_ban": _l("No discarding an ace of a suit not yet led"),
    "dry_goat_first_hand": _l("Lyusya in the first hand wins the match («dry goat»)"),
    "royal_goat": _l("Royal goat: four aces in one hand win the match"),
    "four_of_suit_redeal": _l("Redeal for four cards of one suit"),
    "shutout_marks": _l("6 marks to a loser without a trick"),
    "eggs_double": _l("After eggs the next hand's marks double"),
    "sevens": _l("Sevens in the deck (36 cards)"),
    "six_of_clubs": _l("Six of clubs on top of the trumps"),
    "lyusya": _l("Lyusya (all tricks)"),
    "scoring": _l("Score"),
}

OPTION_VALUES = {
    ("lyusya", "instant-win"): _l("wins the match at once"),
    ("lyusya", "reset"): _l("resets the losers' eyes to 0"),
    ("scoring", "penalty-goats"): _l("penalty goats to 12"),
    ("scoring", "pairs"): _l("pairs on the sixes to 6"),
}


def lang() -> str:
    return (get_language() or "ru")[:2]


def option_label(key: str) -> str:
    return str(OPTION_LABELS.get(key, key))


def option_value(key: str, value: object) -> str:
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if key == "trump_suit":
        return {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}.get(str(value), str(value))
    label = OPTION_VALUES.get((key, str(value)))
    return str(label) if label else str(value)
