# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search of :class:`~rules.engine.solver_multi.MultiGame` in C types: the same positions, the
same plays in the same order, the same table and the same answers, node for node.

A play is the bits of its cards in one 64-bit word. The legal plays are still the engine's: a
hand's plays are asked of :meth:`MultiGame.legal` once per key that method keeps them by, and the
drawing of :meth:`MultiGame._drawing` once per draw. Who takes a trick is the engine's card-for-card
rule (:func:`~rules.engine.tricks.beats_card`, read into a table once) matched as
:func:`~rules.engine.tricks.covers` matches it, and the groups of alike plays are
:func:`~rules.engine.solver_tables.alike`'s. ``tests/engine/test_solver_multi_core.py`` holds this
search to the pure one field for field, the nodes searched included.
"""

from cpython.mem cimport PyMem_Calloc, PyMem_Free, PyMem_Realloc
from libc.stdint cimport int16_t, int64_t, uint64_t

from .solver_tables import TooComplex, killers_used

cdef extern from *:
    """
    static inline int km_low(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int km_count(unsigned long long x) { return __builtin_popcountll(x); }
    """
    int km_low(uint64_t x) nogil
    int km_count(uint64_t x) nogil

cdef enum:
    MAXD = 40  # cards in a deck at most
    MAXM = 256  # plays of one hand at one moment at most (up to four cards of nine)
    META = 40  # where a key word's own fields start, above the cards

cdef uint64_t USED = (<uint64_t> 1) << 63

cdef struct State:
    uint64_t hands[4]
    uint64_t plays[4]  # the trick so far, from its leader
    int nt, leader, ls, drawn, taken
    int points[4]  # per side
    int tricks[4]

cdef struct Entry:  # the table of positions at trick starts: the whole key, as the pure dict
    uint64_t k[4]  # the hands, the first with leader and cards drawn above them
    uint64_t bm  # the best play, 0 for none
    int16_t lo, hi

cdef struct Killer:  # a killer play, by ply, seat and the play holding the trick (0 at a lead)
    uint64_t key  # with USED set in a slot in use
    uint64_t play

cdef struct Kept:  # a hand's legal plays: where they start in the pool, and how many
    uint64_t k0, k1
    int64_t at, count

cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 33
    x *= 0xFF51AFD7ED558CCDULL
    x ^= x >> 33
    x *= 0xC4CEB9FE1A85EC53ULL
    x ^= x >> 33
    return x


cdef class MultiSearch:
    """One coalition and one reward of a :class:`MultiGame`, as its ``_search`` with them."""

    cdef object game, pos_type
    cdef public object meter
    cdef int n, d, mode, cost, nstock, nsides, blind, max_lead
    cdef bint free_answers
    cdef int pts[MAXD]
    cdef int kin[MAXD]
    cdef int led_bit[MAXD]
    cdef int grp[MAXD]
    cdef int side_of[4]
    cdef int maxs[4]  # 1 for the coalition's seats
    cdef int gain_side[4]  # 1 for the sides the coalition gains with
    cdef int total
    cdef uint64_t beats[MAXD]  # the cards each card takes, card for card
    cdef uint64_t between[MAXD][MAXD]
    cdef uint64_t stock_left[MAXD + 1]
    cdef long long nodes, limit
    cdef Entry* tt
    cdef size_t tt_size, tt_count
    cdef Kept* kept
    cdef size_t kept_size, kept_count
    cdef uint64_t* pool
    cdef size_t pool_size, pool_count
    cdef bint killers  # partners on both sides: the killer plays are used
    cdef Killer* kill
    cdef size_t kill_size, kill_count

    def __cinit__(self, *args):
        self.tt_size = 1 << 12
        self.kept_size = 1 << 10
        self.pool_size = 1 << 12
        self.tt = <Entry*> PyMem_Calloc(self.tt_size, sizeof(Entry))
        self.kept = <Kept*> PyMem_Calloc(self.kept_size, sizeof(Kept))
        self.pool = <uint64_t*> PyMem_Calloc(self.pool_size, sizeof(uint64_t))
        self.kill_size = 1 << 8
        self.kill = <Killer*> PyMem_Calloc(self.kill_size, sizeof(Killer))
        if self.tt == NULL or self.kept == NULL or self.pool == NULL or self.kill == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.tt)
        PyMem_Free(self.kept)
        PyMem_Free(self.pool)
        PyMem_Free(self.kill)

    def __init__(self, game, coalition, int mode, int cost):
        cdef int c, q
        tb, rs = game.tb, game.rs
        self.game = game
        self.meter = game.meter
        self.n = game.n
        self.d = len(tb.cards)
        self.mode = mode
        self.cost = cost
        self.nsides = len(rs.sides)
        if self.n > 4 or self.d > MAXD or self.nsides > 4 or rs.capture is not None:
            raise ValueError("a deal past the compiled search's sizes")
        from .solver_game import Pos  # here: solver_game imports this module
        from .tricks import beats_card

        self.pos_type = Pos

        kinds = {}
        for c in range(self.d):
            self.pts[c] = tb.pts[c]
            self.led_bit[c] = tb.led_bit[c]
            self.grp[c] = tb.grp[c]
            self.kin[c] = kinds.setdefault(game._kin[c], len(kinds))
            self.beats[c] = 0
            for q in range(self.d):
                self.between[c][q] = tb.between[c][q]
                if beats_card(rs, tb.cards[c], tb.cards[q]):
                    self.beats[c] |= (<uint64_t> 1) << q
        for c in range(self.n):
            self.side_of[c] = rs.side_of(c)
            self.maxs[c] = 1 if c in coalition else 0
        self.killers = killers_used(self.n, coalition)
        for q in range(self.nsides):
            self.gain_side[q] = 1 if set(rs.sides[q]) <= coalition else 0
        self.blind = -1 if rs.blind_seat is None else rs.blind_seat
        self.free_answers = rs.free_answers
        self.max_lead = rs.max_lead
        self.nstock = len(game.stock)
        for q in range(self.nstock + 1):
            self.stock_left[q] = game._stock_left[q]
        self.total = game._total

    # ------------------------------------------------------------ the pure game's own answers

    cdef object _pos(self, State* s):
        hands = tuple(s.hands[i] for i in range(self.n))
        trick = tuple(((s.leader + i) % self.n, self._move(s.plays[i])) for i in range(s.nt))
        return self.pos_type(hands, 0, s.leader, trick, s.ls, (), (), (), s.drawn)

    cdef object _move(self, uint64_t m):
        out = []
        while m:
            out.append(km_low(m))
            m &= m - 1
        return tuple(out)

    cdef int _legal(self, State* s, int seat, uint64_t* out) except -1:
        """The seat's legal plays into ``out``, in :meth:`MultiGame.legal`'s order, kept by what
        that method keeps them by."""
        cdef uint64_t k0 = s.hands[seat] | (<uint64_t> (seat == self.blind)) << META | USED
        cdef uint64_t k1 = 0, x
        cdef size_t mask = self.kept_size - 1
        cdef size_t i
        cdef int64_t j
        cdef int c
        if s.nt == 0:  # a lead: how many cards it may hold
            k1 = km_count(s.hands[0])
            for c in range(1, self.n):
                k1 = min(k1, <uint64_t> km_count(s.hands[c]))
            k1 = min(k1, <uint64_t> self.max_lead)
        elif self.free_answers or seat == self.blind:  # an answer: the lead's size
            k1 = (<uint64_t> 1) << 32 | km_count(s.plays[0])
        else:  # or how many of its cards each group holds
            x = s.plays[0]
            while x:
                k1 += (<uint64_t> 1) << (4 * self.grp[km_low(x)])
                x &= x - 1
            k1 |= (<uint64_t> 2) << 32
        i = mix(k0 ^ mix(k1)) & mask
        while self.kept[i].k0:
            if self.kept[i].k0 == k0 and self.kept[i].k1 == k1:
                for j in range(self.kept[i].count):
                    out[j] = self.pool[self.kept[i].at + j]
                return <int> self.kept[i].count
            i = (i + 1) & mask
        plays = self.game.legal(self._pos(s))
        if len(plays) > MAXM:
            raise ValueError("a hand past the compiled search's sizes")
        while self.pool_count + len(plays) > self.pool_size:
            self._grow_pool()
        at = self.pool_count
        for j, p in enumerate(plays):
            m = 0
            for b in p:
                m |= 1 << b
            self.pool[at + j] = m
            out[j] = m
        self.pool_count += len(plays)
        self.kept[i].k0, self.kept[i].k1 = k0, k1
        self.kept[i].at, self.kept[i].count = at, len(plays)
        self.kept_count += 1
        if self.kept_count * 2 > self.kept_size:
            self._grow_kept()
        return len(plays)

    cdef void _grow_pool(self) except *:
        cdef uint64_t* p = <uint64_t*> PyMem_Realloc(self.pool, 2 * self.pool_size * sizeof(uint64_t))
        if p == NULL:
            raise MemoryError()
        self.pool, self.pool_size = p, 2 * self.pool_size

    cdef void _grow_kept(self) except *:
        cdef Kept* old = self.kept
        cdef size_t n = self.kept_size, i, j, mask = 2 * n - 1
        cdef Kept* t = <Kept*> PyMem_Calloc(2 * n, sizeof(Kept))
        if t == NULL:
            raise MemoryError()
        for i in range(n):
            if old[i].k0:
                j = mix(old[i].k0 ^ mix(old[i].k1)) & mask
                while t[j].k0:
                    j = (j + 1) & mask
                t[j] = old[i]
        self.kept, self.kept_size = t, 2 * n
        PyMem_Free(old)

    # ------------------------------------------------------------ the rules on bits

    cdef bint _covers(self, uint64_t attack, uint64_t best) noexcept:
        """:func:`~rules.engine.tricks.covers`: each card of ``attack`` beats a card of its own."""
        cdef int a
        cdef uint64_t open_
        if km_count(attack) != km_count(best):
            return False
        if not attack:
            return True
        a = km_low(attack)
        open_ = self.beats[a] & best
        while open_:
            if self._covers(attack & (attack - 1), best & ~(open_ & -open_)):
                return True
            open_ &= open_ - 1
        return False

    cdef int _holder(self, State* s, uint64_t* best) noexcept:
        """Who holds the trick on the table so far, and with which play (``best``): each play that
        covers the one holding it takes it over, as in :func:`~rules.engine.tricks.resolve_parsed`."""
        cdef int holder = s.leader, i
        best[0] = s.plays[0]
        for i in range(1, s.nt):
            if self._covers(s.plays[i], best[0]):
                holder, best[0] = (s.leader + i) % self.n, s.plays[i]
        return holder

    cdef int _tried(self, State* s, int seat, uint64_t* ms) except -1:
        """:meth:`MultiGame.tried`: one play of each group of alike plays, in the search's order."""
        cdef uint64_t legal[MAXM]
        cdef uint64_t keys[MAXM]
        cdef int64_t order[MAXM]
        cdef int one[MAXD]
        cdef uint64_t h = s.hands[seat], live = 0, m, x, best
        cdef int nl = self._legal(s, seat, legal), k = 0, i, j, prev = -1, c, holder, kept, p, sb
        cdef int64_t v
        cdef bint new, own
        for i in range(self.n):
            live |= s.hands[i]
        for i in range(s.nt):
            live |= s.plays[i]
        live |= self.stock_left[s.drawn]
        x = h
        while x:
            c = km_low(x)
            x &= x - 1
            if prev >= 0 and self.kin[c] == self.kin[prev] and not (live & self.between[prev][c]):
                one[c] = one[prev]
            else:
                one[c] = c
            prev = c
        for i in range(nl):
            m = legal[i]
            v = 0
            j = 0
            while m:
                v |= (<uint64_t> (one[km_low(m)] + 1)) << (8 * j)
                m &= m - 1
                j += 1
            new = True
            for j in range(k):
                if keys[j] == <uint64_t> v:
                    new = False
                    break
            if new:
                keys[k] = <uint64_t> v
                ms[k] = legal[i]
                k += 1
        if s.nt == 0:
            for i in range(k):  # the most cards first
                order[i] = -km_count(ms[i])
        else:
            holder = self._holder(s, &best)
            kept = self.maxs[holder] == self.maxs[seat]
            for i in range(k):
                m, p, sb = ms[i], 0, 0
                while m:
                    c = km_low(m)
                    p += self.pts[c]
                    sb += c
                    m &= m - 1
                own = kept or self._covers(ms[i], best)
                order[i] = ((0 if own else 1) * 1000 + (500 - p if own else 500 + p)) * 1000 + 500 - sb
        for i in range(1, k):  # a stable insertion sort, as sorted() is stable
            v, m = order[i], ms[i]
            j = i - 1
            while j >= 0 and order[j] > v:
                order[j + 1], ms[j + 1] = order[j], ms[j]
                j -= 1
            order[j + 1], ms[j + 1] = v, m
        return k

    cdef int _rest(self, State* s) noexcept:
        cdef uint64_t live = self.stock_left[s.drawn]
        cdef int i
        if self.mode == 0:
            return self.total - s.taken
        if self.mode == 1:
            for i in range(self.n):
                live |= s.hands[i]
            for i in range(s.nt):
                live |= s.plays[i]
            return km_count(live)
        return 0

    cdef int _apply(self, State* s, int seat, uint64_t m, State* out) except -1:
        """The position after ``m`` into ``out``; what the coalition gains by it."""
        cdef int i, winner, team, pts = 0, g = 0
        cdef uint64_t best, x
        out[0] = s[0]
        out.hands[seat] &= ~m
        out.plays[s.nt] = m
        out.nt = s.nt + 1
        if out.nt < self.n:
            return 0
        winner = self._holder(out, &best)
        for i in range(self.n):
            x = out.plays[i]
            while x:
                pts += self.pts[km_low(x)]
                x &= x - 1
        team = self.side_of[winner]
        out.points[team] += pts
        out.tricks[team] += 1
        out.taken += pts
        if self.gain_side[team]:
            g = pts if self.mode == 0 else (1 if self.mode == 1 else 0)
        out.ls = s.ls | self.led_bit[km_low(out.plays[0])]
        out.nt = 0
        out.leader = winner
        if s.drawn < self.nstock:
            sizes = tuple(km_count(out.hands[i]) for i in range(self.n))
            adds, drawn = self.game._drawing(sizes, winner, s.drawn)
            for i in range(self.n):
                out.hands[i] |= <uint64_t> adds[i]
            out.drawn = drawn
        return g

    # ------------------------------------------------------------ the table of positions

    cdef inline uint64_t _key(self, State* s) noexcept:
        return s.hands[0] | ((<uint64_t> s.leader) | (<uint64_t> s.drawn) << 2) << META | USED

    cdef Entry* _slot(self, State* s, uint64_t k0) noexcept:
        """The entry of the trick start ``s`` (key word ``k0``), or the free slot where it would go."""
        cdef size_t mask = self.tt_size - 1
        cdef size_t i = mix(k0 ^ mix(s.hands[1] ^ mix(s.hands[2] ^ mix(s.hands[3])))) & mask
        cdef Entry* e
        while True:
            e = &self.tt[i]
            if not e.k[0]:
                return e
            if e.k[0] == k0 and e.k[1] == s.hands[1] and e.k[2] == s.hands[2] and e.k[3] == s.hands[3]:
                return e
            i = (i + 1) & mask

    cdef void _store(self, State* s, int lo, int hi, uint64_t bm) except *:
        cdef uint64_t k0 = self._key(s)
        cdef Entry* e = self._slot(s, k0)
        if not e.k[0]:
            e.k[0], e.k[1], e.k[2], e.k[3] = k0, s.hands[1], s.hands[2], s.hands[3]
            self.tt_count += 1
        e.lo, e.hi, e.bm = lo, hi, bm
        if self.tt_count * 2 > self.tt_size:
            self._grow_tt()

    cdef void _grow_tt(self) except *:
        cdef Entry* old = self.tt
        cdef size_t n = self.tt_size, i, j, mask = 2 * n - 1
        cdef Entry* t = <Entry*> PyMem_Calloc(2 * n, sizeof(Entry))
        if t == NULL:
            raise MemoryError()
        for i in range(n):
            if old[i].k[0]:
                j = mix(old[i].k[0] ^ mix(old[i].k[1] ^ mix(old[i].k[2] ^ mix(old[i].k[3])))) & mask
                while t[j].k[0]:
                    j = (j + 1) & mask
                t[j] = old[i]
        self.tt, self.tt_size = t, 2 * n
        PyMem_Free(old)

    # ------------------------------------------------------------ the killer plays

    cdef Killer* _killer(self, uint64_t key) noexcept:
        """The slot of ``key``, or the free slot where it would go."""
        cdef size_t mask = self.kill_size - 1
        cdef size_t i = mix(key) & mask
        while self.kill[i].key and self.kill[i].key != key:
            i = (i + 1) & mask
        return &self.kill[i]

    cdef void _keep_killer(self, uint64_t key, uint64_t play) except *:
        cdef Killer* e = self._killer(key)
        cdef Killer* old = self.kill
        cdef size_t n = self.kill_size, i
        if not e.key:
            e.key = key
            self.kill_count += 1
        e.play = play
        if self.kill_count * 2 > self.kill_size:
            self.kill = <Killer*> PyMem_Calloc(2 * n, sizeof(Killer))
            if self.kill == NULL:
                self.kill = old
                raise MemoryError()
            self.kill_size = 2 * n
            for i in range(n):
                if old[i].key:
                    self._killer(old[i].key)[0] = old[i]
            PyMem_Free(old)

    # ------------------------------------------------------------ the search

    cdef bint _first(self, uint64_t* ms, int k, uint64_t m) noexcept:
        """Move the play ``m`` to the front of ``ms``, if it is there."""
        cdef int i
        if not m:
            return False
        for i in range(k):
            if ms[i] == m:
                while i > 0:
                    ms[i] = ms[i - 1]
                    i -= 1
                ms[0] = m
                return True
        return False

    cdef int _search(self, State* s, int alpha, int beta) except -32768:
        cdef int seat, rest, lo, hi, a0, b0, k, i, g, child, v, ply
        cdef uint64_t bm = 0, best = 0, hold, kkey = 0
        cdef bint found
        cdef uint64_t ms[MAXM]
        cdef bint ismax
        cdef Entry* e
        cdef State after
        if s.nt:
            seat = (s.leader + s.nt) % self.n
        elif s.hands[s.leader]:
            seat = s.leader
        else:
            return 0
        rest = self._rest(s)
        if rest <= alpha:
            return rest
        if beta <= 0:
            return 0
        self.nodes += 1
        if self.nodes * self.cost > self.limit:
            raise TooComplex("too_complex")
        lo, hi = 0, rest
        if not s.nt:
            e = self._slot(s, self._key(s))
            if e.k[0]:
                lo, hi, bm = e.lo, e.hi, e.bm
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        ismax = self.maxs[seat]
        k = self._tried(s, seat, ms)
        found = self._first(ms, k, bm)
        if self.killers:
            hold = 0
            if s.nt:
                self._holder(s, &hold)
            ply = self.nstock - s.drawn
            for i in range(self.n):
                ply += km_count(s.hands[i])
            kkey = hold | (<uint64_t> ply) << 40 | (<uint64_t> seat) << 46 | USED
            if not found:  # none of an earlier visit: the play that last cut off here
                self._first(ms, k, self._killer(kkey).play)
        v = -10000 if ismax else 10000
        for i in range(k):
            g = self._apply(s, seat, ms[i], &after)
            child = g + self._search(&after, alpha - g, beta - g)
            if ismax and child > v:
                v, best = child, ms[i]
                alpha = max(alpha, v)
            elif not ismax and child < v:
                v, best = child, ms[i]
                beta = min(beta, v)
            if alpha >= beta:
                if kkey:
                    self._keep_killer(kkey, ms[i])
                break
        if not s.nt:
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            self._store(s, lo, hi, best)
        return v

    def search(self, pos, int alpha, int beta):
        """:meth:`MultiGame._search` from ``pos`` for this coalition and reward."""
        cdef State s
        cdef int i
        s.nt = len(pos.trick)
        for i in range(4):
            s.hands[i] = pos.hands[i] if i < self.n else 0
            s.points[i] = pos.points[i] if i < self.nsides else 0
            s.tricks[i] = pos.tricks[i] if i < self.nsides else 0
            s.plays[i] = 0
        for i, (_, m) in enumerate(pos.trick):
            for b in m:
                s.plays[i] |= (<uint64_t> 1) << b
        s.leader, s.ls, s.drawn = pos.leader, pos.ls, pos.drawn
        s.taken = sum(pos.points)
        self.nodes, self.limit = self.meter.nodes, self.meter.limit
        try:
            return self._search(&s, alpha, beta)
        finally:
            self.meter.nodes = self.nodes
