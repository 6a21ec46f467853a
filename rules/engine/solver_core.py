"""The exact search behind :func:`~rules.engine.solver.analyse_deal` for the one-card games.

A position is the cards each seat holds (a bit set per seat), the cards to come in a later round
(the duel's prikup, solo-twelve's second four), the trick on the table and the suits led so far.
The search answers "how much of the rest can this coalition make sure of?" for one reward at a
time: card points, tricks (Lyusya) or a queen capture (docs/rules.md#analysis).

The rules come from the engine (:mod:`~rules.engine.solver_tables`).

The search is fail-soft alpha-beta, asked zero-window questions (MTD(f)): a transposition
table at trick boundaries holds bounds on the rest of the deal, with the best lead it found,
keyed on who holds what among the cards still to play, in ladder order, and what each is worth;
cards of one hand that no live card separates and that are worth the same are searched once, and
in points such a run is one card where the side that takes the trick is settled (the most points
to the mover's side, the fewest to the other: fed_heads); moves are tried in an order that
usually cuts first, and where partners play together on both sides, the move that last cut off
at the same point of the deal (a killer move) before the others unless the table names one. Two
bounds answer a question at a trick's start without searching where they settle it or meet at
one count, and narrow the window where they do not: the top trumps one side holds, with the cards
every seat must give to the tricks they take, and what the leader can run off in a row with the
cards the others must give to it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .solver_tables import Meter, Rules, TooComplex, fed_heads, killers_used, run_heads, run_off, worth

POINTS, TRICKS, CAPTURE = 0, 1, 2
"""What a search counts: card points, tricks taken, or a queen capture made (1 or 0)."""

_INF = 10_000
_PLIES = 41  # a ply's number: the cards still in hand, and this many more for each round to come


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
        self._run, self.start_bounds, self.searched = self._build()

    def rest(self, hands: Sequence[int], trick: Sequence[tuple[int, int]], rnd: int) -> int:
        """The most the coalition could still get: the bound the search starts from."""
        tb = self.rules.tb
        later = self.rounds[rnd + 1 :]
        live = sum(hands) | sum(1 << c for _, c in trick)
        for hs in later:
            live |= sum(hs)
        if self.mode == POINTS:
            return sum(v * (live & cards).bit_count() for v, cards in tb.by_worth)
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

    def _build(
        self,
    ) -> tuple[
        Callable[[list[int], int, int, tuple[tuple[int, int], ...], int, int, int, int], int],
        Callable[[Sequence[int], int, int, int], tuple[int, int]],
        Callable[[Sequence[int], int, int, int, tuple[tuple[int, int], ...]], tuple[int, ...]],
    ]:
        rules, meter, n, mode = self.rules, self.meter, self.n, self.mode
        tb = rules.tb
        T, grp, led_bit, pts = tb.ntrumps, tb.grp, tb.led_bit, tb.pts
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
        gmask = tb.group_mask

        def moves_of(legal: int, live: int) -> tuple[int, ...]:
            key = legal | live << 40
            got = mcache.get(key)
            if got is not None:
                return got
            got = mcache[key] = run_heads(tb, legal, live, eq)
            return got

        ocache: dict[int, tuple[int, ...]] = {}
        # the killer moves, by ply (the cards still to be played): each seat's lead, and each seat's
        # answer to the card holding the trick
        killers = killers_used(n, self.coalition)
        lead_killer: dict[tuple[int, int], int] = {}
        answer_killer: dict[tuple[int, int, int], int] = {}
        tmask = (1 << T) - 1

        def over(x: int) -> int:
            """The cards that beat ``x``."""
            return (1 << x) - 1 if x < T else tmask | gmask[grp[x]] & ((1 << x) - 1)

        def answer_heads(
            legal: int, live: int, best: int, own: bool, later: int, mate: int
        ) -> tuple[int, ...]:
            """The answers searched: in points, a run's one card where the side that takes the
            trick is settled (fed_heads)."""
            if mode != POINTS:
                return moves_of(legal, live)
            bg = grp[best]

            def takes(c: int) -> bool | None:
                if c < best and (c < T or grp[c] == bg):  # it holds the trick
                    return True if not later & over(c) else None
                if own:
                    return True if not later & over(best) else None
                return False if not mate & over(best) else None

            return fed_heads(tb, legal, live, takes)

        def lead_heads(legal: int, live: int, ismax: bool, ls: int) -> tuple[int, ...]:
            """The leads searched: in points, a run's one card where no seat of the other side
            may take the trick, or, at two seats, where the other must."""
            if mode != POINTS:
                return moves_of(legal, live)

            def takes(c: int) -> bool | None:
                above = over(c)
                got = 0
                for s in range(n):
                    if maxs[s] != ismax:
                        got |= answers(s, hands[s], c, ls)
                if not got & above:
                    return True
                return False if n == 2 and not got & ~above else None

            return fed_heads(tb, legal, live, takes)

        def ordered(legal: int, live: int, best: int, own: bool, later: int, mate: int) -> tuple[int, ...]:
            """``later``: what the other side still to play in this trick may answer; ``mate``: what
            the own side still to play may."""
            ms = answer_heads(legal, live, best, own, later, mate)
            if len(ms) < 2:
                return ms
            if own and not later & over(best):  # the own side holds the trick for sure: points first
                return tuple(sorted(ms, key=pts.__getitem__, reverse=True))
            # the cards that take the trick for sure, the most points first; then the winners the
            # other side may still beat, the cheapest first; then the rest, the fewest points first
            bg = grp[best]
            sure: list[int] = []
            win: list[int] = []
            lose: list[int] = []
            for c in reversed(ms):
                if c < best and (c < T or grp[c] == bg):
                    (win if later & over(c) else sure).append(c)
                else:
                    lose.append(c)
            sure.sort(key=pts.__getitem__, reverse=True)
            lose.reverse()
            if not own and mate & over(best):
                # a partner may still take the trick: below a sure winner worth 10 or more, the
                # losing cards, plain cards of another group than the best one's the most points
                # first (for him to take), the others the cheapest first
                big = [c for c in sure if pts[c] >= 10]
                lose.sort(key=lambda c: -pts[c] if c >= T and grp[c] != bg else pts[c])
                return (*big, *lose, *sure[len(big) :], *win)
            lose.sort(key=pts.__getitem__)
            return (*sure, *win, *lose)

        # what a card is for the rest of the deal: its worth (the capture's two stand for themselves)
        kind = tuple(100 + c if self.capture and c in self.capture else pts[c] for c in range(d))

        def position(leader: int, ls: int) -> tuple[tuple[int, ...], int]:
            """A position at a trick's start as the cards still to be played, low bit first, each as
            who holds it (the next round's cards too) and what it is worth, with the number of them
            in each group: positions that differ only in which worthless cards are gone play
            alike and share an entry. With the live cards, to find the best lead's place in them."""
            later = pending[-1] if pending else (0,) * n
            live = sum(hands) | sum(later)
            counts = [0] * 5
            codes: list[int] = []
            m = live
            while m:
                b = m & -m
                c = b.bit_length() - 1
                m ^= b
                o = next((s for s in range(n) if hands[s] & b), -1)
                if o < 0:
                    o = 4 + next(s for s in range(n) if later[s] & b)
                codes.append(o | kind[c] << 3)
                counts[grp[c]] += 1
            return (leader, ls if keep_suits else 0, *counts, *codes), live

        def sure_bounds(rem: int) -> tuple[int, int]:
            """The top trumps still to play, as far as one side holds them all, each win the
            trick they fall in: what they are worth (a trick, for tricks) that side is sure of,
            with the cheapest cards every seat must give to those tricks. As the least and the
            most the coalition gets."""
            later = pending[-1] if pending else (0,) * n
            trumps = (sum(hands) | sum(later)) & tmask
            if not trumps:
                return 0, rem
            side = -1
            sure = 0
            held = [0] * n
            while trumps:
                b = trumps & -trumps
                holder = next((s for s in range(n) if (hands[s] | later[s]) & b), 0)
                if side >= 0 and maxs[holder] != side:
                    break
                side = maxs[holder]
                sure += pts[b.bit_length() - 1]
                held[holder] += 1
                trumps ^= b
            if mode == TRICKS:
                sure = 1
            elif not pending:
                # each seat plays one card a trick, so those trumps fall in at least as many
                # tricks as one seat holds of them; in each, every seat of the other side gives a
                # card, and a seat of this side that holds fewer of those trumps gives others
                k = max(held)
                run = (sum(hands) & tmask) ^ trumps
                for s in range(n):
                    if maxs[s] != side:
                        sure += worth(tb, hands[s], k, most=False)
                    elif held[s] < k:
                        sure += worth(tb, hands[s] & ~run, k - held[s], most=False)
            return (sure, rem) if side else (0, rem - sure)

        # what the leader runs off (a bound worth its cost at two seats before the table is read,
        # at more only where the table did not settle the question)
        cash_on = mode != CAPTURE
        others = tuple(tuple(s for s in range(n) if s not in (leader, blind)) for leader in range(n))
        plain = (1 << d) - 1 ^ tmask

        def cashed(leader: int, rem: int, mine: int) -> tuple[int, int]:
            """What the leader runs off, as the least and the most the coalition gets. He runs
            off ``mine``, the cards he may lead now, where they stay leads to the end: every card,
            or every plain card where a lead rule keeps his trumps back (a right he lacks)."""
            h = hands[leader]
            if mine != h and mine != h & plain:
                return 0, rem  # a lead rule that names the card (the deal's first lead)
            free = hands[blind] if blind is not None and blind != leader else 0
            got = run_off(tb, mine, [hands[s] for s in others[leader]], free)[mode != TRICKS]
            return (got, rem) if maxs[leader] else (0, rem - got)

        def trumping(hs: list[int]) -> int:
            """The plain groups, as bits, that one of ``hs`` is out of while holding a trump."""
            out = 0
            for h in hs:
                if h & tmask:
                    out |= sum(1 << g for g in range(1, 5) if not h & gmask[g])
            return out

        def lead_order(ms: tuple[int, ...], ismax: bool, leader: int) -> list[int]:
            """First the plain cards a partner takes for sure (his card of the suit is above the
            other side's, or he has none of it and holds a trump, and none of the other side can
            trump it); then the sure winners (no other side's card can take them), plain cards
            before trumps; each of these the most points first; then the others, the fewest points
            first."""
            opp = [hands[s] for s in range(n) if maxs[s] != ismax]
            mates = [hands[s] for s in range(n) if maxs[s] == ismax and s != leader]
            against, mate = sum(opp), sum(mates)
            ruff, cover = trumping(opp), trumping(mates)

            def score(c: int) -> int:
                g = grp[c]
                if ruff >> g & 1:
                    return -pts[c]  # a seat without its suit may trump it
                if not against & gmask[g] & ((1 << c) - 1):
                    return (1500 if g else 1000) + pts[c]  # no higher card of its group against it
                top = (mate | against) & gmask[g]
                if g and (top & -top & mate or cover >> g & 1):
                    return 2000 + pts[c]
                return -pts[c]

            return sorted(ms, key=score, reverse=True)

        def within(low: int, high: int, alpha: int, beta: int) -> tuple[int | None, int, int]:
            """A bound's answer where it settles the question asked (None where it does not),
            and the window narrowed to the bound, as the table's entry narrows it. A window
            narrowed to nothing is settled too: the bounds meet at the count itself."""
            if low >= beta:
                return low, alpha, beta
            if high <= alpha:
                return high, alpha, beta
            alpha, beta = max(alpha, low), min(beta, high)
            return (alpha if alpha >= beta else None), alpha, beta

        def count() -> None:
            """One more position searched, held to the budget."""
            meter.nodes += 1
            if meter.nodes > meter.limit:
                raise TooComplex("too_complex")

        def card_at(live: int, place: int) -> int:
            if place < 0:
                return -1
            for _ in range(place):
                live &= live - 1
            return (live & -live).bit_length() - 1

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
            # a bound settles the question, or else narrows the window (as the table's do)
            if mode != CAPTURE:
                settled, alpha, beta = within(*sure_bounds(rem), alpha, beta)
                if settled is not None:
                    return settled
            legal = 0  # the cards the leader may lead, asked once
            if cash_on and n == 2:
                legal = leads(leader, h, ls)
                settled, alpha, beta = within(*cashed(leader, rem, legal), alpha, beta)
                if settled is not None:
                    return settled
            if not h & (h - 1) and not pending:
                # the last trick: one card each, nothing to choose
                count()
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
            key, live_all = position(leader, ls)
            e = tt.get(key)
            if e is not None:
                lo, hi, place = e
                bm = card_at(live_all, place)
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:  # exact: within a wider window it would leave none to search
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi, bm = 0, rem, -1
            if cash_on and n > 2:
                legal = leads(leader, h, ls)
                settled, alpha, beta = within(*cashed(leader, rem, legal), alpha, beta)
                if settled is not None:
                    return settled
            a0, b0 = alpha, beta
            count()
            live = sum(hands)
            ismax = maxs[leader]
            ms = lead_order(lead_heads(legal or leads(leader, h, ls), live, ismax, ls), ismax, leader)
            ply = live.bit_count() + _PLIES * len(pending)
            if killers and bm not in ms:  # none of an earlier visit: the last lead that cut at this ply
                bm = lead_killer.get((ply, leader), -1)
            if bm >= 0 and ms[0] != bm and bm in ms:  # the best lead of an earlier visit first
                ms.remove(bm)
                ms.insert(0, bm)
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
            if killers and best_move >= 0 and (v >= b0 if ismax else v <= a0):
                lead_killer[ply, leader] = best_move
            tt[key] = (lo, hi, -1 if best_move < 0 else bin(live_all & ((1 << best_move) - 1)).count("1"))
            return v

        def still(i: int, seat: int, ismax: bool, own: bool, lead: int, ls: int) -> tuple[int, int]:
            """What the other side still to play after the ``i``-th card may answer, and what the
            own side still to play may where the other side holds the trick."""
            later = mate = 0
            s = seat
            for _ in range(i, last_i):
                s = nxt[s]
                if maxs[s] != ismax:
                    later |= answers(s, hands[s], lead, ls)
                elif not own:
                    mate |= answers(s, hands[s], lead, ls)
            return later, mate

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
            count()
            h = hands[seat]
            legal = 0 if seat == blind else h & gmask[grp[lead]]  # Rules.followed
            if not legal:
                kept = acache.get(h | grp[lead] << 40 | (seat == blind) << 46 | ls << 49)
                legal = answers(seat, h, lead, ls) if kept is None else kept
            ismax = maxs[seat]
            last = i == last_i
            own = maxs[bseat] == ismax
            later, mate = still(i, seat, ismax, own, lead, ls)
            # the order hangs on the cards, on who holds the trick with which card, and on what
            # each side still to play may answer
            okey = legal | live << 40 | best << 80 | own << 87 | later << 88 | mate << 128
            ms = ocache.get(okey)
            if ms is None:
                ms = ocache[okey] = ordered(legal, live, best, own, later, mate)
            if killers:
                kk = (live.bit_count() - i + _PLIES * len(pending), seat, best)
                killer = answer_killer.get(kk, -1)
                if killer >= 0 and ms[0] != killer and killer in ms:
                    ms = (killer, *(m for m in ms if m != killer))
            wt = weights[seat]
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
                                if killers:
                                    answer_killer[kk] = c
                                break
                elif child < v:
                    v = child
                    if v < beta:
                        beta = v
                        if v <= alpha:
                            if killers:
                                answer_killer[kk] = c
                            break
            return v

        def holding(leader: int, trick_so_far: tuple[tuple[int, int], ...]) -> tuple[int, int, int]:
            """The card holding a trick begun, its seat, and the trick's count so far."""
            best, bseat, tp = trick_so_far[0][1], leader, 0
            for s, c in trick_so_far:
                if c < best and (c < T or grp[c] == grp[best]):
                    best, bseat = c, s
                tp += weights[s][c]
            return best, bseat, tp

        def at(start: Sequence[int], rnd: int) -> None:
            """The position's hands and the rounds still to come."""
            hands[:] = start
            pending[:] = list(reversed(self.rounds[rnd + 1 :]))

        def run(
            start: list[int],
            leader: int,
            rnd: int,
            trick_so_far: tuple[tuple[int, int], ...],
            ls: int,
            alpha: int,
            beta: int,
            rem: int,
        ) -> int:
            at(start, rnd)
            if not trick_so_far:
                return trick(leader, alpha, beta, rem, ls)
            best, bseat, tp = holding(leader, trick_so_far)
            live = sum(start) | sum(1 << c for _, c in trick_so_far)
            i = len(trick_so_far)
            seat = trick_so_far[-1][0]
            return node(i, nxt[seat], trick_so_far[0][1], best, bseat, tp, alpha, beta, rem, ls, live)

        # for the bench's smallest proof tree (scripts/bench_trees.py): what the search gets free
        # at a trick's start, and the moves it tries

        def at_start(start: Sequence[int], leader: int, rnd: int) -> None:
            """A trick's start: where the leader's round is played out, the next one's hands."""
            at(start, rnd)
            if not hands[leader] and pending:
                hands[:] = pending.pop()

        def start_bounds(start: Sequence[int], leader: int, rnd: int, ls: int) -> tuple[int, int]:
            """The least and the most the coalition gets from a trick's start by the bounds the
            search asks before it counts the position."""
            rem = self.rest(start, (), rnd)
            at_start(start, leader, rnd)
            low, high = sure_bounds(rem) if mode != CAPTURE else (0, rem)
            h = hands[leader]
            if cash_on and (n == 2 or h & (h - 1) or pending):  # at more seats, not at the last trick
                more, less = cashed(leader, rem, leads(leader, h, ls))
                low, high = max(low, more), min(high, less)
            return low, high

        def searched(
            start: Sequence[int], leader: int, rnd: int, ls: int, trick_so_far: tuple[tuple[int, int], ...]
        ) -> tuple[int, ...]:
            """The moves the search tries, in no particular order."""
            if not trick_so_far:
                at_start(start, leader, rnd)
                return lead_heads(leads(leader, hands[leader], ls), sum(hands), maxs[leader], ls)
            at(start, rnd)
            lead = trick_so_far[0][1]
            best, bseat, _ = holding(leader, trick_so_far)
            seat = nxt[trick_so_far[-1][0]]
            ismax = maxs[seat]
            own = maxs[bseat] == ismax
            later, mate = still(len(trick_so_far), seat, ismax, own, lead, ls)
            live = sum(hands) | sum(1 << c for _, c in trick_so_far)
            return answer_heads(answers(seat, hands[seat], lead, ls), live, best, own, later, mate)

        return run, start_bounds, searched

    def search(
        self,
        hands: Sequence[int],
        leader: int,
        rnd: int,
        trick: tuple[tuple[int, int], ...],
        ls: int,
        alpha: int,
        beta: int,
        rem: int,
    ) -> int:
        """Fail-soft alpha-beta: the coalition's count from here on, or a bound past the window;
        ``rem``: the most it could get (:meth:`rest`), worked out once for every question asked."""
        return self._run(list(hands), leader, rnd, trick, ls, alpha, beta, rem)
