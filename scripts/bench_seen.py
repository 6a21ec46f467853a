"""make bench-seen: the review by what was seen (docs/rules.md#what-was-seen) on seeded played
deals of every one-card table, every costly play judged in this one process.

For each one-card table of ``make bench-analyse`` (solo-twelve's two against one aside: the same
deals, the same questions): DEALS deals (5 unless ``--deals``), dealt at random and played out
with random legal cards (seeded: the same run every time), each reviewed as ``POST /api/v1/analyse/seen``
reviews it: the exact review first, then every play it gives a cost judged over the placements
that agree with its player's view. Printed per table: the reviews' time (median, max), the
judged plays' time (median, p95, max), the placements counted (median), the positions solved
per play (median, max), the nodes searched (per play, median; over every play), how many plays
took every placement (and whether every play from the sixth trick on did, and how many of those
had more placements than are all taken, where a sample is the rule), and the verdicts. Under the
tables, the same over every table.

First the edit link beside a review in progress (scripts/bench_seen_http.py; ``--no-http`` leaves
it out): gunicorn and the niced worker as ``make run`` starts them, the edit link's median while
the worker judges a first lead over its median with the worker stopped (target: at most 1.5).

The tables run niced (``make bench-seen``; ``ARGS="--deals 2 --tables classic-sixes"``). Times are the
machine's of the moment: read them beside the positions solved, which do not change.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import DealInput, TrickContext, legal_cards, resolve, resolve_trick  # noqa: E402
from rules.engine.seen import EXACT_AT, Judgement, judge, read_deal  # noqa: E402
from scripts.bench_analyse import TABLES, random_deal  # noqa: E402
from scripts.bench_seen_http import edit_link_beside_review  # noqa: E402

# solo-twelve at three with two against one deals and plays the same cards as without, and the
# review asks the same of it (every player counts his own points): it is left out
ONE_CARD = [
    t
    for t, (key, options, _) in TABLES.items()
    if key != "draw-four" and not options.get("multi_leads") and not options.get("spades_queen")
]


@dataclass
class Figures:
    reviews: list[float] = field(default_factory=list)
    plays: list[float] = field(default_factory=list)
    judged: list[tuple[Judgement, int]] = field(default_factory=list)  # with the trick it is in

    def add(self, other: Figures) -> None:
        self.reviews += other.reviews
        self.plays += other.plays
        self.judged += other.judged


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))] if s else float("nan")


def played_out(d: DealInput, seed: int) -> list[str]:
    """Random legal cards to the deal's end (seeded by the deal's own seed)."""
    rs = d.rs
    rnd = random.Random(seed * 7 + 1)
    hands = [list(h) for h in d.hands]  # type: ignore[arg-type]
    plays: list[str] = []
    leader = d.leader
    for k in range(rs.hand_size * rs.rounds):
        if k == rs.hand_size and d.prikup is not None:
            hands = [list(h) for h in d.prikup]  # type: ignore[arg-type]
        trick = []
        for i in range(rs.seats):
            seat = (leader + i) % rs.seats
            ctx = TrickContext(first_leader=d.leader, trick_number=k + 1)
            legal = legal_cards(rs, hands[seat], trick[0] if trick else None, seat=seat, context=ctx)
            c = rnd.choice(legal)
            hands[seat].remove(c)
            trick.append(c)
        plays.extend(c.code for c in trick)
        leader = resolve_trick(rs, leader, trick).winner
    return plays


clock = time.perf_counter
"""What the times are read on: the wall clock, or the process's CPU time (``--cpu``)."""


