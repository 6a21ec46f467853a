# The compiled search's shared declarations: cards as bits of one 64-bit word, what a search of one
# coalition and reward knows of the deal (Deck), one moment of the deal (State), and the bit
# operations every module of the compiled search uses.

from libc.stdint cimport int16_t, uint16_t, uint64_t

cdef extern from *:
    """
    #include <stdint.h>
    static inline int kz_low(uint64_t x) { return __builtin_ctzll(x); }
    static inline int kz_count(uint64_t x) { return __builtin_popcountll(x); }
    static inline void kz_prefetch(const void* p) { __builtin_prefetch(p); }
    /* the bits of x under the mask m, packed low (pext), and back (pdep): one instruction with
       BMI2, else one pass over the mask's bits */
    #ifdef __BMI2__
    #include <immintrin.h>
    static inline uint64_t kz_pack(uint64_t x, uint64_t m) { return _pext_u64(x, m); }
    static inline uint64_t kz_unpack(uint64_t x, uint64_t m) { return _pdep_u64(x, m); }
    #else
    static inline uint64_t kz_pack(uint64_t x, uint64_t m) {
        uint64_t r = 0; int at = 0;
        for (; m; m &= m - 1, at++) r |= (x >> __builtin_ctzll(m) & 1) << at;
        return r;
    }
    static inline uint64_t kz_unpack(uint64_t x, uint64_t m) {
        uint64_t r = 0; int at = 0;
        for (; m; m &= m - 1, at++) if (x >> at & 1) r |= m & -m;
        return r;
    }
    #endif
    /* the folded 128-bit product of two words */
    static inline uint64_t kz_mum(uint64_t a, uint64_t b) {
        unsigned __int128 r = (unsigned __int128) a * b;
        return (uint64_t) r ^ (uint64_t) (r >> 64);
    }
    static inline uint64_t kz_mix(uint64_t x) {
        x ^= x >> 33; x *= 0xFF51AFD7ED558CCDULL; x ^= x >> 33; x *= 0xC4CEB9FE1A85EC53ULL;
        return x ^ (x >> 33);
    }
    """
    int kz_low(uint64_t x) nogil
    int kz_count(uint64_t x) nogil
    void kz_prefetch(const void* p) nogil
    uint64_t kz_pack(uint64_t x, uint64_t m) nogil
    uint64_t kz_unpack(uint64_t x, uint64_t m) nogil
    uint64_t kz_mum(uint64_t a, uint64_t b) nogil
    uint64_t kz_mix(uint64_t x) nogil

cdef enum:
    MAXD = 40  # cards in a deck at most
    MAXM = 256  # plays of one hand at one moment at most (up to four cards of nine)
    MAXR = 2  # rounds of a deal at most
    INF = 10000
    POINTS = 0
    TRICKS = 1
    CAPTURE = 2

cdef struct Deck:
    # the table and the reward
    int n, d, T, mode, nrounds, nstock, npt, nkb
    bint multi, keep_suits, free_leads, killers
    bint answers_free  # every card answers (several cards: and every single card leads)
    int blind  # the blind seats, a bit each
    int maxs[4]  # 1 for the coalition's seats
    int nxt[4]
    int gain_side[4]  # per side: 1 where the coalition gains with it
    int side_of[4]
    # the cards
    int pts[MAXD]
    int grp[MAXD]  # 0: a trump, 1-4: a plain suit
    int led_bit[MAXD]
    int eqv[MAXD]  # cards of one eqv and no live card between them play as one (in this reward)
    int wts[4][MAXD]  # what a card adds to the trick's count, by the seat that plays it
    uint64_t gmask[5]  # per group, its cards
    uint64_t kind_bits[5]  # per bit of a card's kind (its worth, the capture's two apart), its cards
    uint64_t ptmask[8]  # the cards of each point value, the fewest points first
    int ptval[8]
    int16_t wb[5][256]  # per byte of a mask of cards, their points
    uint64_t between[MAXD][MAXD]  # the cards strictly between two of one group, else every card
    uint64_t beats[MAXD]  # multi: the cards each card takes, card for card
    uint64_t rounds[MAXR][4]  # one-card: each seat's cards as dealt, round by round
    uint64_t stock_left[MAXD + 1]  # multi: the stock's cards still to be drawn, by the number drawn

cdef struct State:
    uint64_t hands[4]
    uint64_t plays[4]  # the trick so far, from its leader
    uint64_t best  # the play holding the trick
    int nt, leader, holder
    int count  # what the trick's cards count for the search so far (one-card)
    int ls, rnd, drawn
    int rest  # the most the coalition could still get

cdef inline uint64_t held(Deck* d, State* s) noexcept:
    cdef uint64_t m = 0
    cdef int i
    for i in range(d.n):
        m |= s.hands[i]
    return m

cdef inline uint64_t over(Deck* d, int x) noexcept:
    """The cards that beat the card ``x`` (a card of its group above it, or a trump)."""
    cdef uint64_t below = ((<uint64_t> 1) << x) - 1
    if x < d.T:
        return below
    return d.gmask[0] | (d.gmask[d.grp[x]] & below)

cdef inline bint beats(Deck* d, int c, int best) noexcept:
    """Does the card ``c`` take the trick from ``best``, the card holding it?"""
    return c < best and (c < d.T or d.grp[c] == d.grp[best])


cdef inline bint covers(Deck* d, uint64_t attack, uint64_t best) noexcept:
    """Does each card of ``best`` fall to a card of ``attack`` of its own (tricks.covers, the
    games of several cards, whose plays of one trick are as many cards; a hand covers a lead)?"""
    cdef uint64_t open_ = attack
    if not best:
        return True
    while open_:
        if d.beats[kz_low(open_)] >> kz_low(best) & 1 and covers(d, attack & ~(open_ & -open_), best & (best - 1)):
            return True
        open_ &= open_ - 1
    return False
