"""What :func:`~rules.engine.solver.analyse_deal` answers (docs/rules.md#analysis): it decides the
fields of an analysis, each legal play's value, each given play's review, and the refusals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..cards import Card, KozelError


class AnalysisError(KozelError):
    """``incomplete_deal`` (params ``cards``: the codes whose place is unknown), ``too_complex``
    (params ``budget``: the node budget the analysis ran out of), ``solver_timeout`` (params
    ``seconds``: the deadline it ran out of) or ``midway_unsupported``."""


@dataclass(frozen=True)
class MoveValue:
    """A legal play of the seat to move: ``card`` is a card, or a tuple of cards where a play is
    several; ``value`` per side with best play after it; ``cost`` in its side's points against
    the best play; ``lost_goals`` the goals its side could force before and no longer after."""

    card: Card | tuple[Card, ...]
    value: tuple[int, ...]
    cost: int
    lost_goals: tuple[str, ...]


@dataclass(frozen=True)
class PlayReview:
    """One play given: ``legal`` by the referee's rules; ``cost`` as for :class:`MoveValue`
    (None for an illegal play: the analysis goes on from the position as played); ``best`` the
    legal plays that were best for points at that moment."""

    seat: int
    card: Card | tuple[Card, ...]
    legal: bool
    cost: int | None
    lost_goals: tuple[str, ...]
    best: tuple[Card | tuple[Card, ...], ...]


@dataclass(frozen=True)
class Analysis:
    """The answer of :func:`analyse_deal` (the fields of ``POST /api/v1/analyse``).

    ``to_move``: the seat to play, None once the deal is over. ``taken``: card points per side
    so far (solo-twelve at three: the dealer's two undealt cards included). ``value``: card
    points per side with best play from here, taken included. ``goals``: per side, each of
    :data:`GOALS` True, False, or None where the variant has no such award. ``moves``: every
    legal play of ``to_move``. ``plays``: one per play given. ``turning_point``: the index in
    ``plays`` of the first play after which its side could no longer force a goal it could force
    before, or None. ``nodes``: positions searched. ``reviewed_from``: the index of the first
    play reviewed, 0 unless a partial review ran out of the budget (:func:`analyse_deal`); the
    plays before it carry their legality alone. ``first_value`` and ``first_goals``: ``value``
    and ``goals`` at the deal's first lead, where the review reached it (None otherwise).
    ``turning_keeps``: the legal plays at the turning point that kept every goal its play gave up,
    when asked for (``alternatives``) and found within the budget, else None. ``unvalued``: with
    ``partial``, the legal plays left out of ``moves`` because the budget ran out before their
    values were found; each is worse than the best for its side. ``turning_back``: the index in
    ``plays`` of the first play after the turning point after which its side could force again a
    goal it gave up there (another side's mistake), or None; ``given_back``: those goals."""

    to_move: int | None
    taken: tuple[int, ...]
    value: tuple[int, ...]
    goals: tuple[Mapping[str, bool | None], ...]
    moves: tuple[MoveValue, ...]
    plays: tuple[PlayReview, ...]
    turning_point: int | None
    nodes: int
    reviewed_from: int = 0
    first_value: tuple[int, ...] | None = None
    first_goals: tuple[Mapping[str, bool | None], ...] | None = None
    turning_keeps: tuple[Card | tuple[Card, ...], ...] | None = None
    unvalued: tuple[Card | tuple[Card, ...], ...] = ()
    turning_back: int | None = None
    given_back: tuple[str, ...] = ()
