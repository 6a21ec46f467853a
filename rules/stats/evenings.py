"""The evening: a run of a company's matches played in one sitting, and what it tells.

A new evening begins with a match started more than six hours after the last hand of every
match before it; it is named by the local date it began in the company's time zone. The
summary is what the shared image says: the matches, the goats, the biggest win, the longest
streak of wins.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo

from .outcome import Outcome
from .tally import Tally

__all__ = ["GAP", "BigWin", "Evening", "evenings", "sittings"]

GAP = timedelta(hours=6)


@dataclass(frozen=True)
class BigWin:
    outcome: Outcome
    winners: tuple[str, ...]
    losers: tuple[str, ...]  # the goats
    score: tuple[int, int]  # the winners', the goats'

    @staticmethod
    def margin(o: Outcome) -> float:
        """How big a win is: the winners' lead over the lowest goat as a share of what the match
        is played for (the target; at a marks table all the marks at the table). A match won at
        once (a dry goat, an instant Lyusya) is bigger than any won on the score."""
        if o.instant or o.winner is None:
            return math.inf
        low = min(o.score[g] for g in o.goats)
        scale = o.start_score * len(o.sides) if o.start_score else o.target
        return abs(o.score[o.winner] - low) / max(scale, 1)


@dataclass(frozen=True)
class Evening:
    date: date  # the local date the first match began
    outcomes: tuple[Outcome, ...]  # in the order they began

    @property
    def finished(self) -> tuple[Outcome, ...]:
        return tuple(o for o in self.outcomes if o.finished)

    def goats(self) -> list[tuple[str, int]]:
        """Who was a goat and how often, the most often first (then by name)."""
        t = Tally.of(self.finished)
        return sorted(((n, p.goat) for n, p in t.players.items() if p.goat), key=lambda x: (-x[1], x[0]))

    def biggest_win(self) -> BigWin | None:
        best: Outcome | None = None
        for o in self.finished:
            if best is None or BigWin.margin(o) > BigWin.margin(best):
                best = o
        if best is None or best.winner is None:
            return None
        goat = min(best.goats, key=lambda g: best.score[g])
        losers = tuple(n for g in sorted(best.goats) for n in best.sides[g])
        return BigWin(best, best.sides[best.winner], losers, (best.score[best.winner], best.score[goat]))

    def longest_streak(self) -> tuple[str, int] | None:
        """The player with the most matches won in a row this evening (then the first by name)."""
        t = Tally.of(self.finished)
        runs = [(n, p.streaks.best_won) for n, p in t.players.items() if p.streaks.best_won]
        return min(runs, key=lambda x: (-x[1], x[0])) if runs else None


def _when(o: Outcome) -> tuple[datetime, datetime] | None:
    start = o.match.started or o.match.ended
    if start is None:
        return None
    return start, o.match.ended or start


def sittings(times: Sequence[tuple[datetime, datetime]], gap: timedelta = GAP) -> list[list[int]]:
    """The matches grouped into evenings by their times alone (each a start and the end of its
    last hand): the indexes into ``times`` of each evening's matches in the order they began,
    the earliest evening first."""
    order = sorted(range(len(times)), key=lambda i: times[i][0])
    out: list[list[int]] = []
    last: datetime | None = None
    for i in order:
        start, end = times[i]
        if last is None or start - last > gap:
            out.append([])
            last = end
        out[-1].append(i)
        last = max(last, end)
    return out


def evenings(outcomes: Iterable[Outcome], zone: tzinfo | str, gap: timedelta = GAP) -> list[Evening]:
    """The evenings of ``outcomes`` (a match with neither a start nor an end belongs to none),
    the earliest first. ``zone`` is the company's time zone (an IANA name or a tzinfo)."""
    tz = ZoneInfo(zone) if isinstance(zone, str) else zone
    dated = [(w, o) for o in outcomes if (w := _when(o)) is not None]
    return [
        Evening(dated[run[0]][0][0].astimezone(tz).date(), tuple(dated[i][1] for i in run))
        for run in sittings([w for w, _o in dated], gap)
    ]
