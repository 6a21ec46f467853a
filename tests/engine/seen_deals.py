"""Seeded played deals of every one-card table, and the placements of a view found the slow way:
every way to deal the hidden cards, kept where the engine's referee finds every play before the
judged one legal from the hands it gives."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from typing import Any

from rules.engine import Card, TrickContext, first_leader, legal_cards, play_deal, resolve_trick
from rules.engine.seen import SeenDeal, View, read_deal
from rules.engine.variants import Ruleset

HANDS = [
    "AH 10H KH 9S 8S 7S AD 10D",
    "9H 8H QC JC 7D 8D 9D KD",
    "7H AS 10S KS JS QS QH QD",
    "7C AC 10C KC 9C 8C JH JD",
]
"""A classic-sixes deal for hand-made plays: seat 0 leads hearts, seat 1 holds two, seat 3 none."""


def played(rs: Ruleset, seed: int, context: TrickContext | None = None) -> dict[str, Any]:
    """A random deal of ``rs`` played out with random legal cards (the context as a deal gives it)."""
    rnd = random.Random(seed)
    deck = list(rs.deck)
    rnd.shuffle(deck)
    n, size = rs.seats, rs.hand_size
    rounds = [[deck[(r * n + s) * size : (r * n + s + 1) * size] for s in range(n)] for r in range(rs.rounds)]
    leader = rnd.randrange(n)
    if context is not None and context.hand_number == 1 and rs.lead_rule == "voon":
        leader = first_leader(rs, rounds[0], hand_number=1).seat or 0  # the AD holder leads it
    base = context or TrickContext()
    plays: list[Card] = []
    led: set[str] = set(base.led_suits)
    current = leader
    for k in range(size * rs.rounds):
        hands = rounds[k // size]
        ctx = replace(base, first_leader=leader, led_suits=frozenset(led), trick_number=k + 1)
        trick: list[Card] = []
        for i in range(n):
            seat = (current + i) % n
            legal = legal_cards(rs, hands[seat], trick[0] if trick else None, seat=seat, context=ctx)
            pick = rnd.choice(legal)
            hands[seat].remove(pick)
            trick.append(pick)
        if not rs.is_trump(trick[0]):
            led.add(trick[0].suit)
        plays.extend(trick)
        current = resolve_trick(rs, current, trick, context=ctx).winner
    dealt = [deck[s * size : (s + 1) * size] for s in range(n)]
    prikup = [deck[(n + s) * size : (n + s + 1) * size] for s in range(n)] if rs.rounds > 1 else None
    return {"hands": dealt, "prikup": prikup, "leader": leader, "plays": plays, "context": context}


def seen_deal(rs: Ruleset, d: dict[str, Any], upto: int | None = None) -> SeenDeal:
    """The deal read for the review of what was seen, its plays cut at ``upto``."""
    plays = d["plays"] if upto is None else d["plays"][:upto]
    deal, _ = read_deal(rs, d["leader"], d["hands"], plays, context=d["context"], prikup=d["prikup"])
    return deal


def _assignments(cards: list[Card], sizes: list[int]) -> Any:
    if not sizes:
        yield ()
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in chosen]
        for tail in _assignments(rest, sizes[1:]):
            yield (chosen, *tail)


def agrees(view: View, layout: tuple[tuple[Card, ...], ...]) -> bool:
    """Was every play before the view's a legal one from the hands ``layout`` deals? Whole tricks
    are replayed by the deal review; the trick in progress card by card."""
    deal = view.deal
    rs, n = deal.rs, deal.rs.seats
    hands, prikup = view.hands_of(layout)
    whole = view.index - view.index % n
    d = play_deal(rs, deal.leader, hands, list(deal.plays[:whole]), context=deal.context, prikup=prikup)
    if d.violations:
        return False
    rnd = deal.round_of(view.index)
    held = [list(h) for h in (hands if rnd == 0 else prikup or hands)]
    for i in range(rnd * rs.hand_size * n, whole):
        held[deal.seats[i]].remove(deal.plays[i])
    led = {t.led_group for t in d.tricks if t.led_group != "T"} | set(deal.context.led_suits)
    ctx = replace(
        deal.context, first_leader=deal.leader, led_suits=frozenset(led), trick_number=whole // n + 1
    )
    for i in range(whole, view.index):
        seat = deal.seats[i]
        lead = deal.plays[whole] if i > whole else None
        if deal.plays[i] not in legal_cards(rs, held[seat], lead, seat=seat, context=ctx):
            return False
        held[seat].remove(deal.plays[i])
    return True


def brute_layouts(view: View) -> set[tuple[tuple[Card, ...], ...]]:
    """Every placement of the view's hidden cards that agrees with the plays (small views only)."""
    sizes = [p.size for p in view.places]
    out = set()
    for layout in _assignments(list(view.hidden), sizes):
        key = tuple(tuple(sorted(p, key=lambda c: c.index)) for p in layout)
        if agrees(view, key):
            out.add(key)
    return out


def brute_count_first_round(view: View) -> tuple[int, dict[int, set[Card]]]:
    """For a view in the first of two rounds: the placements that agree, counted by trying every
    way to fill the round's places (the next round's places take the rest, any way), and the
    cards each of the round's places holds in some agreeing placement."""
    now = [p for p, place in enumerate(view.places) if place.rnd == view.deal.round_of(view.index)]
    later = [p for p in range(len(view.places)) if p not in now]
    later_sizes = [view.places[p].size for p in later]
    ways = math.factorial(sum(later_sizes)) // math.prod(math.factorial(k) for k in later_sizes)
    count = 0
    seen: dict[int, set[Card]] = {p: set() for p in now}
    for part in _assignments(list(view.hidden), [view.places[p].size for p in now]):
        rest = [c for c in view.hidden if not any(c in cs for cs in part)]
        layout: list[tuple[Card, ...]] = [()] * len(view.places)
        for p, cs in zip(now, part, strict=True):
            layout[p] = cs
        k = 0
        for p in later:
            layout[p] = tuple(rest[k : k + view.places[p].size])
            k += view.places[p].size
        if agrees(view, tuple(layout)):
            count += ways
            for p, cs in zip(now, part, strict=True):
                seen[p] |= set(cs)
    return count, seen
