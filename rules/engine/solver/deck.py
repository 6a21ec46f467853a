"""A ruleset's cards as the searches see them: it decides which bit is which card.

Trumps come first, high to low, then each plain suit high to low, so that within a group a lower
bit is the stronger card, and who takes a trick of single cards is a comparison of bits (the
ruleset's own ladder, ``Ruleset.trumps`` and ``Ruleset.plain_cards``, in the order that
:func:`~rules.engine.tricks.resolve_trick` ranks them: the tests hold the two equal).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import SUITS, Card
from ..variants import Ruleset


@dataclass(frozen=True)
class Deck:
    """One ruleset's cards as bits. ``kind``: what a card is to the rules besides its place in
    the ladder (its worth, printed suit and, where leads of one rank go together, rank; the
    capture's two stand for themselves), the same number for cards that play alike where
    nothing live lies between them."""

    cards: tuple[Card, ...]  # bit -> card
    bit: dict[Card, int]
    pts: tuple[int, ...]
    grp: tuple[int, ...]  # 0 = trumps, 1-4 = plain suits in SUITS order
    ntrumps: int
    kind: tuple[int, ...]
    group_mask: tuple[int, ...]  # per group, its cards
    by_worth: tuple[tuple[int, int], ...]  # each card value with the cards worth it, the fewest first

    @classmethod
    def of(cls, rs: Ruleset) -> Deck:
        order: list[Card] = list(rs.trumps)
        grp = [0] * len(order)
        for g, suit in enumerate(SUITS, start=1):
            plain = rs.plain_cards(suit)
            order.extend(plain)
            grp.extend([g] * len(plain))
        d = len(order)
        special = set(rs.capture or ())
        kinds: dict[object, int] = {}
        multi, rank = rs.multi_card_leads, rs.rank_leads  # what parts cards of one worth besides
        kind = tuple(
            kinds.setdefault(c if c in special else (c.points, multi and c.suit, rank and c.rank), len(kinds))
            for c in order
        )
        return cls(
            cards=tuple(order),
            bit={c: i for i, c in enumerate(order)},
            pts=tuple(c.points for c in order),
            grp=tuple(grp),
            ntrumps=len(rs.trumps),
            kind=kind,
            group_mask=tuple(sum(1 << c for c in range(d) if grp[c] == g) for g in range(len(SUITS) + 1)),
            by_worth=tuple(
                (v, sum(1 << c for c in range(d) if order[c].points == v))
                for v in sorted({c.points for c in order})
            ),
        )

    def mask(self, cards: Iterable[Card]) -> int:
        m = 0
        for c in cards:
            m |= 1 << self.bit[c]
        return m

    def of_mask(self, m: int) -> tuple[Card, ...]:
        return tuple(self.cards[b] for b in bits(m))

    def worth(self, m: int) -> int:
        return sum(v * (m & cards).bit_count() for v, cards in self.by_worth)

    def led_bit(self, c: int) -> int:
        """The led-suits bit of a lead's card (0 for a trump)."""
        return 0 if self.grp[c] == 0 else 1 << (self.grp[c] - 1)


def bits(m: int) -> list[int]:
    """The bits of ``m``, low first."""
    out = []
    while m:
        out.append((m & -m).bit_length() - 1)
        m &= m - 1
    return out


def led_mask(suits: Iterable[str]) -> int:
    """The plain suits led so far as the searches keep them: a bit per suit, in SUITS order."""
    got = set(suits)
    return sum(1 << g for g, s in enumerate(SUITS) if s in got)


def led_suits_of(ls: int) -> frozenset[str]:
    """The suits of a :func:`led_mask`."""
    return frozenset(s for g, s in enumerate(SUITS) if ls >> g & 1)


def blind_seats(rs: Ruleset) -> frozenset[int]:
    """The seats whose every card is legal (docs/tables.md#blind-seat), as a set: the searches
    read them so."""
    return frozenset(rs.blind_seats)
