"""Which hidden cards play alike (docs/rules.md#what-was-seen): placements that differ only by
swapping such cards between places are one position, solved once.

Two cards still in play are alike when they are of one group (a plain suit, or the trumps), worth
the same card points, and no other card still in play (hidden, the viewer's or in the current
trick) lies between them in that group's order: every rule of following, trumping and taking a
trick treats them the same, and each trick's points are the same whichever of them it holds. The
cards the variant names (the queen capture's two, the lone queen) are alike with nothing.
"""

from __future__ import annotations

from collections.abc import Collection

from ..cards import Card
from ..variants import Ruleset


def runs(rs: Ruleset, live: Collection[Card], hidden: Collection[Card]) -> list[tuple[Card, ...]]:
    """The hidden cards split into runs of cards that play alike, each run in the group's order
    from the highest, the runs in order of their first card's index."""
    named = set(rs.capture or ()) | ({rs.lone_queen} if rs.lone_queen else set())
    secret = set(hidden)
    out: list[tuple[Card, ...]] = []
    for group in sorted({rs.group(c) for c in live}):
        order = sorted((c for c in live if rs.group(c) == group), key=lambda c: -(rs.strength(c, group) or 0))
        run: list[Card] = []
        for c in order:
            if run and (c not in secret or c in named or c.points != run[-1].points or run[-1] in named):
                out.append(tuple(run))
                run = []
            if c in secret:
                run.append(c)
        if run:
            out.append(tuple(run))
    return sorted(out, key=lambda r: r[0].index)


__all__ = ["runs"]
