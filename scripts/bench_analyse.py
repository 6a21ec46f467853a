"""make bench-analyse: the solver on seeded random deals of every table (docs/rules.md#analysis).

For each table: DEALS random deals (100 unless ``--deals``), each analysed from the first lead
(value, goals and every lead's value: what the trick page and the API answer): median, p95 and
max time and nodes, nodes/s, how many went past the node budget and how long the slowest of those
took to be refused. A deal past the budget got no answer: it counts as slower than every other,
and a figure that falls on one reads "past". Beside them, as a reference only, the nodes of the
plain reference search and of the solver for the value alone on the same deals played at random
to four tricks left (``--left N``), and for a few deals per table (``--reviews``) the full review
of a played deal (every play's cost) against one solve of its first lead, with how many such
reviews went past the budget where the first lead did not. Under the table, the
reference search's speed in this run: the floor two runs' times are read beside.

The games with multi-card leads get ``--multi-deals`` deals (20 unless given), and a second table
analyses them again later in the deal, at each trick start of MULTI_LEFT (draw-four: one, two and
three tricks before the stock is drawn).

Run it niced: ``make bench-analyse`` (``ARGS="--deals 20 --tables classic-sixes"``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import NODE_BUDGET, AnalysisError, Budget, DealInput, TrickContext, analyse, resolve  # noqa: E402
from rules.engine.solver import COMPILED, Analysis  # noqa: E402
from rules.engine.solver.game import CardGame, Game  # noqa: E402
from rules.engine.solver.multi import MultiGame  # noqa: E402
from rules.engine.solver.pos import POINTS, Pos  # noqa: E402
from rules.engine.variants import Ruleset  # noqa: E402

TABLES: dict[str, tuple[str, dict[str, object], int | None]] = {
    "classic-sixes": ("classic-sixes", {}, None),
    "penalty-goats": ("penalty-goats", {}, None),
    "voon-series": ("voon-series", {}, None),
    "yc-hvalyony": ("yc-hvalyony", {}, None),
    "yc-belka": ("yc-belka", {}, None),
    "yc-belka/blind": ("yc-belka", {"blind_seat": "3"}, None),
    "yc-duel": ("yc-duel", {}, 2),
    "solo-twelve/2": ("solo-twelve", {}, 2),
    "solo-twelve/3": ("solo-twelve", {}, 3),
    "solo-twelve/3 queen": ("solo-twelve", {"spades_queen": True}, 3),
    "solo-twelve/4": ("solo-twelve", {}, 4),
    "draw-four": ("draw-four", {}, None),
    "classic-sixes/multi": ("classic-sixes", {"multi_leads": True}, None),
    "penalty-goats/multi": ("penalty-goats", {"multi_leads": True}, None),
}

MULTI_LEFT = (20, 24, 28)
"""Cards still to be played (in hand and in the stock) at the trick starts where the games with
multi-card leads are analysed again: draw-four one, two and three tricks before its stock is drawn."""


def random_deal(rs: Ruleset, seed: int) -> DealInput:
    rnd = random.Random(seed)
    deck = list(rs.deck)
    rnd.shuffle(deck)
    n = rs.seats
    size = 4 if rs.draws else rs.hand_size
    hands = [deck[i * size : (i + 1) * size] for i in range(n)]
    rest = deck[n * size :]
    prikup = [rest[i * size : (i + 1) * size] for i in range(n)] if rs.rounds > 1 else None
    return DealInput(rs, rnd.randrange(n), hands, (), None, rest if rs.draws else None, prikup)


def game_of(d: DealInput, budget: Budget, reference: bool = False) -> Game:
    rs = d.rs
    hands = [list(h) for h in d.hands]  # type: ignore[union-attr]
    if rs.multi_card_leads:
        return MultiGame(
            rs, rs, hands, list(d.stock or []), d.leader, TrickContext(), budget, reference=reference
        )  # type: ignore[arg-type]
    rounds = [hands, *([[list(h) for h in d.prikup]] if d.prikup else [])]  # type: ignore[union-attr]
    return CardGame(rs, rounds, d.leader, TrickContext(), budget, reference=reference)  # type: ignore[arg-type]


def played(d: DealInput, seed: int, left: int) -> tuple[list[list[str] | str], Pos] | None:
    """Random legal plays (a single card more often than not) up to the first trick start with
    at most ``left`` cards still to be played (below 0: the whole deal); None where the deal ends
    first."""
    rnd = random.Random(seed * 13 + 5)
    game = game_of(d, Budget())
    pos, plays = game.start(), []
    while game.to_move(pos) is not None:
        if not pos.trick and game.live(pos).bit_count() <= left:
            return plays, pos
        moves = game.legal(pos)
        singles = [m for m in moves if len(m) == 1]
        m = rnd.choice(singles if singles and rnd.random() < 0.7 else moves)
        codes = [c.code for c in game.cards(m)]
        plays.append(codes if game.multi else codes[0])
        pos = game.apply(pos, m)
    return (plays, pos) if left < 0 else None


def _fig(x: float, width: int, places: int) -> str:
    """A figure of the table; one that falls on a refused deal reads "past"."""
    return f"{'past':>{width}}" if x == math.inf else f"{x:{width}.{places}f}"


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


@dataclass
class Tally:
    """The analyses of one row: time and nodes of each, a refused deal counting as slower than
    every other (it got no answer in any time), and how long each refusal took."""

    times: list[float] = field(default_factory=list)
    nodes: list[float] = field(default_factory=list)
    refusals: list[float] = field(default_factory=list)

    def run(self, d: DealInput, budget: int) -> tuple[Analysis, float] | None:
        """The analysis of ``d`` from its position and its time, or None past the budget."""
        t0 = time.perf_counter()
        try:
            a = analyse(d, budget, review=False)
        except AnalysisError as e:
            if e.code != "too_complex":
                raise
            self.refusals.append(time.perf_counter() - t0)
            self.times.append(math.inf)
            self.nodes.append(math.inf)
            return None
        dt = time.perf_counter() - t0
        self.times.append(dt)
        self.nodes.append(a.nodes)
        return a, dt

    def figures(self) -> str:
        """median, p95 and max time and nodes, knodes/s of the answered, refusals and the slowest."""
        t, n = self.times, self.nodes
        answered = [(x, y) for x, y in zip(t, n, strict=True) if x != math.inf]
        knps = sum(y for _, y in answered) / max(1e-9, sum(x for x, _ in answered)) / 1000
        slowest = f"{max(self.refusals):10.3f}" if self.refusals else f"{chr(8212):>10}"
        return (
            f"{_fig(statistics.median(t), 7, 3)} {_fig(pct(t, 0.95), 7, 3)} {_fig(max(t), 7, 3)}"
            f" {_fig(statistics.median(n), 10, 0)} {_fig(pct(n, 0.95), 9, 0)} {_fig(max(n), 9, 0)}"
            f" {knps:8.0f} {len(self.refusals):4}/{len(t):<4} {slowest}"
        )


FIGURES = (
    f"{'median':>7} {'p95':>7} {'max':>7} {'nodes med':>10} {'p95':>9} {'max':>9}"
    f" {'knodes/s':>8} {'past':>9} {'refused in':>10}"
)


def value_nodes(d: DealInput, pos: Pos, reference: bool) -> tuple[int, float]:
    """Nodes and time of side 0's value at ``pos`` alone, by one search."""
    game = game_of(d, Budget(10**12), reference)
    t0 = time.perf_counter()
    game.solve(pos, frozenset(d.rs.sides[0]), POINTS)
    return game.budget.nodes, time.perf_counter() - t0


