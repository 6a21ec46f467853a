"""Each legal card's chances over the placements (docs/rules.md#what-was-seen): every placement
solved exactly, with best play from there as if every card were face up.

Each form of placements (:mod:`.placements`) is solved once, for the mover's side alone
(:class:`Solver`): the position the placement deals, each legal card's value and the goals it
gives up, as the exact analysis (:func:`~rules.engine.analyse_deal`, :func:`solve`) answers them,
without the other sides' values it also works out; the placements it holds count with their
number. A card's chance of a goal is the share of placements in which, after it, its side can still force
the goal; its mean is its side's card points for the whole deal with best play (what it took
already counted), averaged over the placements. A placement past the node budget is left out
and not counted as solved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .. import GOALS, NODE_BUDGET, Analysis, analyse_deal
from ..cards import Card
from ..solver.analyst import Analyst
from ..solver.budget import Budget, TooComplex
from ..solver.game import CardGame
from .placements import Form, Placements
from .view import View


@dataclass(frozen=True)
class PlacementOutcome:
    """One solved form: ``weight`` placements; ``goals`` the mover's side's goals before the play
    (None where the variant has no such goal); per legal card, its side's value after it and the
    goals it gives up."""

    weight: int
    goals: Mapping[str, bool | None]
    moves: Mapping[Card, tuple[int, frozenset[str]]]

    def keeps(self, card: Card, goal: str) -> bool | None:
        """Can the side still force ``goal`` after ``card``?"""
        had = self.goals[goal]
        return None if had is None else had and goal not in self.moves[card][1]


@dataclass(frozen=True)
class MoveChances:
    """A legal card over the placements solved: ``mean`` card points, ``chances`` per goal."""

    card: Card
    mean: Fraction
    chances: Mapping[str, Fraction | None]


def solve(view: View, layout: tuple[tuple[Card, ...], ...], budget: int) -> Analysis:
    """The exact analysis at the view's play, the hidden cards placed as ``layout`` says: what
    :func:`outcome` answers, with every side's figures (the tests' reference)."""
    deal = view.deal
    hands, prikup = view.hands_of(layout)
    return analyse_deal(
        deal.rs,
        deal.leader,
        hands,
        list(deal.plays[: view.index]),
        context=deal.context,
        prikup=prikup,
        dealer=deal.dealer,
        budget=budget,
        review=False,
    )


def outcome_of(view: View, analysis: Analysis, weight: int) -> PlacementOutcome:
    """The outcome an analysis of the placement (:func:`solve`) gives."""
    side = view.deal.rs.side_of(view.seat)
    assert analysis.to_move == view.seat, (analysis.to_move, view.seat)
    moves: dict[Card, tuple[int, frozenset[str]]] = {}
    for m in analysis.moves:
        assert isinstance(m.card, Card)
        moves[m.card] = (m.value[side], frozenset(m.lost_goals))
    return PlacementOutcome(weight, analysis.goals[side], moves)


class Solver:
    """The placements of one view solved one after another, for the mover's side alone: the
    figures :func:`solve` gives each, without the other sides' values that an analysis also
    works out. Each placement may search ``budget`` positions; past them :meth:`outcome` raises
    :class:`~rules.engine.solver.budget.TooComplex`.

    With ``share`` (every placement taken, in their order, each near the one before) and where
    no round is still to be dealt, the placements share one game and its searches, each table
    kept from one placement to the next (a new game once they have searched a node budget's worth
    of positions): a position holds the place of every card still to be played, so an entry is
    true in whichever placement reaches it, and what the game reads beside the positions (the
    hands as dealt, for a lead's trick number) is set to each placement's before it is solved.
    A sample's placements lie far apart: there a game shared searched more positions, not fewer.
    The first play's value in the placement before is the first guess of its search."""

    def __init__(self, view: View, budget: int, share: bool = True) -> None:
        self.view, self.budget = view, budget
        rnd = view.deal.round_of(view.index)
        self.share = share and all(p.rnd == rnd for p in view.places)
        self.game: CardGame | None = None
        self.guess: dict[Card, int] = {}
        self.nodes = 0
        """The positions searched for every placement so far (those past the budget too)."""
        self.used = 0  # the positions searched with the game kept

    def _game(self, rounds: list[list[list[Card]]]) -> CardGame:
        deal = self.view.deal
        game = self.game
        if game is None or not self.share or self.used > NODE_BUDGET:
            # a game's tables hold no more than one analysis's budget of positions, as they
            # would in a single analysis: memory and the chance of two positions sharing a
            # hash stay what the solver was made for
            game = CardGame(deal.rs, rounds, deal.leader, deal.context, Budget(self.budget))
            self.game, self.used = game, 0
        else:
            game.first = tuple(game.deck.mask(h) for h in rounds[0])
            game.dealt = tuple(tuple(game.deck.mask(h) for h in r) for r in rounds)
            game.budget.nodes = 0
        return game

    def outcome(self, layout: tuple[tuple[Card, ...], ...], weight: int) -> PlacementOutcome:
        """The placement ``layout``, holding ``weight`` placements, solved."""
        hands, prikup = self.view.hands_of(layout)
        game = self._game([hands] if prikup is None else [hands, prikup])
        try:
            return self._solved(game, layout, weight)
        finally:
            self.nodes += game.budget.nodes
            self.used += game.budget.nodes

    def _solved(self, game: CardGame, layout: tuple[tuple[Card, ...], ...], weight: int) -> PlacementOutcome:
        view = self.view
        deal, rs = view.deal, view.deal.rs
        pos = game.start()
        for card in deal.plays[: view.index]:
            pos = game.apply(pos, game.move_of((card,)))
        assert game.to_move(pos) == view.seat, (game.to_move(pos), view.seat)
        # the cards dealt to nobody count with the dealer's side, as the deal scores them
        kitty = [0] * len(rs.sides)
        dealer = deal.dealer if deal.dealer is not None else (deal.leader - 1) % rs.seats
        kitty[rs.side_of(dealer)] = sum(
            c.points
            for place, cards in zip(view.places, layout, strict=True)
            if place.seat is None
            for c in cards
        )
        an = Analyst(rs, game, tuple(kitty))
        side = rs.side_of(view.seat)
        children = []
        lead: int | None = None  # the best play's value so far, the next one's guess
        for group in game.classes(pos):
            after = game.apply(pos, group[0])
            # the first play's guess: its value in the placement before (the plays after it are
            # guessed as an analysis guesses them, where the placements differ more)
            card = game.cards(group[0])[0]
            v = self.guess[card] = an.value(after, side, self.guess.get(card) if lead is None else lead)
            children.append((group, an.goals_of(after, side), v))
            lead = v if lead is None else max(lead, v)
        assert lead is not None
        goals = an.goals_of(pos, side, lead)
        moves: dict[Card, tuple[int, frozenset[str]]] = {}
        for group, after_goals, v in children:
            lost = frozenset(g for g in GOALS if goals[g] and not after_goals[g])
            for m in group:
                moves[game.cards(m)[0]] = (v, lost)
        return PlacementOutcome(weight, goals, moves)


def outcomes(
    view: View,
    placements: Placements,
    forms: Iterable[tuple[Form, int]],
    budget: int,
    tick: Callable[[], None] | None = None,
    solver: Solver | None = None,
) -> list[PlacementOutcome]:
    """Each form solved (``tick`` after each one), those past the budget left out; ``solver``:
    the view's, to read its count of positions searched after."""
    out: list[PlacementOutcome] = []
    solver = solver or Solver(view, budget)
    for form, weight in forms:
        try:
            out.append(solver.outcome(placements.layout_of(form), weight))
        except TooComplex:
            continue
        if tick is not None:
            tick()
    return out


def chances(outcomes: list[PlacementOutcome], cards: Iterable[Card]) -> list[MoveChances]:
    """Each card's mean and chances over the solved placements (``outcomes`` not empty)."""
    solved = sum(o.weight for o in outcomes)
    out = []
    for card in cards:
        points = sum(o.weight * o.moves[card][0] for o in outcomes)
        shares: dict[str, Fraction | None] = {}
        for goal in GOALS:
            kept = [o.keeps(card, goal) for o in outcomes]
            if any(k is None for k in kept):
                shares[goal] = None
            else:
                shares[goal] = Fraction(
                    sum(o.weight for o, k in zip(outcomes, kept, strict=True) if k), solved
                )
        out.append(MoveChances(card, Fraction(points, solved), shares))
    return out


__all__ = ["MoveChances", "PlacementOutcome", "Solver", "chances", "outcome_of", "outcomes", "solve"]
