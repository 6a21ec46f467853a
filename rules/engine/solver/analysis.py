"""Exact analysis of a deal with best play (docs/rules.md#analysis): it decides what an analysis
asks of the searches and what it answers.

Given every card's place (the dealt hands; the duel's prikup and solo-twelve's second four as
``prikup``; draw-four's stock in draw order), the plays so far and the table, it answers what the
deal gives with best play from here, which goals each side can still force, what every legal
play of the seat to move leads to, and what each play given cost its side. The deal is played to
its last trick: a queen capture is a goal, not an end. The plays are read and judged by
:func:`~rules.engine.deal.play_deal` (bad input fails exactly as the deal review fails).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from types import MappingProxyType

from ..cards import Card
from ..deal import DealInput, split_plays
from ..inputs import PlayInput, check_table_seat, parse_hands, parse_stock
from ..legality import TrickContext
from ..variants import Ruleset
from .analyst import Analyst
from .answer import Analysis, AnalysisError, MoveValue, PlayReview
from .budget import NODE_BUDGET, Budget, Spent, TimeUp
from .game import CardGame, Game, free_of
from .inputs import judge_partial, unknown_cards
from .multi import MultiGame
from .pos import Move, Pos

REFERENCE_SHARE = 80
"""The reference search (where the compiled one is not built) costs about this many times more a
position: it is given this share of the node budget."""

Judged = list[tuple[int, Move, bool]]
"""Each play given: its seat, its cards and whether the referee judged it legal."""


def analyse_deal(
    rs: Ruleset,
    leader: int,
    hands: Sequence[Sequence[Card | str] | None],
    plays: Sequence[PlayInput] | str,
    *,
    context: TrickContext | None = None,
    stock: Sequence[Card | str] | None = None,
    prikup: Sequence[Sequence[Card | str] | None] | None = None,
    dealer: int | None = None,
    budget: int | Budget = NODE_BUDGET,
    review: bool = True,
    partial: bool = False,
    alternatives: bool = False,
) -> Analysis:
    """:func:`analyse` of the :class:`~rules.engine.deal.DealInput` of these fields."""
    deal = DealInput(rs, leader, hands, plays, context, stock, prikup, dealer)
    return analyse(deal, budget, review=review, partial=partial, alternatives=alternatives)


def analyse(
    deal: DealInput,
    budget: int | Budget = NODE_BUDGET,
    *,
    review: bool = True,
    partial: bool = False,
    alternatives: bool = False,
    reference: bool = False,
) -> Analysis:
    """The exact analysis of a deal (docs/rules.md#analysis), whose ``plays`` may end in the
    middle of a trick (the trick page asks what to play next). ``budget``: the positions it may
    search, or a :class:`Budget` (which may also carry a deadline).

    Raises :class:`AnalysisError` ``incomplete_deal`` when some card's place is unknown (a hand
    or the prikup missing; draw-four without its whole stock), ``too_complex`` past the budget's
    positions, ``solver_timeout`` past its deadline, and the deal's own errors for bad input.

    ``review=False`` leaves ``plays`` empty and ``turning_point`` None: the position alone is
    analysed (the trick page's «Как лучше сыграть?» needs only the moves).

    ``partial=True`` (the deal review's page): the plays are reviewed from the last one back, and
    where the budget runs out the review stops at the start of the trick it reached instead of
    refusing (``reviewed_from``; the turning point is looked for from there). The position itself
    and at least one whole trick must still fit. The position's moves are then found value first:
    its value, the plays that keep it, then every other play's as far as the budget reaches
    (``unvalued``: the rest).

    ``alternatives=True`` (the same page) also looks for ``turning_keeps`` in the same search;
    with ``partial`` a tenth of the budget is kept for it while the plays are reviewed.
    ``reference=True``: the plain reference search even where the compiled one is built.
    """
    rs = deal.rs
    missing = unknown_cards(rs, deal.hands, deal.prikup, deal.stock)
    if missing:
        codes = [c.code for c in missing]
        raise AnalysisError(
            "incomplete_deal", "the place of some cards is unknown: " + " ".join(codes), cards=codes
        )
    leader = check_table_seat(rs, deal.leader)
    flat = list(split_plays(rs, deal.plays))
    whole = len(flat) - len(flat) % rs.seats
    free = free_of(rs)
    ctx = deal.context or TrickContext()
    played = replace(deal, rs=free, plays=flat[:whole], context=ctx).play()  # type: ignore[arg-type]
    spend = budget if isinstance(budget, Budget) else Budget(budget)
    dealt = [tuple(h) for h in parse_hands(rs, deal.hands) if h is not None]
    game: Game
    if rs.multi_card_leads:
        pile = parse_stock(rs, deal.stock or [], set()) if rs.draws else []
        game = MultiGame(rs, free, dealt, pile, leader, ctx, spend, reference=reference)
    else:
        rounds = [dealt]
        if rs.rounds > 1 and deal.prikup is not None:
            rounds.append([tuple(h) for h in parse_hands(rs, deal.prikup) if h is not None])
        game = CardGame(rs, rounds, leader, ctx, spend, reference=reference)
    positions, judged = [game.start()], []
    for t in played.tricks:
        for p in t.plays:
            move = game.move_of(p.cards)
            judged.append((p.seat, move, p.legal is not False))
            positions.append(game.apply(positions[-1], move))
    if whole < len(flat):
        judge_partial(rs, free, game, positions, judged, flat, whole, ctx, leader)
    kitty = [0] * len(rs.sides)
    kitty[rs.side_of(played.dealer if played.dealer is not None else (leader - 1) % rs.seats)] += sum(
        c.points for c in played.kitty
    )
    analyst = Analyst(rs, game, tuple(kitty))
    return analysed_within(analyst, game, positions, judged if review else [], partial, alternatives)


def analysed_within(
    an: Analyst,
    game: Game,
    positions: list[Pos],
    judged: Judged,
    partial: bool = False,
    alternatives: bool = False,
) -> Analysis:
    """:func:`_analyse` within the game's budget (the reference search, its share of it),
    refused past it (``too_complex``, ``solver_timeout``)."""
    budget = game.budget
    if game.reference:
        budget.limit = max(1, budget.limit // REFERENCE_SHARE)
    try:
        return _analyse(an, game, positions, judged, partial, alternatives)
    except TimeUp:
        raise AnalysisError(
            "solver_timeout", f"the analysis needs more than {budget.seconds} s", seconds=budget.seconds
        ) from None
    except Spent:
        raise AnalysisError(
            "too_complex", f"the analysis needs more than {budget.limit} positions", budget=budget.limit
        ) from None


def _as_play(game: Game, move: Move) -> Card | tuple[Card, ...]:
    cards = game.cards(move)
    return cards if game.multi else cards[0]


def _analyse(
    an: Analyst, game: Game, positions: list[Pos], judged: Judged, partial: bool, alternatives: bool
) -> Analysis:
    rs = an.rs
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
    plays, first = _reviews(an, game, positions, judged, value, partial, alternatives)
    turning = next((j for j, r in enumerate(plays) if r.lost_goals), None)
    back: int | None = None
    given: tuple[str, ...] = ()
    keeps: tuple[Card | tuple[Card, ...], ...] | None = None
    if turning is not None:
        side, lost = rs.side_of(plays[turning].seat), plays[turning].lost_goals
        # every play after the turning point was reviewed: each position's goals are known
        for j in range(turning + 1, len(plays)):
            given = tuple(g for g in lost if an.goals_of(positions[j + 1], side)[g])
            if given:
                back = j
                break
        if alternatives:
            try:
                keeps = _plays_after(
                    game, positions[turning], lambda p: all(an.forces(p, side, g) for g in lost)
                )
            except Spent:
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
        nodes=game.budget.nodes,
        reviewed_from=first,
        first_value=None if opening is None else an.values(opening),
        first_goals=None if opening is None else tuple(MappingProxyType(g) for g in an.goals(opening)),
        turning_keeps=keeps,
        unvalued=unvalued,
        turning_back=back,
        given_back=given,
    )


def _reviews(
    an: Analyst,
    game: Game,
    positions: list[Pos],
    judged: Judged,
    value: tuple[int, ...],
    partial: bool,
    alternatives: bool,
) -> tuple[tuple[PlayReview, ...], int]:
    """Each play given, reviewed from the last one back, and the index of the first reviewed:
    a partial review past the budget keeps the whole tricks after the play it could not finish."""
    rs, budget = an.rs, game.budget
    limit = budget.limit
    reviews: list[PlayReview | None] = [None] * len(judged)
    # a play's review asks its side's values alone; each side's last one found is its next guess
    guess = list(value)
    first = 0
    j = len(judged)
    if partial and alternatives:
        budget.limit = max(budget.nodes + 1, limit - limit // 10)
    try:
        for j in range(len(judged) - 1, -1, -1):
            seat, move, legal = judged[j]
            before, after = positions[j], positions[j + 1]
            side = rs.side_of(seat)
            v_after = an.value(after, side, guess[side])
            v_before = guess[side] = an.value(before, side, v_after)
            best = _plays_after(game, before, functools.partial(an.at_least, side=side, t=v_before))
            cost = v_before - v_after if legal else None
            reviews[j] = PlayReview(
                seat, _as_play(game, move), legal, cost, an.lost(before, after, side), best
            )
    except Spent as e:
        first = -(-(j + 1) // rs.seats) * rs.seats
        if (
            not partial or first >= len(judged) or isinstance(e, TimeUp)
        ):  # partial only by nodes, the same on every machine
            raise
    finally:
        budget.limit = limit  # the rest, and a refusal's message, are the whole budget's
    for k in range(first):
        seat, move, legal = judged[k]
        reviews[k] = PlayReview(seat, _as_play(game, move), legal, None, (), ())
    return tuple(r for r in reviews if r is not None), first


def _every_move(an: Analyst, game: Game, last: Pos, side: int) -> tuple[tuple[int, ...], list[MoveValue]]:
    """The position's value and every legal play's."""
    # every play's value is asked anyway, and the position's is theirs by minimax: the mover's
    # side gets the best of them, every other side the worst; the plays come in the order the
    # search tries them, so the first is often the best and the next ones' guess
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
    found = {min(group): (after, v) for group, after, v in children}
    moves: list[MoveValue] = []
    for group in _as_listed(game, last, [g for g, _, _ in children]):
        after, v = found[min(group)]
        lost = an.lost(last, after, side)
        moves.extend(MoveValue(_as_play(game, m), v, value[side] - v[side], lost) for m in group)
    return value, moves


def _value_first(
    an: Analyst, game: Game, last: Pos, side: int
) -> tuple[tuple[int, ...], list[MoveValue], tuple[Card | tuple[Card, ...], ...]]:
    """The position's value and its best plays, then the other plays' values until the budget
    runs out: the plays valued, and those left (each worse than the best)."""
    groups = _as_listed(game, last, game.classes(last))
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
        except TimeUp:
            raise
        except Spent:
            left = sorted(rest[k:])
            break
    moves = [m for i in sorted(done) for m in done[i]]
    return value, moves, tuple(_as_play(game, m) for i in left for m in groups[i])


def _plays_after(game: Game, pos: Pos, keeps: Callable[[Pos], bool]) -> tuple[Card | tuple[Card, ...], ...]:
    """The legal plays at ``pos`` whose position after ``keeps`` holds for (one test for each
    group of plays alike)."""
    groups = _as_listed(game, pos, game.classes(pos))
    return tuple(_as_play(game, m) for g in groups if keeps(game.apply(pos, g[0])) for m in g)


def _as_listed(game: Game, pos: Pos, groups: list[list[Move]]) -> list[list[Move]]:
    """The groups of plays in the order of the legal plays: each group where its first play is,
    its plays in their order."""
    at = {m: i for i, m in enumerate(game.legal(pos))}
    listed = [sorted(g, key=at.__getitem__) for g in groups]
    return sorted(listed, key=lambda g: at[g[0]])
