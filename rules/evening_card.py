"""The evening's image in the reader's language: :mod:`rules.stats.evenings` says what happened,
this module words it (gettext) and :func:`rules.stats.card.draw_card` draws it.

«Вечер 5 декабря»: the matches, who the goats were, the biggest win, the longest streak.
"""

from __future__ import annotations

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from rules.counting import count
from rules.stats.card import draw_card
from rules.stats.evenings import Evening

TITLE_ORDER = ("dry", "goats", "with_eggs", "with_tails")


def _names(names: tuple[str, ...]) -> str:
    return (" " + _("and") + " ").join(names)


def _title_line(titles: tuple[str, ...]) -> str:
    """The losers' title: «сухие козлы с яйцами» (classic-sixes#scoring, DECISIONS titles)."""
    words = {"dry": _("dry"), "goats": _("goats"), "with_eggs": _("with eggs"), "with_tails": _("with tails")}
    return " ".join(words[t] for t in TITLE_ORDER if t in titles)


def evening_texts(evening: Evening) -> tuple[str, list[tuple[str, str]]]:
    """The title and the rows (label, value) of the evening's image."""
    title = _("Evening of %(date)s") % {"date": date_format(evening.date, "j E")}
    played, finished = len(evening.outcomes), len(evening.finished)
    matches = count(finished, "match")
    if played > finished:
        matches = _("%(finished)s, %(open)s not finished") % {"finished": matches, "open": played - finished}
    goats = evening.goats()
    rows = [
        (_("Matches"), matches),
        (_("Goats"), ", ".join(f"{n} ×{k}" for n, k in goats) if goats else _("nobody")),
    ]
    big = evening.biggest_win()
    if big is not None:
        value = _("%(winners)s beat %(losers)s %(score)s") % {
            "winners": _names(big.winners),
            "losers": _names(big.losers),
            "score": f"{big.score[0]}:{big.score[1]}",
        }
        rows.append((_("The biggest win"), f"{value} — {_title_line(big.outcome.titles)}"))
    streak = evening.longest_streak()
    if streak is not None:
        rows.append(
            (
                _("The longest streak"),
                _("%(name)s: %(wins)s in a row") % {"name": streak[0], "wins": count(streak[1], "win")},
            )
        )
    return title, rows


def evening_png(evening: Evening, company: str = "") -> bytes:
    """The evening's PNG, worded in the active language."""
    title, rows = evening_texts(evening)
    footer = _("Kozel · %(company)s") % {"company": company} if company else _("Kozel")
    return draw_card(title, rows, footer)
