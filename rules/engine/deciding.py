"""The deciding play of each goal (docs/rules.md#analysis): read from an analysis's review of the
plays, no search of its own.

A side can lose a goal only by its own play (whatever another side plays, a goal it can force
stays forced) and get it back only by another side's, so the goals each play gave up are enough:
where a side cannot force a goal at the end and could at some moment, the last of its plays that
gave it up is the one after which it never could again. The turning point is the first.
"""

from __future__ import annotations

from collections.abc import Mapping

from .solver import Analysis
from .variants import Ruleset

Deciding = tuple[Mapping[str, int | None], ...]
"""Per side, each goal of ``goals``: the index in ``plays`` of its deciding play, or None."""

ORDER: tuple[str, ...] = ("win", "big_win", "all_tricks", "all_points", "capture")
"""The goals as a review's summary weighs them, the highest first: the question players ask
first is whether 61 could have been made."""


def deciding(rs: Ruleset, a: Analysis) -> Deciding:
    """Per side, for each goal of ``a.goals``, the index in ``a.plays`` of the side's last play
    after which it could no longer force the goal, where it could at some moment (within the
    plays reviewed) and did not reach it; else None."""
    out: list[dict[str, int | None]] = []
    for side, goals in enumerate(a.goals):
        last: dict[str, int | None] = dict.fromkeys(goals)
        for j, p in enumerate(a.plays):
            if rs.side_of(p.seat) == side:
                for g in p.lost_goals:
                    if g in last:
                        last[g] = j
        out.append({g: (last[g] if goals[g] is False else None) for g in goals})
    return tuple(out)


def highest(rs: Ruleset, a: Analysis, found: Deciding | None = None) -> tuple[str, int] | None:
    """The goal a review's summary leads with, and its deciding play: the first of :data:`ORDER`
    some side lost for good (where two sides did, the one lost later); None where none was."""
    found = deciding(rs, a) if found is None else found
    for g in ORDER:
        plays = [j for d in found if (j := d.get(g)) is not None]
        if plays:
            return g, max(plays)
    return None


__all__ = ["ORDER", "Deciding", "deciding", "highest"]
