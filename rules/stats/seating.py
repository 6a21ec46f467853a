"""The seating («Рассадка»): who plays the evening's next match, who partners whom, where each
sits and who deals first.

The draw is a pure function of the company's history (its tally of who partnered whom), the
players present tonight, the evening's matches so far and a seed: two phones that give it the
same get the same table. A player is whatever string the caller names him by (the company
uses his id).

Every possible table is four of the players present and one of the three ways to pair them.

- **Who sits out.** A player present has sat out every match of the evening he did not play
  (one who came late has sat out those before he came). Those who have sat out least sit out
  now, those who have sat out most play, and the choice among the players at the boundary
  count is left to the rules below. So the counts of sitting out never differ by more than one
  while the same players are present: nobody sits out twice before everyone present has sat
  out once.
- **The rest, in order**, among the tables left:

  1. the two pairs have partnered least tonight: the fewer times the more often of the two
     has, then the fewer times in all;
  2. the next match can do as well by the same measure after this one (a look one match ahead,
     so that a choice now does not leave only worn pairs to those who play next);
  3. those who sit out did not sit out the match before (nobody sits out two in a row while
     another could), then have sat out together least (who waits with whom changes), then sat
     out longest ago;
  4. the two pairs have partnered least in the company's history (the more often of the two,
     then in all);
  5. the seed: the table whose SHA-256 of the seed and the table is lowest, so another seed
     draws another of the tables tied on everything above.

Why it is fair: a match adds one to each of its two pairs, and step 1 adds them where the
counts are lowest, which keeps the sum of the squares of the pairs' counts (their spread) as
low as one match can; a pair falls behind only while the sitting out keeps its two players
apart, and step 2 keeps that from cornering the draw a match later. With four present the two
pairs of a pairing have always partnered equally often, so the partnerships rotate through the
three pairings, each once before any twice. History and seed only choose among tables that are
equally fair tonight. The tests draw whole evenings and check both promises.

The seats: partners sit opposite, seats 0 and 2 against seats 1 and 3 (docs/tables.md#sides);
which pair sits at 0 and 2 and who sits where within a pair come from the seed. The first
dealer is the one of the four who has dealt first tonight least often, then by the seed.

Seeds are whole numbers from 0 to :data:`SEEDS` − 1 (what a link's number may carry).
:func:`default_seed` is the SHA-256 of the company's log (its key and version) and the
evening's date, not Python's ``hash()``, which differs from process to process; «Другая
рассадка» draws with :func:`next_seed`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import combinations

from .outcome import StatsError
from .tally import Tally

__all__ = ["MAX_PRESENT", "SEEDS", "Seating", "Table", "Why", "default_seed", "draw", "next_seed", "why"]

SEEDS = 10**9
SEATS = 4
MAX_PRESENT = 12  # three tables' worth: the draw looks at every table these could make

Pair = tuple[str, str]


def _pair(a: str, b: str) -> Pair:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Table:
    """A match of the evening as the draw reads it: a player per seat (partners opposite) and
    the seat that dealt first."""

    seats: tuple[str, str, str, str]
    dealer: int = 0

    @property
    def pairs(self) -> tuple[Pair, Pair]:
        s = self.seats
        return _pair(s[0], s[2]), _pair(s[1], s[3])


@dataclass(frozen=True)
class Seating:
    """The drawn table: a player per seat, the first dealer's seat, and who sits out."""

    seats: tuple[str, str, str, str]
    dealer: int
    out: tuple[str, ...]  # in the order the players present were given

    @property
    def pairs(self) -> tuple[Pair, Pair]:
        return self.table.pairs

    @property
    def table(self) -> Table:
        return Table(self.seats, self.dealer)


def default_seed(log: str, version: int, evening: date) -> int:
    """The seed of an evening's draw when none is asked for: the company's log (``log`` names
    it, ``version`` is its last entry) and the evening's date."""
    text = f"kozel-seating\n{log}\n{version}\n{evening.isoformat()}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % SEEDS


def next_seed(seed: int) -> int:
    """The seed of «Другая рассадка»."""
    return (seed + 1) % SEEDS


def _check(present: tuple[str, ...], tonight: Sequence[Table], seed: int) -> None:
    if len(set(present)) != len(present):
        raise StatsError("duplicate_player", "a player is present once", field="present")
    if not SEATS <= len(present) <= MAX_PRESENT:
        raise StatsError(
            "bad_present", "four to twelve players present", field="present", min=SEATS, max=MAX_PRESENT
        )
    for i, t in enumerate(tonight):
        if len(t.seats) != SEATS or len(set(t.seats)) != SEATS or not 0 <= t.dealer < SEATS:
            raise StatsError("bad_table", "four players, one a seat", field=f"tonight[{i}]")
    if not 0 <= seed < SEEDS:
        raise StatsError("bad_seed", "a seed from 0 to 999999999", field="seed", max=SEEDS - 1)


def _mark(seed: int, *parts: object) -> bytes:
    """The seed's word on a choice: compared, not read."""
    return hashlib.sha256(json.dumps([seed, *parts], ensure_ascii=False).encode()).digest()


def _pairings(four: tuple[str, ...]) -> Iterable[tuple[Pair, Pair]]:
    a, b, c, d = four
    yield _pair(a, b), _pair(c, d)
    yield _pair(a, c), _pair(b, d)
    yield _pair(a, d), _pair(b, c)


