"""One moment of a deal as the searches see it, and what a search reads of a game: it decides the
shape of a position (:class:`Pos`) and of a play (:data:`Move`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..variants import Ruleset
from .budget import Budget

POINTS, TRICKS, CAPTURE = 0, 1, 2
"""What a search counts: card points, tricks taken, or a queen capture made (1 or 0)."""

Move = tuple[int, ...]
"""A play as the bits of its cards, low first (one card in the one-card games)."""


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


class Tree(Protocol):
    """What a search reads of a game (:class:`~rules.engine.solver.game.Game`)."""

    rs: Ruleset
    budget: Budget

    def to_move(self, pos: Pos) -> int | None: ...

    def legal(self, pos: Pos) -> list[Move]: ...

    def apply(self, pos: Pos, move: Move) -> Pos: ...

    def rest(self, pos: Pos, coalition: frozenset[int], mode: int) -> int: ...
