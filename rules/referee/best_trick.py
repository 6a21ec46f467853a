"""The trick page's «Как лучше сыграть?»: once every player's hand at the start of the trick is
given (``h0``..``h3``, the cards already played in it count as held), each card the seat to move
may play, with the card points its side takes with best play after it (the engine's exact
analysis, :mod:`rules.analysis.exact`). Hands as dealt are the deal's first trick; smaller ones, the
same size each, a trick in its middle: the points are then counted from that trick on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.analysis import exact, gate
from rules.deals import DealIn
from rules.engine.cards import Card, KozelError
from rules.engine.deal import DRAW_HAND
from rules.engine.solver import held_at, last_round, midway_allowed
from rules.engine.tricks import TrickContext
from rules.engine.variants import Ruleset
from rules.messages import card_text

from .best import PlayLine, faces_of, goals_text, play_lines, refused
from .common import Face, side_class
from .trick import TrickQuery


@dataclass
class MoveLine:
    faces: list[Face]
    points: int  # the mover's side's card points with best play after this card
    cost: int
    lost: str
    best: bool


@dataclass
class BestMoves:
    refusal: str = ""
    retry: bool = False  # refused because this worker was solving: the section asks again
    too_big: bool = False  # refused past the node budget: later in the deal it will answer
    mover: str = ""
    moves: list[MoveLine] = field(default_factory=list)
    played: list[PlayLine] = field(default_factory=list)  # a full trick: what each card cost
    unvalued: list[list[Face]] = field(default_factory=list)  # past the budget: worse than the best
    nodes: int = 0
    midway: bool = False  # a trick in the middle of the deal: points from it on
    multi: bool = False  # a play may be several cards


def best_moves(
    request: HttpRequest,
    rs: Ruleset,
    leader: int,
    hands: Sequence[Any],
    plays: Sequence[Any],
    who: Callable[[int], str],
    context: TrickContext | None = None,
    midway: bool = False,
) -> BestMoves:
    """Every legal card of the seat to move with the points its side gets with best play after
    it, the best first; where the budget runs out after the best cards, the rest without points.
    ``midway``: ``hands`` are held at the start of a trick in the middle of the deal."""
    full = len(plays) == rs.seats
    stock: list[str] | None = (
        [] if midway and rs.draws else None
    )  # the page takes draw-four up once its stock is drawn
    deal = DealIn(rs, leader, hands, list(plays), context=context, stock=stock)
    try:
        a = exact.kept(request, deal, review=full, partial=True, midway=midway)
    except (KozelError, gate.Busy, gate.Limited) as e:
        return BestMoves(**refused(e))
    if full:  # the trick is full: what each of its cards cost
        return BestMoves(played=play_lines(rs, a.plays, who), nodes=a.nodes, midway=midway)
    if a.to_move is None:
        return BestMoves(nodes=a.nodes, midway=midway)
    side = rs.side_of(a.to_move)
    moves = [
        MoveLine(
            faces=faces_of(m.card, rs),
            points=m.value[side],
            cost=m.cost,
            lost=goals_text(list(m.lost_goals)),
            best=m.cost == 0,
        )
        for m in a.moves
    ]
    moves.sort(key=lambda m: (m.cost, -m.points))
    unvalued = [faces_of(c, rs) for c in a.unvalued]
    return BestMoves(
        mover=who(a.to_move),
        moves=moves,
        unvalued=unvalued,
        nodes=a.nodes,
        midway=midway,
        multi=rs.multi_card_leads,
    )


def _hand_text(cards: list[Card] | None) -> str:
    if cards is None:
        return ""
    # a hand known to hold none of the cards asked about reads «нет», not the link's «-»
    return " ".join(card_text(c) for c in cards) if cards else pgettext("a hand holding none of them", "none")


def position(q: TrickQuery) -> tuple[list[list[Card]], list[Any], bool] | None:
    """Every hand at the trick's start (what each seat played in it and what it held besides),
    the plays so far (the whole trick, once full), and whether the trick is in the middle of the
    deal, when every seat's hand is given, the same number each: as dealt (the deal's first
    trick) or fewer (a game dealt in two rounds: in its last, with the trick's number; draw-four:
    once its stock is drawn)."""
    rs = q.rs
    if rs is None or q.problems:
        return None
    n = rs.seats
    if any(not q.held.get(seat) for seat in range(n)):
        return None
    plays = q.plays()
    hands = []
    for seat in range(n):
        own = [c for i, pl in enumerate(plays) if (q.leader + i) % n == seat for c in pl]
        hands.append(own + [c for c in q.held[seat] if c not in own])
    out = [p if rs.multi_card_leads else p[0] for p in plays]
    sizes = {len(h) for h in hands}
    size = sizes.pop()
    if rs.draws:
        # the page takes no stock: draw-four is taken up once it is drawn
        return (hands, out, True) if q.drawn and not sizes and size <= DRAW_HAND else None
    if last_round(rs):
        # a game dealt in two rounds, in its last (the first needs the later cards): the trick's
        # number says how many cards are left
        ok = midway_allowed(rs, q.trick_number) and not sizes and size == held_at(rs, q.trick_number or 0)
        return (hands, out, True) if ok else None
    if sizes or size > rs.hand_size:
        return None
    return hands, out, size < rs.hand_size


def not_held_by_next(q: TrickQuery) -> set[Card]:
    """With every hand given, the cards the next player does not hold: the deck offers only his."""
    pos = position(q)
    if pos is None or q.rs is None or q.full:
        return set()
    return set(q.rs.deck) - set(pos[0][q.next_seat()])


def trick_context(
    request: HttpRequest, q: TrickQuery, link: Callable[[dict[str, str]], str]
) -> dict[str, Any]:
    """The trick page's hand fields and, once every hand is given, its «Как лучше сыграть?»."""
    rs = q.rs
    fields = [
        {"seat": s, "name": q.who(s), "cls": side_class(rs, s), "value": _hand_text(q.held.get(s))}
        for s in range(q.seats)
    ]
    out: dict[str, Any] = {"hand_fields": fields, "hands_open": bool(q.held)}
    pos = position(q)
    if pos is None or rs is None:
        if rs is not None and not q.problems and all(q.held.get(s) for s in range(q.seats)):
            if last_round(rs):
                out["best_hint"] = _(
                    "«How best to play?» works in the second round: give the trick's number under «The hand so far» and every player's cards at its start."
                )
            elif rs.draws and not q.drawn:
                out["best_hint"] = _(
                    "«How best to play?» works once the stock is drawn: tick «The stock is drawn» under the hands, with every player's cards at the start of this trick."
                )
            else:
                out["best_hint"] = _(
                    "«How best to play?» needs every player's cards at the start of this trick, the same number each (%(n)s at the first trick)."
                ) % {"n": DRAW_HAND if rs.draws else rs.hand_size}
        return out
    hands, plays, midway = pos
    url = link(q.params())
    url += ("&" if "?" in url else "?") + "best=1"
    out["best_url"] = out["best_link"] = url
    if request.GET.get("best"):
        # in the middle of the deal the suits led and its first leader are the page's too
        ctx = (
            q.context()
            if midway
            else TrickContext(hand_number=q.hand_number, score=q.score, boaster=q.boaster)
        )
        out["best"] = best_moves(request, rs, q.leader, hands, plays, q.who, ctx, midway)
    return out
