"""What the company's pages show, read from the kept figures: the players with their counts
per variant and period, the partnerships, the ratings and their chart, the evenings.

All time is the kept tally; this month and this evening fold only their own kept outcomes (no
match is replayed to show a page). The ratings are the kept ones of the scope, all time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db.models.fields.json import KeyTransform
from django.utils import timezone

from rules.messages import variant_name
from rules.stats import GAP, Evening, Outcome, PlayerStats, Tally, evenings, sittings
from rules.stats.store import load_ratings, load_tally

from ...models import Match
from ..figures import ALL, canonical
from ..log import Roster, roster_of
from ..models import Company, CompanyMatch

__all__ = [
    "PERIODS",
    "biggest_wins_teams",
    "evening_on",
    "evenings_page",
    "figures_page",
    "recent_evenings",
    "roster_of",
]

PERIODS = ("evening", "month", "all")
CHART_MATCHES = 30  # the rating chart shows the latest rated matches of the scope
LATEST_EVENINGS = 3  # on the company's page; the evenings page shows the earlier ones
EARLIER_EVENINGS = 6  # a page of earlier evenings
RECENT = 300  # the most rows the evenings are found among, the newest first
BATCH = 64  # the times of the newest matches read at once (a few bytes each)


@dataclass(frozen=True)
class PlayerRow:
    pid: str
    name: str
    stats: PlayerStats
    ordinal: float | None
    partner: str | None
    nemesis: str | None


def named(o: Outcome, roster: Roster) -> Outcome:
    """An outcome with today's names for player ids (for the evening's words)."""
    return replace(o, sides=tuple(tuple(roster.name(int(p)) for p in side) for side in o.sides))


def _rows(company: Company, variant: str | None, since: datetime | None = None) -> Any:
    q = CompanyMatch.objects.filter(company=company)
    if variant:
        q = q.filter(variant=variant)
    if since is not None:
        q = q.filter(order__gte=since)
    return q


def recent_evenings(
    company: Company,
    roster: Roster,
    variant: str | None = None,
    count: int = LATEST_EVENINGS,
    before: datetime | None = None,
) -> list[Evening]:
    """The company's latest ``count`` evenings (see :func:`evenings_page`)."""
    return evenings_page(company, roster, variant, count, before)[0]


def evening_rows(
    company: Company, variant: str | None, count: int, before: datetime | None
) -> tuple[list[list[int]], bool]:
    """The rows (ids) of the latest ``count`` evenings, the newest evening first, and whether
    an earlier one began. The times of the newest matches are read a batch at a time until one
    more evening has begun (every match of an evening ended after every match of the evenings
    before it), then only the outcomes of the evenings shown are read."""
    q = _rows(company, variant)
    if before is not None:
        q = q.filter(started__lt=before)
    q = q.order_by("-order", "-match_id").values_list("pk", "started", "ended")
    read: list[tuple[int, datetime, datetime | None]] = []
    while True:
        batch = list(q[len(read) : len(read) + BATCH])
        read += batch
        runs = sittings([(start, end or start) for _pk, start, end in read])
        if len(batch) < BATCH or len(runs) > count or len(read) >= RECENT:
            shown = runs[-count:] if len(runs) > count else runs
            return [[read[i][0] for i in run] for run in reversed(shown)], len(runs) > count


def evenings_page(
    company: Company,
    roster: Roster,
    variant: str | None = None,
    count: int = LATEST_EVENINGS,
    before: datetime | None = None,
) -> tuple[list[Evening], bool]:
    """The company's latest ``count`` evenings (by today's names), the newest first, or the
    latest ones begun ``before`` (the first start of an evening shown: every match of an earlier
    evening started before it, no match of a later one did); and whether an earlier evening
    began (a page of evenings links to the next). A page reads the matches of its evenings, not
    the company's history."""
    runs, more = evening_rows(company, variant, count, before)
    ids = [pk for run in runs for pk in run]
    outcomes = CompanyMatch.objects.filter(pk__in=ids).values_list("outcome", flat=True)
    found = evenings((named(canonical(o, roster), roster) for o in outcomes), company.time_zone)
    return list(reversed(found)), more


def evening_on(company: Company, roster: Roster, day: str) -> Evening | None:
    """The evening named by the local date ``day`` (YYYY-MM-DD), or None."""
    try:
        date = datetime.strptime(day, "%Y-%m-%d").date()
    except ValueError:
        return None
    tz = ZoneInfo(company.time_zone)
    start = datetime.combine(date, datetime.min.time(), tz)
    # an evening's matches end within a day or so of its first start; a long night still fits
    try:  # a window that runs past the calendar's first or last day holds no match
        since, until = (start - GAP).astimezone(UTC), (start + timedelta(days=3)).astimezone(UTC)
    except OverflowError:
        return None
    q = CompanyMatch.objects.filter(company=company, order__gte=since, order__lt=until)
    outcomes = [named(canonical(o, roster), roster) for o in q.values_list("outcome", flat=True)]
    return next((e for e in evenings(outcomes, tz) if e.date == date), None)


def biggest_wins_teams(found: Iterable[Evening]) -> dict[str, list[str]]:
    """The side names, as stored, of each evening's biggest win (the evening's words name a
    side with its players): one read of those matches' names, never their snapshots."""
    keys = [big.outcome.match.key for e in found if (big := e.biggest_win()) is not None]
    if not keys:
        return {}
    return dict(Match.objects.filter(public_id__in=keys).values_list("public_id", "team_names"))


