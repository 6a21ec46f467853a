from libc.stdint cimport uint16_t, uint64_t

from ._core cimport Deck, State

cdef enum:
    WB = 7  # the bits of each bound in a slot: no deal's points pass 127

cdef struct Slots:
    uint64_t* words  # a hash of the key above the two bounds, 0 where empty
    uint16_t* moves  # the best lead, as the cards of the leader's hand
    size_t size, count

cdef class Table:
    cdef Slots t

    cdef uint64_t key(self, Deck* d, State* s) noexcept
    cdef int store(self, size_t at, uint64_t sig, int lo, int hi, uint64_t move, uint64_t hand) except -1
    cdef int grow(self) except -1

cdef inline size_t slot_of(Slots* t, uint64_t sig) noexcept:
    """The slot of the position hashed ``sig``: its own, or the empty one it would take."""
    cdef size_t i = (sig >> (2 * WB)) & (t.size - 1)
    while t.words[i] and (t.words[i] >> (2 * WB)) != (sig >> (2 * WB)):
        i = (i + 1) & (t.size - 1)
    return i

cdef inline int low_of(uint64_t word) noexcept:
    return <int> (word & ((1 << WB) - 1))

cdef inline int high_of(uint64_t word) noexcept:
    return <int> ((word >> WB) & ((1 << WB) - 1))
