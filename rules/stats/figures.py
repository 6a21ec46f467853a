"""The company's figures over its matches: the counts, the pairs and the ratings, filtered by
variant and period. ``/api/v1/stats`` and the company's pages both call :func:`figures`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from rules.engine import KozelError

from .outcome import MatchInput, Outcome, read_match
from .ratings import RatingRun, rate
from .tally import Tally

__all__ = ["Figures", "figures", "read_all", "select"]


@dataclass(frozen=True)
class Figures:
    outcomes: tuple[Outcome, ...]  # the selected matches, finished or not, in the order they ended
    tally: Tally
    ratings: RatingRun

    @property
    def finished(self) -> int:
        return sum(o.finished for o in self.outcomes)


def read_all(matches: Iterable[MatchInput | Outcome]) -> list[Outcome]:
    """Every match replayed (an :class:`Outcome` is kept as it is); an error names its match
    in its field: ``matches[i].players``, ``matches[i].hands[j].points``."""
    out = []
    for i, m in enumerate(matches):
        if isinstance(m, Outcome):
            out.append(m)
            continue
        try:
            out.append(read_match(m))
        except KozelError as e:
            e.field = f"matches[{i}]" + (f".{e.field}" if e.field else "")
            raise
    return out


def select(
    outcomes: Iterable[Outcome],
    *,
    variant: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> list[Outcome]:
    """The matches of one variant, ended in ``[since, until)``. A period leaves out a match
    whose end is not known."""
    out = []
    for o in outcomes:
        ended = o.match.ended
        if variant is not None and o.variant != variant:
            continue
        if since is not None and (ended is None or ended < since):
            continue
        if until is not None and (ended is None or ended >= until):
            continue
        out.append(o)
    return out


def figures(
    matches: Iterable[MatchInput | Outcome],
    *,
    variant: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> Figures:
    """The figures of ``matches`` given in the order they ended (only finished matches count).
    The filters choose the matches first; the ratings are then those of the chosen matches."""
    outcomes = read_all(matches)
    chosen = tuple(select(outcomes, variant=variant, since=since, until=until))
    return Figures(chosen, Tally.of(chosen), rate(chosen))