def _tally(company: Company, roster: Roster, variant: str | None, period: str) -> tuple[Tally, int]:
    if period == "all":
        kept = company.figures.get("scopes", {}).get(variant or ALL)
        return (load_tally(kept["tally"]), kept["count"]) if kept else (Tally(), 0)
    if period == "month":
        now = timezone.now().astimezone(ZoneInfo(company.time_zone))
        since = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        outcomes = [
            canonical(o, roster) for o in _rows(company, variant, since).values_list("outcome", flat=True)
        ]
        return Tally.of(outcomes), len(outcomes)
    runs, _more = evening_rows(company, variant, 1, None)
    if not runs:
        return Tally(), 0
    rows = CompanyMatch.objects.filter(pk__in=runs[0]).values_list("outcome", flat=True)
    outcomes = [canonical(o, roster) for o in rows]  # in the order they ended (the rows' order)
    return Tally.of(outcomes), len(outcomes)


def figures_page(company: Company, roster: Roster, variant: str | None, period: str) -> dict[str, Any]:
    """The context of the figures on both company pages."""
    tally, count = _tally(company, roster, variant, period)
    kept = company.figures.get("scopes", {}).get(variant or ALL)
    ratings = load_ratings(kept["ratings"]) if kept else {}
    players = []
    for pid, stats in tally.players.items():
        partner = tally.best_partner(pid)
        nemesis = tally.nemesis(pid)
        r = ratings.get(pid)
        players.append(
            PlayerRow(
                pid=pid,
                name=roster.name(int(pid)),
                stats=stats,
                ordinal=None if r is None else round(r.ordinal, 1),
                partner=None if partner is None else roster.name(int(partner[0])),
                nemesis=None if nemesis is None else " + ".join(roster.name(int(p)) for p in nemesis[0]),
            )
        )
    players.sort(key=lambda p: (-(p.ordinal if p.ordinal is not None else -1e9), -p.stats.won, p.name))
    ranked = sorted(
        (
            (-p.won, -p.matches, " + ".join(sorted(roster.name(int(x)) for x in key)))
            for key, p in tally.pairs.items()
        )
    )
    pairs = [{"names": names, "matches": -m, "won": -w} for w, m, names in ranked]
    variants = sorted(k for k in company.figures.get("scopes", {}) if k != ALL)
    return {
        "players": players,
        "pairs": pairs,
        "counted": count,
        "period": period,
        "variant": variant or "",
        "variants": [(v, variant_name(v)) for v in variants],
        "chart": rating_chart(company, roster, variant, [p.pid for p in players[:6]]),
    }


# ---------------------------------------------------------------- the rating chart

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 320, 176, 34, 10, 8, 36
SYMBOLS = ("■", "●", "▲", "◆", "★", "✚")
SAME_LINE_SHIFT = 3  # px between lines that would lie on each other (partners rated alike)


def rating_chart(
    company: Company, roster: Roster, variant: str | None, pids: list[str]
) -> dict[str, Any] | None:
    """Each shown player's ordinal after each of the latest rated matches (server SVG, no JS),
    with the rating on its axis and the matches' dates along the other."""
    scope = variant or ALL
    rows = list(
        _rows(company, variant)
        .order_by("-order", "-match_id")
        .values_list("order", KeyTransform(scope, "ratings"))[:CHART_MATCHES]
    )
    rows.reverse()
    series = [r or {} for _when, r in rows]
    if len(series) < 2 or not pids:
        return None
    values = {
        pid: [(i, mu - 3 * sigma) for i, s in enumerate(series) if (v := s.get(pid)) for mu, sigma in [v]]
        for pid in pids
    }
    flat = [y for pts in values.values() for _i, y in pts]
    if not flat:
        return None
    low, high = min(flat), max(flat)
    if high - low < 1:
        low, high = low - 1, high + 1
    n = len(series) - 1

    def x(i: int) -> str:
        return f"{LEFT + (WIDTH - LEFT - RIGHT) * i / n:.1f}"

    def y(v: float, shift: int = 0) -> str:
        return f"{TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low) + shift:.1f}"

    lines: list[dict[str, Any]] = []
    same: dict[tuple[tuple[int, float], ...], int] = {}  # partners always together: one line, drawn apart
    for k, pid in enumerate(pids):
        pts = values[pid]
        if pts:
            key = tuple((i, round(v, 3)) for i, v in pts)
            shift = SAME_LINE_SHIFT * same.get(key, 0)
            same[key] = same.get(key, 0) + 1
            lines.append(
                {
                    "cls": f"chart-p{k}",
                    "points": " ".join(f"{x(i)},{y(v, shift)}" for i, v in pts),
                    "end": (x(pts[-1][0]), y(pts[-1][1], shift)),
                    "name": roster.name(int(pid)),
                    "symbol": SYMBOLS[k % len(SYMBOLS)],
                    "last": round(pts[-1][1], 1),
                }
            )
    zone = ZoneInfo(company.time_zone)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "lines": lines,
        "ticks": [(y(v), round(v)) for v in _ticks(low, high)],
        # the matches along the bottom: the first, the last and a few between, by the local date
        "dates": _dates(
            [(x(i), timezone.localtime(rows[i][0], zone).date()) for i in sorted({0, n // 3, 2 * n // 3, n})]
        ),
        "x0": LEFT,
        "x1": WIDTH - RIGHT,
        "matches": n + 1,
        "date_y": HEIGHT - BOTTOM + 14,
        "label_y": HEIGHT - 4,
        "mid_x": (LEFT + WIDTH - RIGHT) // 2,
        "mid_y": (TOP + HEIGHT - BOTTOM) // 2,
    }


def _dates(marks: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """The date marks along the bottom, each date once (a night's matches share one)."""
    return [(px, d) for k, (px, d) in enumerate(marks) if k == 0 or d != marks[k - 1][1]]


def _ticks(low: float, high: float) -> list[float]:
    step = max(1, round((high - low) / 4))
    first = int(low // step + 1) * step
    return [v for v in range(first, int(high) + 1, step)]
