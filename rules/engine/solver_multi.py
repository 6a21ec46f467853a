"""The solver's game for deals whose plays may be several cards (draw-four, draw-four#leading).

Slower than :mod:`~rules.engine.solver_core` and built for exactness only: every play is judged
by :func:`~rules.engine.tricks.resolve_parsed` itself (the lead rules, the answers, who takes the
trick by covering card for card), and the hands are drawn back up by the deal's own
:func:`~rules.engine.deal.draw_up`. Whatever the engine's rules say a play may be, the search
plays exactly that. A node is one play; the transposition table sits at trick boundaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from .cards import Card
from .deal import DRAW_HAND, draw_up
from .legality import TrickContext
from .solver_core import CAPTURE, POINTS, TRICKS
from .solver_game import Move, Pos, mtd
from .solver_tables import Meter, TooComplex, cards_of, led_mask, led_suits_of, mask_of, tables_of
from .tricks import Trick, capture_events, resolve_parsed
from .variants import Ruleset

_INF = 10_000
MULTI_COST = 2
"""A position here takes up to about twice as long as one of the one-card search's in pure
Python: the node budget counts it so, and the slowest refusal comes as soon as in the other games."""


def judge_prefix(
    rs: Ruleset,
    leader: int,
    plays: Sequence[tuple[Card, ...]],
    holds: Sequence[tuple[Card, ...] | None],
    ctx: TrickContext,
) -> Trick:
    """:func:`~rules.engine.tricks.resolve_parsed` on the first plays of a trick: the seats still
    to play are given the lead's cards and no hand, so only the plays given are judged."""
    n = rs.seats
    k = len(plays)
    if k == n or not rs.multi_card_leads:
        return resolve_parsed(rs, leader, plays, holds, ctx)
    padded = [*plays, *([plays[0]] * (n - k))]
    later = {(leader + i) % n for i in range(k, n)}
    hidden = tuple(None if s in later else h for s, h in enumerate(holds))
    t = resolve_parsed(rs, leader, padded, hidden, ctx)
    return Trick(t.leader, t.plays[:k], t.winner, t.winning, t.points, (), t.led_group, t.side)


