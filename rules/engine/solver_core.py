"""The exact search behind :func:`~rules.engine.solver.analyse_deal` for the one-card games.

A position is the cards each seat holds (a bit set per seat), the cards to come in a later round
(the duel's prikup, solo-twelve's second four), the trick on the table and the suits led so far.
The search answers "how much of the rest can this coalition make sure of?" for one reward at a
time: card points, tricks (Lyusya) or a queen capture (docs/rules.md#analysis).

The rules come from the engine, never from here: which cards a seat may lead or answer with is
:func:`~rules.engine.legality.legal_cards`, asked once per hand and kept; who takes a trick is
the ruleset's own ladder (``Ruleset.trumps`` and ``Ruleset.plain_cards``), in the order that
:func:`~rules.engine.tricks.resolve_trick` ranks them (the tests hold the two equal on random
tricks of every variant).

The search is fail-soft alpha-beta, asked zero-window questions (MTD(f)): a transposition
table at trick boundaries holds bounds on the rest of the deal, with the best lead it found;
cards of one hand that no live card separates and that are worth the same are searched once;
moves are tried in an order that usually cuts first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import SUITS, Card, KozelError
from .legality import TrickContext, legal_cards
from .variants import Ruleset

POINTS, TRICKS, CAPTURE = 0, 1, 2
"""What a search counts: card points, tricks taken, or a queen capture made (1 or 0)."""

_INF = 10_000


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


class Rules:
    """One deal's legality, from the engine, kept per hand: the seat's cards, the lead (or
    None), the suits led so far. ``first_leader`` and the context are the deal's."""

    def __init__(
        self,
        rs: Ruleset,
        tb: Tables,
        context: TrickContext,
        first_leader: int,
        dealt: Sequence[Sequence[int]],
    ) -> None:
        self.rs, self.tb, self.ctx = rs, tb, context
        self.first_leader = first_leader
        self.dealt = dealt  # per round, each seat's cards: a hand tells the trick number
        self.keep_suits = rs.ace_discard_ban  # the only rule that reads the suits led so far
        self.answers_kept: dict[int, int] = {}  # by the key answers() makes
        self._leads: dict[int, int] = {}

    def _ctx(self, ls: int, trick_number: int | None) -> TrickContext:
        c = self.ctx
        suits = frozenset(s for g, s in enumerate(SUITS) if ls >> g & 1)
        return TrickContext(c.hand_number, c.score, self.first_leader, suits, trick_number)

    def answers(self, seat: int, hand: int, lead: int, ls: int) -> int:
        """Kept by the led group, not the led card (legal_cards reads no more of the lead), and
        by the seat only for the blind seat (the only seat whose answers differ)."""
        key = hand | self.tb.grp[lead] << 40 | (seat == self.rs.blind_seat) << 46 | ls << 49
        m = self.answers_kept.get(key)
        if m is None:
            tb = self.tb
            got = legal_cards(
                self.rs, cards_of(tb, hand), tb.cards[lead], seat=seat, context=self._ctx(ls, None)
            )
            m = self.answers_kept[key] = mask_of(tb, got)
        return m

    def trick_number(self, seat: int, hand: int) -> int:
        before = 0
        for round_hands in self.dealt:
            dealt = round_hands[seat]
            if hand & dealt == hand:
                return before + bin(dealt).count("1") - bin(hand).count("1") + 1
            before += bin(dealt).count("1")
        return before + 1

    def leads(self, seat: int, hand: int, ls: int) -> int:
        key = hand | seat << 40 | ls << 43
        m = self._leads.get(key)
        if m is None:
            tb = self.tb
            number = self.trick_number(seat, hand)
            got = legal_cards(self.rs, cards_of(tb, hand), None, seat=seat, context=self._ctx(ls, number))
            m = self._leads[key] = mask_of(tb, got)
        return m


