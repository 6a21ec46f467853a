"""Reading an analysis's input: it decides which cards' places are unknown, and judges the trick
on the table as the deal judges a trick (:func:`~rules.engine.solver.analyse_deal`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards import Card, CardNotationError, KozelError
from ..inputs import TrickInputError, parse_hands, parse_play
from ..legality import TrickContext
from ..tricks import Trick, resolve_parsed
from ..variants import Ruleset
from .deck import led_suits_of
from .game import Game
from .pos import Move, Pos


def unknown_cards(
    rs: Ruleset,
    hands: Sequence[Sequence[Card | str] | None],
    prikup: Sequence[Sequence[Card | str] | None] | None,
    stock: Sequence[Card | str] | str | None,
) -> list[Card]:
    """The deck's cards whose place the input does not tell (read leniently: the deal's own
    reading reports bad cards and sizes)."""
    known: set[Card] = set()
    complete = True
    rounds = [hands] if rs.rounds == 1 else [hands, prikup]
    for group in rounds:
        for h in [None] if group is None else parse_hands(rs, group):
            if h is None:
                complete = False
            else:
                known.update(h)
    if rs.draws:
        if stock is None:
            complete = False
        else:
            tokens = stock.replace(",", " ").split() if isinstance(stock, str) else stock
            known.update(parse_play(rs, t, "stock")[0] for t in tokens)
    if complete and rs.kitty and not rs.draws:
        return []  # the cards dealt to nobody lie with the dealer: their place is known
    return [c for c in rs.deck if c not in known]


def judge_prefix(
    rs: Ruleset,
    leader: int,
    plays: Sequence[tuple[Card, ...]],
    holds: Sequence[tuple[Card, ...] | None],
    ctx: TrickContext,
) -> Trick:
    """:func:`~rules.engine.tricks.resolve_parsed` on the first plays of a trick: the seats still
    to play are given the lead's cards and no hand, so only the plays given are judged."""
    n, k = rs.seats, len(plays)
    if k == n or not rs.multi_card_leads:
        return resolve_parsed(rs, leader, plays, holds, ctx)
    padded = [*plays, *([plays[0]] * (n - k))]
    later = {(leader + i) % n for i in range(k, n)}
    hidden = tuple(None if s in later else h for s, h in enumerate(holds))
    t = resolve_parsed(rs, leader, padded, hidden, ctx)
    return Trick(t.leader, t.plays[:k], t.winner, t.winning, t.points, (), t.led_group, t.side)


def judge_partial(
    rs: Ruleset,
    free: Ruleset,
    game: Game,
    positions: list[Pos],
    judged: list[tuple[int, Move, bool]],
    flat: list[object],
    whole: int,
    ctx: TrickContext,
    leader: int | None,
    before: int = 0,
) -> None:
    """The plays of the trick on the table, judged as the deal judges a trick. ``leader``: the
    deal's first leader; ``before``: the tricks played before the game's hands were held."""
    start = positions[-1]
    if game.to_move(start) is None:
        raise TrickInputError(
            "too_many_plays", "the hand is over", field=f"plays[{whole}]", token=str(flat[whole])
        )
    played = {c for _, m, _ in judged for c in game.cards(m)}
    parsed: list[tuple[Card, ...]] = []
    for i in range(whole, len(flat)):
        cards = parse_play(rs, flat[i], f"plays[{i}]")
        for c in cards:
            if c in played:
                raise CardNotationError(
                    "duplicate_card", f"{c} is played twice", token=c.code, field=f"plays[{i}]", card=c.code
                )
            played.add(c)
        parsed.append(cards)
    holds = tuple(game.deck.of_mask(h) for h in start.hands)
    number = before + len(judged) // rs.seats + 1
    tctx = replace(ctx, first_leader=leader, led_suits=led_suits_of(start.ls), trick_number=number)
    try:
        trick = judge_prefix(free, start.leader, parsed, holds, tctx)
    except KozelError as e:
        if e.field and e.field.startswith("plays["):
            i = int(e.field[6 : e.field.index("]")])
            e.field = f"plays[{whole + i}]" + e.field[e.field.index("]") + 1 :]
        raise
    for p in trick.plays:
        move = game.move_of(p.cards)
        judged.append((p.seat, move, p.legal is not False))
        positions.append(game.apply(positions[-1], move))
