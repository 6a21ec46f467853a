"""What the seating page reads of a company: the evening going on (its four-seat team matches
as the draw takes them) and the rules of the company's latest such match, which the next one
is started with.

An evening is the company's latest run of matches (``rules.stats.sittings``: a match started
within six hours of the last hand before it belongs to it); it is going on while a match
started now would belong to it. A match in play counts as a table of the evening: its seats
are taken."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from rules.engine.variants import TEAM_SIDES, resolve
from rules.stats import GAP
from rules.stats.seating import Table

from ..log import Roster
from ..models import Company, CompanyMatch
from .pages import evening_rows

__all__ = ["Setup", "Tonight", "last_setup", "tonight"]

LOOK_BACK = 20  # the newest matches searched for the rules of a four-seat team match


@dataclass(frozen=True)
class Setup:
    """The rules a match was started with, as the new-match form takes them."""

    variant: str
    options: dict[str, object]
    house: str


@dataclass(frozen=True)
class Tonight:
    """The evening going on: its date (the seed's), its tables in the order they began (players
    by the key the draw knows them by: ``str(roster.canonical(pid))``) and who has played."""

    date: date
    tables: tuple[Table, ...]

    @property
    def players(self) -> list[str]:
        """Who sat at a table tonight, in the order first seated."""
        return list(dict.fromkeys(p for t in self.tables for p in t.seats))


def _team_table(variant: str, options: dict[str, Any], seats: int) -> bool:
    """A table of four seats, partners opposite, no blind seat: the only table the draw seats."""
    rs = resolve(variant, options, seats=seats)
    return rs.seats == 4 and rs.sides == TEAM_SIDES and not rs.blind_seats


def _table(row: Mapping[str, Any], roster: Roster) -> Table | None:
    if not _team_table(row["match__variant"], row["match__options"], row["match__seats"]):
        return None
    seats = row["seats"]
    if len(seats) != 4 or None in seats:
        return None
    players = tuple(str(roster.canonical(int(p))) for p in seats)
    if len(set(players)) != 4:  # two seats merged into one player since: no table the draw reads
        return None
    a, b, c, d = players
    return Table((a, b, c, d), row["match__first_dealer"] % 4)


def tonight(company: Company, roster: Roster, now: datetime) -> Tonight:
    """The evening going on at ``now``, or a new one (no table yet) dated today in the
    company's zone."""
    runs, _more = evening_rows(company, None, 1, None)
    rows = list(
        CompanyMatch.objects.filter(pk__in=runs[0] if runs else [])
        .order_by("started", "match_id")
        .values(
            "seats",
            "started",
            "ended",
            "match__variant",
            "match__options",
            "match__seats",
            "match__first_dealer",
        )
    )
    zone = ZoneInfo(company.time_zone)
    if not rows or now - max(r["ended"] or r["started"] for r in rows) > GAP:
        return Tonight(now.astimezone(zone).date(), ())
    tables = (_table(r, roster) for r in rows)
    return Tonight(rows[0]["started"].astimezone(zone).date(), tuple(t for t in tables if t is not None))


def last_setup(company: Company) -> Setup | None:
    """The rules of the company's newest four-seat team match among its latest few, or None."""
    rows = (
        CompanyMatch.objects.filter(company=company)
        .order_by("-order", "-match_id")
        .values("match__variant", "match__options", "match__seats", "match__house")[:LOOK_BACK]
    )
    for r in rows:
        if _team_table(r["match__variant"], r["match__options"], r["match__seats"]):
            return Setup(r["match__variant"], dict(r["match__options"]), r["match__house"])
    return None