def table_row(name: str, args: argparse.Namespace, floor: list[float]) -> str:
    key, options, seats = TABLES[name]
    rs = resolve(key, options, seats=seats)
    tally = Tally()
    plain: list[int] = []
    fast: list[int] = []
    ratios: list[float] = []
    reviews_past = 0  # reviews of a played deal past the budget where its first lead was not
    for seed in range(args.multi_deals if rs.multi_card_leads else args.deals):
        d = random_deal(rs, seed)
        done = tally.run(d, args.budget)
        if done is None:
            continue
        if seed < args.reviews:
            line = played(d, seed, -1)
            assert line is not None
            t0 = time.perf_counter()
            try:
                analyse(DealInput(rs, d.leader, d.hands, line[0], None, d.stock, d.prikup), args.budget)
            except AnalysisError as e:
                if e.code != "too_complex":
                    raise
                reviews_past += 1
            else:
                ratios.append((time.perf_counter() - t0) / done[1])
        late = None if rs.multi_card_leads else played(d, seed, args.left * rs.seats)
        if late is not None:
            nodes, dt = value_nodes(d, late[1], True)
            plain.append(nodes)
            floor[0], floor[1] = floor[0] + nodes, floor[1] + dt
            fast.append(value_nodes(d, late[1], False)[0])
    dash = chr(8212)
    compared = (
        f"{statistics.median(plain):9.0f} {statistics.median(fast):7.0f}" if plain else f"{dash:>9} {dash:>7}"
    )
    review = f"{statistics.median(ratios):12.2f}" if ratios else f"{dash:>12}"
    if reviews_past:
        review += f" ({reviews_past} past)"
    return f"{name:20} {tally.figures()} | {compared} | {review}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--reviews", type=int, default=10, help="played deals reviewed per table")
    ap.add_argument("--multi-deals", type=int, default=20, help="deals per game with multi-card leads")
    ap.add_argument("--tables", nargs="*", default=list(TABLES))
    ap.add_argument("--budget", type=int, default=NODE_BUDGET, help="the node budget of one analysis")
    ap.add_argument("--left", type=int, default=4, help="tricks left where the reference search is counted")
    args = ap.parse_args()
    print(f"search: {'compiled' if COMPILED else 'the reference (nothing compiled)'}")
    print(
        f"{args.deals} deals per table, solved from the first lead (time in s), {args.budget:,} nodes at most"
    )
    print(f"{'table':20} {FIGURES} | {f'{args.left} left: plain':>17} | {'review/solve':>12}")
    floor = [0.0, 0.0]  # the reference search's nodes and time, over every table
    for name in args.tables:
        print(table_row(name, args, floor), flush=True)
    if floor[1]:
        print(
            f"floor of this run: the plain search, in pure Python, {floor[0] / floor[1] / 1000:.0f} knodes/s"
        )
    multi_rows(args)


def multi_rows(args: argparse.Namespace) -> None:
    """The games with multi-card leads, analysed later in the deal: the same figures as the first
    table, at each of MULTI_LEFT."""
    names = [
        n for n in args.tables if resolve(TABLES[n][0], TABLES[n][1], seats=TABLES[n][2]).multi_card_leads
    ]
    if not names:
        return
    print(
        f"\nmulti-card leads, {args.multi_deals} deals each played at random to a trick start with N cards to play"
    )
    print(f"{'table':32} {FIGURES}")
    for name in names:
        key, options, seats = TABLES[name]
        rs = resolve(key, options, seats=seats)
        for left in MULTI_LEFT:
            tally = Tally()
            for seed in range(args.multi_deals):
                d = random_deal(rs, seed)
                line = played(d, seed, left)
                if line is not None:
                    tally.run(DealInput(rs, d.leader, d.hands, line[0], None, d.stock, d.prikup), args.budget)
            if tally.times:
                print(f"{f'{name}, {left} to play':32} {tally.figures()}", flush=True)


if __name__ == "__main__":
    main()
