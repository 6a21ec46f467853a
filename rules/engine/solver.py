"""Exact analysis of a deal with best play (docs/rules.md#analysis): :func:`analyse_deal`.

Given every card's place (the dealt hands; the duel's prikup and solo-twelve's second four as
``prikup``; draw-four's stock in draw order), the plays so far and the table, it answers what the
deal gives with best play from here, which goals each side can still force, what every legal
play of the seat to move leads to, and what each play given cost its side. The deal is played to
its last trick: a queen capture is a goal, not an end. With two sides each plays for its own card
points; at solo-twelve every player's entry is what he can make sure of against all the others.

The plays are read and judged by :func:`~rules.engine.deal.play_deal` (so bad input fails exactly
as the deal review fails) and the search plays by the engine's legality and trick order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import cast

from .cards import Card
from .deal import play_deal, split_plays
from .inputs import PlayInput, check_table_seat, parse_hands, parse_stock
from .legality import TrickContext
from .solver_analyst import GOALS, Analyst
from .solver_answer import Analysis, AnalysisError, MoveValue, PlayReview
from .solver_game import CardGame, Move, Pos
from .solver_input import judge_partial, unknown_cards
from .solver_multi import MultiGame
from .solver_tables import Meter, TooComplex
from .variants import Ruleset

NODE_BUDGET = 22_000_000
"""Positions one analysis may search before it gives up with ``too_complex``: about 5 s here at
the slowest table for the compiled search (solo-twelve at two, whose table outgrows the caches)."""

PURE_SHARE = 80
"""A search in pure Python (where the compiled searches are not built) costs about this many times
more a position: it is given this share of the budget."""


_FREE: dict[int, tuple[Ruleset, Ruleset]] = {}


def without_capture(rs: Ruleset) -> Ruleset:
    """The ruleset with the capture as an event only: the deal goes on after it."""
    if rs.capture is None:
        return rs
    hit = _FREE.get(id(rs))
    if hit is None or hit[0] is not rs:
        hit = _FREE[id(rs)] = (rs, replace(rs, capture=None))
    return hit[1]


def _as_play(game: CardGame | MultiGame, move: Move) -> Card | tuple[Card, ...]:
    cards = game.cards(move)
    return cards if game.multi else cards[0]


def analyse_deal(
    rs: Ruleset,
    leader: int,
    hands: Sequence[Sequence[Card | str]],
    plays: Sequence[PlayInput] | str,
    *,
    context: TrickContext | None = None,
    stock: Sequence[Card | str] | None = None,
    prikup: Sequence[Sequence[Card | str] | None] | None = None,
    dealer: int | None = None,
    budget: int = NODE_BUDGET,
    review: bool = True,
    partial: bool = False,
    alternatives: bool = False,
) -> Analysis:
    """The exact analysis of a deal (docs/rules.md#analysis). Takes what
    :func:`~rules.engine.deal.play_deal` takes for the table, except that ``plays`` may end in
    the middle of a trick (the trick page asks what to play next).

    Raises :class:`AnalysisError` ``incomplete_deal`` when some card's place is unknown (a hand
    or the prikup missing; draw-four without its whole stock), ``too_complex`` past ``budget``
    positions, and the deal's own errors for bad input (:class:`~rules.engine.cards.KozelError`).

    ``review=False`` leaves ``plays`` empty and ``turning_point`` None: the position alone is
    analysed (the trick page's «Как лучше сыграть?» needs only the moves).

    ``partial=True`` (the deal review's page): the plays are reviewed from the last one back, and
    where the budget runs out the review stops at the start of the trick it reached instead of
    answering ``too_complex`` (``reviewed_from``; the turning point is looked for from there). The
    position itself and at least one whole trick must still fit. The position's moves are then
    found value first: its value, the plays that keep it, then every other play's as far as the
    budget reaches (``unvalued``: the rest). The value and the best plays must still fit.

    ``alternatives=True`` (the same page) also looks for ``turning_keeps`` in the same search;
    with ``partial`` a tenth of the budget is kept for it while the plays are reviewed.
    """
    missing = unknown_cards(rs, hands, prikup, stock)
    if missing:
        codes = [c.code for c in missing]
        raise AnalysisError(
            "incomplete_deal", "the place of some cards is unknown: " + " ".join(codes), cards=codes
        )
    leader = check_table_seat(rs, leader)
    n = rs.seats
    flat = list(split_plays(rs, plays))
    whole = len(flat) - len(flat) % n
    free = without_capture(rs)
    ctx = context or TrickContext()
    deal = play_deal(
        free,
        leader,
        hands,
        cast(list[PlayInput], flat[:whole]),
        context=ctx,
        stock=stock,
        prikup=prikup,
        dealer=dealer,
    )
    meter = Meter(0)
    game: CardGame | MultiGame
    dealt = [tuple(h) for h in parse_hands(rs, hands) if h is not None]
    if rs.multi_card_leads:
        pile = parse_stock(rs, stock or [], set()) if rs.draws else []
        game = MultiGame(free, dealt, pile, leader, ctx, meter, rs)
    else:
        rounds = [dealt]
        if rs.rounds > 1 and prikup is not None:
            rounds.append([tuple(h) for h in parse_hands(rs, prikup) if h is not None])
        game = CardGame(rs, rounds, leader, ctx, meter)
    kitty = [0] * len(rs.sides)
    kdealer = deal.dealer if deal.dealer is not None else (leader - 1) % n
    kitty[rs.side_of(kdealer)] += sum(c.points for c in deal.kitty)

    # the position before each play, and each play as judged by the referee
    positions = [game.start()]
    judged: list[tuple[int, Move, bool]] = []
    for k, t in enumerate(deal.tricks):
        for p in t.plays:
            pos = positions[-1]
            move = game.move_of(p.cards)
            judged.append((p.seat, move, p.legal is not False))
            positions.append(game.apply(pos, move))
        assert positions[-1].leader == t.winner or game.to_move(positions[-1]) is None, k
    if whole < len(flat):
        judge_partial(rs, free, game, positions, judged, flat, whole, ctx, leader)

    analyst = Analyst(rs, game, tuple(kitty))
    return analysed_within(budget, analyst, game, positions, judged if review else [], partial, alternatives)


def analysed_within(
    budget: int,
    an: Analyst,
    game: CardGame | MultiGame,
    positions: list[Pos],
    judged: list[tuple[int, Move, bool]],
    partial: bool = False,
    alternatives: bool = False,
) -> Analysis:
    """:func:`_analyse` within ``budget`` positions (a pure-Python search, its share of them),
    refused past it (``too_complex``)."""
    meter = game.meter
    meter.limit = budget if game.compiled else max(1, budget // PURE_SHARE)
    try:
        return _analyse(an, game, positions, judged, meter, partial, alternatives)
    except TooComplex:
        raise AnalysisError(
            "too_complex", f"the analysis needs more than {meter.limit} positions", budget=meter.limit
        ) from None


def _analyse(
    an: Analyst,
    game: CardGame | MultiGame,
    positions: list[Pos],
    judged: list[tuple[int, Move, bool]],
    meter: Meter,
    partial: bool = False,
    alternatives: bool = False,
) -> Analysis:
    rs = an.rs
    limit = meter.limit
    last = positions[-1]
    to_move = game.to_move(last)
    moves: list[MoveValue] = []
    unvalued: tuple[Card | tuple[Card, ...], ...] = ()
    if to_move is None:
        value = an.values(last)
    elif partial:
        value, moves, unvalued = _value_first(an, game, last, rs.side_of(to_move))
    else:
        value, moves = _every_move(an, game, last, rs.side_of(to_move))
    goals = an.goals(last)
    reviews: list[PlayReview | None] = [None] * len(judged)
    # a play's review asks its side's values alone; each side's last one found is its next guess
    guess = list(value)
    first = 0  # the first play reviewed
    j = len(judged)
    if partial and alternatives:
        meter.limit = max(meter.nodes + 1, limit - limit // 10)
    try:
        for j in range(len(judged) - 1, -1, -1):
            seat, move, legal = judged[j]
            before, after = positions[j], positions[j + 1]
            side = rs.side_of(seat)
            v_after = an.value(after, side, guess[side])
            v_before = guess[side] = an.value(before, side, v_after)
            best = _plays_after(game, before, functools.partial(an.at_least, side=side, t=v_before))
            reviews[j] = PlayReview(
                seat,
                _as_play(game, move),
                legal,
                v_before - v_after if legal else None,
                an.lost(before, after, side),
                best,
            )
    except TooComplex:
        # a partial review keeps the whole tricks after the play it could not finish
        first = -(-(j + 1) // rs.seats) * rs.seats
        if not partial or first >= len(judged):
            raise
    finally:
        meter.limit = limit  # the rest, and a refusal's message, are the whole budget's
    for k in range(first):
        seat, move, legal = judged[k]
        reviews[k] = PlayReview(seat, _as_play(game, move), legal, None, (), ())
    plays = tuple(r for r in reviews if r is not None)
    turning = next((j for j, r in enumerate(plays) if r.lost_goals), None)
    back: int | None = None
    given: tuple[str, ...] = ()
    if turning is not None:
        # every play after the turning point was reviewed: each position's goals are known
        side, lost = rs.side_of(plays[turning].seat), plays[turning].lost_goals
        for j in range(turning + 1, len(plays)):
            given = tuple(g for g in lost if an.goals_of(positions[j + 1], side)[g])
            if given:
                back = j
                break
    keeps = None
    if alternatives and turning is not None:
        try:
            side, lost = rs.side_of(plays[turning].seat), plays[turning].lost_goals
            keeps = _plays_after(
                game, positions[turning], lambda child: all(an.forces(child, side, g) for g in lost)
            )
        except TooComplex:
            pass  # the review stands without them
    # the review reached the first lead: its values and goals are known
    opening = positions[0] if first == 0 and len(judged) == len(positions) - 1 else None
    return Analysis(
        to_move=to_move,
        taken=an.taken(last),
        value=value,
        goals=tuple(MappingProxyType(g) for g in goals),
        moves=tuple(moves),
        plays=plays,
        turning_point=turning,
        nodes=meter.nodes,
        reviewed_from=first,
        first_value=None if opening is None else an.values(opening),
        first_goals=None if opening is None else tuple(MappingProxyType(g) for g in an.goals(opening)),
        turning_keeps=keeps,
        unvalued=unvalued,
        turning_back=back,
        given_back=given,
    )


def _every_move(
    an: Analyst, game: CardGame | MultiGame, last: Pos, side: int
) -> tuple[tuple[int, ...], list[MoveValue]]:
    """The position's value and every legal play's."""
    # every play's value is asked anyway, and the position's is theirs by minimax: the mover's
    # side gets the best of them, every other side the worst
    children = []
    lead: tuple[int, ...] | None = None  # the best play's values so far, the next one's guess
    for group in game.classes(last):
        after = game.apply(last, group[0])
        v = an.values(after, lead)
        children.append((group, after, v))
        if lead is None or v[side] > lead[side]:
            lead = v
    value = tuple(
        max(v[s] for _, _, v in children) if s == side else min(v[s] for _, _, v in children)
        for s in range(len(an.sides))
    )
    an.known(last, value)
    moves: list[MoveValue] = []
    for group, after, v in children:
        lost = an.lost(last, after, side)
        moves.extend(MoveValue(_as_play(game, m), v, value[side] - v[side], lost) for m in group)
    return value, moves


def _value_first(
    an: Analyst, game: CardGame | MultiGame, last: Pos, side: int
) -> tuple[tuple[int, ...], list[MoveValue], tuple[Card | tuple[Card, ...], ...]]:
    """The position's value and its best plays, then the other plays' values until the budget
    runs out: the plays valued, and those left (each worse than the best)."""
    groups = game.classes(last)
    after = [game.apply(last, g[0]) for g in groups]
    valued: dict[int, tuple[int, ...]] = {}
    if an.derived:
        # the value is the best play's: a play is valued only where it reaches the best so far,
        # and one that does not is worse than the best, its own value left for later
        top: tuple[int, ...] | None = None
        for i, a in enumerate(after):
            if top is None or an.at_least(a, side, top[side]):
                v = valued[i] = an.values(a, top)
                if top is None or v[side] > top[side]:
                    top = v
        assert top is not None
        value = top
        an.known(last, value)
    else:
        # every other side's entry is the worst of the plays for it: asked of the position itself
        value = an.values(last)
        valued = {i: an.values(a, value) for i, a in enumerate(after) if an.at_least(a, side, value[side])}
    an.goals(last)

    def lines(i: int) -> list[MoveValue]:
        v = valued[i] if i in valued else an.values(after[i], value)
        lost = an.lost(last, after[i], side)
        return [MoveValue(_as_play(game, m), v, value[side] - v[side], lost) for m in groups[i]]

    # the best plays are the least an answer gives: past the budget there is none
    done = {i: lines(i) for i, v in valued.items() if v[side] == value[side]}
    rest = sorted((i for i in range(len(groups)) if i not in done), key=lambda i: i not in valued)
    left: list[int] = []
    for k, i in enumerate(rest):
        try:
            done[i] = lines(i)
        except TooComplex:
            left = sorted(rest[k:])
            break
    moves = [m for i in sorted(done) for m in done[i]]
    return value, moves, tuple(_as_play(game, m) for i in left for m in groups[i])


def _plays_after(
    game: CardGame | MultiGame, pos: Pos, keeps: Callable[[Pos], bool]
) -> tuple[Card | tuple[Card, ...], ...]:
    """The legal plays at ``pos`` whose position after ``keeps`` holds for (one test for each
    class of plays that are the same card)."""
    out: list[Card | tuple[Card, ...]] = []
    for group in game.classes(pos):
        if keeps(game.apply(pos, group[0])):
            out.extend(_as_play(game, m) for m in group)
    return tuple(out)


__all__ = [
    "GOALS",
    "NODE_BUDGET",
    "PURE_SHARE",
    "Analysis",
    "AnalysisError",
    "MoveValue",
    "PlayReview",
    "analyse_deal",
]
