from libc.stdint cimport uint64_t

from ._core cimport Deck, State


cdef struct Kept:  # a kept answer of the engine's: the key's two words (the first never 0), the value
    uint64_t k0, k1, value


cdef class Plays:
    cdef Deck d
    cdef object game
    cdef Kept* kept
    cdef size_t kept_size, kept_count
    cdef uint64_t* pool
    cdef size_t pool_size, pool_count

    cdef int start(self, object pos, int rest, State* s) except -1
    cdef bint find(self, uint64_t k0, uint64_t k1, uint64_t* value) noexcept
    cdef int put(self, uint64_t k0, uint64_t k1, uint64_t value) except -1
    cdef uint64_t pooled(self, list values) except? 0
    cdef int multi_plays(self, State* s, int seat, uint64_t* out) except -1
    cdef int trick_done(self, State* o) except -1
    cdef int draw_up(self, State* o) except -1
    cdef uint64_t answers(self, int seat, uint64_t h, int lead, int ls) except? 0
    cdef uint64_t leads(self, int seat, uint64_t h, int ls) except? 0
    cdef int moves(self, State* s, uint64_t* ms) except -1
    cdef int play(self, State* s, uint64_t m, State* o) except -1
    cdef bint one_each(self, State* s) noexcept
    cdef int last_trick(self, State* s) noexcept
