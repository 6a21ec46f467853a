# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search of :mod:`~rules.engine.solver_core` in C types: the same positions, the same moves in
the same order, the same table and the same answers, node for node.

Cards are bits of one 64-bit word per seat; the transposition table and the kept legality are
open-addressed hash tables owned by the search and freed with it. Legality is still the
engine's (``Rules.answers`` and ``Rules.leads``, asked once per hand where its rules do not
settle it without asking), so this search cannot disagree with the referee.
``tests/engine/test_solver_core.py`` holds it to the pure module field for field, the nodes
searched included; scripts/build_solver.py builds it.
"""

cimport cython
from cpython.mem cimport PyMem_Calloc, PyMem_Free
from libc.stdint cimport int8_t, int16_t, uint16_t, uint64_t
from libc.string cimport memset

from .solver_core import Search as _Pure
from .solver_tables import TooComplex, killers_used

POINTS, TRICKS, CAPTURE = 0, 1, 2

cdef extern from *:
    """
    static inline int kz_low(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int kz_high(unsigned long long x) { return 63 - __builtin_clzll(x); }
    static inline int kz_count(unsigned long long x) { return __builtin_popcountll(x); }
    static inline void kz_prefetch(const void* p) { __builtin_prefetch(p); }
    #include <stdint.h>
    /* the bits of each of six words under the mask m, packed low: six instructions with BMI2,
       else one pass over the mask's bits */
    #ifdef __BMI2__
    #include <immintrin.h>
    static inline void kz_gather(const uint64_t* x, uint64_t m, uint64_t* out) {
        out[0] = _pext_u64(x[0], m); out[1] = _pext_u64(x[1], m); out[2] = _pext_u64(x[2], m);
        out[3] = _pext_u64(x[3], m); out[4] = _pext_u64(x[4], m); out[5] = _pext_u64(x[5], m);
    }
    #else
    static inline void kz_gather(const uint64_t* x, uint64_t m, uint64_t* out) {
        uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5];
        uint64_t r0 = 0, r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0;
        int at = 0, c;
        for (; m; m &= m - 1, at++) {
            c = __builtin_ctzll(m);
            r0 |= (x0 >> c & 1) << at;
            r1 |= (x1 >> c & 1) << at;
            r2 |= (x2 >> c & 1) << at;
            r3 |= (x3 >> c & 1) << at;
            r4 |= (x4 >> c & 1) << at;
            r5 |= (x5 >> c & 1) << at;
        }
        out[0] = r0; out[1] = r1; out[2] = r2; out[3] = r3; out[4] = r4; out[5] = r5;
    }
    #endif
    /* the folded 128-bit product of two words */
    static inline unsigned long long kz_mum(unsigned long long a, unsigned long long b) {
        unsigned __int128 r = (unsigned __int128) a * b;
        return (unsigned long long) r ^ (unsigned long long) (r >> 64);
    }
    """
    int kz_low(unsigned long long x) nogil
    int kz_high(unsigned long long x) nogil
    int kz_count(unsigned long long x) nogil
    void kz_prefetch(const void* p) nogil
    void kz_gather(const uint64_t* x, uint64_t m, uint64_t* out) nogil
    uint64_t kz_mum(uint64_t a, uint64_t b) nogil

cdef extern from *:
    """
    #include <stdint.h>
    #include <stdlib.h>
    #include <sys/mman.h>
    #define KZ_HUGE ((size_t) 2 << 20)
    /* A zeroed block. One of 2 MB or more is mapped on its own, aligned to 2 MB and on huge
       pages where the kernel offers them: the table's lookups land all over it. */
    static void* kz_table_alloc(size_t bytes) {
        char *p, *at;
        size_t head;
        if (bytes < KZ_HUGE)
            return calloc(bytes, 1);
        p = mmap(NULL, bytes + KZ_HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
        at = (char*) (((uintptr_t) p + KZ_HUGE - 1) & ~(uintptr_t) (KZ_HUGE - 1));
        head = (size_t) (at - p);
        if (head)
            munmap(p, head);
        munmap(at + bytes, KZ_HUGE - head);
    #ifdef MADV_HUGEPAGE
        madvise(at, bytes, MADV_HUGEPAGE);
    #endif
        return at;
    }
    static void kz_table_free(void* p, size_t bytes) {
        if (bytes < KZ_HUGE)
            free(p);
        else if (p != NULL)
            munmap(p, bytes);
    }
    """
    void* kz_table_alloc(size_t bytes) nogil
    void kz_table_free(void* p, size_t bytes) nogil

cdef enum:
    MAXD = 40  # cards in a deck at most (the pure search's keys hold 40 bits per hand)
    MAXR = 4  # rounds of a deal at most
    PLIES = 41  # a ply's number: the cards still in hand, and this many more for each round to come
    INF = 10000

cdef uint64_t USED = (<uint64_t> 1) << 63  # the mark of a kept slot in use

# A slot of the table is one word, a hash of its position's key above the position's two bounds,
# and the best lead is a byte in a second table, read only where the bounds leave a question: the
# big deals' table, whose lookups wait on memory, is then as small as it can be, and two positions
# share the hash's 50 bits far less often than the hardware errs.
cdef enum:
    WB = 7  # the bits of each bound: no deal's points pass 127
cdef uint64_t BMASK = ((<uint64_t> 1) << WB) - 1
cdef uint64_t SIGS = ~((<uint64_t> 1 << (2 * WB)) - 1)  # the hash's bits of a slot

cdef struct Kept:
    uint64_t key  # with USED set in a slot that holds one
    uint64_t value

cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 33
    x *= 0xFF51AFD7ED558CCDULL
    x ^= x >> 33
    x *= 0xC4CEB9FE1A85EC53ULL
    x ^= x >> 33
    return x


@cython.final
cdef class Search:
    """One coalition and one reward, as :class:`rules.engine.solver_core.Search`."""

    cdef public object rules, coalition, capture, meter
    cdef public int n, mode
    cdef public object rounds
    cdef int d, T, keep_suits, blind, free
    cdef bint cash_on
    cdef bint killers  # partners on both sides: the killer moves are used
    cdef int pts[MAXD]
    cdef int grp[MAXD]
    cdef int led_bit[MAXD]
    cdef uint64_t gmask[5]  # per group, its cards (group 0: the trumps)
    cdef int eqv[MAXD]
    cdef uint64_t kind[3]  # the cards of each bit of their worth's kind
    cdef int wts[4][MAXD]
    cdef uint64_t between[MAXD][MAXD]
    cdef int maxs[4]
    cdef uint64_t ptmask[8]  # the cards of each point value, the fewest points first
    cdef int ptval[8]
    cdef int npt
    cdef int16_t wb[5][256]  # per byte of a mask of cards, the points of each value of it
    cdef int nxt[4]
    cdef uint64_t hands[4]
    cdef uint64_t pend[MAXR][4]
    cdef int npend
    cdef long long nodes, limit
    cdef uint64_t* tt
    cdef int8_t* tbm
    cdef size_t tt_size, tt_count
    cdef Kept* ans
    cdef size_t ans_size, ans_count
    cdef Kept* lds
    cdef size_t lds_size, lds_count
    # the killer moves of the pure search, -1 where none: by ply and leader; by ply, seat and the
    # card holding the trick
    cdef int8_t lead_killer[MAXR * PLIES][4]
    cdef int8_t answer_killer[MAXR * PLIES][4][MAXD]

    def __cinit__(self, rules, int seats, coalition, int mode, capture, meter):
        self.tt_size = 1 << 12
        self.tt = <uint64_t*> kz_table_alloc(self.tt_size * sizeof(uint64_t))
        self.tbm = <int8_t*> kz_table_alloc(self.tt_size)
        self.ans_size = self.lds_size = 1 << 10
        memset(self.lead_killer, -1, sizeof(self.lead_killer))
        memset(self.answer_killer, -1, sizeof(self.answer_killer))
        self.ans = <Kept*> PyMem_Calloc(self.ans_size, sizeof(Kept))
        self.lds = <Kept*> PyMem_Calloc(self.lds_size, sizeof(Kept))
        if self.tt == NULL or self.tbm == NULL or self.ans == NULL or self.lds == NULL:
            raise MemoryError()

    def __dealloc__(self):
        kz_table_free(self.tt, self.tt_size * sizeof(uint64_t))
        kz_table_free(self.tbm, self.tt_size)
        PyMem_Free(self.ans)
        PyMem_Free(self.lds)

    def __init__(self, rules, int seats, coalition, int mode, capture, meter):
        cdef int c, s, q, b
        tb = rules.tb
        self.rules = rules
        self.n = seats
        self.coalition = coalition
        self.mode = mode
        self.meter = meter
        self.capture = capture
        self.rounds = [tuple(r) for r in rules.dealt]
        if len(self.rounds) > MAXR or seats > 4 or len(tb.cards) > MAXD:
            raise ValueError("a deal past the compiled search's sizes")
        self.d = len(tb.cards)
        self.T = tb.ntrumps
        self.keep_suits = 1 if rules.keep_suits else 0
        self.free = 1 if rules.free else 0
        self.cash_on = mode != 2
        self.killers = killers_used(seats, coalition)
        blind = rules.rs.blind_seat
        self.blind = -1 if blind is None else blind
        for s in range(5):
            self.gmask[s] = tb.group_mask[s]
        for c in range(self.d):
            self.pts[c] = tb.pts[c]
            self.grp[c] = tb.grp[c]
            self.led_bit[c] = tb.led_bit[c]
            for q in range(self.d):
                self.between[c][q] = tb.between[c][q]
        for s in range(seats):
            self.maxs[s] = 1 if s in coalition else 0
            self.nxt[s] = (s + 1) % seats
        for c in range(self.d):
            for s in range(seats):
                if mode == 0:
                    self.wts[s][c] = self.pts[c]
                else:
                    self.wts[s][c] = 0
            self.eqv[c] = self.pts[c] if mode == 0 else 0
        if len(tb.by_worth) > 8 or sum(tb.pts) > BMASK:  # a bound must fit its bits
            raise ValueError("a deal past the compiled search's sizes")
        self.npt = len(tb.by_worth)
        for q in range(self.npt):
            self.ptval[q], self.ptmask[q] = tb.by_worth[q]
        for q in range(5):
            for c in range(256):
                self.wb[q][c] = 0
                for b in range(8):
                    if c >> b & 1 and 8 * q + b < self.d:
                        self.wb[q][c] += self.pts[8 * q + b]
        kinds = {}
        for q in range(3):
            self.kind[q] = 0
        for c in range(self.d):
            worth = 100 + c if capture is not None and c in capture else self.pts[c]
            q = kinds.setdefault(worth, len(kinds))
            for s in range(3):
                if q >> s & 1:
                    self.kind[s] |= (<uint64_t> 1) << c
        if len(kinds) > 8 or len(self.rounds) > 2:
            raise ValueError("a deal past the compiled search's sizes")
        if mode == 2:
            catcher, queen = capture
            for s in range(seats):
                if self.maxs[s]:  # the coalition's own catcher / own queen
                    self.wts[s][catcher], self.wts[s][queen] = 1, 4
                else:
                    self.wts[s][catcher], self.wts[s][queen] = 4, 2
            self.eqv[catcher] = 100 + catcher
            self.eqv[queen] = 100 + queen

    @property
    def table_bytes(self):
        """The memory the table of positions holds now."""
        return self.tt_size * (sizeof(uint64_t) + 1)

    def rest(self, hands, trick, int rnd):
        """The most the coalition could still get: the pure search's own bound, read off this one."""
        return _Pure.rest(self, hands, trick, rnd)

    # the legality kept per hand: the engine's answer on a miss

    cdef bint _find(self, Kept* t, size_t size, uint64_t key, uint64_t* out) noexcept:
        cdef size_t mask = size - 1
        cdef size_t i = mix(key) & mask
        cdef uint64_t k = key | USED
        while t[i].key:
            if t[i].key == k:
                out[0] = t[i].value
                return True
            i = (i + 1) & mask
        return False

    cdef int _put(self, Kept** table, size_t* size, size_t* count, uint64_t key, uint64_t value) except -1:
        cdef size_t mask, i
        cdef Kept* t
        if (count[0] + 1) * 2 > size[0]:
            self._grow_kept(table, size)
        t = table[0]
        mask = size[0] - 1
        i = mix(key) & mask
        while t[i].key:
            i = (i + 1) & mask
        t[i].key = key | USED
        t[i].value = value
        count[0] += 1
        return 0

    cdef int _grow_kept(self, Kept** table, size_t* size) except -1:
        cdef size_t old_size = size[0], new_size = old_size * 2, j, i
        cdef Kept* old = table[0]
        cdef Kept* new = <Kept*> PyMem_Calloc(new_size, sizeof(Kept))
        if new == NULL:
            raise MemoryError()
        for j in range(old_size):
            if old[j].key:
                i = mix(old[j].key & ~(<uint64_t> USED)) & (new_size - 1)
                while new[i].key:
                    i = (i + 1) & (new_size - 1)
                new[i] = old[j]
        PyMem_Free(old)
        table[0] = new
        size[0] = new_size
        return 0

    cdef uint64_t answers(self, int seat, uint64_t h, int lead, int ls) except? 0:
        """Kept as Rules.answers keeps them, and without the suits led where no rule reads them;
        a hand that can follow answers as Rules.followed says, without asking."""
        cdef uint64_t key = h | (<uint64_t> self.grp[lead]) << 40 | (<uint64_t> (seat == self.blind)) << 46
        cdef uint64_t m
        if seat != self.blind:
            m = h & self.gmask[self.grp[lead]]
            if m:
                return m
        if not self.keep_suits:
            ls = 0
        key |= (<uint64_t> ls) << 49
        if not self._find(self.ans, self.ans_size, key, &m):
            m = self.rules.answers(seat, h, lead, ls)  # kept there for every search of the deal
            self._put(&self.ans, &self.ans_size, &self.ans_count, key, m)
        return m

    cdef uint64_t leads(self, int seat, uint64_t h, int ls) except? 0:
        cdef uint64_t key
        cdef uint64_t m
        if self.free:
            return h
        if not self.keep_suits:
            ls = 0
        key = h | (<uint64_t> seat) << 40 | (<uint64_t> ls) << 43
        if not self._find(self.lds, self.lds_size, key, &m):
            m = self.rules.leads(seat, h, ls)
            self._put(&self.lds, &self.lds_size, &self.lds_count, key, m)
        return m

    # the transposition table

    cdef uint64_t _key(self, int tag) noexcept:
        """The hash of a position at a trick's start, as the cards still to be played, low bit
        first, each as who holds it and what it is worth, with the number of them in each group:
        positions that differ only in which of the worthless cards are gone play alike and share
        an entry. Each bit of the holders' numbers and of the worths' kinds is gathered over the
        places of the cards left into one word, and the words are hashed into a slot's hash bits
        (never all 0)."""
        cdef uint64_t live, rest, h
        cdef uint64_t* hs = self.hands
        cdef uint64_t* ps
        cdef uint64_t bits[6]
        cdef uint64_t w[6]
        # each bit of the holder's number and of the worth's kind, as a mask of cards (a seat past
        # the table's holds nothing; a card of a round to come is numbered 4 + its holder)
        bits[0] = hs[1] | hs[3]
        bits[1] = hs[2] | hs[3]
        bits[2] = 0
        if self.npend:
            ps = self.pend[self.npend - 1]
            bits[0] |= ps[1] | ps[3]
            bits[1] |= ps[2] | ps[3]
            bits[2] = ps[0] | ps[1] | ps[2] | ps[3]
        live = hs[0] | hs[1] | hs[2] | hs[3] | bits[2]
        rest = ((<uint64_t> tag) << 32 | <uint64_t> kz_count(live & self.gmask[0])
                | (<uint64_t> kz_count(live & self.gmask[1])) << 6
                | (<uint64_t> kz_count(live & self.gmask[2])) << 12
                | (<uint64_t> kz_count(live & self.gmask[3])) << 18
                | (<uint64_t> kz_count(live & self.gmask[4])) << 24)
        bits[3], bits[4], bits[5] = self.kind[0], self.kind[1], self.kind[2]
        kz_gather(bits, live, w)  # w: the holders' bits, then the kinds' bits
        h = (kz_mum(w[0] ^ 0x243F6A8885A308D3ULL, w[1] ^ 0x13198A2E03707344ULL)
             ^ kz_mum(w[2] ^ 0xA4093822299F31D0ULL, w[3] ^ 0x082EFA98EC4E6C89ULL)
             ^ kz_mum(w[4] ^ 0x452821E638D01377ULL, w[5] ^ 0xBE5466CF34E90C6CULL)
             ^ kz_mum(rest ^ 0xC0AC29B7C97C50DDULL, 0x3F84D5B5B5470917ULL))
        h = mix(h) & SIGS
        return h if h else SIGS & -SIGS

    cdef inline size_t _home(self, uint64_t sig, size_t size) noexcept:
        """Where the position hashed ``sig`` is looked for first in a table of ``size`` slots."""
        return (sig >> (2 * WB)) & (size - 1)

    cdef size_t _slot(self, uint64_t sig) noexcept:
        """The slot of the position hashed ``sig``: its own, or the empty one it would take."""
        cdef size_t mask = self.tt_size - 1
        cdef size_t i = self._home(sig, self.tt_size)
        cdef uint64_t w
        while True:
            w = self.tt[i]
            if w == 0 or (w & SIGS) == sig:
                return i
            i = (i + 1) & mask

    cdef int _grow_tt(self) except -1:
        cdef size_t old_size = self.tt_size, new_size = old_size * 2, j, i
        cdef uint64_t* old = self.tt
        cdef int8_t* old_bm = self.tbm
        cdef uint64_t* new = <uint64_t*> kz_table_alloc(new_size * sizeof(uint64_t))
        cdef int8_t* new_bm = <int8_t*> kz_table_alloc(new_size)
        if new == NULL or new_bm == NULL:
            kz_table_free(new, new_size * sizeof(uint64_t))
            kz_table_free(new_bm, new_size)
            raise MemoryError()
        for j in range(old_size):
            if old[j]:
                i = self._home(old[j], new_size)
                while new[i]:
                    i = (i + 1) & (new_size - 1)
                new[i] = old[j]
                new_bm[i] = old_bm[j]
        kz_table_free(old, old_size * sizeof(uint64_t))
        kz_table_free(old_bm, old_size)
        self.tt, self.tbm = new, new_bm
        self.tt_size = new_size
        return 0

    cdef uint64_t _live(self) noexcept:
        cdef uint64_t live = 0
        cdef int s
        for s in range(self.n):
            live |= self.hands[s]
            if self.npend:
                live |= self.pend[self.npend - 1][s]
        return live

    cdef int _place_of(self, int c) noexcept:
        if c < 0:
            return -1
        return kz_count(self._live() & (((<uint64_t> 1) << c) - 1))

    cdef inline bint _same_run(self, int p, int c, uint64_t live) noexcept:
        """Whether the cards p and c play as one: of one worth, and no card left between them."""
        return self.eqv[p] == self.eqv[c] and not (live & self.between[p][c])

    cdef bint _first_of_run(self, int c, uint64_t legal, uint64_t live) noexcept:
        """Whether moves_of lists the card c: legal, and not the same card as the legal one below it."""
        cdef uint64_t below = legal & (((<uint64_t> 1) << c) - 1)
        if not (legal >> c) & 1:
            return False
        return not below or not self._same_run(kz_high(below), c, live)

    cdef int _leads_of(self, uint64_t legal, uint64_t live, int ismax, int ls, int* ms) except -1:
        """As the pure search's ``lead_heads``: the leads searched, low bit first."""
        if self.mode == 0:
            return self._heads(legal, live, -1, 0, 0, 0, ismax, ls, ms)
        return self.moves_of(legal, live, ms)

    cdef bint _lead_listed(self, int c, uint64_t legal, uint64_t live, int ismax, int ls, int* ms,
                           int* k) except -1:
        """Whether the leads searched include ``c``. In points they are listed for it, into
        ``ms`` (``k[0]``: how many, -1 until then); else moves_of's own test tells, unlisted."""
        cdef int i
        if self.mode != 0:
            return self._first_of_run(c, legal, live)
        if k[0] < 0:
            k[0] = self._leads_of(legal, live, ismax, ls, ms)
        for i in range(k[0]):
            if ms[i] == c:
                return True
        return False

    cdef int _card_at(self, int place) noexcept:
        cdef uint64_t live = self._live()
        cdef int i
        if place < 0:
            return -1
        for i in range(place):
            live &= live - 1
        return kz_low(live)

    cdef void _sure_bounds(self, int rem, int* low, int* high) noexcept:
        """As the pure search's ``sure_bounds``: the top trumps one side holds are that side's
        for sure, with the cheapest cards every seat must give to their tricks."""
        cdef uint64_t trumps = 0, mine = 0, h, other, run
        cdef int side, sure = 0, s, k = 0
        cdef int held[4]
        low[0], high[0] = 0, rem
        for s in range(self.n):
            h = self.hands[s] | (self.pend[self.npend - 1][s] if self.npend else 0)
            trumps |= h
            if self.maxs[s]:
                mine |= h
        trumps &= self.gmask[0]
        if not trumps:
            return
        side = 1 if mine & trumps & -trumps else 0
        other = trumps & ~mine if side else trumps & mine
        run = trumps if not other else trumps & ((other & -other) - 1)
        if self.mode == 1:
            sure = 1
        else:
            if not self.npend:
                for s in range(self.n):
                    held[s] = kz_count(self.hands[s] & run)
                    if held[s] > k:
                        k = held[s]
                for s in range(self.n):
                    if self.maxs[s] != side:
                        sure += self._worth_k(self.hands[s], k, False)
                    elif held[s] < k:
                        sure += self._worth_k(self.hands[s] & ~run, k - held[s], False)
            while run:
                sure += self.pts[kz_low(run)]
                run &= run - 1
        if side:
            low[0] = sure
        else:
            high[0] = rem - sure

    cdef inline int _worth(self, uint64_t m) noexcept:
        return (self.wb[0][m & 255] + self.wb[1][(m >> 8) & 255] + self.wb[2][(m >> 16) & 255]
                + self.wb[3][(m >> 24) & 255] + self.wb[4][(m >> 32) & 255])

    cdef inline int _worth_k(self, uint64_t m, int k, bint most) noexcept:
        """The most (``most=False``: the fewest) points ``k`` cards of ``m`` can be worth."""
        cdef int i, q, c, t = 0
        for i in range(self.npt):
            if k <= 0:
                break
            q = self.npt - 1 - i if most else i
            c = kz_count(m & self.ptmask[q])
            if c > k:
                c = k
            t += c * self.ptval[q]
            k -= c
        return t

    cdef inline bint _drawn(self, uint64_t* fol, int nfol, uint64_t free, uint64_t gm, int k) noexcept:
        """Do ``k`` leads of the group ``gm`` draw every card of it the others hold?"""
        cdef int i
        if free & gm:
            return 0
        for i in range(nfol):
            if kz_count(fol[i] & gm) > k:
                return 0
        return 1

    cdef int _cash(self, int leader, uint64_t mine, int need) noexcept:
        """:func:`~rules.engine.solver_tables.run_off` of the leader's cards ``mine`` against the
        others': tricks or points, as the search counts. Short of ``need`` for sure: some count
        below it."""
        cdef uint64_t tm = self.gmask[0]
        cdef uint64_t free = 0, ft, lt, above, ls, fs, gm
        cdef uint64_t fol[4]
        cdef bint ruffs[4]
        cdef bint any_ruff = 0, skip
        cdef int nfol = 0, i, s, r, k, c, tricks, got, g
        cdef int ks[5]
        for s in range(self.n):
            if s == leader:
                continue
            if s == self.blind:
                free = self.hands[s]
            else:
                fol[nfol] = self.hands[s]
                nfol += 1
        ft = free & tm
        for i in range(nfol):
            ft |= fol[i] & tm
        lt = mine & tm
        above = lt & (((<uint64_t> 1) << kz_low(ft)) - 1) if ft else lt
        k = kz_count(above)
        if self._drawn(fol, nfol, free, tm, k):
            above = lt
            k = kz_count(above)
        tricks = k
        got = self._worth(above)
        ks[0] = k
        for i in range(nfol):
            ruffs[i] = kz_count(fol[i] & tm) > k
            any_ruff = any_ruff or ruffs[i]
        for g in range(1, 5):
            ks[g] = 0
            gm = self.gmask[g]
            ls = mine & gm
            if not ls or free & tm:
                continue
            fs = free & gm
            skip = 0
            for i in range(nfol):
                fs |= fol[i] & gm
                if ruffs[i] and not fol[i] & gm:
                    skip = 1
            if skip:
                continue
            above = ls & (((<uint64_t> 1) << kz_low(fs)) - 1) if fs else ls
            r = kz_count(above)
            if any_ruff:
                k = r
                for i in range(nfol):
                    if ruffs[i]:
                        c = kz_count(fol[i] & gm)
                        if c < k:
                            k = c
                got += self._worth_k(above, k, True)
            else:
                if self._drawn(fol, nfol, free, gm, r):
                    above = ls
                k = kz_count(above)
                got += self._worth(above)
            ks[g] = k
            tricks += k
        if self.mode == 1 or not tricks:
            return tricks
        if got + tricks * self.ptval[self.npt - 1] * (self.n - 1) < need:
            return got
        for i in range(nfol):
            got += self._given(fol[i], ks, tricks)
        return got + self._worth_k(free, tricks, False)

    cdef int _given(self, uint64_t f, int* ks, int tricks) noexcept:
        """What a follower holding ``f`` gives at least to ``tricks`` tricks, ``ks[g]`` of them led
        in the group ``g``: his cheapest cards of each group led, as far as he holds it, and his
        cheapest others to the rest."""
        cdef int left[8]
        cdef int q, g, k, c, t = 0
        cdef uint64_t m
        for q in range(self.npt):
            left[q] = kz_count(f & self.ptmask[q])
        for g in range(5):
            k = ks[g]
            if not k:
                continue
            m = f & self.gmask[g]
            q = 0
            while k and m and q < self.npt:
                c = kz_count(m & self.ptmask[q])
                if c > k:
                    c = k
                t += c * self.ptval[q]
                left[q] -= c
                tricks -= c
                k -= c
                m &= ~self.ptmask[q]
                q += 1
        q = 0
        while tricks > 0 and q < self.npt:
            c = left[q] if left[q] < tricks else tricks
            t += c * self.ptval[q]
            tricks -= c
            q += 1
        return t

    cdef void _cashed(self, int leader, uint64_t mine, int alpha, int beta, int rem, int* low, int* high) noexcept:
        """As the pure search's ``cashed``: what the leader runs off of ``mine``, the cards he may
        lead, as far as the question needs it (enough to settle it)."""
        cdef uint64_t h = self.hands[leader]
        # a zero window is settled by the bound or left as it is, so a count short of the
        # question may stop early; a wider one is narrowed to the whole count
        cdef bint wide = beta - alpha > 1
        low[0], high[0] = 0, rem
        if mine != h and mine != h & ~self.gmask[0]:
            return
        if self.maxs[leader]:
            low[0] = self._cash(leader, mine, 0 if wide else beta)
        else:
            high[0] = rem - self._cash(leader, mine, 0 if wide else rem - alpha)

    # moves

    cdef int moves_of(self, uint64_t legal, uint64_t live, int* ms) noexcept:
        """The legal cards, low bit first, one of each run that is the same card for every purpose."""
        cdef int k = 0, prev = -1, c
        while legal:
            c = kz_low(legal)
            legal &= legal - 1
            if prev >= 0 and self._same_run(prev, c, live):
                prev = c
                continue
            ms[k] = c
            k += 1
            prev = c
        return k

    cdef int _takes(self, int c, int best, bint own, uint64_t later, uint64_t mate, int ismax,
                    int ls) except -2:
        """As the pure search's ``takes``, of an answer (``best``: the card holding the trick) or,
        where ``best`` < 0, a lead: 1 where the mover's side takes the trick whichever card of c's
        run is played, 0 where the other does, -1 where that is not settled."""
        cdef uint64_t above = self.over(c), got = 0
        cdef int s
        if best >= 0:
            if c < best and (c < self.T or self.grp[c] == self.grp[best]):  # it holds the trick
                return -1 if later & above else 1
            if own:
                return -1 if later & self.over(best) else 1
            return -1 if mate & self.over(best) else 0
        for s in range(self.n):
            if self.maxs[s] != ismax:
                got |= self.answers(s, self.hands[s], c, ls)
        if not (got & above):
            return 1
        if self.n == 2 and not (got & ~above):
            return 0
        return -1

    cdef int _heads(self, uint64_t legal, uint64_t live, int best, bint own, uint64_t later,
                    uint64_t mate, int ismax, int ls, int* ms) except -1:
        """As :func:`~rules.engine.solver_tables.fed_heads` with the pure search's ``takes``: the
        moves a search for points lists (``_takes`` says of which kind)."""
        cdef int k = 0, prev = -1, pick = -1, most = -1, c
        while legal:
            c = kz_low(legal)
            legal &= legal - 1
            if prev >= 0 and not (live & self.between[prev][c]):
                if most < 0:
                    if self.pts[c] != self.pts[prev]:
                        ms[k] = c
                        k += 1
                elif (self.pts[c] > self.pts[pick]) if most else (self.pts[c] < self.pts[pick]):
                    pick = c
            else:
                if pick >= 0:
                    ms[k] = pick
                    k += 1
                most = self._takes(c, best, own, later, mate, ismax, ls)
                pick = -1 if most < 0 else c
                if most < 0:
                    ms[k] = c
                    k += 1
            prev = c
        if pick >= 0:
            ms[k] = pick
            k += 1
        return k

    cdef inline uint64_t over(self, int x) noexcept:
        """The cards that beat ``x``."""
        cdef uint64_t below = ((<uint64_t> 1) << x) - 1
        if x < self.T:
            return below
        return self.gmask[0] | (self.gmask[self.grp[x]] & below)

    cdef inline int _shed(self, int c, int bg) noexcept:
        """Where a losing card goes when a partner may still take the trick: a plain card of
        another group than the best one's by its points, the most first, before the others."""
        return -self.pts[c] if c >= self.T and self.grp[c] != bg else self.pts[c]

    cdef int ordered(self, uint64_t legal, uint64_t live, int best, int own, uint64_t later,
                     uint64_t mate, int* out) except -1:
        """As the pure search orders answers; ``later``: what the other side still to play in
        this trick may answer, ``mate`` what the own side may."""
        cdef int ms[MAXD]
        cdef int k, i, j, c, x, ns = 0, nw = 0, nl = 0, bg, nb
        cdef bint partner
        cdef int win[MAXD]
        cdef int lose[MAXD]
        if self.mode == 0:
            k = self._heads(legal, live, best, own, later, mate, 0, 0, ms)
        else:
            k = self.moves_of(legal, live, ms)
        if k < 2:
            for i in range(k):
                out[i] = ms[i]
            return k
        if own and not (later & self.over(best)):  # points first (a stable sort, high to low)
            for i in range(k):
                c = ms[i]
                j = i
                while j > 0 and self.pts[out[j - 1]] < self.pts[c]:
                    out[j] = out[j - 1]
                    j -= 1
                out[j] = c
            return k
        # the sure winners, the most points first; the other winners, the cheapest first; then
        # the rest, the fewest points first (stable sorts)
        bg = self.grp[best]
        for i in range(k - 1, -1, -1):
            c = ms[i]
            if c < best and (c < self.T or self.grp[c] == bg):
                if later & self.over(c):
                    win[nw] = c
                    nw += 1
                else:
                    j = ns
                    while j > 0 and self.pts[out[j - 1]] < self.pts[c]:
                        out[j] = out[j - 1]
                        j -= 1
                    out[j] = c
                    ns += 1
        # a partner may still take the trick: the losing cards go as _shed says, else the
        # cheapest first
        partner = not own and mate & self.over(best)
        for i in range(k):
            c = ms[i]
            if not (c < best and (c < self.T or self.grp[c] == bg)):
                x = self._shed(c, bg) if partner else self.pts[c]
                j = nl
                while j > 0 and (self._shed(lose[j - 1], bg) if partner else self.pts[lose[j - 1]]) > x:
                    lose[j] = lose[j - 1]
                    j -= 1
                lose[j] = c
                nl += 1
        if partner:
            # below a sure winner worth 10 or more, the losing cards, then the other sure winners
            # (ms keeps them meanwhile)
            nb = 0
            while nb < ns and self.pts[out[nb]] >= 10:
                nb += 1
            for i in range(nb, ns):
                ms[i - nb] = out[i]
            for i in range(nl):
                out[nb + i] = lose[i]
            for i in range(ns - nb):
                out[nb + nl + i] = ms[i]
            for i in range(nw):
                out[ns + nl + i] = win[i]
            return k
        for i in range(nw):
            out[ns + i] = win[i]
        for i in range(nl):
            out[ns + nw + i] = lose[i]
        return k

    cdef inline int _trumping(self, uint64_t h) noexcept:
        """The plain groups, as bits, that ``h`` is out of while holding a trump."""
        cdef int g, out = 0
        if h & self.gmask[0]:
            for g in range(1, 5):
                if not (h & self.gmask[g]):
                    out |= 1 << g
        return out

    cdef void lead_order(self, int leader, int ismax, int* ms, int k) noexcept:
        """As the pure search orders leads (a stable sort): the plain cards a partner takes for
        sure, then the sure winners, plain before trumps, each the most points first; then the
        others, the fewest points first. A lead is no sure winner where the other side holds a
        higher card of its group, and neither kind where one of them is out of its suit and holds
        a trump; a partner takes it where he holds the top card of its suit against the other
        side or is out of it and holds a trump."""
        cdef uint64_t opp = 0, mate = 0, h, top
        cdef int s, i, j, c, x, g, ruff = 0, cover = 0
        cdef int sc[MAXD]
        for s in range(self.n):
            h = self.hands[s]
            if self.maxs[s] != ismax:
                opp |= h
                ruff |= self._trumping(h)
            elif s != leader:
                mate |= h
                cover |= self._trumping(h)
        for i in range(k):
            c = ms[i]
            g = self.grp[c]
            top = (mate | opp) & self.gmask[g]
            if (ruff >> g) & 1:
                sc[i] = -self.pts[c]
            elif not (opp & self.gmask[g] & (((<uint64_t> 1) << c) - 1)):
                sc[i] = (1500 if g else 1000) + self.pts[c]
            elif g and ((top & -top & mate) or (cover >> g) & 1):
                sc[i] = 2000 + self.pts[c]
            else:
                sc[i] = -self.pts[c]
        for i in range(1, k):
            c, x = ms[i], sc[i]
            j = i
            while j > 0 and sc[j - 1] < x:
                ms[j], sc[j] = ms[j - 1], sc[j - 1]
                j -= 1
            ms[j], sc[j] = c, x

    # the search

    cdef inline int _count(self) except -1:
        """One more position searched, held to the budget."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooComplex("too_complex")
        return 0

    cdef inline bint _within(self, int low, int high, int* alpha, int* beta, int* v) noexcept:
        """As the pure search's ``within``: does the bound settle the question (its answer in
        ``v``)? Where it does not, the window is narrowed to it; narrowed to nothing, it does."""
        if low >= beta[0]:
            v[0] = low
            return True
        if high <= alpha[0]:
            v[0] = high
            return True
        alpha[0], beta[0] = max(alpha[0], low), min(beta[0], high)
        v[0] = alpha[0]
        return alpha[0] >= beta[0]

    cdef int trick(self, int leader, int alpha, int beta, int rem, int ls) except -1:
        cdef uint64_t h, live
        cdef int best, bseat, tp, s, x, tag, lo, hi, bm, a0, b0, v, best_move, k, i, c, child, ismax, seat2
        cdef int ply, low, high
        cdef bint in_order
        cdef uint64_t legal
        cdef int ms[MAXD]
        cdef uint64_t sig = 0, w
        cdef size_t slot, size0
        if rem <= alpha:
            return rem
        if beta <= 0:
            return 0
        h = self.hands[leader]
        if not h:
            if self.npend == 0:
                return 0
            self.npend -= 1
            for s in range(self.n):
                self.hands[s] = self.pend[self.npend][s]
            v = self.trick(leader, alpha, beta, rem, ls)
            for s in range(self.n):
                self.hands[s] = 0
            self.npend += 1
            return v
        if (h & (h - 1)) or self.npend:
            # the slot is fetched from memory while the bounds below are worked out
            tag = 1 + leader + 8 * (ls if self.keep_suits else 0)
            sig = self._key(tag)
            kz_prefetch(&self.tt[self._home(sig, self.tt_size)])
        # a bound settles the question, or else narrows the window (as the table's do)
        if self.mode != 2:
            self._sure_bounds(rem, &low, &high)
            if self._within(low, high, &alpha, &beta, &v):
                return v
        legal = 0  # the cards the leader may lead, asked once
        if self.cash_on and self.n == 2:
            legal = self.leads(leader, h, ls)
            self._cashed(leader, legal, alpha, beta, rem, &low, &high)
            if self._within(low, high, &alpha, &beta, &v):
                return v
        if not (h & (h - 1)) and self.npend == 0:
            # the last trick: one card each, nothing to choose
            self._count()
            best = kz_low(h)
            bseat, tp = leader, self.wts[leader][best]
            s = self.nxt[leader]
            while s != leader:
                x = kz_high(self.hands[s])
                if x < best and (x < self.T or self.grp[x] == self.grp[best]):
                    best, bseat = x, s
                tp += self.wts[s][x]
                s = self.nxt[s]
            if self.mode == 0:
                return tp if self.maxs[bseat] else 0
            if self.mode == 1:
                return 1 if self.maxs[bseat] else 0
            return 1 if tp == 3 else 0
        size0 = self.tt_size
        slot = self._slot(sig)
        w = self.tt[slot]
        if w:
            lo, hi = <int> (w & BMASK), <int> ((w >> WB) & BMASK)
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:  # exact: within a wider window it would leave none to search
                return lo
            bm = self._card_at(self.tbm[slot])
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi, bm = 0, rem, -1
        if self.cash_on and self.n > 2:
            legal = self.leads(leader, h, ls)
            self._cashed(leader, legal, alpha, beta, rem, &low, &high)
            if self._within(low, high, &alpha, &beta, &v):
                return v
        a0, b0 = alpha, beta
        self._count()
        live = 0
        for s in range(self.n):
            live |= self.hands[s]
        ismax = self.maxs[leader]
        if not legal:
            legal = self.leads(leader, h, ls)
        ply = kz_count(live) + PLIES * self.npend
        k = -1  # the leads, once listed
        if bm >= 0 and not self._lead_listed(bm, legal, live, ismax, ls, ms, &k):
            bm = -1
        if bm < 0 and self.killers:
            bm = self.lead_killer[ply][leader]
            if bm >= 0 and not self._lead_listed(bm, legal, live, ismax, ls, ms, &k):
                bm = -1
        # the best lead of an earlier visit first, before the others are ordered: it often cuts
        i = -1 if bm >= 0 else 0
        in_order = False
        seat2 = self.nxt[leader]
        v = -INF if ismax else INF
        best_move = -1
        while True:
            if i < 0:
                c = bm
            else:
                if not in_order:
                    if k < 0:
                        k = self._leads_of(legal, live, ismax, ls, ms)
                    self.lead_order(leader, ismax, ms, k)
                    in_order = True
                if i >= k:
                    break
                c = ms[i]
                if c == bm:
                    i += 1
                    continue
            i += 1
            self.hands[leader] = h ^ ((<uint64_t> 1) << c)
            child = self.node(1, seat2, c, c, leader, self.wts[leader][c], alpha, beta, rem, ls, live)
            self.hands[leader] = h
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
        if self.killers and best_move >= 0 and ((v >= b0) if ismax else (v <= a0)):
            self.lead_killer[ply][leader] = best_move
        if v <= a0:
            hi = min(hi, v)
        elif v >= b0:
            lo = max(lo, v)
        else:
            lo = hi = v
        # the children may have grown the table or filled the slot found: then find it again
        if (self.tt_count + 1) * 10 > self.tt_size * 7:
            self._grow_tt()
        w = self.tt[slot]
        if self.tt_size != size0 or (w and (w & SIGS) != sig):
            slot = self._slot(sig)
            w = self.tt[slot]
        if not w:
            self.tt_count += 1
        self.tt[slot] = sig | (<uint64_t> hi) << WB | <uint64_t> lo
        self.tbm[slot] = self._place_of(best_move)
        return v

    cdef int node(self, int i, int seat, int lead, int best, int bseat, int tp, int alpha, int beta,
                  int rem, int ls, uint64_t live) except -1:
        cdef uint64_t h, legal, later = 0, mate = 0
        cdef int ismax, own, last, v, k, j, c, nb, ns, ntp, rem2, g, child, s, ply, killer
        cdef int ms[MAXD]
        self._count()
        h = self.hands[seat]
        legal = self.answers(seat, h, lead, ls)
        ismax = self.maxs[seat]
        own = self.maxs[bseat] == ismax
        s = seat
        for j in range(i, self.n - 1):
            s = self.nxt[s]
            if self.maxs[s] != ismax:
                later |= self.answers(s, self.hands[s], lead, ls)
            elif not own:
                mate |= self.answers(s, self.hands[s], lead, ls)
        k = self.ordered(legal, live, best, own, later, mate, ms)
        ply = 0
        if self.killers:
            ply = kz_count(live) - i + PLIES * self.npend
            killer = self.answer_killer[ply][seat][best]
            if killer >= 0 and k > 1 and ms[0] != killer:
                j = 1
                while j < k and ms[j] != killer:
                    j += 1
                if j < k:
                    while j > 0:
                        ms[j] = ms[j - 1]
                        j -= 1
                    ms[0] = killer
        last = i == self.n - 1
        v = -INF if ismax else INF
        for j in range(k):
            c = ms[j]
            self.hands[seat] = h ^ ((<uint64_t> 1) << c)
            if c < best and (c < self.T or self.grp[c] == self.grp[best]):
                nb, ns = c, seat
            else:
                nb, ns = best, bseat
            ntp = tp + self.wts[seat][c]
            if last:
                if self.mode == 0:
                    rem2 = rem - ntp
                    g = ntp if self.maxs[ns] else 0
                elif self.mode == 1:
                    rem2 = rem - 1
                    g = 1 if self.maxs[ns] else 0
                else:
                    g = 1 if ntp == 3 else 0
                    rem2 = 0 if ntp else rem
                child = self.trick(ns, alpha - g, beta - g, rem2, ls | self.led_bit[lead])
                child += g
            else:
                child = self.node(i + 1, self.nxt[seat], lead, nb, ns, ntp, alpha, beta, rem, ls, live)
            self.hands[seat] = h
            if ismax:
                if child > v:
                    v = child
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            if self.killers:
                                self.answer_killer[ply][seat][best] = c
                            break
            elif child < v:
                v = child
                if v < beta:
                    beta = v
                    if v <= alpha:
                        if self.killers:
                            self.answer_killer[ply][seat][best] = c
                        break
        return v

    def search(self, hands, int leader, int rnd, trick, int ls, int alpha, int beta, int rem):
        """Fail-soft alpha-beta: the coalition's count from here on, or a bound past the window;
        ``rem``: the most it could get (:meth:`rest`)."""
        cdef int s, r, best, bseat, tp, c, lead, seat, v
        cdef uint64_t live
        later = self.rounds[rnd + 1 :]
        for s in range(4):
            self.hands[s] = hands[s] if s < self.n else 0
        self.npend = len(later)
        for r in range(self.npend):
            for s in range(4):
                self.pend[self.npend - 1 - r][s] = later[r][s] if s < self.n else 0
        meter = self.meter
        self.nodes, self.limit = meter.nodes, meter.limit
        try:
            if not trick:
                return self.trick(leader, alpha, beta, rem, ls)
            lead = trick[0][1]
            best, bseat, tp = lead, leader, 0
            for s, c in trick:
                if c < best and (c < self.T or self.grp[c] == self.grp[best]):
                    best, bseat = c, s
                tp += self.wts[s][c]
            live = 0
            for s in range(self.n):
                live |= self.hands[s]
            for s, c in trick:
                live |= (<uint64_t> 1) << c
            seat = trick[len(trick) - 1][0]
            return self.node(len(trick), self.nxt[seat], lead, best, bseat, tp, alpha, beta, rem, ls, live)
        finally:
            meter.nodes = self.nodes
