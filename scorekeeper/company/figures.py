"""The company's kept figures: one row per match (its outcome and every rating after it) and
the all-time tally and ratings per scope («*»: every variant; or one variant) on the company.

A match's write updates them after it has committed (:func:`match_changed`, from
``transaction.on_commit``; never inside the match's lock). A change to match k folds again
from k on: the tally of the matches before k merged with those from k (``Tally`` is a
monoid; the usual case, the newest match, takes the kept tally before it), the ratings rated
on from the ratings kept after match k - 1. A figure that could not be updated marks the
company stale, and its next write rebuilds it from the logs (:func:`rebuild`, also
``manage.py check_companies``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.db import transaction

from rules.engine.variants import resolve
from rules.stats import MatchInput, Outcome, Rating, RatingRun, Tally, rate, read_match
from rules.stats.store import dump_outcome, dump_ratings, dump_tally, load_outcome, load_ratings, load_tally

from ..models import Entry, Match
from ..selectors import live_records, slots_from_log
from .log import Roster, replay, roster_of
from .models import Company, CompanyEntry, CompanyMatch

log = logging.getLogger(__name__)

ALL = "*"


class Unnamed(ValueError):
    """A match that does not name a player at every seat: the figures could not count it."""


def seat_names(match: Match) -> list[str | None]:
    """A name per seat (None at a blind seat): the player's, or at a side of one seat the
    side's name (the short tables name their players as sides)."""
    rs = resolve(match.variant, match.options, seats=match.seats)
    names: list[str | None] = []
    for seat in range(rs.seats):
        if seat == rs.blind_seat:
            names.append(None)
            continue
        side = rs.side_of(seat)
        own = (match.player_names[seat] if seat < len(match.player_names) else "").strip()
        if not own and len([s for s in rs.sides[side] if s != rs.blind_seat]) == 1:
            own = (match.team_names[side] if side < len(match.team_names) else "").strip()
        if not own:
            raise Unnamed(seat)
        names.append(own)
    return names


@dataclass
class Read:
    """A match read for the figures, with player ids for names (as the log linked them)."""

    outcome: dict[str, Any]
    started: datetime
    ended: datetime | None
    version: int

    @property
    def order(self) -> datetime:
        return self.ended or self.started


def read(match: Match, seats: Sequence[int | None]) -> Read:
    """Replay the match from its log (the same hands the board shows)."""
    slots = slots_from_log(Entry.objects.filter(match=match))
    live = [s for s in slots if not s.deleted]
    ended = live[-1].versions[0].created_at if live else None
    outcome = read_match(
        MatchInput(
            variant=match.variant,
            players=[None if p is None else str(p) for p in seats],
            hands=[r for _s, r in live_records(slots)],
            options=match.options,
            seats=match.seats,
            dealer=None,  # as the board replays it: a solo-twelve hand carries its dealer
            started=match.created_at,
            ended=ended,
            key=match.public_id,
        )
    )
    return Read(dump_outcome(outcome), match.created_at, ended, match.version)


def canonical(outcome: dict[str, Any], roster: Roster) -> Outcome:
    """A kept outcome with each player as he counts now (after the merges in force)."""
    o = load_outcome(outcome)
    sides = tuple(tuple(str(roster.canonical(int(n))) for n in side) for side in o.sides)
    return replace(o, sides=sides)


def _rate_on(start: dict[str, Rating], o: Outcome) -> dict[str, Rating]:
    run = rate([o], RatingRun(ratings=start, after=(start,)), first=1)
    return dict(run.after[-1])


@dataclass
class _Row:
    id: int
    match_id: int
    variant: str
    outcome: dict[str, Any] | None = None
    ratings: dict[str, Any] | None = None


def refold(company: Company, roster: Roster, start: int, changed: int | None = None) -> None:
    """Fold the figures again from the ``start``-th match in the order they ended (the rows
    before it are as they were); ``changed``: the match whose change moved ``start``."""
    light = [
        _Row(r["id"], r["match_id"], r["variant"])
        for r in CompanyMatch.objects.filter(company=company).values("id", "match_id", "variant")
    ]
    old = company.figures.get("scopes", {}) if start else {}
    scopes: dict[str, dict[str, Any]] = {}
    need: set[int] = set()
    plans: list[tuple[str, list[_Row], list[_Row], Any, str]] = []
    for scope in [ALL, *sorted({r.variant for r in light})]:
        rows = [(i, r) for i, r in enumerate(light) if scope == ALL or r.variant == scope]
        k = next((j for j, (i, _r) in enumerate(rows) if i >= start), len(rows))
        prefix, suffix = [r for _i, r in rows[:k]], [r for _i, r in rows[k:]]
        kept = old.get(scope)
        if kept and prefix and kept["count"] == len(prefix) and kept["last"] == prefix[-1].match_id:
            base, fold_prefix = "tally", False
        elif kept and kept["count"] == len(prefix) + 1 and changed == kept["last"]:
            base, fold_prefix = "before", False
        else:
            base, fold_prefix = "", True
        need.update(r.id for r in suffix)
        if prefix:
            need.add(prefix[-1].id)
        if fold_prefix or (not suffix and base != "tally"):
            need.update(r.id for r in prefix)
        plans.append((scope, prefix, suffix, kept, base))
    stored = {r["id"]: r for r in CompanyMatch.objects.filter(id__in=need).values("id", "outcome", "ratings")}
    touched: dict[int, dict[str, Any]] = {}
    for scope, prefix, suffix, kept, base in plans:
        if base:
            tally = load_tally(kept[base])
        else:
            tally = Tally.of(canonical(stored[r.id]["outcome"], roster) for r in prefix)
        before = tally
        ratings = load_ratings(stored[prefix[-1].id]["ratings"].get(scope, {})) if prefix else {}
        for r in suffix:
            o = canonical(stored[r.id]["outcome"], roster)
            before, tally = tally, tally.add(o)
            ratings = _rate_on(ratings, o)
            row_ratings = touched.setdefault(r.id, dict(stored[r.id]["ratings"]))
            row_ratings[scope] = dump_ratings(ratings)
        if not suffix and base == "tally":
            before = load_tally(kept["before"])
        elif not suffix and prefix:
            before = Tally.of(canonical(stored[r.id]["outcome"], roster) for r in prefix[:-1])
        everyone = prefix + suffix
        if everyone:
            scopes[scope] = {
                "tally": dump_tally(tally),
                "before": dump_tally(before),
                "last": everyone[-1].match_id,
                "count": len(everyone),
                "ratings": dump_ratings(ratings),
            }
    CompanyMatch.objects.bulk_update(
        [CompanyMatch(id=i, ratings=r) for i, r in touched.items()], ["ratings"], batch_size=200
    )
    company.figures = {"scopes": scopes}
    company.stale = False
    company.save(update_fields=["figures", "stale"])


