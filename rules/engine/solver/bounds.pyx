# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The bounds: it decides, at a trick's start, the least and the most the coalition can get
without searching (DDS's quick tricks and later tricks, for card points).

In the one-card games the top trumps one side holds, with the cheapest cards every seat must
give to their tricks (:func:`sure_bounds`), and what the leader can run off in a row where the
table knows nothing (:func:`cashed`); in draw-four the leader's sure leads (:func:`sure_leads`).
The search asks them at every trick start; they settle the question or narrow its window, as
the table's entries do.
"""

from libc.stdint cimport uint64_t

from ._core cimport Deck, State, TRICKS, covers, kz_count, kz_low


cdef int worth(Deck* d, uint64_t m) noexcept:
    """The points of the cards ``m``."""
    return (d.wb[0][m & 255] + d.wb[1][(m >> 8) & 255] + d.wb[2][(m >> 16) & 255]
            + d.wb[3][(m >> 24) & 255] + d.wb[4][(m >> 32) & 255])


cdef int worth_k(Deck* d, uint64_t m, int k, bint most) noexcept:
    """The most (``most=False``: the fewest) points ``k`` cards of ``m`` can be worth."""
    cdef int i, q, c, t = 0
    for i in range(d.npt):
        if k <= 0:
            break
        q = d.npt - 1 - i if most else i
        c = min(k, kz_count(m & d.ptmask[q]))
        t += c * d.ptval[q]
        k -= c
    return t


cdef void sure_bounds(Deck* d, State* s, int* low, int* high) noexcept:
    """The top trumps still to play, as far as one side holds them all, each win the trick they
    fall in: what they are worth (a trick, for tricks) that side is sure of, with the cheapest
    cards every seat must give to those tricks. As the least and the most the coalition gets."""
    cdef uint64_t trumps = 0, mine = 0, h, other, run
    cdef bint later = s.rnd + 1 < d.nrounds
    cdef int side, sure = 0, i, k = 0
    cdef int count[4]
    low[0], high[0] = 0, s.rest
    for i in range(d.n):
        h = s.hands[i] | (d.rounds[s.rnd + 1][i] if later else 0)
        trumps |= h
        if d.maxs[i]:
            mine |= h
    trumps &= d.gmask[0]
    if not trumps:
        return
    side = 1 if mine & trumps & -trumps else 0
    other = trumps & ~mine if side else trumps & mine
    run = trumps if not other else trumps & ((other & -other) - 1)
    if d.mode == TRICKS:
        sure = 1
    else:
        if not later:
            # each seat plays one card a trick, so those trumps fall in at least as many tricks
            # as one seat holds of them; in each, every seat of the other side gives a card, and
            # a seat of this side that holds fewer of those trumps gives others
            for i in range(d.n):
                count[i] = kz_count(s.hands[i] & run)
                k = max(k, count[i])
            for i in range(d.n):
                if d.maxs[i] != side:
                    sure += worth_k(d, s.hands[i], k, False)
                elif count[i] < k:
                    sure += worth_k(d, s.hands[i] & ~run, k - count[i], False)
        sure += worth(d, run)
    if side:
        low[0] = sure
    else:
        high[0] = s.rest - sure


cdef int led(Deck* d, State* s, uint64_t cards) noexcept:
    """The leader's side's points where ``cards`` win their tricks, each other seat giving as many:
    the other side its cheapest, his partners their dearest; -1 where the other side covers them."""
    cdef int i, k = kz_count(cards), got = worth(d, cards)
    for i in range(d.n):
        if d.side_of[i] != d.side_of[s.leader] and covers(d, s.hands[i], cards):
            return -1
        if i != s.leader:
            got += worth_k(d, s.hands[i], k, d.side_of[i] == d.side_of[s.leader])
    return got


cdef void sure_leads(Deck* d, State* s, int* low, int* high) noexcept:
    """Draw-four (every card may be led alone, answers are free): the leader's leads the other side
    cannot cover (a cover of a cover covers them too) win their tricks, the best one while the stock
    lasts, every card sure alone one after another once it is drawn. As the coalition's bounds."""
    cdef uint64_t sure = 0, m, sub
    cdef int g, got = 0
    cdef bint mine = d.gain_side[d.side_of[s.leader]]
    for g in range(5):
        m = sub = s.hands[s.leader] & d.gmask[g]
        while sub:  # every lead of these cards, trumps one alone (the hands are as long as his)
            if (g or kz_count(sub) == 1) and led(d, s, sub) >= 0:
                sure |= sub if kz_count(sub) == 1 else 0
                got = max(got, led(d, s, sub))
            sub = (sub - 1) & m
    got = max(got, led(d, s, sure)) if sure and not d.stock_left[s.drawn] else got
    low[0], high[0] = got if mine else 0, s.rest - (0 if mine else got)


cdef bint drawn(uint64_t* fol, int nfol, uint64_t free, uint64_t gm, int k) noexcept:
    """Do ``k`` leads of the group ``gm`` draw every card of it the others hold?"""
    cdef int i
    if free & gm:
        return False
    for i in range(nfol):
        if kz_count(fol[i] & gm) > k:
            return False
    return True


cdef int given(Deck* d, uint64_t f, int* ks, int tricks) noexcept:
    """What a follower holding ``f`` gives at least to ``tricks`` tricks, ``ks[g]`` of them led
    in the group ``g``: his cheapest cards of each group led, as far as he holds it, and his
    cheapest others to the rest."""
    cdef int left[8]
    cdef int q, g, k, c, t = 0
    cdef uint64_t m
    for q in range(d.npt):
        left[q] = kz_count(f & d.ptmask[q])
    for g in range(5):
        k = ks[g]
        m = f & d.gmask[g]
        q = 0
        while k and m and q < d.npt:
            c = min(k, kz_count(m & d.ptmask[q]))
            t += c * d.ptval[q]
            left[q] -= c
            tricks -= c
            k -= c
            m &= ~d.ptmask[q]
            q += 1
    q = 0
    while tricks > 0 and q < d.npt:
        c = min(left[q], tricks)
        t += c * d.ptval[q]
        tricks -= c
        q += 1
    return t


cdef int run_off(Deck* d, State* s, uint64_t mine, int need) noexcept:
    """The tricks (or points) the leader makes sure of by leading, one after another, cards no
    other seat can take, with the cards the others must give to them; ``need``: short of it for
    sure, some count below it will do.

    First his trumps above everyone else's, all of them where the others run out before they do;
    then, while a seat keeps a trump it may play on a plain card (a blind seat always may),
    plain cards above the others' of their suit, as many as each such seat can follow; where
    none does, each plain card above the others' of its suit, every card of a suit the others
    run out of before they do. Each other seat gives one card a trick: at the fewest points, the
    cheapest of each suit as many as it must follow with, the cheapest of the rest for the others."""
    cdef uint64_t tm = d.gmask[0], free = 0, ft, lt, above, ls, fs, gm
    cdef uint64_t fol[4]
    cdef uint64_t frees[4]
    cdef bint ruffs[4]
    cdef bint any_ruff = False, skip
    cdef int nfol = 0, nfree = 0, i, r, k, c, tricks, got, g
    cdef int ks[5]
    for i in range(d.n):
        if i == s.leader:
            continue
        if d.blind >> i & 1:
            frees[nfree] = s.hands[i]
            free |= s.hands[i]
            nfree += 1
        else:
            fol[nfol] = s.hands[i]
            nfol += 1
    ft = free & tm
    for i in range(nfol):
        ft |= fol[i] & tm
    lt = mine & tm
    above = lt & (((<uint64_t> 1) << kz_low(ft)) - 1) if ft else lt
    k = kz_count(above)
    if drawn(fol, nfol, free, tm, k):
        above = lt
        k = kz_count(above)
    tricks = k
    got = worth(d, above)
    ks[0] = k
    for i in range(nfol):
        ruffs[i] = kz_count(fol[i] & tm) > k
        any_ruff = any_ruff or ruffs[i]
    for g in range(1, 5):
        ks[g] = 0
        gm = d.gmask[g]
        ls = mine & gm
        if not ls or free & tm:
            continue
        fs = free & gm
        skip = False
        for i in range(nfol):
            fs |= fol[i] & gm
            skip = skip or (ruffs[i] and not fol[i] & gm)
        if skip:
            continue
        above = ls & (((<uint64_t> 1) << kz_low(fs)) - 1) if fs else ls
        r = kz_count(above)
        if any_ruff:
            k = r
            for i in range(nfol):
                if ruffs[i]:
                    k = min(k, kz_count(fol[i] & gm))
            got += worth_k(d, above, k, True)
        else:
            if drawn(fol, nfol, free, gm, r):
                above = ls
            k = kz_count(above)
            got += worth(d, above)
        ks[g] = k
        tricks += k
    if d.mode == TRICKS or not tricks:
        return tricks
    if got + tricks * d.ptval[d.npt - 1] * (d.n - 1) < need:
        return got
    for i in range(nfol):
        got += given(d, fol[i], ks, tricks)
    for i in range(nfree):
        got += worth_k(d, frees[i], tricks, False)
    return got


cdef void cashed(Deck* d, State* s, uint64_t mine, int alpha, int beta, int* low, int* high) noexcept:
    """What the leader runs off of ``mine``, the cards he may lead now, where they stay leads to
    the end (every card, or every plain card where a lead rule keeps his trumps back), as the
    least and the most the coalition gets; counted as far as the question needs it."""
    cdef uint64_t h = s.hands[s.leader]
    # a zero window is settled by the bound or left as it is, so a count short of the question
    # may stop early; a wider one is narrowed to the whole count
    cdef bint wide = beta - alpha > 1
    low[0], high[0] = 0, s.rest
    if mine != h and mine != h & ~d.gmask[0]:
        return  # a lead rule that names the card (the deal's first lead)
    if d.maxs[s.leader]:
        low[0] = run_off(d, s, mine, 0 if wide else beta)
    else:
        high[0] = s.rest - run_off(d, s, mine, 0 if wide else s.rest - alpha)
