"""The solver's view of a ruleset and a deal: cards as bits, and legality from the engine.

The rules come from the engine, never from here: which cards a seat may lead or answer with is
:func:`~rules.engine.legality.legal_cards`, asked once per hand and kept, except where the
engine's own rules settle it without asking (a hand that can follow: :meth:`Rules.followed`; a
table where every card is a lead: :func:`~rules.engine.legality.leads_free`); who takes a trick is
the ruleset's own ladder (``Ruleset.trumps`` and ``Ruleset.plain_cards``), in the order that
:func:`~rules.engine.tricks.resolve_trick` ranks them (the tests hold the two equal on random
tricks of every variant).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .cards import SUITS, Card, KozelError
from .legality import TrickContext, leads_free, legal_cards
from .variants import Ruleset


class TooComplex(KozelError):
    """Raised inside a search when the node budget is spent."""


@dataclass(frozen=True)
class Tables:
    """A ruleset's cards as bits: trumps first, high to low, then each plain suit high to low,
    so that within a group a lower bit is the stronger card."""

    cards: tuple[Card, ...]  # bit -> card
    bit: dict[Card, int]
    pts: tuple[int, ...]
    grp: tuple[int, ...]  # 0 = trumps, 1-4 = plain suits in SUITS order
    ntrumps: int
    between: tuple[tuple[int, ...], ...]  # cards strictly between two cards of one group, else all
    led_bit: tuple[int, ...]  # the led-suits bit of a lead (0 for a trump)
    group_mask: tuple[int, ...]  # per group, its cards
    by_worth: tuple[tuple[int, int], ...]  # each card value with the cards worth it, the fewest first


_TABLES: dict[int, tuple[Ruleset, Tables]] = {}


def tables_of(rs: Ruleset) -> Tables:
    hit = _TABLES.get(id(rs))
    if hit is not None and hit[0] is rs:
        return hit[1]
    order: list[Card] = list(rs.trumps)
    grp = [0] * len(order)
    for g, suit in enumerate(SUITS, start=1):
        plain = rs.plain_cards(suit)
        order.extend(plain)
        grp.extend([g] * len(plain))
    d = len(order)
    full = (1 << d) - 1
    between = tuple(
        tuple(((1 << q) - (1 << (p + 1))) if p < q and grp[p] == grp[q] else full for q in range(d))
        for p in range(d)
    )
    tb = Tables(
        cards=tuple(order),
        bit={c: i for i, c in enumerate(order)},
        pts=tuple(c.points for c in order),
        grp=tuple(grp),
        ntrumps=len(rs.trumps),
        between=between,
        led_bit=tuple(0 if g == 0 else 1 << (g - 1) for g in grp),
        group_mask=tuple(sum(1 << c for c in range(d) if grp[c] == g) for g in range(len(SUITS) + 1)),
        by_worth=tuple(
            (v, sum(1 << c for c in range(d) if order[c].points == v))
            for v in sorted({c.points for c in order})
        ),
    )
    _TABLES[id(rs)] = (rs, tb)
    return tb


def mask_of(tb: Tables, cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << tb.bit[c]
    return m


def cards_of(tb: Tables, m: int) -> list[Card]:
    out = []
    while m:
        b = m & -m
        out.append(tb.cards[b.bit_length() - 1])
        m ^= b
    return out


def beats(tb: Tables, c: int, best: int) -> bool:
    """Does card ``c`` take the trick from ``best``, the card winning it so far?"""
    return c < best and (c < tb.ntrumps or tb.grp[c] == tb.grp[best])


def led_mask(suits: frozenset[str]) -> int:
    """The plain suits led so far as the search keeps them: a bit per suit, in SUITS order."""
    return sum(1 << g for g, s in enumerate(SUITS) if s in suits)


def led_suits_of(ls: int) -> frozenset[str]:
    """The suits of a :func:`led_mask`."""
    return frozenset(s for g, s in enumerate(SUITS) if ls >> g & 1)


def alike(tb: Tables, cards: int, live: int, kind: Sequence[object]) -> dict[int, int]:
    """Each card of ``cards``: the first of its run of cards that are one for every purpose, of
    one ``kind`` with no card of ``live`` (those still to be played) between them in the ladder."""
    one: dict[int, int] = {}
    prev = -1
    for c in range(len(tb.cards)):
        if cards >> c & 1:
            same = prev >= 0 and kind[c] == kind[prev] and not live & tb.between[prev][c]
            one[c] = one[prev] if same else c
            prev = c
    return one


def run_heads(tb: Tables, cards: int, live: int, kind: Sequence[object]) -> tuple[int, ...]:
    """The first card of each run of :func:`alike` cards of ``cards``, low bit first: what a
    search plays where a run is one card for every purpose."""
    return tuple(dict.fromkeys(alike(tb, cards, live, kind).values()))


def fed_heads(tb: Tables, cards: int, live: int, takes: Callable[[int], bool | None]) -> tuple[int, ...]:
    """The cards of ``cards`` a search for card points plays, low bit first, one run at a time:
    cards of one group with no card of ``live`` between them in the ladder beat and lose to the
    same cards, so each takes the tricks any other would. Where ``takes(c)`` tells which side
    takes this trick whichever card of c's run is played (True: the mover's, False: the other),
    only the run's card worth the most (False: the fewest) is played. Another card of the run is
    no better: played later in its place, that card takes the same tricks, and its points help
    the mover no more there than here. (The one rule that reads a card, the plain aces' discard
    ban, holds only in a suit not yet led; a run's card played now is in a suit led by now.)
    Where ``takes`` is None, the first card of each worth, as :func:`run_heads`."""
    pts, between = tb.pts, tb.between
    out: list[int] = []
    prev = pick = -1
    most: bool | None = None
    m = cards
    while m:
        c = (m & -m).bit_length() - 1
        m &= m - 1
        if prev >= 0 and not live & between[prev][c]:
            if most is None:
                if pts[c] != pts[prev]:
                    out.append(c)
            elif pts[c] > pts[pick] if most else pts[c] < pts[pick]:
                pick = c
        else:
            if pick >= 0:
                out.append(pick)
            most = takes(c)
            pick = -1 if most is None else c
            if most is None:
                out.append(c)
        prev = c
    if pick >= 0:
        out.append(pick)
    return tuple(out)


def killers_used(seats: int, coalition: frozenset[int]) -> bool:
    """Whether a search for ``coalition`` tries killer moves first: only where partners play
    together on both sides (against a lone player they cost positions)."""
    return min(len(coalition), seats - len(coalition)) >= 2


def worth(tb: Tables, m: int, k: int = 99, most: bool = True) -> int:
    """What ``k`` cards of ``m`` are worth at the most (``most=False``: at the fewest)."""
    t = 0
    for v, cards in reversed(tb.by_worth) if most else tb.by_worth:
        if k <= 0:
            break
        c = min(k, (m & cards).bit_count())
        t += c * v
        k -= c
    return t


def _lowest(tb: Tables, m: int, k: int) -> int:
    """``k`` cards of ``m`` worth the fewest points (as a set of cards)."""
    out = 0
    for _, cards in tb.by_worth:
        x = m & cards
        while x and k > 0:
            out |= x & -x
            x &= x - 1
            k -= 1
    return out


def run_off(tb: Tables, mine: int, follow: Sequence[int], free: int = 0) -> tuple[int, int]:
    """The tricks and card points the leader (``mine``) makes sure of by leading, one after
    another, cards no other seat can take, with the cards the others must give to them.
    ``follow``: the other hands, each bound to follow suit; ``free``: the hand of a seat that
    need not (the blind seat), else 0.

    First his trumps above everyone else's, all of them where the others run out before they do;
    then, while a seat keeps a trump it may play on a plain card (the free seat always may),
    plain cards above the others' of their suit, as many as each such seat can follow; where
    none does, each plain card above the others' of its suit, every card of a suit the others
    run out of before they do. Each other seat gives one card a trick: at the fewest points, the
    cheapest of each suit as many as it must follow with, the cheapest of the rest for the others."""
    tmask, gmask = (1 << tb.ntrumps) - 1, tb.group_mask
    fts = [h & tmask for h in follow]
    ft, lt = sum(fts) | free & tmask, mine & tmask
    above = lt & ((ft & -ft) - 1) if ft else lt
    k = above.bit_count()
    if not free & tmask and all(k >= f.bit_count() for f in fts):
        above = lt
        k = above.bit_count()
    tricks, got = k, worth(tb, above)
    given = [_lowest(tb, f, k) for f in fts]  # each seat's cards it must give, so far
    # the seats that may trump a plain card: each still holding a trump, as many cards of the
    # suit as it has to follow with (the free seat: none)
    ruffs = [h for h, f in zip(follow, fts, strict=True) if f.bit_count() > k]
    free_ruffs = bool(free & tmask)
    for g in range(1, 5):
        ls, fss = mine & gmask[g], [h & gmask[g] for h in follow]
        fs = sum(fss) | free & gmask[g]
        if not ls or free_ruffs or any(not h & gmask[g] for h in ruffs):
            continue
        above = ls & ((fs & -fs) - 1) if fs else ls
        r = above.bit_count()
        if ruffs:
            k = min(r, *((h & gmask[g]).bit_count() for h in ruffs))
            got += worth(tb, above, k)
        else:
            if not free & gmask[g] and all(r >= f.bit_count() for f in fss):
                above = ls
            k = above.bit_count()
            got += worth(tb, above)
        if k:
            tricks += k
            given = [m | _lowest(tb, f, k) for m, f in zip(given, fss, strict=True)]
    if not tricks:
        return 0, 0
    for h, m in zip(follow, given, strict=True):
        got += worth(tb, m) + worth(tb, h & ~m, tricks - m.bit_count(), most=False)
    return tricks, got + worth(tb, free, tricks, most=False)


class Rules:
    """One deal's legality, from the engine, kept per hand: the seat's cards, the lead (or
    None), the suits led so far. ``first_leader`` and the context are the deal's."""

    def __init__(
        self,
        rs: Ruleset,
        tb: Tables,
        context: TrickContext,
        first_leader: int | None,
        dealt: Sequence[Sequence[int]],
        before: int = 0,
    ) -> None:
        self.rs, self.tb, self.ctx = rs, tb, context
        self.first_leader = first_leader
        self.dealt = dealt  # per round, each seat's cards: a hand tells the trick number
        self.before = before  # tricks played before the hands ``dealt`` were held
        self.keep_suits = rs.ace_discard_ban  # the only rule that reads the suits led so far
        self.free = leads_free(rs)  # every card a lead: the engine need not be asked
        self.answers_kept: dict[int, int] = {}  # by the key answers() makes
        self._leads: dict[int, int] = {}
        self._contexts: dict[tuple[int, int | None], TrickContext] = {}

    def _ctx(self, ls: int, trick_number: int | None) -> TrickContext:
        got = self._contexts.get((ls, trick_number))
        if got is None:
            got = replace(
                self.ctx,
                first_leader=self.first_leader,
                led_suits=led_suits_of(ls),
                trick_number=trick_number,
            )
            self._contexts[(ls, trick_number)] = got
        return got

    def answers(self, seat: int, hand: int, lead: int, ls: int) -> int:
        """Kept by the led group, not the led card (legal_cards reads no more of the lead), and
        by the seat only for the blind seat (the only seat whose answers differ). A hand that
        can follow is not asked: :func:`followed` answers it."""
        f = self.followed(seat, hand, lead)
        if f:
            return f
        key = hand | self.tb.grp[lead] << 40 | (seat == self.rs.blind_seat) << 46 | ls << 49
        m = self.answers_kept.get(key)
        if m is None:
            m = self.answers_kept[key] = self.answer_mask(seat, hand, lead, ls)
        return m

    def followed(self, seat: int, hand: int, lead: int) -> int:
        """The engine's first rule of following (legality._answer_fault, docs/rules.md#following):
        a card of the led group is always an answer, and a hand holding one may play nothing
        else; the blind seat is free. So a hand that can follow answers with its cards of the
        led group without asking the engine (0 where this rule does not settle the answer)."""
        if seat == self.rs.blind_seat:
            return 0
        return hand & self.tb.group_mask[self.tb.grp[lead]]

    def answer_mask(self, seat: int, hand: int, lead: int, ls: int) -> int:
        """The engine's answer, not kept (the compiled search keeps its own)."""
        tb = self.tb
        got = legal_cards(self.rs, cards_of(tb, hand), tb.cards[lead], seat=seat, context=self._ctx(ls, None))
        return mask_of(tb, got)

    def trick_number(self, seat: int, hand: int) -> int:
        before = self.before
        for round_hands in self.dealt:
            dealt = round_hands[seat]
            if hand & dealt == hand:
                return before + bin(dealt).count("1") - bin(hand).count("1") + 1
            before += bin(dealt).count("1")
        return before + 1

    def leads(self, seat: int, hand: int, ls: int) -> int:
        if self.free:
            return hand
        key = hand | seat << 40 | ls << 43
        m = self._leads.get(key)
        if m is None:
            m = self._leads[key] = self.lead_mask(seat, hand, ls)
        return m

    def lead_mask(self, seat: int, hand: int, ls: int) -> int:
        """The engine's leads, not kept."""
        tb = self.tb
        number = self.trick_number(seat, hand)
        got = legal_cards(self.rs, cards_of(tb, hand), None, seat=seat, context=self._ctx(ls, number))
        return mask_of(tb, got)


class Meter:
    """Nodes searched, shared by every search of one analysis, and where to stop."""

    def __init__(self, limit: int) -> None:
        self.nodes = 0
        self.limit = limit
