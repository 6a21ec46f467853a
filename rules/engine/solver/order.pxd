from libc.stdint cimport uint64_t

from ._core cimport Deck, State, kz_mix

cdef void alike(Deck* d, uint64_t h, uint64_t live, int* one) noexcept
cdef int answers_in_order(Deck* d, uint64_t legal, uint64_t live, int best, bint own, uint64_t later,
                          uint64_t mate, int* out) noexcept
cdef int leads_in_order(Deck* d, State* s, uint64_t legal, uint64_t live, uint64_t* opp, int* out) noexcept
cdef int plays_in_order(Deck* d, State* s, int seat, uint64_t* legal, int nl, uint64_t* out) noexcept
cdef bint to_front(uint64_t* ms, int k, uint64_t m) noexcept

cdef enum:
    KILLERS = 1 << 20  # the slots of one search's killer moves

cdef inline size_t killer_at(Deck* d, State* s) noexcept:
    """Where the killer move (the move that last cut off there) is kept: by the seat to move, his
    hand and the play holding the trick (none at a lead), hashed; a stranger's costs its place."""
    cdef int seat = (s.leader + s.nt) % d.n
    return kz_mix(s.hands[seat] ^ kz_mix(s.best ^ seat)) & (KILLERS - 1)
