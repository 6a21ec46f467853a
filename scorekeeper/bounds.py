"""How big a match may grow (docs/operations.md#reliability-what-is-bounded-and-limited): 1,000 hands on its board and 5,000 entries in
its log, corrections, deletes, undos and restores included.

Real matches last tens of hands. Without a bound a correction of hand 1 replays every later
hand inside the write's transaction, which on SQLite every other table's write waits behind
(at 5,000 hands: 0.9-1.3 s, and a writer on another match waited up to 6.9 s); the history and
the exports grow the same way. At the bound these stay within the targets `make bench` checks
(scripts/bench_bounds.py). A match at its bound is still read, exported and rematched.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from .errors import Invalid
from .models import Entry, Line, Match

MAX_HANDS = 1000
MAX_ENTRIES = 5000


def check(match: Match, action: str, slot: int | None) -> None:
    """Refuse a write that would take the match (locked, at its current version) past a bound.
    The hands are the snapshot's count (no query on the path of a new hand); a restore may bring
    a hand back onto a full board too."""
    if match.version >= MAX_ENTRIES:
        raise Invalid(
            ValidationError(
                _(
                    "This match has reached %(n)s changes, the most one match keeps. "
                    "Nothing was recorded: start the next match (a rematch keeps the teams and the rules)."
                )
                % {"n": number_format(MAX_ENTRIES, force_grouping=True)},
                code="match_too_long",
            )
        )
    hands = (match.snapshot or {}).get("hands", 0)
    if not isinstance(hands, int) or hands < MAX_HANDS:
        return  # room on the board: nothing to look up inside the write's transaction
    growing = action == Entry.ADD or (
        action == Entry.RESTORE
        and slot is not None
        and not Line.objects.filter(match=match, slot=slot).exists()
    )
    if growing:
        raise Invalid(
            ValidationError(
                _(
                    "This match has %(n)s hands, the most one match holds. "
                    "Nothing was recorded: start the next match (a rematch keeps the teams and the rules)."
                )
                % {"n": number_format(MAX_HANDS, force_grouping=True)},
                code="too_many_hands",
            )
        )
