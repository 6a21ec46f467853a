from libc.stdint cimport uint64_t

from ._core cimport MAXD, Deck, State, held, kz_count, kz_low, later_of

cdef void alike(Deck* d, uint64_t h, uint64_t live, int* one) noexcept
cdef int runs(Deck* d, uint64_t legal, uint64_t live, int* ms) noexcept
cdef int answers_in_order(Deck* d, uint64_t legal, uint64_t live, int best, bint own, uint64_t later,
                          uint64_t mate, int* out) noexcept
cdef int leads_in_order(Deck* d, State* s, uint64_t legal, uint64_t live, uint64_t* opp, int* out) noexcept
cdef int plays_in_order(Deck* d, State* s, int seat, uint64_t* legal, int nl, uint64_t* out) noexcept
cdef bint to_front(uint64_t* ms, int k, uint64_t m) noexcept

cdef enum:
    KILLERS = (MAXD + 1) * 4 * (MAXD + 1)  # the killer moves kept by one search at most

cdef inline size_t killer_at(Deck* d, State* s) noexcept:
    """Where the killer move of this point of the deal is kept (the move that last cut off
    there): by the cards still to be played, the seat to move, and the card holding the trick
    (a play's lowest; none at a lead)."""
    cdef int ply = kz_count(held(d, s) | later_of(d, s))
    cdef int seat = (s.leader + s.nt) % d.n
    return (ply * 4 + seat) * (MAXD + 1) + (kz_low(s.best) + 1 if s.nt else 0)
