"""Deals built with the engine for the referee's tests: one with a revoke (seat 0 leads; every
play legal except one), whole deals at any table and the same taken up at a later trick, and a
budget cut short."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from rules.engine import AnalysisError, analyse_deal
from rules.engine.deal import play_deal
from rules.engine.solver import Analysis
from rules.engine.tricks import legal_cards, resolve_trick
from rules.engine.variants import get_variant, resolve


def revoke_deal(variant: str = "classic-sixes") -> tuple[dict[str, str], int, int]:
    """Query params of a full deal, the 1-based trick of the first revoke and its seat."""
    rs = resolve(variant)
    deck = sorted(rs.deck, key=lambda c: (c.suit, c.rank))
    hands = [list(deck[s::4]) for s in range(4)]
    rem = [list(h) for h in hands]
    plays, leader, revoke = [], 0, None
    for t in range(rs.hand_size):
        trick = []
        for i in range(4):
            seat = (leader + i) % 4
            ok = legal_cards(rs, rem[seat], trick[0] if trick else None, seat=seat)
            card = ok[0]
            if revoke is None and trick:
                bad = [c for c in rem[seat] if c not in ok]
                if bad:
                    card, revoke = bad[0], (t + 1, seat)
            trick.append(card)
            rem[seat].remove(card)
        plays += trick
        leader = resolve_trick(rs, leader, trick).winner
    assert revoke is not None
    params = {"variant": variant, "leader": "0", "plays": " ".join(c.code for c in plays)}
    for s in range(4):
        params[f"h{s}"] = " ".join(c.code for c in hands[s])
    return params, revoke[0], revoke[1]


def qs(params: dict[str, str]) -> str:
    return urlencode(params)


def table_deal(
    variant: str, seats: int | None = None, options: dict | None = None, leader: int = 0
) -> tuple[dict[str, str], list[list[str]]]:
    """Query params of a whole deal at a table of any seat count, every play legal (the first
    legal card), built with the engine: hands ``h<seat>``, a second round ``k<seat>`` where the
    deal has one, the plays. Also returns each seat's first-round hand as codes."""
    v = get_variant(variant)
    values = {k: v.option(k).from_text(raw) for k, raw in (options or {}).items()}
    rs = resolve(v, values, seats=seats)
    n, size = rs.seats, rs.hand_size
    deck = sorted(rs.deck, key=lambda c: (c.suit, c.rank))
    if rs.kitty:  # the spades high cards are dealt; the cards left over are others
        deck = deck[-rs.kitty :] + deck[: -rs.kitty]
    first = [list(deck[s : n * size : n]) for s in range(n)]
    second = [list(deck[n * size + s : 2 * n * size : n]) for s in range(n)] if rs.rounds > 1 else []
    rem = [list(h) for h in first]
    plays = []
    for t in range(size * rs.rounds):
        if t == size and second:
            rem = [list(h) for h in second]
        trick = []
        for i in range(n):
            seat = (leader + i) % n
            card = legal_cards(rs, rem[seat], trick[0] if trick else None, seat=seat)[0]
            trick.append(card)
            rem[seat].remove(card)
        plays += trick
        leader = resolve_trick(rs, leader, trick).winner
    params = {"variant": variant, "leader": "0", "plays": " ".join(c.code for c in plays)}
    if seats is not None:
        params["seats"] = str(seats)
    for key, value in (options or {}).items():
        params[f"opt_{key}"] = value
    for s in range(n):
        params[f"h{s}"] = " ".join(c.code for c in first[s])
        if second:
            params[f"k{s}"] = " ".join(c.code for c in second[s])
    return params, [[c.code for c in h] for h in first]


RU_FACE = {"J": "В", "Q": "Д", "K": "К", "A": "Т", "C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def ru_faces(codes: str) -> str:
    """Codes as the Russian page writes them in a card field: «KS 10H» → «К♠ 10♥»."""
    return " ".join(RU_FACE.get(c[:-1], c[:-1]) + RU_FACE[c[-1]] for c in codes.split())


def text(resp) -> str:
    """A page's text: the tags taken out, the spaces folded."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", resp.content.decode()))


def past_the_budget(params: dict[str, str], first: list[str]) -> tuple[Analysis, Analysis, int]:
    """The whole answer after ``first``, and a budget under it that refuses the whole answer
    where the engine's partial answer leaves some cards unvalued, with that answer: the most
    such budget, a hundredth at a time (the other plays' points come cheap once the best are
    known)."""
    hands = [params[f"h{s}"].split() for s in range(4)]
    rs = resolve(params["variant"])
    whole = analyse_deal(rs, 0, hands, first, review=False)
    for share in range(99, 49, -1):
        budget = whole.nodes * share // 100
        try:
            analyse_deal(rs, 0, hands, first, review=False, budget=budget)
            continue  # the whole answer still fits
        except AnalysisError:
            pass
        try:
            part = analyse_deal(rs, 0, hands, first, review=False, partial=True, budget=budget)
        except AnalysisError:
            continue
        if part.unvalued:
            return whole, part, budget
    raise AssertionError("no budget leaves a card unvalued")


def taken_up_at(params: dict[str, str], trick: int) -> tuple[list[list[str]], int, list[str]]:
    """A :func:`table_deal` at the start of ``trick`` (the second or later; in the last round of
    a deal dealt in two): each seat's cards then, who leads it, and the plays before it."""
    v = get_variant(params["variant"])
    options = {k[4:]: v.option(k[4:]).from_text(raw) for k, raw in params.items() if k.startswith("opt_")}
    rs = resolve(v, options, seats=int(params["seats"]) if "seats" in params else None)
    n = rs.seats
    before = params["plays"].split()[: (trick - 1) * n]
    hands = [params[f"h{s}"].split() for s in range(n)]
    prikup = [params[f"k{s}"].split() for s in range(n)] if "k0" in params else None
    deal = play_deal(rs, int(params["leader"]), hands, before, prikup=prikup)
    held = [[c for c in hands[s] + (prikup[s] if prikup else []) if c not in before] for s in range(n)]
    return held, deal.tricks[-1].winner, before