def review(table: str, seed: int) -> Figures:
    key, options, seats = TABLES[table]
    rs = resolve(key, options, seats=seats)
    d = random_deal(rs, seed)
    plays = played_out(d, seed)
    out = Figures()
    start = clock()
    deal, exact = read_deal(rs, d.leader, d.hands, plays, prikup=d.prikup)  # type: ignore[arg-type]
    for i, p in enumerate(exact.plays):
        if p.legal and (p.cost or p.lost_goals):
            t = clock()
            j = judge(deal, i, p.cost, p.lost_goals)
            out.plays.append(clock() - t)
            out.judged.append((j, i // rs.seats + 1))
    out.reviews.append(clock() - start)
    return out


def row(name: str, f: Figures) -> str:
    js = [j for j, _ in f.judged]
    late = [j for j, trick in f.judged if trick >= 6 and j.layouts]
    verdicts = {v: sum(j.verdict == v for j in js) for v in ("mistake", "no_way_to_know", "best")}
    return (
        f"{name:<22} {len(f.reviews):>3} {statistics.median(f.reviews):>7.1f} {max(f.reviews):>7.1f}"
        f" {len(js):>5} {statistics.median(f.plays) if f.plays else 0:>7.2f} {pct(f.plays, 95):>7.2f}"
        f" {max(f.plays, default=0):>7.2f} {statistics.median([j.layouts for j in js]) if js else 0:>12.0f}"
        f" {statistics.median([j.positions for j in js]) if js else 0:>6.0f} {max((j.positions for j in js), default=0):>6}"
        f" {statistics.median([j.nodes for j in js]) / 1e6 if js else 0:>7.2f} {sum(j.nodes for j in js) / 1e6:>8.1f}"
        f" {sum(j.exact for j in js):>4}/{len(js):<4} {'yes' if all(j.exact for j in late) else 'NO':>4}"
        f" {sum(j.layouts > EXACT_AT for j in late):>5}"
        f"  {verdicts['mistake']}/{verdicts['no_way_to_know']}/{verdicts['best']}"
    )


def answer(j: Judgement) -> str:
    """A judged play's figures: what the API answers of it, without the counts of the work."""
    return repr(dataclasses.replace(j, positions=0, nodes=0))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=5, help="deals per table (default 5)")
    ap.add_argument(
        "--tables",
        nargs="*",
        default=ONE_CARD,
        choices=ONE_CARD,
        help="tables (default: every one-card table)",
    )
    ap.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    ap.add_argument("--no-http", action="store_true", help="leave out the edit link beside a review")
    ap.add_argument(
        "--cpu",
        action="store_true",
        help="time by this process's CPU time, not the wall clock (a machine shared with other work)",
    )
    ap.add_argument(
        "--dump",
        type=Path,
        help="write each judged play's figures to this file, to compare two runs' answers",
    )
    args = ap.parse_args()
    global clock
    if args.cpu:
        clock = time.process_time
    if not args.no_http:  # first, the app server at its own priority, as make run starts it
        print(edit_link_beside_review(), flush=True)
    os.nice(10)  # the tables' solves: the machine's other work first
    print(
        f"{'table':<22} {'n':>3} {'review':>7} {'max':>7} {'plays':>5} {'play s':>7} {'p95':>7} {'max':>7}"
        f" {'placements':>12} {'solved':>6} {'max':>6} {'Mnodes':>7} {'all':>8} {'exact':>9} {'6th+':>4} {'>5000':>5}"
        "  mistake/no_way/best"
    )
    total = Figures()
    for table in args.tables:
        f = Figures()
        for k in range(args.deals):
            f.add(review(table, args.seed + k))
        total.add(f)
        print(row(table, f), flush=True)
        if args.dump:
            with args.dump.open("a") as out:
                out.writelines(f"{table} {answer(j)}\n" for j, _ in f.judged)
    print(row("all tables", total))
    print(
        f"times in seconds ({'CPU' if args.cpu else 'wall clock'}); placements: the median count per"
        " judged play; solved: positions solved per play; Mnodes: the millions of positions searched per play (median), and for every play (all);"
        " >5000: the plays from the sixth trick on with more placements than are all taken"
    )


if __name__ == "__main__":
    main()
