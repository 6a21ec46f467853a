"""What ``make bench-analyse`` measures the solver's tree against at a few tricks left: a plain
alpha-beta (no table, no move ordering, no equivalent cards, one wide window), and the smallest
tree in which the solver's search could prove the same value, the most any move order could save."""

from __future__ import annotations

import functools

from rules.engine.solver_core import POINTS, Search
from rules.engine.solver_game import CardGame, Pos
from rules.engine.solver_tables import Meter, Rules


def plain_alpha_beta(game: CardGame, hands: list[int], leader: int, rnd_i: int, ls: int) -> int:
    """Nodes of a plain minimax with alpha-beta, side 0 against side 1, points only."""
    rules: Rules = game.rules
    tb = game.tb
    n = game.n
    rs = game.rs
    nodes = 0
    rounds = game.dealt

    def trick(leader: int, alpha: int, beta: int, rnd_i: int, ls: int) -> int:
        nonlocal nodes
        if not hands[leader]:
            if rnd_i + 1 >= len(rounds):
                return 0
            saved = hands[:]
            hands[:] = rounds[rnd_i + 1]
            v = trick(leader, alpha, beta, rnd_i + 1, ls)
            hands[:] = saved
            return v
        return play(leader, leader, [], alpha, beta, rnd_i, ls)

    def play(leader: int, seat: int, cards: list[int], alpha: int, beta: int, rnd_i: int, ls: int) -> int:
        nonlocal nodes
        nodes += 1
        h = hands[seat]
        legal = rules.answers(seat, h, cards[0], ls) if cards else rules.leads(seat, h, ls)
        mine = rs.side_of(seat) == 0
        v = -1 if mine else 1000
        for c in range(len(tb.cards)):
            if not legal >> c & 1:
                continue
            hands[seat] = h & ~(1 << c)
            now = [*cards, c]
            if len(now) == n:
                best, who = now[0], leader
                for i, x in enumerate(now[1:], 1):
                    if x < best and (x < tb.ntrumps or tb.grp[x] == tb.grp[best]):
                        best, who = x, (leader + i) % n
                g = sum(tb.pts[x] for x in now) if rs.side_of(who) == 0 else 0
                child = g + trick(who, alpha - g, beta - g, rnd_i, ls | tb.led_bit[now[0]])
            else:
                child = play(leader, (seat + 1) % n, now, alpha, beta, rnd_i, ls)
            hands[seat] = h
            if mine:
                v = max(v, child)
                alpha = max(alpha, v)
            else:
                v = min(v, child)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return v

    trick(leader, -1, 1000, rnd_i, ls)
    return nodes


def fewest_nodes(game: CardGame, pos: Pos, exact_at: int = 0) -> int:
    """The fewest positions the solver's search could visit to prove side 0's points from
    ``pos`` on with the whole window, whatever order it tried its moves in: the smallest proof
    tree of that value, counted as the search counts (a trick start, each answer, the last trick
    as one), with its moves (equivalent cards as one) and free where it is: a trick's start its
    bounds settle (the sure trumps, the leader's run of sure cards), nothing left to take or
    nothing to reach. It leaves out the positions the search meets twice (its table).

    ``exact_at``: as if a bound answered exactly, and free, every trick's start of the last round
    with that many tricks or fewer left: the most any bound there could give."""
    coalition = frozenset(game.rs.sides[0])
    search = Search(game.rules, game.n, coalition, POINTS, game.capture, Meter(0))
    never = 10**12  # a bound that does not hold: no proof

    @functools.cache
    def children(p: Pos) -> tuple[bool, tuple[tuple[int, Pos], ...]]:
        """Whether the side to move is side 0's, and each move's points and position."""
        trick = tuple((s, m[0]) for s, m in p.trick)
        moves = search.searched(p.hands, p.leader, p.rnd, p.ls, trick)
        after = [game.apply(p, (c,)) for c in moves]
        return game.rs.side_of(game.to_move(p)) == 0, tuple((a.points[0] - p.points[0], a) for a in after)

    def last(p: Pos) -> bool:
        return not p.trick and p.rnd + 1 == len(game.dealt) and all(h and not h & (h - 1) for h in p.hands)

    @functools.cache
    def bounds(p: Pos) -> tuple[int, int]:
        """What the search gets free: at a trick's start, the least and the most side 0 gets."""
        if p.trick:
            return 0, game.rest(p, coalition, POINTS)
        if p.rnd + 1 == len(game.dealt) and max(h.bit_count() for h in p.hands) <= exact_at:
            v = value(p)
            return v, v
        return search.start_bounds(p.hands, p.leader, p.rnd, p.ls)

    @functools.cache
    def value(p: Pos) -> int:
        """Side 0's points from ``p`` on, by plain minimax."""
        if game.to_move(p) is None:
            return 0
        mine, kids = children(p)
        vs = [g + value(k) for g, k in kids]
        return max(vs) if mine else min(vs)

    @functools.cache
    def proof(p: Pos, t: int, at_least: bool) -> int:
        """The smallest tree proving the value is at least ``t`` (else at most ``t``)."""
        low, high = bounds(p)
        if low >= t if at_least else high <= t:
            return 0  # the solver's free cut-offs
        if not (value(p) >= t if at_least else value(p) <= t):
            return never
        if last(p):
            return 1
        mine, kids = children(p)
        sizes = [proof(k, t - g, at_least) for g, k in kids]
        return 1 + (min(sizes) if mine == at_least else min(never, sum(sizes)))

    @functools.cache
    def exact(p: Pos) -> int:
        if game.to_move(p) is None:
            return 0
        v = value(p)
        low, high = bounds(p)
        if high <= v:  # the bounds prove it at most v: it remains to prove at least v
            return proof(p, v, True)
        if low >= v:
            return proof(p, v, False)
        if last(p):
            return 1
        mine, kids = children(p)
        # one move of the value proven exactly, every other one proven no better for the mover
        return 1 + min(
            exact(k) + sum(proof(k2, v - g2, not mine) for j, (g2, k2) in enumerate(kids) if j != i)
            for i, (g, k) in enumerate(kids)
            if g + value(k) == v
        )

    return exact(pos)
