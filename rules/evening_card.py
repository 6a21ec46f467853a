"""The evening's image in the reader's language: :mod:`rules.stats.evenings` says what happened,
this module words it (gettext) and :func:`rules.stats.card.draw_card` draws it.

«Вечер 5 декабря»: the matches, who the goats were, the biggest win, the longest streak.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from rules.counting import count
from rules.messages import side_with_players, title_line
from rules.stats.card import draw_card
from rules.stats.evenings import Evening


def _names(names: tuple[str, ...]) -> str:
    return (" " + _("and") + " ").join(names)


Teams = Mapping[Any, Sequence[str]]  # a match's key to its sides' names as the page shows them


def _side(names: tuple[str, ...], side: int | None, teams: Sequence[str] | None) -> str:
    """A side of the biggest win: «Чёрные (Борис и Гоша)» where its match named its teams and
    the side is a pair, else its players alone."""
    if teams is None or side is None or len(names) < 2 or side >= len(teams):
        return _names(names)
    return side_with_players(teams[side], names)


def evening_texts(evening: Evening, teams: Teams | None = None) -> tuple[str, list[tuple[str, str]]]:
    """The title and the rows (label, value) of the evening's image; ``teams``: the names of the
    sides of the evening's matches (by the match's key), where the page knows them."""
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
        # one goat is «козёл»; the titles (classic-sixes#scoring) are a pair's
        goats_title = title_line(big.outcome.titles) if len(big.losers) > 1 else _("the goat")
        named = (teams or {}).get(big.outcome.match.key)
        goat = next(iter(big.outcome.goats)) if len(big.outcome.goats) == 1 else None
        value = _("%(winners)s beat %(losers)s %(score)s — %(title)s") % {
            "winners": _side(big.winners, big.outcome.winner, named),
            "losers": _side(big.losers, goat, named),
            "score": f"{big.score[0]}:{big.score[1]}",
            "title": goats_title,
        }
        rows.append((_("The biggest win"), value))
    streak = evening.longest_streak()
    if streak is not None and streak[1] > 1:  # a streak of one is no streak
        rows.append(
            (
                _("The longest streak"),
                _("%(name)s: %(wins)s in a row") % {"name": streak[0], "wins": count(streak[1], "win")},
            )
        )
    return title, rows


def evening_png(evening: Evening, company: str = "", teams: Teams | None = None) -> bytes:
    """The evening's PNG, worded in the active language."""
    title, rows = evening_texts(evening, teams)
    footer = _("Kozel · %(company)s") % {"company": company} if company else _("Kozel")
    return draw_card(title, rows, footer)
