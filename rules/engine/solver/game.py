"""A deal as a game tree: it decides the positions, the legal plays there and what a play leads to.

:class:`Pos` is one moment of a deal (the cards each seat holds, the trick on the table, what
each side has taken). :class:`Game` holds what a one-card game and a game whose leads may be
several cards share; :class:`CardGame` and :class:`MultiGame` each add their move generation and
who takes a trick. The rules come from the engine, never from here: a seat's legal plays are
:func:`~rules.engine.legality.legal_cards` (one card) or :func:`~rules.engine.tricks.judge_play`
(several), asked once per hand and kept by what the rule reads, except where the engine's own
first rule of following settles it without asking (a hand that can follow answers with its cards
of the led group; a blind seat is free). Blind seats are a set, and a multi-card lead is read by
what :meth:`MultiGame.lead_reading` says an answer's judgement reads of it: the seams a new rule
of leading or of blind seats goes through.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from types import ModuleType

from ..cards import Card
from ..legality import TrickContext, answers_free, leads_free, legal_cards
from ..variants import Ruleset
from .budget import Budget
from .deck import Deck, bits, led_mask, led_suits_of
from .pos import CAPTURE, POINTS, TRICKS, Move, Pos
from .reference import Search as Reference

COMPILED_MODULES = ("table", "bounds", "order", "plays", "search")
"""The compiled search's modules (``.pyx`` beside their ``.pxd``), built by scripts/build_solver.py."""


def free_of(rs: Ruleset) -> Ruleset:
    """The ruleset the analysis judges plays by: the capture an event only, the deal going on."""
    return replace(rs, capture=None) if rs.capture else rs


def source_digest() -> str:
    """The digest of the compiled search's sources, every ``.pyx`` and ``.pxd`` beside this module."""
    h = hashlib.sha256()
    here = Path(__file__).parent
    for path in sorted([*here.glob("*.pyx"), *here.glob("*.pxd")]):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def _compiled() -> ModuleType | None:
    """The compiled search where it was built from the sources beside it: a build from other
    sources is never used."""
    digest = source_digest()
    try:
        built = [importlib.import_module(f"{__package__}.{name}") for name in COMPILED_MODULES]
    except (ImportError, ValueError):
        return None
    return built[-1] if all(getattr(m, "SOURCE_SHA256", None) == digest for m in built) else None


COMPILED = _compiled()
"""The compiled search (its module ``search``), or None where it is not built."""


