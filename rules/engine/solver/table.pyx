# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The transposition table: it decides which positions are one, and keeps what was learnt of them.

Positions are kept at trick starts only, keyed on the cards still to be played, low bit first,
each as who holds it (a seat, a seat's card of a round to come, or the stock) and what it is to
the rules (its kind: its worth, and in the games of several cards its printed suit), with the
number of them in each group, the leader, the suits led where a rule reads them, and the cards
drawn: positions that differ only in which of the cards no longer to be played are gone are
one, and share an entry (the relative ranks of DDS's table). An entry holds two bounds on what
the coalition gets from there, and the best lead found, as the cards of the leader's hand.

A slot is one word, a hash of the key above the two bounds (the hash's 50 bits tell two positions
apart far more surely than the hardware errs); the best lead is two bytes in a table beside,
read only where the bounds leave a question: the big deals' table, whose lookups wait on memory,
is then as small as it can be. A table of 2 MB or more is mapped on its own, on huge pages where
the kernel offers them.
"""

from libc.stdint cimport uint16_t, uint64_t

from ._core cimport Deck, State, kz_count, kz_mix, kz_mum, kz_pack

cdef extern from *:
    """
    #include <stdlib.h>
    #include <sys/mman.h>
    #define KZ_HUGE ((size_t) 2 << 20)
    /* a zeroed block; one of 2 MB or more mapped on its own (a whole number of huge pages,
       which the kernel aligns to them) and advised as huge pages */
    static void* kz_table_alloc(size_t bytes) {
        void* p;
        if (bytes < KZ_HUGE)
            return calloc(bytes, 1);
        p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
    #ifdef MADV_HUGEPAGE
        madvise(p, bytes, MADV_HUGEPAGE);
    #endif
        return p;
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

cdef uint64_t SIGS = ~((<uint64_t> 1 << (2 * WB)) - 1)  # the hash's bits of a slot
cdef uint64_t SALT[9]
SALT[:] = [0x243F6A8885A308D3, 0x13198A2E03707344, 0xA4093822299F31D0, 0x082EFA98EC4E6C89,
           0x452821E638D01377, 0xBE5466CF34E90C6C, 0xC0AC29B7C97C50DD, 0x3F84D5B5B5470917,
           0x9216D5D98979FB1B]


cdef class Table:
    """The table of one search, freed with it."""

    def __cinit__(self):
        self.t.size = 1 << 12
        self.t.words = <uint64_t*> kz_table_alloc(self.t.size * sizeof(uint64_t))
        self.t.moves = <uint16_t*> kz_table_alloc(self.t.size * sizeof(uint16_t))
        if self.t.words == NULL or self.t.moves == NULL:
            raise MemoryError()

    def __dealloc__(self):
        kz_table_free(self.t.words, self.t.size * sizeof(uint64_t))
        kz_table_free(self.t.moves, self.t.size * sizeof(uint16_t))

    @property
    def bytes(self):
        """The memory the table holds now."""
        return self.t.size * (sizeof(uint64_t) + sizeof(uint16_t))

    cdef uint64_t key(self, Deck* d, State* s) noexcept:
        """The hash of the position at a trick's start ``s``: each bit of the holders' numbers
        and of the kinds, as a mask of cards, gathered over the places of the cards left into one
        word each, hashed with the leader, the suits led, the cards drawn and the group counts;
        in a slot's hash bits, never all 0."""
        cdef uint64_t w[8]
        cdef uint64_t live = 0, later = 0, top, h
        cdef int i
        cdef bint next_round = not d.multi and s.rnd + 1 < d.nrounds
        w[0] = w[1] = 0
        for i in range(d.n):
            top = s.hands[i] | (d.rounds[s.rnd + 1][i] if next_round else 0)
            live |= top
            w[0] |= top if i & 1 else 0
            w[1] |= top if i & 2 else 0
        later = d.stock_left[s.drawn] if d.multi else 0
        if next_round:
            for i in range(d.n):
                later |= d.rounds[s.rnd + 1][i]
        live |= later
        w[2] = later
        for i in range(5):
            w[3 + i] = d.kind_bits[i]
        h = (<uint64_t> (1 + s.leader + 8 * (s.ls if d.keep_suits else 0) + 256 * s.drawn)) << 32
        for i in range(5):
            h |= (<uint64_t> kz_count(live & d.gmask[i])) << (6 * i)
        h = kz_mum(h ^ SALT[8], 0x3F84D5B5B5470917)
        for i in range(0, 3 + d.nkb, 2):
            h ^= kz_mum(kz_pack(w[i], live) ^ SALT[i], (kz_pack(w[i + 1], live) if i + 1 < 3 + d.nkb else 0) ^ SALT[i + 1])
        h = kz_mix(h) & SIGS
        return h if h else SIGS & -SIGS

    cdef int store(self, size_t at, uint64_t sig, int lo, int hi, uint64_t move, uint64_t hand) except -1:
        """The bounds and best lead of ``sig`` kept; ``at``: its slot when it was looked for, to be
        found again where the table grew or another position took it since."""
        if (self.t.count + 1) * 10 > self.t.size * 7:
            self.grow()
            at = slot_of(&self.t, sig)
        elif self.t.words[at] and (self.t.words[at] & SIGS) != sig:
            at = slot_of(&self.t, sig)
        if not self.t.words[at]:
            self.t.count += 1
        self.t.words[at] = sig | (<uint64_t> hi) << WB | <uint64_t> lo
        if move:
            self.t.moves[at] = <uint16_t> kz_pack(move, hand)
        return 0

    cdef int grow(self) except -1:
        cdef Slots old = self.t
        cdef size_t j, i
        self.t.size *= 2
        self.t.words = <uint64_t*> kz_table_alloc(self.t.size * sizeof(uint64_t))
        self.t.moves = <uint16_t*> kz_table_alloc(self.t.size * sizeof(uint16_t))
        if self.t.words == NULL or self.t.moves == NULL:
            raise MemoryError()
        for j in range(old.size):
            if old.words[j]:
                i = slot_of(&self.t, old.words[j] & SIGS)
                self.t.words[i] = old.words[j]
                self.t.moves[i] = old.moves[j]
        kz_table_free(old.words, old.size * sizeof(uint64_t))
        kz_table_free(old.moves, old.size * sizeof(uint16_t))
        return 0
