"""The review of a played deal by what each player could see (docs/rules.md#what-was-seen):
:func:`review_seen` judges the plays the exact analysis says cost something (or those asked for),
each over the placements that agree with its player's view.

Every placement is taken when the placements fall in at most :data:`EXACT_AT` forms (always when
they number at most that many); otherwise :data:`SAMPLE` of them are drawn uniformly, the draw
seeded by the deal itself and the play's index (:func:`seed_of`), so the same deal always gives
the same figures. A blind seat's card is picked unseen, and a view no placement agrees with (an
earlier play broke the rules where nobody could see it) leaves nothing to weigh: both are judged
on nothing seen (no placement, ``no_way_to_know`` where the play cost something).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .. import NODE_BUDGET, Analysis, AnalysisError, analyse_deal
from ..cards import Card
from ..inputs import PlayInput, parse_hands
from ..legality import TrickContext, sort_cards
from ..variants import Ruleset
from .chances import MoveChances, Solver, chances, outcomes
from .placements import Form, draw, placements_of
from .verdict import best_seen, margin, verdict
from .view import SeenDeal, view_at

VERSION = 2
"""Bumped whenever a rule or an answer of this review changes: a stored review carries it."""

EXACT_AT = 5000
"""Every placement is taken when they fall in at most this many forms (positions to solve)."""

SAMPLE = 200
"""Placements drawn where there are more forms than :data:`EXACT_AT`."""


@dataclass(frozen=True)
class Judgement:
    """One play judged by what its player saw: ``layouts`` the placements that agree with it,
    ``solved`` how many of them the figures are over, ``exact`` whether those are all of them,
    ``margin`` each share's 95% margin (0 when exact), each legal card's ``moves``, the cards best
    by what was seen for each goal and ``"points"``, the verdict, ``positions``: how many
    positions were solved for it (one per form taken), and ``nodes``: how many the searches
    visited to solve them."""

    index: int
    seat: int
    card: Card
    layouts: int
    solved: int
    exact: bool
    margin: float
    moves: tuple[MoveChances, ...]
    best_seen: Mapping[str, tuple[Card, ...]]
    verdict: str
    positions: int = 0
    nodes: int = 0


def read_deal(
    rs: Ruleset,
    leader: int,
    hands: Sequence[Sequence[Card | str]],
    plays: Sequence[PlayInput] | str,
    *,
    context: TrickContext | None = None,
    prikup: Sequence[Sequence[Card | str] | None] | None = None,
    dealer: int | None = None,
    budget: int = NODE_BUDGET,
) -> tuple[SeenDeal, Analysis]:
    """The deal and its exact review (every play's cost), as ``POST /api/v1/analyse`` reads it;
    ``not_available`` for the games outside what was seen (draw-four, multi-card leads)."""
    if rs.draws or rs.multi_card_leads:
        raise AnalysisError(
            "not_available",
            "what was seen is judged in the one-card games only",
            reason="draw_four" if rs.draws else "multi_leads",
        )
    exact = analyse_deal(
        rs, leader, hands, plays, context=context, prikup=prikup, dealer=dealer, budget=budget
    )
    dealt = tuple(h for h in parse_hands(rs, hands) if h is not None)
    second = None
    if prikup is not None:
        second = tuple(h for h in parse_hands(rs, prikup) if h is not None)
    cards = tuple(p.card for p in exact.plays if isinstance(p.card, Card))
    seats = tuple(p.seat for p in exact.plays)
    deal = SeenDeal(rs, leader, dealt, cards, seats, context or TrickContext(), second, dealer)
    return deal, exact


def costly(exact: Analysis) -> list[int]:
    """The plays the exact analysis gives a cost in points or goals (legal ones)."""
    return [i for i, p in enumerate(exact.plays) if p.legal and (p.cost or p.lost_goals)]


def seed_of(deal: SeenDeal, index: int) -> bytes:
    """The draw's seed: SHA-256 of the deal as written out in full and the play's index."""
    rs, ctx = deal.rs, deal.context
    parts = [
        rs.key,
        ",".join(f"{k}={v}" for k, v in sorted(rs.options.items())),
        str(rs.seats),
        str(deal.leader),
        "/".join(" ".join(c.code for c in h) for h in deal.hands),
        "/".join(" ".join(c.code for c in h) for h in deal.prikup or ()),
        " ".join(c.code for c in deal.plays),
        f"{ctx.hand_number},{ctx.score},{ctx.first_leader},{sorted(ctx.led_suits)},{ctx.boaster}",
        str(deal.dealer),
        str(index),
    ]
    return hashlib.sha256("|".join(parts).encode()).digest()


def _unseen(deal: SeenDeal, index: int, cost: int | None, lost: tuple[str, ...]) -> Judgement:
    """A play judged on nothing seen."""
    card = deal.plays[index]
    word = "best" if not cost and not lost else "no_way_to_know"
    return Judgement(index, deal.seats[index], card, 0, 0, True, 0.0, (), {}, word)


def judge(
    deal: SeenDeal,
    index: int,
    cost: int | None,
    lost: tuple[str, ...],
    budget: int = NODE_BUDGET,
    tick: Callable[[], None] | None = None,
    *,
    exact_at: int = EXACT_AT,
    sample: int = SAMPLE,
) -> Judgement:
    """Play ``index`` judged by what its player saw; the exact analysis gave it ``cost`` and
    ``lost``. ``tick`` is called after each position solved."""
    rs = deal.rs
    if deal.seats[index] in rs.blind_seats:
        return _unseen(deal, index, cost, lost)
    view = view_at(deal, index)
    placements = placements_of(view)
    if not placements.count:
        return _unseen(deal, index, cost, lost)
    exact = placements.forms <= exact_at
    forms: list[tuple[Form, int]]
    if exact:
        forms = list(placements.each_form())
    else:
        drawn = Counter(placements.form_at(r) for r in draw(seed_of(deal, index), placements.count, sample))
        forms = sorted(drawn.items())
    solver = Solver(view, budget, share=exact)
    solved = outcomes(view, placements, forms, budget, tick, solver)
    if not solved:
        raise AnalysisError(
            "too_complex", f"no placement was solved within {budget} positions", budget=budget
        )
    count = sum(o.weight for o in solved)
    exact = exact and count == placements.count
    width = margin(count, exact)
    moves = chances(solved, sort_cards(rs, list(solved[0].moves)))
    played = deal.plays[index]
    word = verdict(played, cost, lost, moves, solved, exact, width)
    return Judgement(
        index,
        deal.seats[index],
        played,
        placements.count,
        count,
        exact,
        width,
        tuple(moves),
        best_seen(moves),
        word,
        len(solved),
        solver.nodes,
    )


def review_seen(
    deal: SeenDeal,
    exact: Analysis,
    plays: Sequence[int] | None = None,
    *,
    budget: int = NODE_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    tick: Callable[[], None] | None = None,
) -> list[Judgement]:
    """The plays ``plays`` (default: :func:`costly`) judged by what was seen, in order;
    ``progress(judged, to_judge)`` before the first and after each one. A play named that broke
    the rules is ``judge_illegal``: the rules judge it, not what was seen."""
    todo = sorted(set(costly(exact) if plays is None else plays))
    for i in todo:
        if not exact.plays[i].legal:
            raise AnalysisError("judge_illegal", f"play {i} broke the rules", index=i)
    if progress is not None:
        progress(0, len(todo))
    out = []
    for k, i in enumerate(todo):
        review = exact.plays[i]
        out.append(judge(deal, i, review.cost, review.lost_goals, budget, tick))
        if progress is not None:
            progress(k + 1, len(todo))
    return out


__all__ = [
    "EXACT_AT",
    "SAMPLE",
    "VERSION",
    "Judgement",
    "costly",
    "judge",
    "read_deal",
    "review_seen",
    "seed_of",
]
