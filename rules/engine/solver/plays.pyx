# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled search's positions and moves: it decides what a play leads to, in C types.

The legal plays are the Python game's (:mod:`~rules.engine.solver.game`, the engine's rules),
asked once per key that game keeps them by and kept here too; who takes a trick is the ruleset's
ladder (one card) or the engine's card-for-card rule read into a table once (several cards), and
draw-four's drawing is the game's, asked once per draw. The deal's last trick, one card each, is
counted without a search.
"""

from cpython.mem cimport PyMem_Calloc, PyMem_Free, PyMem_Realloc
from libc.stdint cimport uint64_t

from ._core cimport (CAPTURE, MAXD, MAXM, MAXR, POINTS, TRICKS, Deck, State, beats, covers, held, kz_count,
                     kz_low, kz_mix)
from .bounds cimport worth
from .order cimport answers_in_order, leads_in_order, plays_in_order

cdef uint64_t USED = (<uint64_t> 1) << 63


cdef class Plays:
    """One deal's plays as one search of one coalition and reward reads them."""

    def __cinit__(self, *args):
        self.kept_size, self.pool_size = 1 << 10, 1 << 10
        self.kept = <Kept*> PyMem_Calloc(self.kept_size, sizeof(Kept))
        self.pool = <uint64_t*> PyMem_Calloc(self.pool_size, sizeof(uint64_t))
        if self.kept == NULL or self.pool == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.kept)
        PyMem_Free(self.pool)

    def __init__(self, game, coalition, int mode):
        cdef Deck* d = &self.d
        cdef int c, s, q, b, nd = len(game.deck.cards)
        deck, rs = game.deck, game.rs
        self.game = game
        d.n, d.d, d.T, d.mode, d.multi = rs.seats, len(deck.cards), deck.ntrumps, mode, game.multi
        d.nkb = max(deck.kind).bit_length()
        if d.n > 4 or d.d > MAXD or len(deck.by_worth) > 8 or d.nkb > 5 or sum(deck.pts) > 127:
            raise ValueError("a deal past the compiled search's sizes")
        d.keep_suits, d.killers = rs.ace_discard_ban, min(len(coalition), d.n - len(coalition)) >= 2
        d.free_leads = not d.multi and game.free_leads
        d.answers_free = rs.free_answers and rs.lead_rule == "free" if d.multi else game.answers_free
        d.blind = sum(1 << s for s in game.blind)
        for s in range(d.n):
            d.maxs[s], d.nxt[s], d.side_of[s] = s in coalition, (s + 1) % d.n, rs.side_of(s)
        for q in range(len(rs.sides)):
            d.gain_side[q] = set(rs.sides[q]) <= coalition
        for q in range(5):
            d.gmask[q] = deck.group_mask[q]
            d.kind_bits[q] = sum(1 << c for c in range(nd) if deck.kind[c] >> q & 1)
        d.npt = len(deck.by_worth)
        for q in range(d.npt):
            d.ptval[q], d.ptmask[q] = deck.by_worth[q]
        capture = game.capture or ()
        for c in range(d.d):
            d.pts[c], d.grp[c], d.led_bit[c] = deck.pts[c], deck.grp[c], deck.led_bit(c)
            if d.multi or mode == POINTS:
                d.eqv[c] = deck.kind[c]
            else:
                d.eqv[c] = 100 + c if mode == CAPTURE and c in capture else 0
            for s in range(d.n):
                d.wts[s][c] = d.pts[c] if mode == POINTS else 0
                if mode == CAPTURE and c in capture:
                    d.wts[s][c] = (1, 4)[capture.index(c)] if d.maxs[s] else (4, 2)[capture.index(c)]
            for q in range(d.d):
                d.between[c][q] = (((<uint64_t> 1) << q) - ((<uint64_t> 1) << (c + 1))
                                   if c < q and deck.grp[c] == deck.grp[q] else ((<uint64_t> 1) << d.d) - 1)
        for q in range(5):
            for c in range(256):
                for b in range(8):
                    if c >> b & 1 and 8 * q + b < nd:
                        d.wb[q][c] += d.pts[8 * q + b]
        if d.multi:
            from ..tricks import beats_card

            d.nstock, d.nrounds = len(game.stock_bits), 1
            for q in range(d.nstock + 1):
                d.stock_left[q] = game.stock_left[q]
            for c in range(nd):
                d.beats[c] = sum(1 << q for q in range(nd) if beats_card(rs, deck.cards[c], deck.cards[q]))
        else:
            d.nstock, d.nrounds = 0, len(game.dealt)
            if d.nrounds > MAXR:
                raise ValueError("a deal past the compiled search's sizes")
            for q in range(d.nrounds):
                for s in range(d.n):
                    d.rounds[q][s] = game.dealt[q][s]

    cdef int start(self, object pos, int rest, State* s) except -1:
        """The position ``pos`` of the Python game; ``rest``: the most the coalition could get."""
        cdef Deck* d = &self.d
        cdef int i, c, seat
        s.nt, s.leader, s.ls, s.rnd, s.drawn, s.rest = len(pos.trick), pos.leader, pos.ls, pos.rnd, pos.drawn, rest
        s.count, s.holder, s.best = 0, pos.leader, 0
        for i in range(4):
            s.hands[i] = pos.hands[i] if i < d.n else 0
            s.plays[i] = 0
        for i, (seat, move) in enumerate(pos.trick):
            for c in move:
                s.plays[i] |= (<uint64_t> 1) << c
            if i == 0 or (covers(d, s.plays[i], s.best) if d.multi else beats(d, kz_low(s.plays[i]), kz_low(s.best))):
                s.holder, s.best = seat, s.plays[i]
            if not d.multi:
                s.count += d.wts[seat][kz_low(s.plays[i])]
        return 0

    # the legal plays, kept

    cdef bint find(self, uint64_t k0, uint64_t k1, uint64_t* value) noexcept:
        cdef size_t mask = self.kept_size - 1
        cdef size_t i = kz_mix(k0 ^ kz_mix(k1)) & mask
        k0 |= USED
        while self.kept[i].k0:
            if self.kept[i].k0 == k0 and self.kept[i].k1 == k1:
                value[0] = self.kept[i].value
                return True
            i = (i + 1) & mask
        return False

    cdef int put(self, uint64_t k0, uint64_t k1, uint64_t value) except -1:
        cdef Kept* old = self.kept
        cdef size_t n = self.kept_size, j
        cdef size_t i = kz_mix(k0 ^ kz_mix(k1)) & (n - 1)
        while old[i].k0:
            i = (i + 1) & (n - 1)
        old[i].k0, old[i].k1, old[i].value = k0 | USED, k1, value
        self.kept_count += 1
        if self.kept_count * 2 > n:
            self.kept = <Kept*> PyMem_Calloc(2 * n, sizeof(Kept))
            if self.kept == NULL:
                raise MemoryError()
            self.kept_size, self.kept_count = 2 * n, 0
            for j in range(n):
                if old[j].k0:
                    self.put(old[j].k0 & ~USED, old[j].k1, old[j].value)
            PyMem_Free(old)
        return 0

    cdef uint64_t pooled(self, list values) except? 0:
        """``values`` kept in the pool: where they start, above their number."""
        cdef size_t at = self.pool_count, j
        cdef uint64_t* p
        while self.pool_count + len(values) > self.pool_size:
            p = <uint64_t*> PyMem_Realloc(self.pool, 2 * self.pool_size * sizeof(uint64_t))
            if p == NULL:
                raise MemoryError()
            self.pool, self.pool_size = p, 2 * self.pool_size
        for j in range(len(values)):
            self.pool[at + j] = values[j]
        self.pool_count += len(values)
        return at << 16 | len(values)

    cdef uint64_t answers(self, int seat, uint64_t h, int lead, int ls) except? 0:
        """The game's answers, kept; a hand not blind is not asked where it can follow or where
        any card answers (``answers_free``)."""
        cdef Deck* d = &self.d
        cdef uint64_t m = 0 if d.blind >> seat & 1 else h & d.gmask[d.grp[lead]]
        cdef uint64_t k1 = 1 | d.grp[lead] << 8 | (d.blind >> seat & 1) << 12 | (ls if d.keep_suits else 0) << 16
        if m or d.answers_free and not d.blind >> seat & 1:
            return m or h
        if not self.find(h, k1, &m):
            m = self.game.answers(seat, h, lead, ls)
            self.put(h, k1, m)
        return m

    cdef uint64_t leads(self, int seat, uint64_t h, int ls) except? 0:
        cdef uint64_t m
        cdef uint64_t k1 = 2 | seat << 8 | (ls if self.d.keep_suits else 0) << 16
        if self.d.free_leads:
            return h
        if not self.find(h, k1, &m):
            m = self.game.leads(seat, h, ls)
            self.put(h, k1, m)
        return m

    cdef int multi_plays(self, State* s, int seat, uint64_t* out) except -1:
        """The game's legal plays of several cards, kept by the hand, the lead and the suits led
        where a rule reads them."""
        cdef Deck* d = &self.d
        cdef uint64_t v, k1 = (<uint64_t> (3 if s.nt else 4)) << 56 | (<uint64_t> (d.blind >> seat & 1)) << 48
        k1 |= (<uint64_t> (s.ls if d.keep_suits else 0)) << 40
        cdef int i, size = 9
        cdef size_t at
        k1 |= s.plays[0]
        if not s.nt:
            for i in range(d.n):
                size = min(size, kz_count(s.hands[i]))
            k1 |= size
        if not self.find(s.hands[seat], k1, &v):
            hands = tuple([s.hands[i] for i in range(d.n)])
            lead = tuple([i for i in range(d.d) if s.nt and s.plays[0] >> i & 1])
            cards = kz_count(held(d, s) | s.plays[0] | s.plays[1] | s.plays[2] | s.plays[3])
            got = self.game.plays(seat, hands, lead, s.ls, cards)
            if len(got) > MAXM:
                raise ValueError("a hand past the compiled search's sizes")
            v = self.pooled([sum(1 << c for c in m) for m in got])
            self.put(s.hands[seat], k1, v)
        at = v >> 16
        for i in range(v & 0xFFFF):
            out[i] = self.pool[at + i]
        return v & 0xFFFF

    # the moves tried

    cdef int moves(self, State* s, uint64_t* ms) except -1:
        """The moves the search tries at ``s``, in the order it tries them (:mod:`.order`)."""
        cdef Deck* d = &self.d
        cdef int seat = (s.leader + s.nt) % d.n, i, k, j, other, c
        cdef uint64_t h = s.hands[seat], live, legal, later = 0, mate = 0, g
        cdef bint own
        cdef uint64_t opp[5]
        cdef uint64_t found[MAXM]
        cdef int cards[MAXD]
        if d.multi:
            k = self.multi_plays(s, seat, found)
            return plays_in_order(d, s, seat, found, k, ms)
        live = held(d, s) | s.plays[0] | s.plays[1] | s.plays[2] | s.plays[3]
        if not s.nt:
            legal = self.leads(seat, h, s.ls)
            if d.mode == POINTS:  # the other side's answers to a lead of each group led
                g = legal
                while g:
                    c = kz_low(g)
                    opp[d.grp[c]] = 0
                    for other in range(d.n):
                        if d.maxs[other] != d.maxs[seat]:
                            opp[d.grp[c]] |= self.answers(other, s.hands[other], c, s.ls)
                    g &= ~d.gmask[d.grp[c]]
            k = leads_in_order(d, s, legal, live, opp, cards)
        else:
            c = kz_low(s.plays[0])
            legal = self.answers(seat, h, c, s.ls)
            own = d.maxs[s.holder] == d.maxs[seat]
            for j in range(s.nt + 1, d.n):
                other = (s.leader + j) % d.n
                if d.maxs[other] != d.maxs[seat]:
                    later |= self.answers(other, s.hands[other], c, s.ls)
                elif not own:
                    mate |= self.answers(other, s.hands[other], c, s.ls)
            k = answers_in_order(d, legal, live, kz_low(s.best), own, later, mate, cards)
        for i in range(k):
            ms[i] = (<uint64_t> 1) << cards[i]
        return k

    # what a play leads to

    cdef int play(self, State* s, uint64_t m, State* o) except -1:
        """The position after ``m`` into ``o``; what the coalition takes by it."""
        cdef Deck* d = &self.d
        cdef int seat = (s.leader + s.nt) % d.n, c = kz_low(m)
        o[0] = s[0]
        o.hands[seat] &= ~m
        o.plays[s.nt] = m
        if not s.nt or (covers(d, m, s.best) if d.multi else beats(d, c, kz_low(s.best))):
            o.best, o.holder = m, seat
        o.count = (o.count if s.nt else 0) + (0 if d.multi else d.wts[seat][c])
        o.nt = s.nt + 1
        if o.nt < d.n:
            return 0
        return self.trick_done(o)

    cdef int trick_done(self, State* o) except -1:
        """A trick's end: its count to the side that took it, and the next trick's hands."""
        cdef Deck* d = &self.d
        cdef uint64_t cards = o.plays[0] | o.plays[1] | o.plays[2] | o.plays[3], lead = o.plays[0]
        cdef int g, i, p = o.count
        if d.multi:
            p = worth(d, cards)
            g = 0 if not d.gain_side[d.side_of[o.holder]] else (p if d.mode == POINTS else 1)
            o.rest -= p if d.mode == POINTS else kz_count(cards)
        elif d.mode == POINTS:
            g = p if d.maxs[o.holder] else 0
            o.rest -= p
        elif d.mode == TRICKS:
            g = d.maxs[o.holder]
            o.rest -= 1
        else:
            g = p == 3
            o.rest = 0 if p else o.rest
        while lead:  # each plain suit of the lead
            o.ls |= d.led_bit[kz_low(lead)]
            lead &= lead - 1
        o.leader, o.nt, o.best, o.count = o.holder, 0, 0, 0
        for i in range(4):
            o.plays[i] = 0
        if not d.multi and not held(d, o) and o.rnd + 1 < d.nrounds:
            o.rnd += 1
            for i in range(d.n):
                o.hands[i] = d.rounds[o.rnd][i]
        elif d.multi and o.drawn < d.nstock:
            self.draw_up(o)
        return g

    cdef int draw_up(self, State* o) except -1:
        """draw-four: the hands drawn back up after a trick, as the game draws them (kept)."""
        cdef Deck* d = &self.d
        cdef uint64_t v, sizes = 0, tag = (<uint64_t> 5) << 56
        cdef size_t at
        cdef int i
        for i in range(d.n):
            sizes |= kz_count(o.hands[i]) << (3 * i)
        sizes |= o.holder << 12 | o.drawn << 16
        if not self.find(sizes, tag, &v):
            counts = tuple([kz_count(o.hands[i]) for i in range(d.n)])
            adds, drawn = self.game.drawing(counts, o.holder, o.drawn)
            v = self.pooled([*adds, drawn])
            self.put(sizes, tag, v)
        at = v >> 16
        for i in range(d.n):
            o.hands[i] |= self.pool[at + i]
        o.drawn = self.pool[at + d.n]
        return 0

    cdef bint one_each(self, State* s) noexcept:
        """Is the trick starting at ``s`` the deal's last, one card each?"""
        cdef int i
        if not self.d.multi:
            return not s.hands[s.leader] & (s.hands[s.leader] - 1) and s.rnd + 1 >= self.d.nrounds
        for i in range(self.d.n):
            if kz_count(s.hands[i]) != 1:
                return False
        return not self.d.stock_left[s.drawn]

    cdef int last_trick(self, State* s) noexcept:
        """The count of the deal's last trick, one card each."""
        cdef Deck* d = &self.d
        cdef int best = kz_low(s.hands[s.leader]), holder = s.leader, p = d.wts[s.leader][best]
        cdef int i = d.nxt[s.leader], x
        cdef bint mine
        while i != s.leader:
            x = kz_low(s.hands[i])
            if d.beats[x] >> best & 1 if d.multi else beats(d, x, best):
                best, holder = x, i
            p += d.wts[i][x]
            i = d.nxt[i]
        mine = d.gain_side[d.side_of[holder]] if d.multi else d.maxs[holder]
        if d.mode == POINTS:
            return p if mine else 0
        if d.mode == TRICKS:
            return mine
        return p == 3
