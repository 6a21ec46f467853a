"""Playing a whole deal out for tests: one loop, the card choice left to the caller."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from rules.engine.cards import Card
from rules.engine.tricks import TrickContext, legal_cards, resolve_trick
from rules.engine.variants import Ruleset

# choose(trick number (1-based), seat, the seat's remaining cards, its legal cards, the trick so far)
Choose = Callable[[int, int, list[Card], list[Card], list[Card]], Card]


def play_out(
    rs: Ruleset, leader: int, hands: Sequence[Sequence[Card]], choose: Choose, ctx: TrickContext | None = None
) -> tuple[list[Card], bool]:
    """Play trick by trick from ``leader`` (the winner leads the next trick, docs/rules.md#winning), with the
    context a deal gives each trick (first leader, suits led so far, trick number). Returns the
    plays in order and whether an event (a queen capture) ended the hand early."""
    remaining = [list(h) for h in hands]
    base = ctx or TrickContext()
    plays: list[Card] = []
    led: set[str] = set()
    current = leader
    for k in range(1, rs.hand_size + 1):
        c = replace(base, first_leader=leader, led_suits=frozenset(led), trick_number=k)
        trick: list[Card] = []
        for i in range(4):
            seat = (current + i) % 4
            hand = remaining[seat]
            legal = legal_cards(rs, hand, trick[0] if trick else None, seat=seat, context=c)
            pick = choose(k, seat, hand, legal, trick)
            hand.remove(pick)
            trick.append(pick)
        if not rs.is_trump(trick[0]):
            led.add(trick[0].suit)
        plays.extend(trick)
        t = resolve_trick(rs, current, trick)
        current = t.winner
        if t.events:
            return plays, True
    return plays, False