class Game:
    """One deal with every card's place known. ``free``: the ruleset the plays are judged by
    (the capture an event only); ``first_leader`` and ``led``: the deal's, for a game taken up
    in its middle; ``reference``: search with the plain reference search even where the
    compiled one is built."""

    multi = False

    def __init__(
        self,
        rs: Ruleset,
        free: Ruleset,
        hands: Sequence[Sequence[Card]],
        leader: int,
        context: TrickContext,
        budget: Budget,
        midway: bool = False,
        reference: bool = False,
    ) -> None:
        self.rs, self.free, self.n = rs, free, rs.seats
        self.deck = deck = Deck.of(rs)
        self.first = tuple(deck.mask(h) for h in hands)
        self.leader = leader
        self.first_leader = context.first_leader if midway else leader
        self.led = led_mask(context.led_suits) if midway else 0
        self.ctx = context
        self.budget = budget
        self.blind = frozenset(rs.blind_seats)  # docs/tables.md#blind-seat
        self.capture = (deck.bit[rs.capture[0]], deck.bit[rs.capture[1]]) if rs.capture else None
        self.reference = reference or COMPILED is None
        self.compiled = not self.reference
        self._contexts: dict[tuple[int, int | None], TrickContext] = {}
        self._kept: dict[tuple[object, ...], object] = {}  # legal plays, by what the rule reads
        # each search answers as the reference does (value, at_least, probe)
        self._searches: dict[tuple[frozenset[int], int], Reference] = {}

    def start(self) -> Pos:
        sides = len(self.rs.sides)
        return Pos(self.first, 0, self.leader, (), self.led, (0,) * sides, (0,) * sides)

    def to_move(self, pos: Pos) -> int | None:
        if pos.trick:
            return (pos.trick[-1][0] + 1) % self.n
        return pos.leader if pos.hands[pos.leader] else None

    def cards(self, move: Move) -> tuple[Card, ...]:
        return tuple(self.deck.cards[b] for b in move)

    def move_of(self, cards: Sequence[Card]) -> Move:
        return tuple(sorted(self.deck.bit[c] for c in cards))

    def context(self, ls: int, number: int | None) -> TrickContext:
        """The context of a trick, kept: the suits led before it and its number."""
        got = self._contexts.get((ls, number))
        if got is None:
            got = self._contexts[ls, number] = replace(
                self.ctx, first_leader=self.first_leader, led_suits=led_suits_of(ls), trick_number=number
            )
        return got

    def legal(self, pos: Pos) -> list[Move]:
        """Every legal play of the seat to move."""
        raise NotImplementedError

    def classes(self, pos: Pos) -> list[list[Move]]:
        """The legal plays in groups of plays alike (the same values and goals after them), in
        the order the compiled search tries them; the reference search groups none."""
        legal = self.legal(pos)
        if self.reference:
            return [[m] for m in legal]
        return self.search(frozenset(self.rs.sides[0]), POINTS).classes(pos, legal)  # type: ignore[attr-defined, no-any-return]

    def holds(self, best: Move, play: Move) -> bool:
        """Does ``play`` take the trick from ``best``, the play holding it so far?"""
        raise NotImplementedError

    def next_hands(self, pos: Pos, hands: tuple[int, ...], winner: int) -> tuple[tuple[int, ...], int, int]:
        """The hands after a trick (the next round's, or drawn up), the round and the cards drawn."""
        return hands, pos.rnd, pos.drawn

    def later(self, pos: Pos) -> int:
        """The cards to be played after the hands held now (a round to come, the stock)."""
        return 0

    def live(self, pos: Pos) -> int:
        """The cards still to be played: held, on the table, or to come."""
        return sum(pos.hands) | sum(1 << b for _, m in pos.trick for b in m) | self.later(pos)

    def apply(self, pos: Pos, move: Move) -> Pos:
        """The position after ``move`` by the seat to move (legal or not, as played)."""
        seat = self.to_move(pos)
        assert seat is not None
        hands = list(pos.hands)
        for b in move:
            hands[seat] &= ~(1 << b)
        trick = (*pos.trick, (seat, move))
        if len(trick) < self.n:
            return replace(pos, hands=tuple(hands), trick=trick)
        winner, best = trick[0]
        for s, m in trick[1:]:
            if self.holds(best, m):
                winner, best = s, m
        rs, deck = self.rs, self.deck
        side = rs.side_of(winner)
        points, tricks = list(pos.points), list(pos.tricks)
        points[side] += sum(deck.pts[b] for _, m in trick for b in m)
        tricks[side] += 1
        captured = pos.captured
        if self.capture is not None:
            by = {b: s for s, m in trick for b in m}
            catcher, queen = self.capture
            if catcher in by and queen in by and rs.side_of(by[catcher]) != rs.side_of(by[queen]):
                captured = (*captured, rs.side_of(by[catcher]))
        ls = pos.ls | sum({deck.led_bit(b) for b in trick[0][1]})  # each plain suit of the lead
        new, rnd, drawn = self.next_hands(pos, tuple(hands), winner)
        return Pos(new, rnd, winner, (), ls, tuple(points), tuple(tricks), captured, drawn)

    def rest(self, pos: Pos, coalition: frozenset[int], mode: int) -> int:
        """The most the coalition could still get: every point to be played, every trick left
        (a card each, at the most), or the capture where it can still be made."""
        if mode == POINTS:
            return self.deck.worth(self.live(pos))
        if mode == TRICKS:
            return self.live(pos).bit_count()
        return self.capture_left(pos, coalition)

    def capture_left(self, pos: Pos, coalition: frozenset[int]) -> int:
        return 0

    def search(self, coalition: frozenset[int], mode: int) -> Reference:
        """The search of one coalition and reward, kept with its table for the whole deal."""
        key = (coalition, mode)
        s = self._searches.get(key)
        if s is None:
            make = Reference if self.reference or (self.multi and mode == CAPTURE) else COMPILED.Search  # type: ignore[union-attr]
            s = self._searches[key] = make(self, coalition, mode)
        return s

    def solve(self, pos: Pos, coalition: frozenset[int], mode: int = POINTS, guess: int | None = None) -> int:
        """What the coalition makes sure of from here on (points, tricks or a capture)."""
        if self.to_move(pos) is None:
            return 0
        return self.search(coalition, mode).value(pos, guess)

    def at_least(self, pos: Pos, coalition: frozenset[int], mode: int, t: int) -> bool:
        """Can the coalition make sure of ``t`` or more from here on?"""
        if t <= 0 or self.to_move(pos) is None:
            return t <= 0
        return self.search(coalition, mode).at_least(pos, t)


