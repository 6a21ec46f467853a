"""A deal with a revoke, built with the engine (seat 0 leads; every play legal except one)."""

from __future__ import annotations

from urllib.parse import urlencode

from rules.engine.tricks import legal_cards, resolve_trick
from rules.engine.variants import resolve


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