class Search:
    """One coalition (the seats that play together against all the others) and one reward:
    a transposition table of its own, kept across every question asked of the same deal.

    The deal's rounds (each seat's cards as dealt, round by round) are the rules' ``dealt``.
    """

    def __init__(
        self,
        rules: Rules,
        seats: int,
        coalition: frozenset[int],
        mode: int,
        capture: tuple[int, int] | None,
        meter: Meter,
    ) -> None:
        self.rules = rules
        self.n = seats
        self.coalition = coalition
        self.mode = mode
        self.meter = meter
        self.rounds = [tuple(r) for r in rules.dealt]
        self.capture = capture
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self._run = self._build()

    def rest(self, hands: Sequence[int], trick: Sequence[tuple[int, int]], rnd: int) -> int:
        """The most the coalition could still get: the bound the search starts from."""
        tb = self.rules.tb
        later = self.rounds[rnd + 1 :]
        live = sum(hands) | sum(1 << c for _, c in trick)
        for hs in later:
            live |= sum(hs)
        if self.mode == POINTS:
            return sum(tb.pts[c] for c in range(len(tb.cards)) if live >> c & 1)
        if self.mode == TRICKS:
            return max(bin(h).count("1") for h in hands) + sum(bin(hs[0]).count("1") for hs in later)
        assert self.capture is not None
        catcher, queen = self.capture
        # a capture is still to be made only with the coalition's catcher and the others' queen,
        # both to be played in this round or both in one round to come
        now = tuple(h | sum(1 << c for s2, c in trick if s2 == s) for s, h in enumerate(hands))
        for hs in (now, *later):
            held = {c: s for c in (catcher, queen) for s, h in enumerate(hs) if h >> c & 1}
            if len(held) == 2:
                mine = self.coalition
                return 1 if held[catcher] in mine and held[queen] not in mine else 0
        return 0

    def _build(self) -> Callable[[list[int], int, int, tuple[tuple[int, int], ...], int, int, int], int]:
        rules, meter, n, mode = self.rules, self.meter, self.n, self.mode
        tb = rules.tb
        T, grp, between, led_bit, pts = tb.ntrumps, tb.grp, tb.between, tb.led_bit, tb.pts
        maxs = tuple(s in self.coalition for s in range(n))
        nxt = tuple((s + 1) % n for s in range(n))
        last_i = n - 1
        tt = self.tt
        keep_suits = rules.keep_suits
        answers, leads = rules.answers, rules.leads
        d = len(tb.cards)
        # what a card adds to the trick's count, by the side of the seat that plays it
        wmax: Sequence[int]
        wmin: Sequence[int]
        eq: Sequence[int]
        if mode == POINTS:
            wmax = wmin = pts
            eq = pts
        elif mode == TRICKS:
            wmax = wmin = (0,) * d
            eq = (0,) * d
        else:
            assert self.capture is not None
            catcher, queen = self.capture
            wl = [0] * d
            wr = [0] * d
            wl[catcher], wl[queen] = 1, 4  # the coalition's own catcher / own queen
            wr[catcher], wr[queen] = 4, 2  # the others'
            wmax, wmin = tuple(wl), tuple(wr)
            eq = tuple(100 + c if c in (catcher, queen) else 0 for c in range(d))
        weights = tuple(wmax if m else wmin for m in maxs)
        hands: list[int] = [0] * n
        pending: list[tuple[int, ...]] = []

        mcache: dict[int, tuple[int, ...]] = {}
        acache = rules.answers_kept
        blind = rules.rs.blind_seat

        def moves_of(legal: int, live: int) -> tuple[int, ...]:
            key = legal | live << 40
            got = mcache.get(key)
            if got is not None:
                return got
            ms: list[int] = []
            prev = -1
            while legal:
                b = legal & -legal
                c = b.bit_length() - 1
                legal ^= b
                if prev >= 0 and eq[c] == eq[prev] and not live & between[prev][c]:
                    prev = c  # the same card as the one before for every purpose: searched once
                    continue
                ms.append(c)
                prev = c
            got = mcache[key] = tuple(ms)
            return got

        def trick(leader: int, alpha: int, beta: int, rem: int, ls: int) -> int:
            if rem <= alpha:
                return rem
            if beta <= 0:
                return 0
            h = hands[leader]
            if not h:
                if not pending:
                    return 0
                nxt_round = pending.pop()
                hands[:] = nxt_round
                try:
                    return trick(leader, alpha, beta, rem, ls)
                finally:
                    hands[:] = [0] * n
                    pending.append(nxt_round)
            if not h & (h - 1) and not pending:
                # the last trick: one card each, nothing to choose
                meter.nodes += 1
                best = h.bit_length() - 1
                bseat, tp = leader, weights[leader][best]
                s = nxt[leader]
                while s != leader:
                    x = hands[s].bit_length() - 1
                    if x < best and (x < T or grp[x] == grp[best]):
                        best, bseat = x, s
                    tp += weights[s][x]
                    s = nxt[s]
                if mode == POINTS:
                    return tp if maxs[bseat] else 0
                if mode == TRICKS:
                    return 1 if maxs[bseat] else 0
                return 1 if tp == 3 else 0
            key = (leader, ls, *hands) if keep_suits else (leader, *hands)
            e = tt.get(key)
            if e is not None:
                lo, hi, bm = e
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi, bm = 0, rem, -1
            a0, b0 = alpha, beta
            meter.nodes += 1
            if meter.nodes > meter.limit:
                raise TooComplex("too_complex")
            live = sum(hands)
            ms = list(moves_of(leads(leader, h, ls), live))
            if bm >= 0 and ms[0] != bm and bm in ms:  # the best lead of an earlier visit first
                ms.remove(bm)
                ms.insert(0, bm)
            ismax = maxs[leader]
            wt = weights[leader]
            seat2 = nxt[leader]
            v = -_INF if ismax else _INF
            best_move = -1
            for c in ms:
                hands[leader] = h ^ (1 << c)
                child = node(1, seat2, c, c, leader, wt[c], alpha, beta, rem, ls, live)
                hands[leader] = h
                if ismax:
                    if child > v:
                        v, best_move = child, c
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                break
                elif child < v:
                    v, best_move = child, c
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            break
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            tt[key] = (lo, hi, best_move)
            return v

        def node(
            i: int,
            seat: int,
            lead: int,
            best: int,
            bseat: int,
            tp: int,
            alpha: int,
            beta: int,
            rem: int,
            ls: int,
            live: int,
        ) -> int:
            meter.nodes += 1
            h = hands[seat]
            legal = acache.get(h | grp[lead] << 40 | (seat == blind) << 46 | ls << 49)
            if legal is None:
                legal = answers(seat, h, lead, ls)
            ms = mcache.get(legal | live << 40)
            if ms is None:
                ms = moves_of(legal, live)
            ismax = maxs[seat]
            wt = weights[seat]
            last = i == last_i
            if len(ms) > 1:
                bg = grp[best]
                if maxs[bseat] == ismax:  # the own side holds the trick: points first
                    ms = tuple(sorted(ms, key=pts.__getitem__, reverse=True))
                else:  # take it as cheaply as possible, else give the least
                    win = [c for c in ms if c < best and (c < T or grp[c] == bg)]
                    lose = [c for c in ms if not (c < best and (c < T or grp[c] == bg))]
                    win.reverse()
                    lose.sort(key=pts.__getitem__)
                    ms = (*win, *lose)
            v = -_INF if ismax else _INF
            for c in ms:
                hands[seat] = h ^ (1 << c)
                if c < best and (c < T or grp[c] == grp[best]):
                    nb, ns = c, seat
                else:
                    nb, ns = best, bseat
                ntp = tp + wt[c]
                if last:
                    if mode == POINTS:
                        rem2 = rem - ntp
                        g = ntp if maxs[ns] else 0
                    elif mode == TRICKS:
                        rem2 = rem - 1
                        g = 1 if maxs[ns] else 0
                    else:
                        g = 1 if ntp == 3 else 0
                        rem2 = 0 if ntp else rem
                    child = g + trick(ns, alpha - g, beta - g, rem2, ls | led_bit[lead])
                else:
                    child = node(i + 1, nxt[seat], lead, nb, ns, ntp, alpha, beta, rem, ls, live)
                hands[seat] = h
                if ismax:
                    if child > v:
                        v = child
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                break
                elif child < v:
                    v = child
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            break
            return v

        def run(
            start: list[int],
            leader: int,
            rnd: int,
            trick_so_far: tuple[tuple[int, int], ...],
            ls: int,
            alpha: int,
            beta: int,
        ) -> int:
            hands[:] = start
            pending[:] = list(reversed(self.rounds[rnd + 1 :]))
            rem = self.rest(start, trick_so_far, rnd)
            if not trick_so_far:
                return trick(leader, alpha, beta, rem, ls)
            lead = trick_so_far[0][1]
            best, bseat, tp = lead, leader, 0
            for s, c in trick_so_far:
                if c < best and (c < T or grp[c] == grp[best]):
                    best, bseat = c, s
                tp += weights[s][c]
            live = sum(start) | sum(1 << c for _, c in trick_so_far)
            i = len(trick_so_far)
            seat = trick_so_far[-1][0]
            return node(i, nxt[seat], lead, best, bseat, tp, alpha, beta, rem, ls, live)

        return run

    def search(
        self,
        hands: Sequence[int],
        leader: int,
        rnd: int,
        trick: tuple[tuple[int, int], ...],
        ls: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Fail-soft alpha-beta: the coalition's count from here on, or a bound past the window."""
        return self._run(list(hands), leader, rnd, trick, ls, alpha, beta)


class Meter:
    """Nodes searched, shared by every search of one analysis, and where to stop."""

    def __init__(self, limit: int) -> None:
        self.nodes = 0
        self.limit = limit