class MultiGame:
    """One deal of draw-four with the stock's order known."""

    multi = True

    def __init__(
        self,
        free: Ruleset,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        leader: int,
        context: TrickContext,
        meter: Meter,
        rs: Ruleset,
        midway: bool = False,
    ) -> None:
        """``midway``: ``hands`` are held at a trick in the middle of the deal and ``stock`` is
        what is left of it (the context's ``first_leader`` and ``led_suits`` then say the rest)."""
        self.rs, self.free = rs, free
        self.n = rs.seats
        self.tb = tb = tables_of(rs)
        self.first = tuple(mask_of(tb, h) for h in hands)
        self.stock = tuple(stock)
        self.leader = leader
        self.first_leader = context.first_leader if midway else leader
        self.led = led_mask(context.led_suits) if midway else 0
        self.ctx = context
        self.meter = meter
        self._plays: dict[tuple[object, ...], list[Move]] = {}
        self._tricks: dict[tuple[object, ...], Trick] = {}
        self._tt: dict[tuple[object, ...], tuple[int, int, Move | None]] = {}

    def start(self) -> Pos:
        sides = len(self.rs.sides)
        return Pos(self.first, 0, self.leader, (), self.led, (0,) * sides, (0,) * sides)

    def to_move(self, pos: Pos) -> int | None:
        if pos.trick:
            return (pos.trick[-1][0] + 1) % self.n
        return pos.leader if pos.hands[pos.leader] else None

    def cards(self, move: Move) -> tuple[Card, ...]:
        return tuple(self.tb.cards[b] for b in move)

    def move_of(self, cards: Sequence[Card]) -> Move:
        return tuple(sorted(self.tb.bit[c] for c in cards))

    def hand_cards(self, pos: Pos, seat: int) -> tuple[Card, ...]:
        return tuple(cards_of(self.tb, pos.hands[seat]))

    def _context(self, pos: Pos) -> TrickContext:
        suits = led_suits_of(pos.ls)
        number = (len(self.rs.deck) - sum(bin(h).count("1") for h in pos.hands)) // self.n + 1
        return replace(self.ctx, first_leader=self.first_leader, led_suits=suits, trick_number=number)

    def _judge(self, pos: Pos, plays: list[tuple[Card, ...]]) -> Trick:
        holds = tuple(self.hand_cards(pos, s) for s in range(self.n))
        return judge_prefix(self.free, pos.leader, plays, holds, self._context(pos))

    def legal(self, pos: Pos) -> list[Move]:
        """Every legal play of the seat to move, as the engine judges a play in its trick."""
        seat = self.to_move(pos)
        assert seat is not None
        h = pos.hands[seat]
        key = (seat, h, pos.trick[0][1] if pos.trick else None, pos.ls, pos.trick == ())
        hit = self._plays.get(key)
        if hit is not None:
            return hit
        bits = [b for b in range(len(self.tb.cards)) if h >> b & 1]
        if pos.trick:
            sizes: Sequence[int] = (len(pos.trick[0][1]),)
        else:
            sizes = range(1, min(self.rs.max_lead, *(bin(x).count("1") for x in pos.hands)) + 1)
        # the hands as they were at the trick's start: the trick's cards back with their seats
        start = list(pos.hands)
        for s, m in pos.trick:
            for b in m:
                start[s] |= 1 << b
        at_start = Pos(tuple(start), 0, pos.leader, (), pos.ls, pos.points, pos.tricks, (), pos.drawn)
        before = [self.cards(m) for _, m in pos.trick]
        out: list[Move] = []
        for k in sizes:
            if k > len(bits):
                continue
            for combo in combinations(bits, k):
                t = self._judge(at_start, [*before, self.cards(combo)])
                if t.plays[-1].legal is not False:
                    out.append(combo)
        self._plays[key] = out
        return out

    def classes(self, pos: Pos) -> list[list[Move]]:
        return [[m] for m in self.legal(pos)]

    def apply(self, pos: Pos, move: Move) -> Pos:
        seat = self.to_move(pos)
        assert seat is not None
        hands = list(pos.hands)
        for b in move:
            hands[seat] &= ~(1 << b)
        trick = (*pos.trick, (seat, move))
        if len(trick) < self.n:
            return Pos(
                tuple(hands), 0, pos.leader, trick, pos.ls, pos.points, pos.tricks, pos.captured, pos.drawn
            )
        start = list(hands)
        for s, m in trick:
            for b in m:
                start[s] |= 1 << b
        key = (pos.leader, trick)
        t = self._tricks.get(key)
        if t is None:
            at_start = Pos(tuple(start), 0, pos.leader, (), pos.ls, pos.points, pos.tricks, (), pos.drawn)
            t = self._tricks[key] = self._judge(at_start, [self.cards(m) for _, m in trick])
        points = list(pos.points)
        points[t.team] += t.points
        tricks = list(pos.tricks)
        tricks[t.team] += 1
        captured = pos.captured
        if self.rs.capture is not None:
            captured = captured + tuple(e.team for e in capture_events(self.rs, t.plays))
        lead = trick[0][1][0]
        ls = pos.ls | self.tb.led_bit[lead]
        # draw back up, winner first, with the deal's own drawing
        remaining: list[list[Card] | None] = [
            list(self.hand_cards(Pos(tuple(hands), 0, 0, (), 0, (), ()), s)) for s in range(self.n)
        ]
        pile = list(self.stock[pos.drawn :])
        left = len(pile)
        draw_up(remaining, pile, t.winner)
        drawn = pos.drawn + left - len(pile)
        new = tuple(mask_of(self.tb, h or []) for h in remaining)
        return Pos(new, 0, t.winner, (), ls, tuple(points), tuple(tricks), captured, drawn)

    def _left(self, pos: Pos) -> list[int]:
        return [self.tb.bit[c] for c in self.stock[pos.drawn :]]

    def rest(self, pos: Pos, coalition: frozenset[int], mode: int) -> int:
        live = sum(pos.hands) | sum(1 << b for _, m in pos.trick for b in m)
        for b in self._left(pos):
            live |= 1 << b
        if mode == POINTS:
            return sum(self.tb.pts[b] for b in range(len(self.tb.cards)) if live >> b & 1)
        if mode == TRICKS:
            return bin(live).count("1")  # at most one trick per card left: a bound, not a count
        return 1 if self.rs.capture is not None else 0

    def _gain(self, before: Pos, after: Pos, coalition: frozenset[int], mode: int) -> int:
        sides = [s for s, seats in enumerate(self.rs.sides) if set(seats) <= coalition]
        if mode == POINTS:
            return sum(after.points[s] - before.points[s] for s in sides)
        if mode == TRICKS:
            return sum(after.tricks[s] - before.tricks[s] for s in sides)
        return 1 if any(s in sides for s in after.captured[len(before.captured) :]) else 0

    def _search(self, pos: Pos, coalition: frozenset[int], mode: int, alpha: int, beta: int) -> int:
        seat = self.to_move(pos)
        if seat is None:
            return 0
        rest = self.rest(pos, coalition, mode)
        if rest <= alpha:
            return rest
        if beta <= 0:
            return 0
        self.meter.nodes += 1
        if self.meter.nodes * MULTI_COST > self.meter.limit:
            raise TooComplex("too_complex")
        key: tuple[object, ...] | None = None
        lo, hi, bm = 0, rest, None
        if not pos.trick:
            key = (coalition, mode, pos.leader, pos.ls, pos.drawn, pos.hands)
            e = self._tt.get(key)
            if e is not None:
                lo, hi, bm = e
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:  # exact: within a wider window it would leave none to search
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        ms = self.legal(pos)
        if bm is not None and bm in ms:
            ms = [bm, *[m for m in ms if m != bm]]
        ismax = seat in coalition
        v, best = (-_INF if ismax else _INF), None
        for m in ms:
            after = self.apply(pos, m)
            g = self._gain(pos, after, coalition, mode)
            child = g + self._search(after, coalition, mode, alpha - g, beta - g)
            if ismax and child > v:
                v, best = child, m
                alpha = max(alpha, v)
            elif not ismax and child < v:
                v, best = child, m
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            self._tt[key] = (lo, hi, best)
        return v

    def search(self, pos: Pos, coalition: frozenset[int], mode: int, alpha: int, beta: int) -> int:
        return self._search(pos, coalition, mode, alpha, beta)

    def solve(self, pos: Pos, coalition: frozenset[int], mode: int = POINTS, guess: int | None = None) -> int:
        def probe(alpha: int, beta: int) -> int:
            return self._search(pos, coalition, mode, alpha, beta)

        return mtd(probe, self.rest(pos, coalition, mode), guess)

    def at_least(self, pos: Pos, coalition: frozenset[int], mode: int, t: int) -> bool:
        if t <= 0:
            return True
        if self.to_move(pos) is None or t > self.rest(pos, coalition, mode):
            return False
        return self._search(pos, coalition, mode, t - 1, t) >= t


__all__ = ["CAPTURE", "DRAW_HAND", "MultiGame"]
