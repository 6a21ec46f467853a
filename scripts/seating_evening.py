"""A drawn evening: the tables ``rules.stats.seating.draw`` seats one after another for the
players present, each played as drawn, and how fair they came out (how often each pair
partnered, how often each player sat out, and whether anyone sat out twice before everyone had
once).

    .venv/bin/python scripts/seating_evening.py                       # six players, 30 tables
    .venv/bin/python scripts/seating_evening.py --players 7 --matches 20 --seed 5

Pure Python over the draw: no database, nothing written."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.stats import Tally  # noqa: E402
from rules.stats.seating import MAX_PRESENT, Seating, draw  # noqa: E402

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Дина", "Ефим", "Жора", "Зоя", "Ира", "Кира", "Лёва", "Мила")


def evening(present: tuple[str, ...], matches: int, seed: int) -> list[Seating]:
    drawn: list[Seating] = []
    for _ in range(matches):
        drawn.append(draw(Tally(), present, [s.table for s in drawn], seed))
    return drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=6, choices=range(4, MAX_PRESENT + 1))
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    present = NAMES[: args.players]
    drawn = evening(present, args.matches, args.seed)
    width = max(len(n) for n in present) * 2 + 3
    print(f"{len(present)} players, {args.matches} matches, seed {args.seed}; seats 1-3 against 2-4")
    print(f"{'#':>3}  {'seats 1+3':<{width}}  {'seats 2+4':<{width}}  {'sit out':<{width}}  deals first")
    outs: Counter[str] = Counter({p: 0 for p in present})
    early = []  # a second turn out before everyone had one
    for i, s in enumerate(drawn, 1):
        for p in s.out:
            if outs[p] and any(outs[q] + (q in s.out) < outs[p] for q in present):
                early.append((i, p))
        outs.update(s.out)
        red, black = f"{s.seats[0]}+{s.seats[2]}", f"{s.seats[1]}+{s.seats[3]}"
        print(
            f"{i:>3}  {red:<{width}}  {black:<{width}}  {', '.join(s.out) or '—':<{width}}  {s.seats[s.dealer]}"
        )
    together = Counter(p for s in drawn for p in s.pairs)
    pairs = {(a, b): together[(a, b) if a <= b else (b, a)] for a, b in combinations(present, 2)}
    print("\nmatches partnered, each pair:")
    for (a, b), n in pairs.items():
        print(f"  {a}+{b}: {n}")
    low, high = min(pairs.values()), max(pairs.values())
    print(f"fewest {low}, most {high} (a pair at most twice as often as another: {high <= 2 * low})")
    print("matches sat out:", ", ".join(f"{p} {n}" for p, n in outs.items()))
    print("dealt first:", ", ".join(f"{p} {n}" for p, n in Counter(s.seats[s.dealer] for s in drawn).items()))
    print("sat out twice before everyone had once:", early or "nobody")
    repeats = sum(bool(set(a.out) & set(b.out)) for a, b in zip(drawn, drawn[1:], strict=False))
    print("sat out two matches in a row:", repeats)


if __name__ == "__main__":
    main()
