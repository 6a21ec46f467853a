"""The counts: per player and per pair of partners, folded match by match.

A :class:`Tally` is a fold over finished matches in the order they ended, and a monoid: the
tally of one run of matches merged with the tally of the run after it is the tally of both
(``tally(a + b) == tally(a).merge(tally(b))``), streaks included. So kept figures can be
updated by one match, or rebuilt from any match on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from .outcome import Outcome

__all__ = ["TITLES", "PairStats", "PlayerStats", "Streaks", "Tally"]

TITLES: tuple[str, ...] = ("dry", "with_eggs", "with_tails")
"""The losers' titles counted besides «козлы» (classic-sixes#scoring, DECISIONS titles)."""


@dataclass(frozen=True)
class Streaks:
    """A player's matches as a run of wins and losses, kept by its ends: enough to merge two
    runs and still know the longest streak of each kind."""

    length: int = 0
    first_won: bool = False
    first_run: int = 0  # matches of the first kind at the start
    last_won: bool = False
    last_run: int = 0  # matches of the last kind at the end
    best_won: int = 0
    best_lost: int = 0

    @classmethod
    def one(cls, won: bool) -> Streaks:
        return cls(1, won, 1, won, 1, int(won), int(not won))

    def then(self, other: Streaks) -> Streaks:
        if not self.length:
            return other
        if not other.length:
            return self
        joined = self.last_run + other.first_run if self.last_won == other.first_won else 0
        best_won = max(self.best_won, other.best_won, joined if self.last_won else 0)
        best_lost = max(self.best_lost, other.best_lost, joined if not self.last_won else 0)
        whole_self = self.first_run == self.length
        whole_other = other.first_run == other.length
        return Streaks(
            length=self.length + other.length,
            first_won=self.first_won,
            first_run=joined if whole_self and joined else self.first_run,
            last_won=other.last_won,
            last_run=joined if whole_other and joined else other.last_run,
            best_won=best_won,
            best_lost=best_lost,
        )


@dataclass(frozen=True)
class PlayerStats:
    name: str
    matches: int = 0
    won: int = 0
    lost: int = 0
    goat: int = 0
    titles: Mapping[str, int] = field(default_factory=dict)
    hands: int = 0
    hands_won: int = 0
    eggs: int = 0
    lyusya_taken: int = 0
    lyusya_suffered: int = 0
    queen_captures: int = 0
    streaks: Streaks = Streaks()

    def plus(self, other: PlayerStats) -> PlayerStats:
        titles = {t: self.titles.get(t, 0) + other.titles.get(t, 0) for t in TITLES}
        return PlayerStats(
            name=self.name,
            matches=self.matches + other.matches,
            won=self.won + other.won,
            lost=self.lost + other.lost,
            goat=self.goat + other.goat,
            titles={t: n for t, n in titles.items() if n},
            hands=self.hands + other.hands,
            hands_won=self.hands_won + other.hands_won,
            eggs=self.eggs + other.eggs,
            lyusya_taken=self.lyusya_taken + other.lyusya_taken,
            lyusya_suffered=self.lyusya_suffered + other.lyusya_suffered,
            queen_captures=self.queen_captures + other.queen_captures,
            streaks=self.streaks.then(other.streaks),
        )


@dataclass(frozen=True)
class PairStats:
    players: tuple[str, str]  # in name order
    matches: int = 0
    won: int = 0


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Tally:
    """The counts over some finished matches. ``beaten_by[name][pair]``: matches ``name`` lost to
    that pair of partners."""

    players: Mapping[str, PlayerStats] = field(default_factory=dict)
    pairs: Mapping[tuple[str, str], PairStats] = field(default_factory=dict)
    beaten_by: Mapping[str, Mapping[tuple[str, str], int]] = field(default_factory=dict)

    @classmethod
    def of(cls, outcomes: Iterable[Outcome]) -> Tally:
        t = cls()
        for o in outcomes:
            t = t.add(o)
        return t

    def add(self, o: Outcome) -> Tally:
        """This tally and one more match after it (an unfinished match changes nothing)."""
        return self.merge(_one(o)) if o.finished else self

    def merge(self, other: Tally) -> Tally:
        """This tally followed by ``other`` (the matches that ended after these)."""
        players = dict(self.players)
        for name, s in other.players.items():
            players[name] = players[name].plus(s) if name in players else s
        pairs = dict(self.pairs)
        for key, p in other.pairs.items():
            mine = pairs.get(key)
            pairs[key] = (
                p if mine is None else replace(p, matches=mine.matches + p.matches, won=mine.won + p.won)
            )
        beaten = {name: dict(by) for name, by in self.beaten_by.items()}
        for name, by in other.beaten_by.items():
            mine_by = beaten.setdefault(name, {})
            for key, n in by.items():
                mine_by[key] = mine_by.get(key, 0) + n
        return Tally(players, pairs, beaten)

    def best_partner(self, name: str) -> tuple[str, PairStats] | None:
        """The partner ``name`` won most with; on a tie the better share of wins, then the name."""
        best: tuple[tuple[int, float, str], str, PairStats] | None = None
        for key, p in self.pairs.items():
            if name not in key or not p.won:
                continue
            partner = key[1] if key[0] == name else key[0]
            rank = (-p.won, -p.won / p.matches, partner)
            if best is None or rank < best[0]:
                best = (rank, partner, p)
        return None if best is None else (best[1], best[2])

    def nemesis(self, name: str) -> tuple[tuple[str, str], int] | None:
        """The pair of partners that beat ``name`` most often; on a tie the first by name."""
        by = self.beaten_by.get(name, {})
        if not by:
            return None
        key = min(by, key=lambda k: (-by[k], k))
        return key, by[key]


def _one(o: Outcome) -> Tally:
    players: dict[str, PlayerStats] = {}
    for side, names in enumerate(o.sides):
        won = o.won(side)
        goat = side in o.goats
        titles = {t: 1 for t in TITLES if goat and t in o.titles}
        for name in names:
            players[name] = PlayerStats(
                name=name,
                matches=1,
                won=int(won),
                lost=int(not won),
                goat=int(goat),
                titles=titles,
                hands=o.hands,
                hands_won=o.hands_won[side],
                eggs=o.eggs,
                lyusya_taken=o.lyusya_taken[side],
                lyusya_suffered=o.lyusya_suffered[side],
                queen_captures=o.queen_captures[side],
                streaks=Streaks.one(won),
            )
    pairs: dict[tuple[str, str], PairStats] = {}
    beaten: dict[str, dict[tuple[str, str], int]] = {}
    winners = o.sides[o.winner] if o.winner is not None else ()
    for side, names in enumerate(o.sides):
        if len(names) == 2:
            key = _pair(*names)
            pairs[key] = PairStats(key, 1, int(o.won(side)))
        if side != o.winner and len(winners) == 2:
            for name in names:
                beaten[name] = {_pair(*winners): 1}
    return Tally(players, pairs, beaten)
