"""make bench-analyse: the solver on seeded random deals of every table (docs/rules.md#analysis).

For each table: DEALS random deals (100 unless ``--deals``), each analysed from the first lead
(value, goals and every lead's value: what the trick page and the API answer): median, p95 and
max time and nodes, nodes/s, how many went past the node budget and how long the slowest of those
took to be refused. A deal past the budget got no answer: it counts as slower than every other,
and a figure that falls on one reads "past". Beside them, the median and p95 time of the deal's
value alone (each side's best-play count, no lead's own value), searched afresh.
Beside it, on the same deals played at random to four tricks left (``--left N`` for another
depth), a plain alpha-beta (no table, no move ordering, no equivalent cards, one wide window)
against the solver's value search, and the node ratio; beside them the smallest tree in which
the solver's search proves the same value (``bench_trees.fewest_nodes``) and the plain search's
nodes over it: the most a perfect move order could give, but for what the table saves (with
``--exact-at K``, the same were every trick start with K tricks left or fewer answered free:
the most any bound there could give); under
the table, the plain search's speed in this run (the floor two runs' times are read beside). And
for a few deals per table the full review of a played deal (every play's cost) against one solve
of its first lead.

The games with multi-card leads (draw-four, the eight-card games' option multi_leads) have a
search of their own, slower a position, and many of draw-four's whole deals run out of the budget:
they get ``--multi-deals`` deals (20 unless given), and a second table analyses them again later
in the deal, at each trick start of MULTI_LEFT (draw-four: one, two and three tricks before the
stock is drawn).

Run it niced: ``nice make bench-analyse`` (``ARGS="--deals 20 --tables classic-sixes"``);
``--pure`` times the pure-Python search where the compiled one is built.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import (  # noqa: E402
    NODE_BUDGET,
    AnalysisError,
    TrickContext,
    analyse_deal,
    legal_cards,
    resolve,
    solver_game,
)
from rules.engine.solver import Analysis  # noqa: E402
from rules.engine.solver_analyst import Analyst  # noqa: E402
from rules.engine.solver_game import CardGame  # noqa: E402
from rules.engine.solver_tables import Meter, TooComplex  # noqa: E402
from rules.engine.variants import Ruleset  # noqa: E402
from scripts.bench_trees import fewest_nodes, plain_alpha_beta  # noqa: E402

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
}

MULTI_LEFT = (20, 24, 28)
"""Cards still to be played (in hand and in the stock) at the trick starts where the games with
multi-card leads are analysed again: draw-four one, two and three tricks before its stock is drawn."""


def random_deal(rs: Ruleset, seed: int) -> dict[str, object]:
    rnd = random.Random(seed)
    deck = list(rs.deck)
    rnd.shuffle(deck)
    n = rs.seats
    size = 4 if rs.draws else rs.hand_size
    d: dict[str, object] = {"hands": [deck[i * size : (i + 1) * size] for i in range(n)]}
    rest = deck[n * size :]
    if rs.rounds > 1:
        d["prikup"] = [rest[i * size : (i + 1) * size] for i in range(n)]
    if rs.draws:
        d["stock"] = rest
    d["leader"] = rnd.randrange(n)
    return d


def tricks_left(rs: Ruleset, d: dict[str, object], seed: int, left: int = 4) -> list[str]:
    """Random legal plays until ``left`` tricks are left."""
    rnd = random.Random(seed * 7 + 1)
    hands = [list(h) for h in d["hands"]]  # type: ignore[attr-defined]
    total = rs.hand_size * rs.rounds
    plays: list[str] = []
    leader = d["leader"]
    from rules.engine import resolve_trick

    for k in range(total - left):
        if k == rs.hand_size and rs.rounds > 1:
            hands = [list(h) for h in d["prikup"]]  # type: ignore[attr-defined]
        trick = []
        for i in range(rs.seats):
            seat = (leader + i) % rs.seats  # type: ignore[operator]
            ctx = TrickContext(first_leader=d["leader"], trick_number=k + 1)  # type: ignore[arg-type]
            legal = legal_cards(rs, hands[seat], trick[0] if trick else None, seat=seat, context=ctx)
            c = rnd.choice(legal)
            hands[seat].remove(c)
            trick.append(c)
        plays.extend(c.code for c in trick)
        leader = resolve_trick(rs, leader, trick).winner  # type: ignore[arg-type]
    return plays


def _fig(x: float, width: int, places: int) -> str:
    """A figure of the table; one that falls on a refused deal reads "past"."""
    return f"{'past':>{width}}" if x == math.inf else f"{x:{width}.{places}f}"


@dataclass
class Tally:
    """The analyses of one row: time and nodes of each, a refused deal counting as slower than
    every other (it got no answer in any time), and how long each refusal took."""

    times: list[float] = field(default_factory=list)
    nodes: list[float] = field(default_factory=list)
    refusals: list[float] = field(default_factory=list)

    def run(self, *args: Any, **kwargs: Any) -> tuple[Analysis, float] | None:
        """analyse_deal(*args, **kwargs) and its time, or None where it ran out of the budget."""
        t0 = time.perf_counter()
        try:
            a = analyse_deal(*args, **kwargs)
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

    def all_refused(self) -> bool:
        return len(self.refusals) == len(self.times)

    def figures(self) -> str:
        """median, p95 and max time and nodes, knodes/s of the answered, refusals and the slowest."""
        t, n = self.times, self.nodes
        answered = [(x, y) for x, y in zip(t, n, strict=True) if x != math.inf]
        knps = sum(y for _, y in answered) / max(1e-9, sum(x for x, _ in answered)) / 1000
        slowest = f"{max(self.refusals):10.3f}" if self.refusals else f"{chr(8212):>10}"
        return (
            f"{_fig(statistics.median(t), 7, 3)} {_fig(pct(t, 0.95), 7, 3)} {_fig(max(t), 7, 3)}"
            f" {_fig(statistics.median(n), 10, 0)} {_fig(pct(n, 0.95), 9, 0)} {_fig(max(n), 9, 0)}"
            f" {knps:8.0f} {len(self.refusals):4} {slowest}"
        )


FIGURES = (
    f"{'median':>7} {'p95':>7} {'max':>7} {'nodes med':>10} {'p95':>9} {'max':>9}"
    f" {'knodes/s':>8} {'over':>4} {'refused in':>10}"
)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--reviews", type=int, default=10, help="played deals reviewed per table")
    ap.add_argument(
        "--multi-deals",
        type=int,
        default=20,
        help="deals per game with multi-card leads (most of their searches run out)",
    )
    ap.add_argument("--tables", nargs="*", default=list(TABLES))
    ap.add_argument("--pure", action="store_true", help="the pure-Python search even where it is compiled")
    ap.add_argument("--budget", type=int, default=NODE_BUDGET, help="the node budget of one analysis")
    ap.add_argument("--left", type=int, default=4, help="tricks left where the plain search is compared")
    ap.add_argument(
        "--exact-at",
        type=int,
        default=0,
        help="also the smallest tree were every trick start with this many tricks left or fewer answered free",
    )
    args = ap.parse_args()
    solver_game.USE_COMPILED = not args.pure
    core = "compiled" if solver_game.USE_COMPILED and solver_game.COMPILED else "pure Python"
    print(f"search: {core}")
    print(
        f"{args.deals} deals per table, solved from the first lead (time in s), {args.budget:,} nodes at most"
    )
    print(
        f"{'table':20} {FIGURES} | {'value':>7} {'p95':>7} | {f'{args.left} left: plain':>13} {'solver':>7} {'ratio':>6}"
        f" {'fewest':>7} {'at best':>7}"
        + (f" {f'exact at {args.exact_at}':>10}" if args.exact_at else "")
        + f" | {'review/solve':>12}"
    )
    floor_nodes, floor_time = 0, 0.0  # the plain search's, over every table
    for name in args.tables:
        key, options, seats = TABLES[name]
        rs = resolve(key, options, seats=seats)
        tally = Tally()
        plain_nodes: list[int] = []
        solver_nodes: list[int] = []
        fewest: list[int] = []
        free_at: list[int] = []  # the smallest trees with the ends answered free (--exact-at)
        ratios: list[float] = []
        values: list[float] = []  # the value alone, of every deal
        for seed in range(min(args.deals, args.multi_deals) if rs.multi_card_leads else args.deals):
            d = random_deal(rs, seed)
            done = tally.run(
                rs,
                d["leader"],
                d["hands"],
                [],
                prikup=d.get("prikup"),
                stock=d.get("stock"),
                review=False,
                budget=args.budget,
            )
            if rs.multi_card_leads:
                if done is not None and seed < args.reviews:
                    line = _multi_plays(rs, d, seed, -1)
                    t1 = time.perf_counter()
                    analyse_deal(rs, d["leader"], d["hands"], line, stock=d.get("stock"), budget=args.budget)  # type: ignore[arg-type]
                    ratios.append((time.perf_counter() - t1) / done[1])
                continue
            values.append(_value_time(rs, d, args.budget))
            if done is None:
                continue
            dt = done[1]
            plays = tricks_left(rs, d, seed, args.left)
            game, pos = _position(rs, d, plays)
            solver_nodes.append(_value_nodes(game, pos))
            game, pos = _position(rs, d, plays)
            t1 = time.perf_counter()
            plain_nodes.append(plain_alpha_beta(game, list(pos.hands), pos.leader, pos.rnd, pos.ls))
            floor_nodes += plain_nodes[-1]
            floor_time += time.perf_counter() - t1
            fewest.append(fewest_nodes(game, pos))
            if args.exact_at:
                free_at.append(fewest_nodes(game, pos, args.exact_at))
            if seed < args.reviews:
                line = _line(rs, d, seed)
                t1 = time.perf_counter()
                analyse_deal(rs, d["leader"], d["hands"], line, prikup=d.get("prikup"), budget=args.budget)  # type: ignore[arg-type]
                ratios.append((time.perf_counter() - t1) / dt)
        if tally.all_refused():
            print(
                f"{name:20} all {len(tally.refusals)} past the budget, refused in {max(tally.refusals):.3f} s at most"
            )
            continue
        dash = chr(8212)  # no figure: the games with multi-card leads get no plain search nor value alone
        compared = f" | {dash:>13} {dash:>7} {dash:>6} {dash:>7} {dash:>7}" + (
            f" {dash:>10}" if args.exact_at else ""
        )
        if plain_nodes:
            ratio = sum(plain_nodes) / sum(solver_nodes)
            at_best = sum(plain_nodes) / sum(fewest)
            compared = (
                f" | {statistics.median(plain_nodes):13.0f} {statistics.median(solver_nodes):7.0f} {ratio:6.1f}"
                f" {statistics.median(fewest):7.0f} {at_best:7.1f}"
            )
            if free_at:
                # every end answered at its start: no tree left to divide by
                compared += f" {sum(plain_nodes) / sum(free_at) if sum(free_at) else math.inf:10.1f}"
        print(
            f"{name:20} {tally.figures()}"
            f" | {_fig(statistics.median(values), 7, 3) if values else dash:>7}"
            f" {_fig(pct(values, 0.95), 7, 3) if values else dash:>7}"
            f"{compared} | {f'{statistics.median(ratios):12.2f}' if ratios else dash:>12}",
            flush=True,
        )
    if floor_time:
        print(
            f"floor of this run: the plain search, in pure Python, {floor_nodes / floor_time / 1000:.0f} knodes/s"
        )
    _multi_rows(args)


def _multi_plays(rs: Ruleset, d: dict[str, object], seed: int, cards_left: int) -> list[list[str]] | None:
    """Random legal plays of a game with multi-card leads (a single card more often than not)
    up to the first trick start with at most ``cards_left`` cards still to be played (below 0:
    the whole deal); None where the deal ends first."""
    from dataclasses import replace

    from rules.engine.solver_multi import MultiGame

    rnd = random.Random(seed * 13 + 5)
    stock = list(d.get("stock") or [])  # type: ignore[call-overload]
    game = MultiGame(
        replace(rs, capture=None),
        d["hands"],
        stock,
        d["leader"],
        TrickContext(),
        Meter(10**12),
        rs,  # type: ignore[arg-type]
    )
    pos = game.start()
    plays: list[list[str]] = []
    while game.to_move(pos) is not None:
        if not pos.trick and sum(bin(h).count("1") for h in pos.hands) + len(stock) - pos.drawn <= cards_left:
            return plays
        moves = game.legal(pos)
        singles = [m for m in moves if len(m) == 1]
        m = rnd.choice(singles if singles and rnd.random() < 0.7 else moves)
        plays.append([c.code for c in game.cards(m)])
        pos = game.apply(pos, m)
    return plays if cards_left < 0 else None


def _multi_rows(args: argparse.Namespace) -> None:
    """The games with multi-card leads, analysed later in the deal (draw-four's whole deals are
    often past the budget): the same figures as the first table, at each of MULTI_LEFT."""
    names = [
        n for n in args.tables if resolve(TABLES[n][0], TABLES[n][1], seats=TABLES[n][2]).multi_card_leads
    ]
    if not names:
        return
    deals = min(args.deals, args.multi_deals)
    print(f"\nmulti-card leads, {deals} deals each played at random to a trick start with N cards to play")
    print(f"{'table':32} {FIGURES}")
    for name in names:
        key, options, seats = TABLES[name]
        rs = resolve(key, options, seats=seats)
        for left in MULTI_LEFT:
            tally = Tally()
            for seed in range(deals):
                d = random_deal(rs, seed)
                plays = _multi_plays(rs, d, seed, left)
                if plays is not None:
                    tally.run(
                        rs,
                        d["leader"],
                        d["hands"],
                        plays,
                        stock=d.get("stock"),
                        review=False,
                        budget=args.budget,
                    )
            print(f"{f'{name}, {left} to play':32} {tally.figures()}", flush=True)


def _position(rs: Ruleset, d: dict[str, object], plays: list[str]):  # type: ignore[no-untyped-def]
    from rules.engine.cards import Card

    rounds = [[tuple(h) for h in d["hands"]]]  # type: ignore[attr-defined]
    if rs.rounds > 1:
        rounds.append([tuple(h) for h in d["prikup"]])  # type: ignore[attr-defined]
    game = CardGame(rs, rounds, d["leader"], TrickContext(), Meter(10**12))  # type: ignore[arg-type]
    pos = game.start()
    for p in plays:
        pos = game.apply(pos, (game.tb.bit[Card.parse(p)],))
    return game, pos


def _value_time(rs: Ruleset, d: dict[str, object], budget: int) -> float:
    """The time of the deal's value alone at its first lead, as the analysis works it out (each
    side's count, one search where two sides share every card), on a game of its own; past
    ``budget`` nodes, inf. Which side the cards dealt to nobody count for changes no search."""
    game, pos = _position(rs, d, [])
    game.meter.limit = budget
    held = {c for r in (d["hands"], d.get("prikup") or []) for h in r for c in h}  # type: ignore[attr-defined]
    kitty = (sum(c.points for c in rs.deck if c not in held),) + (0,) * (len(rs.sides) - 1)
    t0 = time.perf_counter()
    try:
        Analyst(rs, game, kitty).values(pos)
    except TooComplex:
        return math.inf
    return time.perf_counter() - t0


def _value_nodes(game: CardGame, pos) -> int:  # type: ignore[no-untyped-def]
    """Nodes of the solver's value search alone (side 0's points) at ``pos``."""
    before = game.meter.nodes
    game.solve(pos, frozenset(game.rs.sides[0]))
    return game.meter.nodes - before


def _line(rs: Ruleset, d: dict[str, object], seed: int) -> list[str]:
    """A whole deal of random legal plays."""
    rnd = random.Random(seed * 11 + 3)
    game, pos = _position(rs, d, [])
    plays = []
    while game.to_move(pos) is not None:
        legal = game.legal_mask(pos)
        c = rnd.choice([b for b in range(len(game.tb.cards)) if legal >> b & 1])
        plays.append(game.tb.cards[c].code)
        pos = game.apply(pos, (c,))
    return plays


if __name__ == "__main__":
    main()
