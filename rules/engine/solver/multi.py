"""The positions and plays of a game whose plays may be several cards (draw-four, the option
``multi_leads``): it decides which plays are legal, who takes a trick and what is drawn after it.

Every play is judged by :func:`~rules.engine.tricks.judge_play`, as the deal review judges it (the
lead rules, the answers), who takes a trick is :func:`~rules.engine.tricks.covers` (card for
card), and the hands are drawn back up by the deal's own :func:`~rules.engine.deal.draw_up`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards import Card
from ..deal import draw_up
from ..legality import TrickContext
from ..tricks import covers, judge_play
from ..variants import Ruleset
from .budget import Budget
from .game import Game
from .pos import Move, Pos


class MultiGame(Game):
    """One deal with every card's place known; ``stock``: draw-four's, in draw order (for a game
    taken up in the middle of a deal, what is left of it)."""

    multi = True

    def __init__(
        self,
        rs: Ruleset,
        free: Ruleset,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        leader: int,
        context: TrickContext,
        budget: Budget,
        midway: bool = False,
        reference: bool = False,
    ) -> None:
        super().__init__(rs, free, hands, leader, context, budget, midway, reference)
        self.stock_bits = tuple(self.deck.bit[c] for c in stock)
        # the stock's cards still to be drawn, by the number drawn so far
        self.stock_left = tuple(sum(1 << b for b in self.stock_bits[k:]) for k in range(len(stock) + 1))
        self._draws: dict[tuple[object, ...], tuple[tuple[int, ...], int]] = {}
        self._covers: dict[tuple[Move, Move], bool] = {}

    def legal(self, pos: Pos) -> list[Move]:
        seat = self.to_move(pos)
        assert seat is not None
        held = sum(h.bit_count() for h in pos.hands) + sum(len(m) for _, m in pos.trick)
        return self.plays(seat, pos.hands, pos.trick[0][1] if pos.trick else (), pos.ls, held)

    def lead_reading(self, seat: int, lead: Move) -> object:
        """What the judgement of an answer reads of the lead (tricks.judge_play): its size where
        answers are free, else the groups of its cards (legality.judge_multi_answer)."""
        if self.rs.free_answers or seat in self.blind:
            return len(lead)
        return tuple(self.deck.grp[b] for b in lead)

    def plays(self, seat: int, hands: Sequence[int], lead: Move, ls: int, held: int) -> list[Move]:
        """Every legal play of ``seat`` (``lead``: the trick's lead, () for a lead); ``held``:
        the cards held and on the table, which tell the trick's number. Kept by the hand and what
        the judgement reads besides (the lead's reading, or a lead's greatest size, and the suits
        led where the ace ban reads them), not by the trick's number, which a judgement of several
        cards does not read (the tests hold the two equal)."""
        h = hands[seat]
        if lead:
            sizes: Sequence[int] = (len(lead),)
            key: tuple[object, ...] = (h, seat in self.blind, "answer", self.lead_reading(seat, lead))
        else:
            sizes = range(1, min(self.rs.max_lead, *(x.bit_count() for x in hands)) + 1)
            key = (h, seat in self.blind, "lead", len(sizes))
        key = (*key, self.rs.ace_discard_ban and ls)
        got = self._kept.get(key)
        if got is not None:
            return got  # type: ignore[return-value]
        # judged as the deal judges it in its trick: the hands of the other seats unseen
        holds: list[tuple[Card, ...] | None] = [None] * self.n
        holds[seat] = cards = self.deck.of_mask(h)
        ctx = self.context(ls, (len(self.rs.deck) - held) // self.n + 1)
        i = 1 if lead else 0
        led = self.cards(lead)
        out: list[Move] = []
        for k in sizes:
            for combo in combinations(range(len(cards)), k):
                play = tuple(cards[j] for j in combo)
                if judge_play(self.free, i, seat, play, led or play, holds, ctx)[0] is not False:
                    out.append(self.move_of(play))
        self._kept[key] = out
        return out

    def holds(self, best: Move, play: Move) -> bool:
        key = (play, best)
        got = self._covers.get(key)
        if got is None:
            got = self._covers[key] = covers(self.rs, self.cards(play), self.cards(best))
        return got

    def next_hands(self, pos: Pos, hands: tuple[int, ...], winner: int) -> tuple[tuple[int, ...], int, int]:
        if pos.drawn >= len(self.stock_bits):
            return hands, 0, pos.drawn
        adds, drawn = self.drawing(tuple(h.bit_count() for h in hands), winner, pos.drawn)
        return tuple(h | a for h, a in zip(hands, adds, strict=True)), 0, drawn

    def drawing(self, sizes: tuple[int, ...], winner: int, drawn: int) -> tuple[tuple[int, ...], int]:
        """The cards each seat draws back up (as bits) after a trick, and the stock's cards drawn
        by then: the deal's own drawing, which hangs only on how many cards each seat holds, who
        took the trick and how far into the stock the deal is."""
        key = (sizes, winner, drawn)
        got = self._draws.get(key)
        if got is None:
            remaining: list[list[int] | None] = [[-1] * k for k in sizes]
            pile = list(range(drawn, len(self.stock_bits)))
            draw_up(remaining, pile, winner)  # type: ignore[arg-type]
            adds = tuple(
                sum(1 << self.stock_bits[i] for i in h[k:]) if h else 0
                for h, k in zip(remaining, sizes, strict=True)
            )
            got = self._draws[key] = (adds, len(self.stock_bits) - len(pile))
        return got

    def later(self, pos: Pos) -> int:
        return self.stock_left[pos.drawn]
