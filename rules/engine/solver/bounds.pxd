from libc.stdint cimport uint64_t

from ._core cimport Deck, State

cdef void sure_bounds(Deck* d, State* s, int* low, int* high) noexcept
cdef void sure_leads(Deck* d, State* s, int* low, int* high) noexcept
cdef void cashed(Deck* d, State* s, uint64_t mine, int alpha, int beta, int* low, int* high) noexcept
cdef int worth(Deck* d, uint64_t m) noexcept
