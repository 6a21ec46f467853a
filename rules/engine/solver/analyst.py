"""The questions an analysis asks of the searches (docs/rules.md#analysis): it decides what a
position's values and goals are, each worked out once and kept for the whole analysis, and each
side's on its own where one side's is asked (a play's review asks its player's side's)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..variants import Ruleset
from .game import Game
from .pos import CAPTURE, POINTS, TRICKS, Pos

GOALS: tuple[str, ...] = ("win", "big_win", "all_points", "all_tricks", "capture")
"""The goals of docs/rules.md#analysis, in the order answers list them."""

# the card-point thresholds of each scoring system: win, the bigger award, 120 as an award of its own
_THRESHOLDS: Mapping[str, tuple[int, int | None, int | None]] = MappingProxyType(
    {
        "pairs": (61, 90, None),
        "penalty": (61, 90, None),
        "series": (61, 90, 120),
        "eyes-hvalyony": (61, 90, None),
        "eyes-belka": (61, 91, 120),
        "marks": (61, None, None),
    }
)


class Analyst:
    """The values and goals of positions of one deal, each search kept for the whole analysis."""

    def __init__(self, rs: Ruleset, game: Game, kitty: tuple[int, ...], rest: int | None = None) -> None:
        """``rest``: for a game taken up in the middle of a deal, the card points still to be
        played; what was taken before is not known, so no goal is judged (each None)."""
        self.rs, self.game = rs, game
        self.judged = rest is None
        self.sides = [frozenset(s) for s in rs.sides]
        self.kitty = kitty  # per side: points of the cards dealt to nobody
        self.total = rs.total_points if rest is None else rest
        # two sides sharing every card: one search answers both
        self.derived = len(self.sides) == 2 and not any(kitty)
        win, big, all_points = _THRESHOLDS.get(rs.scoring, (61, None, None)) if rest is None else (None,) * 3
        self.thresholds = {"win": win, "big_win": big, "all_points": all_points}
        self._value: dict[tuple[Pos, int], int] = {}  # by position and side
        self._goal: dict[tuple[Pos, int], dict[str, bool | None]] = {}

    def taken(self, pos: Pos) -> tuple[int, ...]:
        return tuple(p + k for p, k in zip(pos.points, self.kitty, strict=True))

    def values(self, pos: Pos, guess: tuple[int, ...] | None = None) -> tuple[int, ...]:
        return tuple(
            self.value(pos, side, None if guess is None else guess[side]) for side in range(len(self.sides))
        )

    def value(self, pos: Pos, side: int, guess: int | None = None) -> int:
        """One side's entry of :meth:`values`."""
        got = self._value.get((pos, side))
        if got is not None:
            return got
        if self.derived and side == 1:
            got = self.total - self.value(pos, 0, None if guess is None else self.total - guess)
        else:
            taken = self.taken(pos)[side]
            g = None if guess is None else guess - taken
            got = taken + self.game.solve(pos, self.sides[side], POINTS, g)
        self._value[pos, side] = got
        return got

    def known(self, pos: Pos, values: tuple[int, ...]) -> None:
        """The values of ``pos`` found another way (from its children's)."""
        for side, v in enumerate(values):
            self._value[pos, side] = v

    def at_least(self, pos: Pos, side: int, t: int) -> bool:
        """Can ``side`` make sure of ``t`` card points in all?"""
        got = self._value.get((pos, side))
        if got is not None:
            return got >= t
        if self.derived and side == 1:
            return not self.at_least(pos, 0, self.total - t + 1)
        return self.game.at_least(pos, self.sides[side], POINTS, t - self.taken(pos)[side])

    def forces(self, pos: Pos, side: int, goal: str) -> bool:
        """Can ``side`` make sure of ``goal`` (one the variant has) from ``pos``?"""
        hit = self._goal.get((pos, side))
        if hit is not None:
            return bool(hit[goal])
        if goal in self.thresholds:
            t = self.thresholds[goal]
            return t is not None and self.at_least(pos, side, t)
        if goal == "all_tricks":
            # every trick is the others' taking none: can they not make sure of one?
            others = frozenset(range(self.rs.seats)) - self.sides[side]
            taken = sum(x for s, x in enumerate(pos.tricks) if s != side)
            return taken == 0 and not self.game.at_least(pos, others, TRICKS, 1)
        return side in pos.captured or self.game.at_least(pos, self.sides[side], CAPTURE, 1)

    def goals(self, pos: Pos) -> tuple[dict[str, bool | None], ...]:
        self.values(pos)  # every side's value before any other search
        return tuple(self.goals_of(pos, side) for side in range(len(self.sides)))

    def goals_of(self, pos: Pos, side: int, value: int | None = None) -> dict[str, bool | None]:
        """One side's entry of :meth:`goals`; ``value``: the side's value at ``pos``, where known."""
        hit = self._goal.get((pos, side))
        if hit is not None:
            return hit
        rs = self.rs
        value = self.value(pos, side) if value is None else value
        g: dict[str, bool | None] = {
            k: (None if t is None else value >= t) for k, t in self.thresholds.items()
        }
        g["all_tricks"] = self.forces(pos, side, "all_tricks") if rs.all_tricks_goal and self.judged else None
        g["capture"] = self.forces(pos, side, "capture") if rs.capture is not None and self.judged else None
        self._goal[pos, side] = g
        return g

    def lost(self, before: Pos, after: Pos, side: int) -> tuple[str, ...]:
        g0, g1 = self.goals_of(before, side), self.goals_of(after, side)
        return tuple(k for k in GOALS if g0[k] and not g1[k])
