"""A deal taken up at a trick in its middle (docs/rules.md#analysis): it decides where a deal may
be taken up, and :func:`analyse_midway` answers as :func:`~rules.engine.solver.analyse_deal` does
from the cards each seat holds at that trick, where the cards already played, and who took them,
are not given."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..deal import DRAW_HAND, DealInput, split_plays
from ..inputs import PlayInput, TrickInputError, check_table_seat, parse_hands, parse_stock
from ..legality import TrickContext
from ..variants import Ruleset
from .analysis import analyse, analysed_within
from .analyst import Analyst
from .answer import Analysis, AnalysisError
from .budget import NODE_BUDGET, Budget
from .game import CardGame, Game, free_of
from .inputs import judge_partial
from .multi import MultiGame
from .pos import Move


def last_round(rs: Ruleset) -> int | None:
    """The first trick of the last round of a one-card game dealt in two (the duel's prikup,
    solo-twelve's second four); None for the other games."""
    if rs.rounds == 1 or rs.multi_card_leads or rs.draws:
        return None
    return rs.hand_size * (rs.rounds - 1) + 1


def held_at(rs: Ruleset, trick_number: int) -> int:
    """The cards each seat of a one-card game holds at the start of trick ``trick_number``."""
    return rs.hand_size * rs.rounds - trick_number + 1


def midway_allowed(rs: Ruleset, trick_number: int | None = None) -> bool:
    """Can :func:`analyse_midway` take up a deal of ``rs`` at trick ``trick_number``? Games dealt
    in one round at any trick (draw-four with what is left of the stock); dealt in two, at a trick
    of the last round (:func:`last_round`), whose number must be given: before it, the later
    round's cards would have to be known too."""
    first = last_round(rs)
    return first is None or (trick_number or 0) >= first


def analyse_midway(
    rs: Ruleset,
    leader: int,
    hands: Sequence[Sequence[Card | str] | None],
    plays: Sequence[PlayInput] | str,
    *,
    context: TrickContext | None = None,
    stock: Sequence[Card | str] | str | None = None,
    budget: int | Budget = NODE_BUDGET,
    review: bool = True,
    partial: bool = False,
    reference: bool = False,
) -> Analysis:
    """The analysis from a trick in the middle of a deal (docs/rules.md#analysis), as
    :func:`analyse_deal` answers it: ``hands`` are what each seat holds at the start of the trick
    (its plays in it included), the same number each, and ``plays`` the trick's plays so far
    (``leader`` led it). The context's ``led_suits`` and ``first_leader`` are the deal's so far;
    in a game dealt in two rounds its ``trick_number`` says the trick is in the last one.
    draw-four needs ``stock``, what is left of it in the order it is drawn (empty once drawn),
    whole rounds of one card a seat: hands of up to 4 cards each, 4 while the stock lasts.

    Who took the cards already played is not known: ``taken`` counts from this trick, ``value``
    is the card points each side takes from here on, and no goal is judged (each None). Hands as
    dealt are the deal's first trick: :func:`analyse_deal` answers, goals and all.

    Only where :func:`midway_allowed` (``midway_unsupported`` otherwise); the hands' errors are
    ``bad_hand``; draw-four without ``stock`` is ``incomplete_deal``.
    """
    ctx = context or TrickContext()
    if not midway_allowed(rs, ctx.trick_number):
        raise AnalysisError(
            "midway_unsupported",
            f"{rs.key} is analysed from the deal's first trick"
            + (f" or a trick of its last round, from trick {last_round(rs)}" if last_round(rs) else ""),
        )
    leader = check_table_seat(rs, leader)
    seen: set[Card] = set()
    held = parse_hands(rs, hands, seen=seen)
    most = DRAW_HAND if rs.draws else rs.hand_size
    sizes = {len(h) for h in held if h is not None}
    if None in held or len(sizes) != 1 or not 0 < min(sizes) <= most:
        need = f"every seat's cards at the trick's start are needed, the same number each, {most} at most"
        raise _bad_hand(need, "hands", repr(hands))
    size = sizes.pop()
    dealt = [h for h in held if h is not None]
    pile: list[Card] = _stock_left(rs, dealt, seen, stock) if rs.draws else []
    before = 0
    if rs.rounds > 1:
        # the last round: the trick's number says how many were played before
        before = (ctx.trick_number or 0) - 1
        if size != held_at(rs, before + 1):
            need = f"at trick {before + 1} every seat holds {held_at(rs, before + 1)} cards"
            raise _bad_hand(need, "hands", repr(hands))
    elif size == rs.hand_size and not rs.draws:
        deal = DealInput(rs, leader, hands, plays, context)
        return analyse(deal, budget, review=review, partial=partial, reference=reference)
    elif not rs.draws:
        before = rs.hand_size - size
    spend = budget if isinstance(budget, Budget) else Budget(budget)
    game: Game
    if rs.multi_card_leads:
        game = MultiGame(rs, free_of(rs), dealt, pile, leader, ctx, spend, midway=True, reference=reference)
    else:
        game = CardGame(rs, [dealt], leader, ctx, spend, before, reference)
    return _taken_up(rs, game, dealt, pile, plays, ctx, before, review, partial)


def _stock_left(
    rs: Ruleset, dealt: list[tuple[Card, ...]], seen: set[Card], stock: Sequence[Card | str] | str | None
) -> list[Card]:
    """draw-four taken up at a trick: what is left of the stock in its order (``seen``: the cards
    held)."""
    if stock is None:  # each card not held may be played or still in the stock
        codes = [c.code for c in rs.deck if c not in seen]
        raise AnalysisError(
            "incomplete_deal",
            "what is left of the stock, in order, is needed: " + " ".join(codes),
            cards=codes,
        )
    pile = parse_stock(rs, stock, seen)
    # the hands are drawn up one card at a time, a stock of whole rounds: they stay even
    if pile and len(dealt[0]) < DRAW_HAND:
        raise _bad_hand(f"every seat holds {DRAW_HAND} cards while the stock lasts", "hands", dealt[0])
    if len(pile) % rs.seats:
        raise _bad_hand(f"the stock holds whole rounds of {rs.seats} cards, not {len(pile)}", "stock", pile)
    return pile


def _bad_hand(message: str, field: str, given: str | Sequence[Card]) -> TrickInputError:
    """``bad_hand`` for the ``field`` given, its first characters the token."""
    token = given if isinstance(given, str) else " ".join(c.code for c in given)
    return TrickInputError("bad_hand", message, field=field, token=token[:40])


def _taken_up(
    rs: Ruleset,
    game: Game,
    dealt: list[tuple[Card, ...]],
    pile: list[Card],
    plays: Sequence[PlayInput] | str,
    ctx: TrickContext,
    before: int,
    review: bool,
    partial: bool,
) -> Analysis:
    """The analysis of ``game`` from its start, after the trick's ``plays``: the points still to
    be played are all there is, and no goal is judged."""
    flat = list(split_plays(rs, plays))
    if len(flat) > rs.seats:
        raise TrickInputError(
            "too_many_plays",
            "the plays of one trick only",
            field=f"plays[{rs.seats}]",
            token=str(flat[rs.seats]),
        )
    positions = [game.start()]
    judged: list[tuple[int, Move, bool]] = []
    if flat:
        judge_partial(rs, free_of(rs), game, positions, judged, flat, 0, ctx, ctx.first_leader, before)
    rest = sum(c.points for h in dealt for c in h) + sum(c.points for c in pile)
    analyst = Analyst(rs, game, (0,) * len(rs.sides), rest)
    return analysed_within(analyst, game, positions, judged if review else [], partial)
