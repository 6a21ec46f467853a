"""A deal as a game tree for the solver: positions, the legal plays there, and the searches.

:class:`Pos` is one moment of a deal (the cards each seat holds, the trick on the table, what
each side has taken). :class:`CardGame` plays the one-card games on it, with the legality of
:func:`~rules.engine.legality.legal_cards` and the trick order of the engine (see
:mod:`~rules.engine.solver_core`); :mod:`~rules.engine.solver_multi` does the same for the
games whose leads may be several cards.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from . import solver_core
from .cards import Card
from .legality import TrickContext
from .solver_core import CAPTURE, POINTS, Search
from .solver_tables import Meter, Rules, alike, beats, cards_of, led_mask, mask_of, tables_of
from .variants import Ruleset

SHALLOW = 4
"""Tricks left up to which a search without a guess takes the whole window at once."""


def _compiled(name: str) -> ModuleType | None:
    """``name``.pyx (a search in C types) as built by scripts/build_solver.py from the source
    beside it, if it was built: a build from an older source is never used."""
    try:
        mod = importlib.import_module(f"{__package__}.{name}")
    except ImportError:
        return None
    src = (Path(__file__).parent / f"{name}.pyx").read_bytes()
    return mod if getattr(mod, "SOURCE_SHA256", None) == hashlib.sha256(src).hexdigest() else None


COMPILED = _compiled("solver_core_c")
"""The compiled search of solver_core, or None where it is not built."""
COMPILED_MULTI = _compiled("solver_multi_c")
"""The compiled search of :class:`~rules.engine.solver_multi.MultiGame`, or None."""
USE_COMPILED = True
"""Whether a new game searches with a compiled search when there is one (the tests set it False
to hold the compiled searches to the pure ones)."""

Move = tuple[int, ...]
"""A play as the bits of its cards (one card in the one-card games)."""


@dataclass(frozen=True)
class Pos:
    hands: tuple[int, ...]  # each seat's cards in the current round, as bits
    rnd: int  # the round being played (the duel's prikup, solo-twelve's second four: 1)
    leader: int  # of the trick on the table
    trick: tuple[tuple[int, Move], ...]  # (seat, play) so far, from the leader
    ls: int  # the plain suits led so far, as bits
    points: tuple[int, ...]  # card points taken, per side
    tricks: tuple[int, ...]  # tricks taken, per side
    captured: tuple[int, ...] = ()  # the sides that made a queen capture
    drawn: int = 0  # draw-four: cards drawn from the stock so far


def mtd(probe: Callable[[int, int], int], rest: int, guess: int | None) -> int:
    """The exact count by zero-window tests, each one "at least beta?" (``probe(beta - 1, beta)``).

    The first test is at ``guess``; from there the steps double while the answers go one way,
    and once the value is bracketed from both sides the bracket is halved: a good guess costs
    two tests, a bad one about as many as a bisection of the whole range."""
    lo, hi = 0, rest
    beta = (lo + hi + 1) // 2 if guess is None else min(max(guess, lo + 1), hi)
    step, way, bracketed = 1, 0, False
    while lo < hi:
        g = probe(beta - 1, beta)
        if g >= beta:
            lo = g
            bracketed = bracketed or way < 0
            step, way = (step * 2 if way > 0 else 1), 1
            beta = lo + step
        else:
            hi = g
            bracketed = bracketed or way > 0
            step, way = (step * 2 if way < 0 else 1), -1
            beta = hi - step + 1
        if bracketed:
            beta = (lo + hi + 1) // 2
        beta = min(max(beta, lo + 1), hi)
    return lo


class CardGame:
    """One deal of a one-card game with every card's place known."""

    multi = False

    def __init__(
        self,
        rs: Ruleset,
        rounds: Sequence[Sequence[Sequence[Card]]],
        leader: int,
        context: TrickContext,
        meter: Meter,
        before: int = 0,
    ) -> None:
        """``before``: the tricks played before ``rounds`` were held, for a game taken up in the
        middle of a deal (the context's ``first_leader`` and ``led_suits`` then say the rest)."""
        self.rs = rs
        self.n = rs.seats
        self.tb = tb = tables_of(rs)
        self.dealt = [tuple(mask_of(tb, h) for h in r) for r in rounds]
        first = context.first_leader if before else leader
        self.rules = Rules(rs, tb, context, first, self.dealt, before)
        self.meter = meter
        self.leader = leader
        self.led = led_mask(context.led_suits) if before else 0
        self.capture = (tb.bit[rs.capture[0]], tb.bit[rs.capture[1]]) if rs.capture else None
        self._searches: dict[tuple[frozenset[int], int], Search] = {}
        self._core = COMPILED if USE_COMPILED and COMPILED is not None else solver_core
        self.compiled = self._core is not solver_core
        # cards that must never be searched as one with a neighbour (the capture's two)
        self._eq = tuple(
            100 + c if self.capture and c in self.capture else tb.pts[c] for c in range(len(tb.cards))
        )

    def start(self) -> Pos:
        sides = len(self.rs.sides)
        return Pos(self.dealt[0], 0, self.leader, (), self.led, (0,) * sides, (0,) * sides)

    def to_move(self, pos: Pos) -> int | None:
        if pos.trick:
            return (pos.trick[-1][0] + 1) % self.n
        return pos.leader if pos.hands[pos.leader] else None

    def cards(self, move: Move) -> tuple[Card, ...]:
        return tuple(self.tb.cards[b] for b in move)

    def move_of(self, cards: Sequence[Card]) -> Move:
        return tuple(self.tb.bit[c] for c in cards)

    def hand_cards(self, pos: Pos, seat: int) -> tuple[Card, ...]:
        return tuple(cards_of(self.tb, pos.hands[seat]))

    def legal_mask(self, pos: Pos) -> int:
        seat = self.to_move(pos)
        assert seat is not None
        h = pos.hands[seat]
        if pos.trick:
            return self.rules.answers(seat, h, pos.trick[0][1][0], pos.ls)
        return self.rules.leads(seat, h, pos.ls)

    def classes(self, pos: Pos) -> list[list[Move]]:
        """The legal plays, grouped: plays of one group lead to the same values and goals."""
        live = sum(pos.hands) | sum(1 << m[0] for _, m in pos.trick)
        groups: dict[int, list[Move]] = {}
        for c, first in alike(self.tb, self.legal_mask(pos), live, self._eq).items():
            groups.setdefault(first, []).append((c,))
        return list(groups.values())

    def apply(self, pos: Pos, move: Move) -> Pos:
        """The position after ``move`` by the seat to move (legal or not, as played)."""
        seat = self.to_move(pos)
        assert seat is not None
        c = move[0]
        hands = list(pos.hands)
        hands[seat] &= ~(1 << c)
        trick = (*pos.trick, (seat, move))
        if len(trick) < self.n:
            return Pos(tuple(hands), pos.rnd, pos.leader, trick, pos.ls, pos.points, pos.tricks, pos.captured)
        rs, tb = self.rs, self.tb
        best, winner = trick[0][1][0], trick[0][0]
        for s, (x,) in trick[1:]:
            if beats(tb, x, best):
                best, winner = x, s
        side = rs.side_of(winner)
        points = list(pos.points)
        points[side] += sum(tb.pts[m[0]] for _, m in trick)
        tricks = list(pos.tricks)
        tricks[side] += 1
        captured = pos.captured
        if self.capture is not None:
            by = {m[0]: s for s, m in trick}
            catcher, queen = self.capture
            if catcher in by and queen in by and rs.side_of(by[catcher]) != rs.side_of(by[queen]):
                captured = (*captured, rs.side_of(by[catcher]))
        ls = pos.ls | tb.led_bit[trick[0][1][0]]
        rnd = pos.rnd
        if not any(hands) and rnd + 1 < len(self.dealt):
            rnd += 1
            hands = list(self.dealt[rnd])
        return Pos(tuple(hands), rnd, winner, (), ls, tuple(points), tuple(tricks), captured)

    def _search(self, coalition: frozenset[int], mode: int) -> Search:
        key = (coalition, mode)
        s = self._searches.get(key)
        if s is None:
            make: type[Search] = self._core.Search
            s = self._searches[key] = make(self.rules, self.n, coalition, mode, self.capture, self.meter)
        return s

    def _probe(self, pos: Pos, coalition: frozenset[int], mode: int) -> tuple[Callable[[int, int], int], int]:
        """The zero-window question at ``pos`` and the most the coalition could get from it."""
        s = self._search(coalition, mode)
        trick = tuple((seat, m[0]) for seat, m in pos.trick)
        rest = s.rest(pos.hands, trick, pos.rnd)

        def probe(alpha: int, beta: int) -> int:
            return s.search(pos.hands, pos.leader, pos.rnd, trick, pos.ls, alpha, beta, rest)

        return probe, rest

    def rest(self, pos: Pos, coalition: frozenset[int], mode: int) -> int:
        trick = tuple((s, m[0]) for s, m in pos.trick)
        return self._search(coalition, mode).rest(pos.hands, trick, pos.rnd)

    def solve(self, pos: Pos, coalition: frozenset[int], mode: int = POINTS, guess: int | None = None) -> int:
        """What the coalition makes sure of from here on (points, tricks or a capture)."""
        if self.to_move(pos) is None:
            return 0
        probe, rest = self._probe(pos, coalition, mode)
        if (
            guess is None
            and max(bin(h).count("1") for h in pos.hands) <= SHALLOW
            and pos.rnd + 1 == len(self.dealt)
        ):
            # a small tree without a guess: one pass with the whole window beats a bisection
            return probe(-1, rest + 1)
        return mtd(probe, rest, guess)

    def at_least(self, pos: Pos, coalition: frozenset[int], mode: int, t: int) -> bool:
        """Can the coalition make sure of ``t`` or more from here on?"""
        if t <= 0 or self.to_move(pos) is None:
            return t <= 0
        probe, rest = self._probe(pos, coalition, mode)
        return t <= rest and probe(t - 1, t) >= t


__all__ = ["CAPTURE", "CardGame", "Move", "Pos", "mtd"]
