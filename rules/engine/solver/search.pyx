# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The search loop: it decides how a question is searched, and asks it as zero-window tests.

Fail-soft alpha-beta over the plays of :mod:`.plays`, tried in the order of :mod:`.order`, with
the table of :mod:`.table` at trick starts and, in the one-card games, the bounds of
:mod:`.bounds` there: a bound or an entry settles the question or narrows its window. A value is
found by zero-window tests around a guess (MTD): "can the coalition get at least beta?", the
steps doubling while the answers go one way and halving once the value is bracketed. One search
answers one coalition (the seats that play together against all the others) and one reward, and
keeps its table for every question asked of the same deal; every position it visits is counted
against the analysis's budget.
"""

from cpython.mem cimport PyMem_Calloc, PyMem_Free
from libc.stdint cimport uint16_t, uint64_t

from ._core cimport CAPTURE, INF, POINTS, MAXD, MAXM, Deck, State, held, kz_low, kz_pack, kz_prefetch, kz_unpack
from .bounds cimport cashed, sure_bounds, sure_leads
from .order cimport KILLERS, alike, killer_at, to_front
from .plays cimport Plays
from .table cimport Table, high_of, low_of, slot_of

SHALLOW = 4
"""Tricks left up to which a question without a guess is searched with the whole window at once."""


cdef class Search:
    """One coalition and one reward of a game (:class:`~rules.engine.solver.game.Game`)."""

    cdef Plays plays
    cdef public Table table
    cdef uint16_t* killers  # the killer moves, as the cards of the mover's hand
    cdef object game, budget
    cdef public object coalition
    cdef public int mode
    cdef long long nodes, stop

    def __cinit__(self, *args):
        self.killers = <uint16_t*> PyMem_Calloc(KILLERS, sizeof(uint16_t))
        if self.killers == NULL:
            raise MemoryError()

    def __dealloc__(self):
        PyMem_Free(self.killers)

    def __init__(self, game, coalition, int mode):
        self.game, self.budget, self.coalition, self.mode = game, game.budget, coalition, mode
        self.plays = Plays(game, coalition, mode)
        self.table = Table()

    def probe(self, pos, int alpha, int beta):
        """The coalition's count from ``pos`` on, or a bound on it past the window."""
        cdef State s
        self.plays.start(pos, self.game.rest(pos, self.coalition, self.mode), &s)
        self.nodes, self.stop = self.budget.nodes, self.budget.stop
        try:
            return self.node(&s, alpha, beta, 0)
        finally:
            self.budget.nodes = self.nodes

    def at_least(self, pos, int t):
        """Can the coalition make sure of ``t`` or more from ``pos`` on?"""
        return t <= self.game.rest(pos, self.coalition, self.mode) and self.probe(pos, t - 1, t) >= t

    def value(self, pos, guess=None):
        """The coalition's count from ``pos`` on, by zero-window tests, the first at ``guess``;
        a small tree without a guess in one pass with the whole window."""
        cdef int lo = 0, hi = self.game.rest(pos, self.coalition, self.mode), beta, g, step = 1, way = 0
        cdef bint bracketed = False
        cdef Deck* d = &self.plays.d
        if guess is None and not d.multi and pos.rnd + 1 == d.nrounds:
            if max(map(int.bit_count, pos.hands)) <= SHALLOW:
                return self.probe(pos, -1, hi + 1)
        beta = (lo + hi + 1) // 2 if guess is None else min(max(guess, lo + 1), hi)
        while lo < hi:
            g = self.probe(pos, beta - 1, beta)
            if g >= beta:
                lo = g
                bracketed = bracketed or way < 0
                step, way = (step * 2 if way > 0 else 1), 1
                beta = lo + step
            else:
                hi = g
                bracketed = bracketed or way > 0
                step, way = (step * 2 if way < 0 else 1), -1
                beta = hi - step + 1
            if bracketed:
                beta = (lo + hi + 1) // 2
            beta = min(max(beta, lo + 1), hi)
        return lo

    def classes(self, pos, legal):
        """The plays ``legal`` at ``pos`` in groups of plays alike (one value and one set of goals
        after them), in the order this search tries them: the table's best lead first."""
        cdef Deck* d = &self.plays.d
        cdef State s
        cdef uint64_t ms[MAXM]
        cdef int one[MAXD]
        cdef int i, k
        self.plays.start(pos, self.game.rest(pos, self.coalition, self.mode), &s)
        live = held(d, &s) | s.plays[0] | s.plays[1] | s.plays[2] | s.plays[3] | (d.stock_left[s.drawn] if d.multi else 0)
        alike(d, s.hands[(s.leader + s.nt) % d.n], live, one)
        k = self.plays.moves(&s, ms)
        if not s.nt:  # an empty slot's best lead is none
            to_front(ms, k, kz_unpack(self.table.t.moves[slot_of(&self.table.t, self.table.key(d, &s))], s.hands[s.leader]))
        rank, groups = {}, {}
        for i in range(k):
            rank.setdefault(tuple(sorted(one[c] for c in range(d.d) if ms[i] >> c & 1)), i)
        for m in legal:
            groups.setdefault(tuple(sorted(one[c] for c in m)), []).append(m)
        return [g for key, g in sorted(groups.items(), key=lambda kg: rank.get(kg[0], MAXM))]

    cdef int count(self) except -1:
        """One more position searched, held to the budget."""
        self.nodes += 1
        if self.nodes >= self.stop:
            self.budget.nodes = self.nodes
            self.budget.spent()
            self.stop = self.budget.stop
        return 0

    cdef int known(self, State* s, uint64_t sig, int alpha, int beta, int* lo, int* hi, uint64_t* move,
                   size_t* at) except -1:
        """A trick start hashed ``sig``: ``lo``, ``hi`` narrowed to the sure trumps and the table's entry
        (else the leader's run-off, which the entry keeps after); its best lead and slot."""
        cdef Deck* d = &self.plays.d
        cdef uint64_t word
        cdef int low, high
        kz_prefetch(&self.table.t.words[(sig >> 14) & (self.table.t.size - 1)])  # while the trumps are counted
        kz_prefetch(&self.table.t.moves[(sig >> 14) & (self.table.t.size - 1)])
        low, high = 0, s.rest
        if not d.multi and d.mode != CAPTURE:
            sure_bounds(d, s, &low, &high)
        elif d.multi and d.mode == POINTS and d.answers_free:
            sure_leads(d, s, &low, &high)
        lo[0], hi[0] = max(lo[0], low), min(hi[0], high)
        at[0] = slot_of(&self.table.t, sig)
        word = self.table.t.words[at[0]]
        if word:
            lo[0], hi[0] = max(lo[0], low_of(word)), min(hi[0], high_of(word))
            move[0] = kz_unpack(self.table.t.moves[at[0]], s.hands[s.leader])
        elif not d.multi and d.mode != CAPTURE and lo[0] < hi[0] and lo[0] < beta and hi[0] > alpha:
            cashed(d, s, self.plays.leads(s.leader, s.hands[s.leader], s.ls), max(alpha, lo[0]), min(beta, hi[0]), &low, &high)
            lo[0], hi[0] = max(lo[0], low), min(hi[0], high)
        return 0

    cdef bint settled_after(self, State* s, uint64_t* ms, int k, bint mine, int alpha, int beta, uint64_t* sigs,
                            int* v) except -1:
        """The last play of a trick: does the table's entry of a trick start after a move settle the
        question before any is searched (the enhanced transposition cutoff; its bound in ``v``)?
        ``sigs``: the hash of each (0 where the table keeps none)."""
        cdef Deck* d = &self.plays.d
        cdef State after
        cdef int gains[MAXD]
        cdef int i
        cdef uint64_t word
        for i in range(k):
            gains[i] = self.plays.play(s, ms[i], &after)
            sigs[i] = 0
            if after.hands[after.leader] and not self.plays.one_each(&after):
                sigs[i] = self.table.key(d, &after)
                kz_prefetch(&self.table.t.words[(sigs[i] >> 14) & (self.table.t.size - 1)])
        for i in range(k):
            word = self.table.t.words[slot_of(&self.table.t, sigs[i])] if sigs[i] else 0
            v[0] = gains[i] + (low_of(word) if mine else high_of(word))
            if word and (v[0] >= beta if mine else v[0] <= alpha):
                return True
        return False

    cdef int node(self, State* s, int alpha, int beta, uint64_t sig) except -1:
        """The coalition's count from ``s`` on, or a bound on it past the window; ``sig``: the
        table's hash of ``s`` where it is known already (a trick start), else 0."""
        cdef Deck* d = &self.plays.d
        cdef uint64_t ms[MAXM]
        cdef uint64_t sigs[MAXD]
        cdef State after
        cdef uint64_t move = 0, best_move = 0, h = s.hands[s.leader]
        cdef int seat = (s.leader + s.nt) % d.n, lo = 0, hi = s.rest, v, a0, b0, k, i, g, child
        cdef size_t at = 0, killer = 0
        cdef bint start = not s.nt, mine = d.maxs[seat], ends
        if start and not h:
            return 0  # the deal is over
        if s.rest <= alpha:
            return s.rest
        if beta <= 0:
            return 0
        if start:
            if self.plays.one_each(s):
                self.count()  # the last trick: one card each, counted
                return self.plays.last_trick(s)
            sig = sig or self.table.key(d, s)
            self.known(s, sig, alpha, beta, &lo, &hi, &move, &at)
            if lo >= beta or lo == hi:  # exact: within a wider window it would leave none to search
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        self.count()
        k = self.plays.moves(s, ms)
        killer = killer_at(d, s) if d.killers else 0
        if not to_front(ms, k, move) and d.killers:
            to_front(ms, k, kz_unpack(self.killers[killer], s.hands[seat]))
        ends = s.nt == d.n - 1 and 1 < k <= MAXD
        if ends and self.settled_after(s, ms, k, mine, alpha, beta, sigs, &v):
            return v
        v = -INF if mine else INF
        for i in range(k):
            g = self.plays.play(s, ms[i], &after)
            child = g + self.node(&after, alpha - g, beta - g, sigs[i] if ends else 0)
            if mine and child > v or not mine and child < v:
                v, best_move = child, ms[i]
                if mine:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:
                    if d.killers:
                        self.killers[killer] = <uint16_t> kz_pack(ms[i], s.hands[seat])
                    break
        if start:
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            if v <= a0 if mine else v >= b0:
                best_move = 0  # every move failed: none is known best, the one kept stays
            self.table.store(at, sig, lo, hi, best_move, h)
        return v