class CardGame(Game):
    """A one-card game; ``rounds``: each seat's cards round by round (the duel's prikup,
    solo-twelve's second four); ``before``: the tricks played before they were held."""

    def __init__(
        self,
        rs: Ruleset,
        rounds: Sequence[Sequence[Sequence[Card]]],
        leader: int,
        context: TrickContext,
        budget: Budget,
        before: int = 0,
        reference: bool = False,
    ) -> None:
        super().__init__(rs, rs, rounds[0], leader, context, budget, bool(before), reference)
        self.dealt = tuple(tuple(self.deck.mask(h) for h in r) for r in rounds)
        self.before = before
        self.free_leads, self.answers_free = leads_free(rs), answers_free(rs)

    def legal(self, pos: Pos) -> list[Move]:
        seat = self.to_move(pos)
        assert seat is not None
        h = pos.hands[seat]
        m = self.answers(seat, h, pos.trick[0][1][0], pos.ls) if pos.trick else self.leads(seat, h, pos.ls)
        return [(b,) for b in bits(m)]

    def answers(self, seat: int, hand: int, lead: int, ls: int) -> int:
        """The cards of ``hand`` that answer ``lead``; kept by the led group, not the card (the
        rule reads no more of the lead), and by the seat only as blind or not."""
        grp = self.deck.grp[lead]
        if seat not in self.blind:
            followed = hand & self.deck.group_mask[grp]
            if followed or self.answers_free:
                return followed or hand
        key = (hand, grp, seat in self.blind, ls if self.rs.ace_discard_ban else 0)
        got = self._kept.get(key)
        if got is None:
            cards = legal_cards(
                self.rs,
                self.deck.of_mask(hand),
                self.deck.cards[lead],
                seat=seat,
                context=self.context(ls, None),
            )
            got = self._kept[key] = self.deck.mask(cards)
        return got  # type: ignore[return-value]

    def leads(self, seat: int, hand: int, ls: int) -> int:
        """The cards of ``hand`` the seat may lead; the trick's number told by the hand's size."""
        if self.free_leads:
            return hand
        key = (hand, seat, ls if self.rs.ace_discard_ban else 0, None)
        got = self._kept.get(key)
        if got is None:
            number, before = None, self.before
            for dealt in self.dealt:
                if hand & dealt[seat] == hand:
                    number = before + dealt[seat].bit_count() - hand.bit_count() + 1
                    break
                before += dealt[seat].bit_count()
            cards = legal_cards(
                self.rs, self.deck.of_mask(hand), None, seat=seat, context=self.context(ls, number)
            )
            got = self._kept[key] = self.deck.mask(cards)
        return got  # type: ignore[return-value]

    def holds(self, best: Move, play: Move) -> bool:
        c, b = play[0], best[0]
        return c < b and (c < self.deck.ntrumps or self.deck.grp[c] == self.deck.grp[b])

    def next_hands(self, pos: Pos, hands: tuple[int, ...], winner: int) -> tuple[tuple[int, ...], int, int]:
        if not any(hands) and pos.rnd + 1 < len(self.dealt):
            return self.dealt[pos.rnd + 1], pos.rnd + 1, 0
        return hands, pos.rnd, 0

    def later(self, pos: Pos) -> int:
        return sum(sum(r) for r in self.dealt[pos.rnd + 1 :])

    def rest(self, pos: Pos, coalition: frozenset[int], mode: int) -> int:
        if mode == TRICKS:  # every trick left: as many as a hand holds, and each round to come
            return max(h.bit_count() for h in pos.hands) + sum(
                r[0].bit_count() for r in self.dealt[pos.rnd + 1 :]
            )
        return super().rest(pos, coalition, mode)

    def capture_left(self, pos: Pos, coalition: frozenset[int]) -> int:
        """A capture is still to be made only with the coalition's catcher and the others'
        queen, both to be played in this round or both in one round to come."""
        assert self.capture is not None
        now = list(pos.hands)
        for s, m in pos.trick:
            now[s] |= 1 << m[0]
        for hands in (now, *self.dealt[pos.rnd + 1 :]):
            held = {c: s for c in self.capture for s, h in enumerate(hands) if h >> c & 1}
            if len(held) == 2:
                catcher, queen = self.capture
                return int(held[catcher] in coalition and held[queen] not in coalition)
        return 0
