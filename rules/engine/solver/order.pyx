# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The move order: it decides which moves a search tries, and in which order.

Cards of one hand that no live card separates and that are alike (of one kind, for this reward)
are one move, the first of their run (:func:`runs`); in card points such a run is one card where
the side that takes the trick is settled, its dearest for the mover's side, its cheapest for the
other (:func:`heads`: any other card of the run, played later in its place, takes the same tricks
and helps no more there than here). Answers that keep the trick for sure go first, the most points
first; leads a partner or the leader takes for sure first; in the games of several cards, the
longest leads and the answers that keep the trick. Before all of them the best move of an earlier
visit (the table's) and, where partners play together on both sides, the killer move: the one
that last cut off where the same seat held the same hand against the same play (:func:`killer_at`).
"""

from libc.stdint cimport uint64_t

from ._core cimport MAXD, MAXM, POINTS, Deck, State, beats, covers, kz_count, kz_low, over


cdef void sort_by(int* ms, long long* keys, int k) noexcept:
    """``ms`` in the order of their ``keys``, the least first (stable)."""
    cdef int i, j, c
    cdef long long x
    for i in range(1, k):
        c, x = ms[i], keys[i]
        j = i
        while j > 0 and keys[j - 1] > x:
            ms[j], keys[j] = ms[j - 1], keys[j - 1]
            j -= 1
        ms[j], keys[j] = c, x


cdef void alike(Deck* d, uint64_t h, uint64_t live, int* one) noexcept:
    """Each card ``c`` of the hand ``h``: ``one[c]``, the first card of its run of cards that are
    one for every purpose (of one eqv, no live card between them in the ladder)."""
    cdef int prev = -1, c
    while h:
        c = kz_low(h)
        h &= h - 1
        one[c] = one[prev] if prev >= 0 and d.eqv[c] == d.eqv[prev] and not live & d.between[prev][c] else c
        prev = c


cdef int runs(Deck* d, uint64_t legal, uint64_t live, int* ms) noexcept:
    """The legal cards, low bit first, one of each run that is the same card for every purpose."""
    cdef int k = 0, prev = -1, c
    while legal:
        c = kz_low(legal)
        legal &= legal - 1
        if prev < 0 or d.eqv[prev] != d.eqv[c] or live & d.between[prev][c]:
            ms[k] = c
            k += 1
        prev = c
    return k


cdef int takes(Deck* d, int c, int best, bint own, uint64_t later, uint64_t mate, uint64_t* opp) noexcept:
    """Which side takes the trick whichever card of c's run is played: 1 the mover's, 0 the
    other, -1 not settled. An answer (``best``: the card holding the trick; ``later``, ``mate``:
    what the other side and the mover's still to play may answer); or a lead (``best`` < 0;
    ``opp``: the other side's answers to a lead of each group)."""
    cdef uint64_t above = over(d, c), got
    if best >= 0:
        if beats(d, c, best):
            return -1 if later & above else 1
        if own:
            return -1 if later & over(d, best) else 1
        return -1 if mate & over(d, best) else 0
    got = opp[d.grp[c]]
    if not got & above:
        return 1
    return 0 if d.n == 2 and not got & ~above else -1


cdef int heads(Deck* d, uint64_t legal, uint64_t live, int best, bint own, uint64_t later, uint64_t mate,
               uint64_t* opp, int* ms) noexcept:
    """The cards a search for points plays, low bit first, one run at a time: the run's dearest
    or cheapest card where :func:`takes` settles the trick, else its first card of each worth."""
    cdef int k = 0, prev = -1, pick = -1, most = -1, c
    while legal:
        c = kz_low(legal)
        legal &= legal - 1
        if prev >= 0 and not live & d.between[prev][c]:
            if most < 0:
                if d.pts[c] != d.pts[prev]:
                    ms[k] = c
                    k += 1
            elif d.pts[c] > d.pts[pick] if most else d.pts[c] < d.pts[pick]:
                pick = c
        else:
            if pick >= 0:
                ms[k] = pick
                k += 1
            most = takes(d, c, best, own, later, mate, opp)
            pick = c if most >= 0 else -1
            if most < 0:
                ms[k] = c
                k += 1
        prev = c
    if pick >= 0:
        ms[k] = pick
        k += 1
    return k


cdef int answers_in_order(Deck* d, uint64_t legal, uint64_t live, int best, bint own, uint64_t later,
                          uint64_t mate, int* out) noexcept:
    """The answers searched, in order; ``later``: what the other side still to play in this trick
    may answer, ``mate``: what the mover's side may. Where the mover's side holds the trick for
    sure, the most points first. Else the sure winners, the most points first; the winners the
    other side may still beat, the weakest first; then the rest, the fewest points first, or,
    where a partner may still take the trick, below the sure winners worth 10 or more, the plain
    cards of another group than the best one's, the most points first (for him to take)."""
    cdef long long keys[MAXD]
    cdef int k, i, c, bg = d.grp[best]
    cdef bint partner = not own and mate & over(d, best)
    k = heads(d, legal, live, best, own, later, mate, NULL, out) if d.mode == POINTS else runs(d, legal, live, out)
    for i in range(k):
        c = out[i]
        if own and not later & over(d, best):
            keys[i] = (100 - d.pts[c]) * 64 + c
        elif not beats(d, c, best):
            keys[i] = (1 if partner else 2) * 10000 + (50 + (-d.pts[c] if partner and c >= d.T and d.grp[c] != bg else d.pts[c])) * 64 + c
        elif later & over(d, c):
            keys[i] = (3 if partner else 1) * 10000 + 63 - c
        else:
            keys[i] = (2 if partner and d.pts[c] < 10 else 0) * 10000 + (100 - d.pts[c]) * 64 + 63 - c
    sort_by(out, keys, k)
    return k


cdef int trumping(Deck* d, uint64_t h) noexcept:
    """The plain groups, as bits, that ``h`` is out of while holding a trump."""
    cdef int g, out = 0
    if h & d.gmask[0]:
        for g in range(1, 5):
            if not h & d.gmask[g]:
                out |= 1 << g
    return out


cdef int leads_in_order(Deck* d, State* s, uint64_t legal, uint64_t live, uint64_t* opp, int* out) noexcept:
    """The leads searched, in order: first the plain cards a partner takes for sure (his card of
    the suit is above the other side's, or he has none of it and holds a trump, and none of the
    other side can trump it); then the sure winners (no card of the other side's can take them),
    plain cards before trumps; each of these the most points first; then the others, the fewest
    points first. ``opp``: the other side's answers to a lead of each group."""
    cdef long long keys[MAXD]
    cdef uint64_t opps = 0, mates = 0, h, top
    cdef int i, c, g, k, ruff = 0, cover = 0, score
    cdef int ismax = d.maxs[s.leader]
    k = heads(d, legal, live, -1, False, 0, 0, opp, out) if d.mode == POINTS else runs(d, legal, live, out)
    for i in range(d.n):
        h = s.hands[i]
        if d.maxs[i] != ismax:
            opps |= h
            ruff |= trumping(d, h)
        elif i != s.leader:
            mates |= h
            cover |= trumping(d, h)
    for i in range(k):
        c = out[i]
        g = d.grp[c]
        top = (mates | opps) & d.gmask[g]
        if ruff >> g & 1:
            score = -d.pts[c]
        elif not opps & d.gmask[g] & (((<uint64_t> 1) << c) - 1):
            score = (1500 if g else 1000) + d.pts[c]
        elif g and (top & -top & mates or cover >> g & 1):
            score = 2000 + d.pts[c]
        else:
            score = -d.pts[c]
        keys[i] = -score * 64 + i
    sort_by(out, keys, k)
    return k


cdef int plays_in_order(Deck* d, State* s, int seat, uint64_t* legal, int nl, uint64_t* out) noexcept:
    """A game of several cards: one play of each group of alike plays (the same cards but for
    alike ones), in order: the longest leads first, those no card of the other side takes before
    the rest; answers that leave the trick to the mover's side (it holds it, or the answer covers
    the play holding it) first, the most points first, then the others, the fewest points first;
    the lower cards first where the points are the same."""
    cdef int one[MAXD]
    cdef int idx[MAXM]
    cdef long long keys[MAXM]
    cdef uint64_t seen[MAXM]
    cdef uint64_t live = d.stock_left[s.drawn], m, v
    cdef int i, j, k = 0, c, p, sb
    cdef bint own, kept = s.nt and d.maxs[s.holder] == d.maxs[seat]
    cdef uint64_t beaten = 0  # at a lead, the cards some card of the other side takes
    for i in range(d.n):
        live |= s.hands[i] | s.plays[i]
        m = s.hands[i] if not s.nt and d.maxs[i] != d.maxs[seat] else 0
        while m:
            beaten |= d.beats[kz_low(m)]
            m &= m - 1
    alike(d, s.hands[seat], live, one)
    for i in range(nl):
        v, m, j = 0, legal[i], 0
        while m:
            v |= (<uint64_t> (one[kz_low(m)] + 1)) << (8 * j)
            m &= m - 1
            j += 1
        for j in range(k):
            if seen[j] == v:
                break
        else:
            seen[k] = v
            out[k] = legal[i]
            idx[k] = k
            m, p, sb = legal[i], 0, 0
            while m:
                c = kz_low(m)
                p += d.pts[c]
                sb += c
                m &= m - 1
            if not s.nt:
                keys[k] = (-kz_count(legal[i]) * 2000 + (1000 if legal[i] & beaten else 0) + 500 - p) * 1000 + k
            else:
                own = kept or covers(d, legal[i], s.best)
                keys[k] = (((0 if own else 1) * 1000 + (500 - p if own else 500 + p)) * 1000 + 500 - sb) * 1000 + k
            k += 1
    sort_by(idx, keys, k)
    for i in range(k):
        seen[i] = out[idx[i]]
    for i in range(k):
        out[i] = seen[i]
    return k


cdef bint to_front(uint64_t* ms, int k, uint64_t m) noexcept:
    """The move ``m`` first, if it is among ``ms``."""
    cdef int i
    if not m:
        return False
    for i in range(k):
        if ms[i] == m:
            while i > 0:
                ms[i] = ms[i - 1]
                i -= 1
            ms[0] = m
            return True
    return False
