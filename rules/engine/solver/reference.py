"""The plain reference search: it decides nothing the compiled search does not, and nothing clever.

Fail-soft alpha-beta over a game's own positions (:class:`~rules.engine.solver.pos.Tree`) and legal
plays, with a table of bounds at trick starts keyed on the whole position: no move order, no
equivalent cards, no bounds but the points still to be played. It answers where the compiled
search is not built (within its share of the node budget) and is the oracle the tests hold the
compiled search to.
"""

from __future__ import annotations

from .pos import CAPTURE, POINTS, Pos, Tree

_INF = 10_000


class Search:
    """One coalition (the seats that play together against all the others) and one reward, with
    its table kept across every question asked of the same deal."""

    def __init__(self, game: Tree, coalition: frozenset[int], mode: int) -> None:
        self.game, self.coalition, self.mode = game, coalition, mode
        self.sides = [s for s, seats in enumerate(game.rs.sides) if set(seats) <= coalition]
        self.table: dict[tuple[object, ...], tuple[int, int]] = {}

    def value(self, pos: Pos, guess: int | None = None) -> int:
        return self.probe(pos, -1, self.game.rest(pos, self.coalition, self.mode) + 1)

    def at_least(self, pos: Pos, t: int) -> bool:
        return t <= self.game.rest(pos, self.coalition, self.mode) and self.probe(pos, t - 1, t) >= t

    def gain(self, before: Pos, after: Pos) -> int:
        """What the coalition takes by a play: its sides' points or tricks, or a capture."""
        if self.mode == POINTS:
            return sum(after.points[s] - before.points[s] for s in self.sides)
        if self.mode == CAPTURE:
            return int(any(s in self.sides for s in after.captured[len(before.captured) :]))
        return sum(after.tricks[s] - before.tricks[s] for s in self.sides)

    def probe(self, pos: Pos, alpha: int, beta: int) -> int:
        """The coalition's count from ``pos`` on, or a bound on it past the window."""
        game = self.game
        seat = game.to_move(pos)
        if seat is None:
            return 0
        rest = game.rest(pos, self.coalition, self.mode)
        if rest <= alpha:
            return rest
        if beta <= 0:
            return 0
        game.budget.count()
        key = None if pos.trick else (pos.hands, pos.rnd, pos.leader, pos.ls, pos.drawn)
        lo, hi = self.table.get(key, (0, rest)) if key else (0, rest)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        mine = seat in self.coalition
        v = -_INF if mine else _INF
        for move in game.legal(pos):
            after = game.apply(pos, move)
            g = self.gain(pos, after)
            child = g + self.probe(after, alpha - g, beta - g)
            if mine:
                v = max(v, child)
                alpha = max(alpha, v)
            else:
                v = min(v, child)
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key:
            self.table[key] = (lo, min(hi, v)) if v <= a0 else (max(lo, v), hi) if v >= b0 else (v, v)
        return v
