"""A number and its noun, in the reader's language: «1 очко, 3 очка, 5 очков» (ngettext).

Every place a count meets one of the game's nouns goes through :func:`count`, so the Russian
forms (one, few, many) are written once in the catalogue and tested for every word.
"""

from __future__ import annotations

from django.utils.translation import ngettext_lazy

WORDS = {
    "point": ngettext_lazy("%(n)s card point", "%(n)s card points", "n"),
    "eye": ngettext_lazy("%(n)s eye", "%(n)s eyes", "n"),
    "pair": ngettext_lazy("%(n)s pair", "%(n)s pairs", "n"),
    "goat": ngettext_lazy("%(n)s goat", "%(n)s goats", "n"),
    "hand": ngettext_lazy("%(n)s hand", "%(n)s hands", "n"),
    "trick": ngettext_lazy("%(n)s trick", "%(n)s tricks", "n"),
    "card": ngettext_lazy("%(n)s card", "%(n)s cards", "n"),
    "series_point": ngettext_lazy("%(n)s series point", "%(n)s series points", "n"),
    "mark": ngettext_lazy("%(n)s mark", "%(n)s marks", "n"),
    "entry": ngettext_lazy("%(n)s entry", "%(n)s entries", "n"),
    "illegal_play": ngettext_lazy("%(n)s illegal play", "%(n)s illegal plays", "n"),
    "play": ngettext_lazy("%(n)s play", "%(n)s plays", "n"),
    "question": ngettext_lazy("%(n)s question", "%(n)s questions", "n"),
    "match": ngettext_lazy("%(n)s match", "%(n)s matches", "n"),
    "win": ngettext_lazy("%(n)s win", "%(n)s wins", "n"),
}

# the unit each scoring system counts in (Ruleset.scoring)
UNITS = {
    "pairs": "pair",
    "penalty": "goat",
    "series": "series_point",
    "eyes-hvalyony": "eye",
    "eyes-belka": "eye",
    "marks": "mark",
}


def count(n: int, word: str) -> str:
    """``count(5, "point")`` → «5 очков» / "5 card points"."""
    return str(WORDS[word] % {"n": n})


def score_count(n: int, scoring: str) -> str:
    """A score in its system's unit: «3 пары», «12 козлов», «7 глаз»."""
    return count(n, UNITS.get(scoring, "point"))
