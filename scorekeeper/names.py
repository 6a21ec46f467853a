"""The sides' names as a page shows them.

The new-match form fills in «Красные» and «Чёрные» (at a table of one seat per side «Игрок N»)
in the language it was opened in, and the match keeps each name as it was sent. A stored name
that is one of those defaults, in any language of the site, is shown in the reader's language;
any other name is the players' own and is shown as typed. What is stored (``Match.team_names``)
and what the JSON export's ``teams`` carries stay as they were sent.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

REDS, BLACKS = gettext_noop("Reds"), gettext_noop("Blacks")
PLAYER = gettext_noop("Player %(n)s")  # a side of one seat nobody named (forms.MatchForm)


@functools.cache
def _defaults() -> tuple[dict[str, str], tuple[re.Pattern[str], ...]]:
    """Every language's default team names (to their msgid) and its «Игрок N» as a pattern."""
    teams: dict[str, str] = {}
    players = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for msgid in (REDS, BLACKS):
                teams[_(msgid)] = msgid
            players.append(re.compile(re.escape(_(PLAYER)).replace(re.escape("%(n)s"), r"([1-4])") + r"\Z"))
    return teams, tuple(dict.fromkeys(players))


def _player(name: str) -> str | None:
    """The seat number of a default «Игрок N» in any language, else None."""
    for pattern in _defaults()[1]:
        found = pattern.match(name)
        if found:
            return found.group(1)
    return None


def shown_name(name: str) -> str:
    """``name`` in the active language where it is a default the players did not type."""
    msgid = _defaults()[0].get(name)
    if msgid is not None:
        return _(msgid)
    n = _player(name)
    return name if n is None else _(PLAYER) % {"n": n}


def shown_names(names: Sequence[str]) -> list[str]:
    return [shown_name(n) for n in names]


def default_names() -> dict[str, str]:
    """Every default name of every language, to how the active language shows it."""
    teams, _players = _defaults()
    out = {name: _(msgid) for name, msgid in teams.items()}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            typed = [_(PLAYER) % {"n": n} for n in range(1, 5)]
        out.update({t: shown_name(t) for t in typed})
    return out


def neutral_names(names: Sequence[str]) -> list[str]:
    """``names`` with each default as its message id, in no reader's language: the form the list
    of matches on this phone keeps, to show in whichever language it is read in."""
    teams = _defaults()[0]
    out = []
    for name in names:
        n = _player(name)
        out.append(teams.get(name) or (name if n is None else PLAYER % {"n": n}))
    return out
