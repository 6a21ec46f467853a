"""The verdict on a play by what its player could see (docs/rules.md#what-was-seen).

``best``: the exact analysis says it cost nothing. ``mistake``: another legal card's chance of a
goal the play gave up is higher than the played card's by more than both chances' margins
together (by anything when every placement was taken); or, where the play cost card points alone,
another card's mean is at least one card point higher, and still so at the low end of the
difference's 95% margin when the placements were sampled (both cards are solved in the same
placements, so the margin is the paired difference's). Otherwise ``no_way_to_know``: by what was
seen the card was as good as any, and only the hidden cards made it cost.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from .. import GOALS
from ..cards import Card
from .chances import MoveChances, PlacementOutcome

Z95 = 1.96
"""The normal quantile of a two-sided 95% margin."""


def margin(solved: int, exact: bool) -> float:
    """The 95% margin of a share over ``solved`` sampled placements (0 when all were taken):
    1.96·√(0.25/solved), the widest a share's can be."""
    return 0.0 if exact else Z95 * math.sqrt(0.25 / solved)


def best_seen(moves: list[MoveChances]) -> dict[str, tuple[Card, ...]]:
    """For each goal the variant has, and for ``"points"``, the cards that did best by what was seen."""
    out: dict[str, tuple[Card, ...]] = {}
    for goal in GOALS:
        shares = [m.chances[goal] for m in moves]
        top = max((s for s in shares if s is not None), default=None)
        if top is not None:
            out[goal] = tuple(m.card for m, s in zip(moves, shares, strict=True) if s == top)
    if moves:
        top_mean = max(m.mean for m in moves)
        out["points"] = tuple(m.card for m in moves if m.mean == top_mean)
    return out


def _points_ahead(outcomes: list[PlacementOutcome], better: Card, played: Card, exact: bool) -> bool:
    """Is ``better``'s mean at least one card point above ``played``'s (beyond the paired
    difference's margin when sampled)?"""
    n = sum(o.weight for o in outcomes)
    diffs = [(o.weight, o.moves[better][0] - o.moves[played][0]) for o in outcomes]
    total = sum(w * d for w, d in diffs)
    if exact:
        return total >= n
    if n < 2:
        return False
    mean = total / n
    var = sum(w * (d - mean) ** 2 for w, d in diffs) / (n - 1)
    return mean - Z95 * math.sqrt(var / n) >= 1


def verdict(
    played: Card,
    cost: int | None,
    lost: tuple[str, ...],
    moves: list[MoveChances],
    outcomes: list[PlacementOutcome],
    exact: bool,
    width: float,
) -> str:
    """``best``, ``mistake`` or ``no_way_to_know`` for the play of ``played``, which the exact
    analysis says cost ``cost`` card points and the goals ``lost``; ``width`` each share's margin."""
    if not cost and not lost:
        return "best"
    by_card: Mapping[Card, MoveChances] = {m.card: m for m in moves}
    mine = by_card.get(played)
    if mine is None or not outcomes:
        return "no_way_to_know"
    others = [m for m in moves if m.card != played]
    if lost:
        for goal in lost:
            own = mine.chances[goal]
            for m in others:
                theirs = m.chances[goal]
                if own is not None and theirs is not None and theirs - own > 2 * width:
                    return "mistake"
        return "no_way_to_know"
    if any(_points_ahead(outcomes, m.card, played, exact) for m in others):
        return "mistake"
    return "no_way_to_know"


__all__ = ["Z95", "best_seen", "margin", "verdict"]