@dataclass(frozen=True)
class _Evening:
    """What the draw counts of the evening so far, for the players present."""

    players: tuple[str, ...]
    outs: Counter[str]  # matches sat out
    together: Counter[Pair]  # matches partnered

    def after(self, out: frozenset[str], pairs: tuple[Pair, Pair]) -> _Evening:
        outs, together = self.outs.copy(), self.together.copy()
        outs.update(out)
        together.update(pairs)
        return _Evening(self.players, outs, together)

    def tables(self) -> Iterator[tuple[tuple[int, int], frozenset[str], tuple[Pair, Pair]]]:
        """Every table the sitting out allows: how often its pairs have partnered (the more
        often of the two, both together), who sits out, the two pairs."""
        players, outs = self.players, self.outs
        sit = len(players) - SEATS
        boundary = sorted(outs[p] for p in players)[sit - 1] if sit else 0
        must = [p for p in players if sit and outs[p] < boundary]
        free = [p for p in players if sit and outs[p] == boundary]
        for extra in combinations(free, sit - len(must)):
            out = frozenset((*must, *extra))
            four = tuple(p for p in players if p not in out)
            for pairs in _pairings(four):
                a, b = self.together[pairs[0]], self.together[pairs[1]]
                yield (max(a, b), a + b), out, pairs

    def best_next(self) -> tuple[int, int]:
        """The best the next match can do by its pairs (it stops at the least any could)."""
        low = min(self.together[_pair(a, b)] for a, b in combinations(self.players, 2))
        best: tuple[int, int] | None = None
        for key, _out, _pairs in self.tables():
            if key == (low, 2 * low):
                return key
            best = key if best is None else min(best, key)
        assert best is not None
        return best


@dataclass(frozen=True)
class _Tonight:
    """The evening so far, counted for the players present."""

    evening: _Evening
    last_out: dict[str, int]  # the index of the last match sat out, -1 for none
    apart: Counter[Pair]  # matches sat out together
    dealt: Counter[str]  # matches dealt first
    just: int  # the index of the match before this one

    @classmethod
    def of(cls, players: tuple[str, ...], tonight: Sequence[Table]) -> _Tonight:
        here = set(players)
        outs = Counter({p: 0 for p in players})
        last_out = {p: -1 for p in players}
        together: Counter[Pair] = Counter()
        apart: Counter[Pair] = Counter()
        dealt: Counter[str] = Counter()
        for i, t in enumerate(tonight):
            sat = sorted(here.difference(t.seats))
            outs.update(sat)
            last_out.update((p, i) for p in sat)
            apart.update(combinations(sat, 2))
            together.update(t.pairs)
            dealt[t.seats[t.dealer]] += 1
        return cls(_Evening(players, outs, together), last_out, apart, dealt, len(tonight) - 1)

    def waits(self, out: frozenset[str]) -> tuple[int, int, list[int]]:
        """Step 3 for those who sit out: how many sat out the match before, how often they
        have sat out together, when they last sat out (the latest first)."""
        return (
            sum(self.last_out[p] == self.just for p in out),
            sum(self.apart[pair] for pair in combinations(sorted(out), 2)),
            sorted((self.last_out[p] for p in out), reverse=True),
        )


def draw(history: Tally, present: Iterable[str], tonight: Sequence[Table], seed: int) -> Seating:
    """The next table of the evening (see the module's text for how it is chosen).

    ``history`` is the company's tally over all its matches (only its pairs are read);
    ``present`` the players here now, four to :data:`MAX_PRESENT`; ``tonight`` the evening's
    matches so far in the order they were played (players not present count for nothing)."""
    players = tuple(present)
    _check(players, tonight, seed)
    now = _Tonight.of(players, tonight)
    before = {pair: p.matches for pair, p in history.pairs.items()}
    tables = list(now.evening.tables())
    fairest = min(key for key, _out, _pairs in tables)
    best: tuple[object, ...] | None = None
    chosen: tuple[frozenset[str], tuple[Pair, Pair]] | None = None
    for key, out, pairs in tables:
        if key != fairest:
            continue
        then = [before.get(p, 0) for p in pairs]
        rank = (
            now.evening.after(out, pairs).best_next(),
            now.waits(out),
            max(then),
            sum(then),
            _mark(seed, sorted(pairs)),
        )
        if best is None or rank < best:
            best, chosen = rank, (out, pairs)
    assert chosen is not None  # the players present make one table at least
    out, (first, second) = chosen
    return _seat(seed, first, second, now.dealt, tuple(p for p in players if p in out))


def _seat(seed: int, first: Pair, second: Pair, dealt: Counter[str], out: tuple[str, ...]) -> Seating:
    """Partners opposite, the sides and the seats within them by the seed; the first dealer
    the one who has dealt first least often tonight."""
    red, black = (
        sorted(pair, key=lambda p: _mark(seed, "seat", p))
        for pair in sorted((first, second), key=lambda pair: _mark(seed, "side", pair))
    )
    seats = (red[0], black[0], red[1], black[1])
    dealer = min(range(SEATS), key=lambda s: (dealt[seats[s]], _mark(seed, "deal", seats[s])))
    return Seating(seats, dealer, out)


@dataclass(frozen=True)
class Why:
    """What a page says of a drawn table: how many matches the evening has had, and how often
    each of its pairs has partnered tonight and in the company's history (the fewer first)."""

    matches: int
    tonight: tuple[int, int]
    before: tuple[int, int]


def why(history: Tally, present: Iterable[str], tonight: Sequence[Table], seating: Seating) -> Why:
    """The counts behind ``seating``, drawn by :func:`draw` from the same ``history``,
    ``present`` and ``tonight``."""
    now = _Tonight.of(tuple(present), tonight)
    before = {pair: p.matches for pair, p in history.pairs.items()}
    first, second = seating.pairs
    t0, t1 = sorted((now.evening.together[first], now.evening.together[second]))
    b0, b1 = sorted((before.get(first, 0), before.get(second, 0)))
    return Why(len(tonight), (t0, t1), (b0, b1))
