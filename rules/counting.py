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


# The words the scripts count with (offline.js: the entries waiting on this phone).
JS_WORDS = ("entry",)
# Russian and English choose a plural form by n % 10 and n % 100 alone, so the form of any n is
# the form of n below 200, or of 100 + n % 100: a table of 200 indices gives a script every form.
JS_TABLE = 200


def js_catalogue() -> dict[str, str]:
    """The plural forms for the scripts, from the active catalogue itself: ``plural`` holds the
    form index of each n in 0..199 (one digit each), ``<word>`` the forms in index order, «|»
    between them, ``{n}`` where the number goes. Every page carries it (base.html)."""
    forms: dict[str, list[str]] = {w: [] for w in JS_WORDS}
    index: list[str] = []
    seen: list[str] = []
    for n in range(JS_TABLE):
        text = _form(n, "point")  # «очко, очка, очков»: a different text for each Russian form
        if text not in seen:
            seen.append(text)
            for w in JS_WORDS:
                forms[w].append(_form(n, w))
        index.append(str(seen.index(text)))
    return {"plural": "".join(index), **{w: "|".join(f) for w, f in forms.items()}}


def _form(n: int, word: str) -> str:
    """The form ngettext chooses for n, with ``{n}`` where the number is."""
    return str(WORDS[word] % {"n": n}).replace(str(n), "{n}", 1)


def score_count(n: int, scoring: str) -> str:
    """A score in its system's unit: «3 пары», «12 козлов», «7 глаз»."""
    return count(n, UNITS.get(scoring, "point"))
