"""The solver's game for deals whose plays may be several cards (draw-four, draw-four#leading).

Slower than :mod:`~rules.engine.solver_core` and built for exactness first: every play is judged
by :func:`~rules.engine.tricks.judge_play`, as :func:`~rules.engine.tricks.resolve_parsed` judges
it (the lead rules, the answers), each trick is resolved by ``resolve_parsed`` itself (who takes
it by covering card for card), and the hands are drawn back up by the deal's own
:func:`~rules.engine.deal.draw_up`. Whatever the engine's rules say a play may be, the search
plays exactly that. A node is one play; the transposition table sits at trick boundaries.
Plays that differ only by cards alike to the rules are searched once (:meth:`MultiGame.classes`),
a lead of several cards, hard to cover, is tried before a lead of one, and an answer that leaves
the trick to the mover's side before one that gives it away (:meth:`MultiGame.tried`); where
partners play together on both sides, the play that last cut off at the same point of the deal (a
killer play) goes first unless the table names one. The search has a compiled twin, ``solver_multi_c.pyx``, used where it is built and held to this one node for
node.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from . import solver_game
from .cards import Card
from .deal import DRAW_HAND, draw_up
from .legality import TrickContext
from .solver_core import CAPTURE, POINTS, TRICKS
from .solver_game import Move, Pos, mtd
from .solver_tables import (
    Meter,
    TooComplex,
    alike,
    cards_of,
    killers_used,
    led_mask,
    led_suits_of,
    mask_of,
    tables_of,
)
from .tricks import Trick, capture_events, covers, judge_play, resolve_parsed
from .variants import Ruleset

_INF = 10_000
MULTI_COST = 2
"""A position here takes up to about twice as long as one of the one-card search's in pure
Python: the node budget counts it so, and the slowest refusal comes as soon as in the other games."""
MULTI_COST_COMPILED = 2
"""The same for the compiled searches: a position of ``solver_multi_c`` against one of ``solver_core_c``."""


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
        self._stock_bits = tuple(tb.bit[c] for c in self.stock)
        # the stock's cards still to be drawn, by the number drawn so far
        self._stock_left = tuple(
            sum(1 << b for b in self._stock_bits[k:]) for k in range(len(self.stock) + 1)
        )
        self._total = sum(
            tb.pts[b] for b in range(len(tb.cards)) if (sum(self.first) | self._stock_left[0]) >> b & 1
        )
        self._sides: dict[frozenset[int], list[int]] = {}
        self._draws: dict[tuple[object, ...], tuple[tuple[int, ...], int]] = {}
        self._classes: dict[tuple[object, ...], list[list[Move]]] = {}
        # what a card is to the rules besides its place in the ladder: its worth, its group and
        # its printed suit (a lead of one printed suit may mix trumps and plain cards); the
        # capture's two stand for themselves
        capture = {tb.bit[c] for c in rs.capture} if rs.capture else set()
        self._kin = tuple(
            (c, 0, "") if c in capture else (tb.pts[c], tb.grp[c], tb.cards[c].suit)
            for c in range(len(tb.cards))
        )
        self._tricks: dict[tuple[object, ...], Trick] = {}
        self._tt: dict[tuple[object, ...], tuple[int, int, Move | None]] = {}
        self._contexts: dict[tuple[int, int], TrickContext] = {}
        self._cover: dict[tuple[Move, Move], bool] = {}
        self._order: dict[tuple[object, ...], list[Move]] = {}
        self._holding: dict[tuple[tuple[int, Move], ...], tuple[int, Move]] = {}
        self._killers: dict[tuple[object, ...], Move] = {}
        core = solver_game.COMPILED_MULTI if solver_game.USE_COMPILED and rs.capture is None else None
        self._core = core
        self.compiled = core is not None
        self.cost = MULTI_COST_COMPILED if self.compiled else MULTI_COST
        self._searches: dict[tuple[frozenset[int], int], object] = {}

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
        """The context of the trick at ``pos``: its number counts the cards on the table as held."""
        held = sum(bin(h).count("1") for h in pos.hands) + sum(len(m) for _, m in pos.trick)
        number = (len(self.rs.deck) - held) // self.n + 1
        key = (pos.ls, number)
        got = self._contexts.get(key)
        if got is None:
            suits = led_suits_of(pos.ls)
            got = self._contexts[key] = replace(
                self.ctx, first_leader=self.first_leader, led_suits=suits, trick_number=number
            )
        return got

    def _judge(self, pos: Pos, plays: list[tuple[Card, ...]]) -> Trick:
        holds = tuple(self.hand_cards(pos, s) for s in range(self.n))
        return judge_prefix(self.free, pos.leader, plays, holds, self._context(pos))

    def legal(self, pos: Pos) -> list[Move]:
        """Every legal play of the seat to move, as the engine judges a play in its trick; kept
        by the hand and what the judgement reads besides (the lead's size or groups), not by the
        moment, which a judgement of several cards does not read (the tests hold the two equal)."""
        seat = self.to_move(pos)
        assert seat is not None
        h = pos.hands[seat]
        blind = seat == self.rs.blind_seat
        if pos.trick:
            led = pos.trick[0][1]
            sizes: Sequence[int] = (len(led),)
            # what the engine reads of a lead to judge an answer (tricks.judge_play): its size
            # where answers are free, else the groups of its cards (legality.judge_multi_answer)
            read = len(led) if self.rs.free_answers or blind else tuple(self.tb.grp[b] for b in led)
            key: tuple[object, ...] = (h, blind, "answer", read)
        else:
            sizes = range(1, min(self.rs.max_lead, *(bin(x).count("1") for x in pos.hands)) + 1)
            key = (h, blind, "lead", len(sizes))  # a lead is judged by its own cards alone
        hit = self._plays.get(key)
        if hit is not None:
            return hit
        bits = [b for b in range(len(self.tb.cards)) if h >> b & 1]
        # judged as resolve_parsed judges it in its trick: the hands of the seats after it unseen
        holds: list[tuple[Card, ...] | None] = [None] * self.n
        holds[seat] = self.hand_cards(pos, seat)
        i = len(pos.trick)
        lead = self.cards(pos.trick[0][1]) if pos.trick else ()
        ctx = self._context(pos)
        out: list[Move] = []
        for k in sizes:
            if k > len(bits):
                continue
            for combo in combinations(bits, k):
                cards = self.cards(combo)
                if judge_play(self.free, i, seat, cards, lead or cards, holds, ctx)[0] is not False:
                    out.append(combo)
        self._plays[key] = out
        return out

    def classes(self, pos: Pos) -> list[list[Move]]:
        """The legal plays, grouped: plays of one group lead to the same values and goals. Two
        cards of the hand are one for every purpose where they are alike to the rules and no card
        still to be played (held, on the table or in the stock) lies between them in the ladder;
        plays that differ only by such cards are one."""
        seat = self.to_move(pos)
        assert seat is not None
        h = pos.hands[seat]
        live = self._live(pos)
        key = (seat, h, live, pos.trick[0][1] if pos.trick else None, pos.ls, pos.trick == ())
        hit = self._classes.get(key)
        if hit is not None:
            return hit
        one = alike(self.tb, h, live, self._kin)
        groups: dict[tuple[int, ...], list[Move]] = {}
        for m in self.legal(pos):
            groups.setdefault(tuple(sorted(one[b] for b in m)), []).append(m)
        out = self._classes[key] = list(groups.values())
        return out

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
        key = (pos.leader, trick)
        t = self._tricks.get(key)
        if t is None:
            start = list(hands)
            for s, m in trick:
                for b in m:
                    start[s] |= 1 << b
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
        new, drawn = tuple(hands), pos.drawn
        if drawn < len(self.stock):
            adds, drawn = self._drawing(tuple(bin(h).count("1") for h in hands), t.winner, drawn)
            new = tuple(h | a for h, a in zip(hands, adds, strict=True))
        return Pos(new, 0, t.winner, (), ls, tuple(points), tuple(tricks), captured, drawn)

    def _drawing(self, sizes: tuple[int, ...], winner: int, drawn: int) -> tuple[tuple[int, ...], int]:
        """The cards each seat draws back up (as bits) after a trick, and the stock's cards
        drawn by then: the deal's own drawing, which hangs only on how many cards each seat
        holds, who took the trick and how far into the stock the deal is."""
        key = (sizes, winner, drawn)
        got = self._draws.get(key)
        if got is None:
            remaining: list[list[int] | None] = [[-1] * k for k in sizes]
            pile = list(range(drawn, len(self.stock)))
            draw_up(remaining, pile, winner)  # type: ignore[arg-type]
            bits = self._stock_bits
            adds = tuple(
                sum(1 << bits[i] for i in h[k:]) if h else 0 for h, k in zip(remaining, sizes, strict=True)
            )
            got = self._draws[key] = (adds, len(self.stock) - len(pile))
        return got

    def _live(self, pos: Pos) -> int:
        """The cards still to be played: held, on the table or in the stock."""
        return sum(pos.hands) | sum(1 << b for _, m in pos.trick for b in m) | self._stock_left[pos.drawn]

    def rest(self, pos: Pos, coalition: frozenset[int], mode: int) -> int:
        if mode == POINTS:
            return self._total - sum(pos.points)  # every card's points are still to play or taken
        if mode == TRICKS:
            return bin(self._live(pos)).count("1")  # at most one trick per card left: a bound, not a count
        return 1 if self.rs.capture is not None else 0

    def _gain(self, before: Pos, after: Pos, coalition: frozenset[int], mode: int) -> int:
        sides = self._sides.get(coalition)
        if sides is None:
            sides = self._sides[coalition] = [
                s for s, seats in enumerate(self.rs.sides) if set(seats) <= coalition
            ]
        if mode == POINTS:
            return sum(after.points[s] - before.points[s] for s in sides)
        if mode == TRICKS:
            return sum(after.tricks[s] - before.tricks[s] for s in sides)
        return 1 if any(s in sides for s in after.captured[len(before.captured) :]) else 0

    def _search(self, pos: Pos, coalition: frozenset[int], mode: int, alpha: int, beta: int) -> int:
        if self._core is None:
            return self._pure(pos, coalition, mode, alpha, beta)
        key = (coalition, mode)
        s = self._searches.get(key)
        if s is None:
            s = self._searches[key] = self._core.MultiSearch(self, coalition, mode, self.cost)
        return s.search(pos, alpha, beta)  # type: ignore[attr-defined, no-any-return]

    def _pure(self, pos: Pos, coalition: frozenset[int], mode: int, alpha: int, beta: int) -> int:
        """The search in pure Python: the reference ``solver_multi_c`` is held to."""
        seat = self.to_move(pos)
        if seat is None:
            return 0
        rest = self.rest(pos, coalition, mode)
        if rest <= alpha:
            return rest
        if beta <= 0:
            return 0
        self.meter.nodes += 1
        if self.meter.nodes * self.cost > self.meter.limit:
            raise TooComplex("too_complex")
        key: tuple[object, ...] | None = None
        lo, hi, bm = 0, rest, None
        if not pos.trick:
            # not the suits led so far: neither a play of these games nor who takes a trick hangs on them
            key = (coalition, mode, pos.leader, pos.drawn, pos.hands)
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
        ismax = seat in coalition
        ms = self.tried(pos, coalition)
        killer = None
        if killers_used(self.n, coalition):
            # the play that last cut off at this ply (the cards still to be played), by this seat,
            # against the play holding the trick
            ply = sum(h.bit_count() for h in pos.hands) + len(self.stock) - pos.drawn
            killer = (coalition, mode, ply, seat, self._hold(pos.trick)[1] if pos.trick else ())
            if bm not in ms:  # none of an earlier visit
                bm = self._killers.get(killer)
        if bm is not None and bm in ms:
            ms = [bm, *[m for m in ms if m != bm]]
        v, best = (-_INF if ismax else _INF), None
        for m in ms:
            after = self.apply(pos, m)
            g = self._gain(pos, after, coalition, mode)
            child = g + self._pure(after, coalition, mode, alpha - g, beta - g)
            if ismax and child > v:
                v, best = child, m
                alpha = max(alpha, v)
            elif not ismax and child < v:
                v, best = child, m
                beta = min(beta, v)
            if alpha >= beta:
                if killer is not None:
                    self._killers[killer] = m
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

    def _covers(self, attack: Move, best: Move) -> bool:
        """:func:`~rules.engine.tricks.covers` of two plays, each pair asked once: the order of
        the answers asks it of every answer, and it decides no value."""
        key = (attack, best)
        got = self._cover.get(key)
        if got is None:
            got = self._cover[key] = covers(self.rs, self.cards(attack), self.cards(best))
        return got

    def tried(self, pos: Pos, coalition: frozenset[int]) -> list[Move]:
        """The plays of the seat to move, one of each of :meth:`classes`, in the order the search
        tries them for ``coalition`` (before the best play of an earlier visit, where there is one).
        A lead: the most cards first. An answer: those that leave the trick to the mover's side,
        the most points first, then the others, the fewest points first; the lower cards first
        where the points are the same."""
        ms = [group[0] for group in self.classes(pos)]
        trick = pos.trick
        if not trick:
            ms.sort(key=len, reverse=True)
            return ms
        holder, best = self._holding.get(trick) or self._hold(trick)
        # the trick is the mover's side's unless the answer takes it
        kept = (holder in coalition) == ((trick[-1][0] + 1) % self.n in coalition)
        okey = (trick, kept, *ms)
        got = self._order.get(okey)
        if got is not None:
            return got
        pts = self.tb.pts

        def key(m: Move) -> tuple[bool, int, int]:
            p = sum(pts[b] for b in m)
            own = kept or self._covers(m, best)
            return (not own, -p if own else p, -sum(m))

        got = self._order[okey] = sorted(ms, key=key)
        return got

    def _hold(self, trick: tuple[tuple[int, Move], ...]) -> tuple[int, Move]:
        """Who holds the trick so far, and with which play (each answer that covers the play
        holding it takes it over, as in :func:`~rules.engine.tricks.resolve_parsed`)."""
        holder, best = trick[0]
        for s, m in trick[1:]:
            if self._covers(m, best):
                holder, best = s, m
        self._holding[trick] = got = (holder, best)
        return got

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
