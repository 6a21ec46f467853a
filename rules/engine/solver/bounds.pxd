from libc.stdint cimport uint64_t

from ._core cimport Deck, State

cdef void sure_bounds(Deck* d, State* s, int* low, int* high) noexcept
cdef void cashed(Deck* d, State* s, uint64_t mine, int alpha, int beta, int* low, int* high) noexcept
cdef int worth(Deck* d, uint64_t m) noexcept
cdef int worth_k(Deck* d, uint64_t m, int k, bint most) noexcept

cdef inline bint within(int low, int high, int* alpha, int* beta, int* v) noexcept:
    """Does the bound [low, high] settle the question asked (its answer in ``v``)? Where it does
    not, the window is narrowed to it, as a table's entry narrows it; narrowed to nothing, the
    bounds meet at the count itself, and that settles it too."""
    if low >= beta[0]:
        v[0] = low
        return True
    if high <= alpha[0]:
        v[0] = high
        return True
    alpha[0], beta[0] = max(alpha[0], low), min(beta[0], high)
    v[0] = alpha[0]
    return alpha[0] >= beta[0]