def _index(company: Company, match_id: int) -> int | None:
    ids = list(CompanyMatch.objects.filter(company=company).values_list("match_id", flat=True))
    return ids.index(match_id) if match_id in ids else None


def link(company: Company, roster: Roster, match: Match, seats: Sequence[int | None]) -> None:
    """A match joins the company's figures (its row written, the figures folded from it on)."""
    got = read(match, seats)
    CompanyMatch.objects.create(
        company=company,
        match=match,
        seats=list(seats),
        variant=match.variant,
        started=got.started,
        ended=got.ended,
        order=got.order,
        match_version=got.version,
        outcome=got.outcome,
    )
    refold(company, roster, _index(company, match.pk) or 0, changed=match.pk)


def unlink(company: Company, roster: Roster, match_id: int) -> None:
    at = _index(company, match_id)
    if at is None:
        return
    CompanyMatch.objects.filter(company=company, match_id=match_id).delete()
    refold(company, roster, at, changed=match_id)


def update(company: Company, match: Match) -> bool:
    """The company's figures after ``match`` changed (the company row locked). False: unchanged."""
    row = CompanyMatch.objects.filter(company=company, match=match).first()
    if row is None or row.match_version == match.version:
        return False
    before = _index(company, match.pk)
    got = read(match, row.seats)
    CompanyMatch.objects.filter(pk=row.pk).update(
        ended=got.ended, order=got.order, match_version=got.version, outcome=got.outcome
    )
    after = _index(company, match.pk)
    roster = roster_of(company)
    refold(company, roster, min(x for x in (before, after) if x is not None), changed=match.pk)
    return True


def rebuild(company: Company) -> None:
    """Every row and figure again from the logs (the company's and each match's)."""
    roster = replay(CompanyEntry.objects.filter(company=company))
    company.roster = roster.to_dict()
    company.save(update_fields=["roster"])
    CompanyMatch.objects.filter(company=company).delete()
    matches = Match.objects.in_bulk(list(roster.matches))
    for mid, seats in roster.matches.items():
        m = matches[mid]
        got = read(m, seats)
        CompanyMatch.objects.create(
            company=company,
            match=m,
            seats=list(seats),
            variant=m.variant,
            started=got.started,
            ended=got.ended,
            order=got.order,
            match_version=got.version,
            outcome=got.outcome,
        )
    refold(company, roster, 0)


def kept_state(company: Company) -> dict[str, Any]:
    """What is kept, for comparing with a rebuild: the figures and every row."""
    rows = list(
        CompanyMatch.objects.filter(company=company).values_list(
            "match_id", "seats", "ended", "order", "match_version", "outcome", "ratings"
        )
    )
    return {"figures": company.figures, "rows": rows, "roster": company.roster}


def _approx(a: Any, b: Any) -> bool:
    """Equal, floats to 1e-9 (a rating folded on from a kept one went through JSON)."""
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a - b) <= 1e-9
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_approx(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_approx(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Do two kept states say the same? Pairs and players compared as sets, not by order."""

    def norm(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: norm(v) for k, v in x.items()}
        if isinstance(x, list) and x and isinstance(x[0], list) and len(x[0]) in (3, 4):
            return sorted((norm(v) for v in x), key=repr)
        if isinstance(x, (list, tuple)):
            return [norm(v) for v in x]
        return x

    return _approx(norm(a), norm(b))


def check(company: Company, fix: bool = False) -> bool:
    """Rebuild from the logs and compare with what is kept; with ``fix`` keep the rebuild."""
    kept = kept_state(company)
    with transaction.atomic():
        locked = Company.objects.select_for_update().get(pk=company.pk)
        rebuild(locked)
        fresh = kept_state(locked)
        ok = same(kept, fresh) and not company.stale
        if not fix:
            transaction.set_rollback(True)
    company.refresh_from_db()
    return ok


def match_changed(match_id: int) -> None:
    """After a match's write has committed: every company holding it updates its figures, each
    under its own row's lock; one that fails is marked stale for its next write to rebuild."""
    for cid in CompanyMatch.objects.filter(match_id=match_id).values_list("company_id", flat=True):
        try:
            with transaction.atomic():
                company = Company.objects.select_for_update().get(pk=cid)
                match = Match.objects.get(pk=match_id)
                if company.stale:
                    rebuild(company)
                else:
                    update(company, match)
        except Exception:
            log.exception("company %s: figures not updated after match %s", cid, match_id)
            Company.objects.filter(pk=cid).update(stale=True)
