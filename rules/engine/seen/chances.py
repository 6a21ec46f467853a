"""Each legal card's chances over the placements (docs/rules.md#what-was-seen): every placement
solved exactly, with best play from there as if every card were face up.

Each form of placements (:mod:`.placements`) is solved once, by one exact analysis of the deal as
that placement deals it (:func:`~rules.engine.analyse_deal`), which answers every legal card's
value and the goals it gives up at once; the placements it holds count with their number. A
card's chance of a goal is the share of placements in which, after it, its side can still force
the goal; its mean is its side's card points for the whole deal with best play (what it took
already counted), averaged over the placements. A placement past the node budget is left out
and not counted as solved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .. import GOALS, Analysis, AnalysisError, analyse_deal
from ..cards import Card
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
    """The exact analysis at the view's play, the hidden cards placed as ``layout`` says."""
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
    side = view.deal.rs.side_of(view.seat)
    assert analysis.to_move == view.seat, (analysis.to_move, view.seat)
    moves: dict[Card, tuple[int, frozenset[str]]] = {}
    for m in analysis.moves:
        assert isinstance(m.card, Card)
        moves[m.card] = (m.value[side], frozenset(m.lost_goals))
    return PlacementOutcome(weight, analysis.goals[side], moves)


def outcomes(
    view: View,
    placements: Placements,
    forms: Iterable[tuple[Form, int]],
    budget: int,
    tick: Callable[[], None] | None = None,
) -> list[PlacementOutcome]:
    """Each form solved (``tick`` after each one), those past the budget left out."""
    out: list[PlacementOutcome] = []
    for form, weight in forms:
        try:
            analysis = solve(view, placements.layout_of(form), budget)
        except AnalysisError as e:
            if e.code != "too_complex":
                raise
            continue
        out.append(outcome_of(view, analysis, weight))
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


__all__ = ["MoveChances", "PlacementOutcome", "chances", "outcome_of", "outcomes", "solve"]
