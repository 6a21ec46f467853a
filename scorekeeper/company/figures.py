"""The company's kept figures: one row per match (its outcome, every rating after it and now
and then the tally up to it) and the all-time tally and ratings per scope («*»: every variant;
or one variant) on the company.

A match's write updates them after it has committed (:func:`match_changed`, from
``transaction.on_commit``; never inside the match's lock). A change to a match folds again
from its earlier place on (``fold``: from the nearest kept tally before it, so the cost does
not grow with the history). A figure that could not be updated marks the company stale, and
its next write rebuilds it from the logs (:func:`rebuild`, also ``manage.py check_companies``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction

from rules.engine.variants import resolve
from rules.stats import MatchInput, read_match
from rules.stats.store import dump_outcome

from ..models import Entry, Match
from ..selectors import live_records, slots_from_log
from .fold import ALL, Key, Refolded, apply, canonical, fold
from .log import Roster, replay, roster_of
from .models import Company, CompanyEntry, CompanyMatch

__all__ = ["ALL", "canonical", "check", "link", "match_changed", "rebuild", "refold", "unlink", "update"]

log = logging.getLogger(__name__)


class Unnamed(ValueError):
    """A match that does not name a player at every seat: the figures could not count it."""


def seat_names(match: Match) -> list[str | None]:
    """A name per seat (None at a blind seat): the player's, or at a side of one seat the
    side's name (the short tables name their players as sides)."""
    rs = resolve(match.variant, match.options, seats=match.seats)
    names: list[str | None] = []
    for seat in range(rs.seats):
        if seat in rs.blind_seats:
            names.append(None)
            continue
        side = rs.side_of(seat)
        own = (match.player_names[seat] if seat < len(match.player_names) else "").strip()
        if not own and len([s for s in rs.sides[side] if s not in rs.blind_seats]) == 1:
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


def refold(company: Company, roster: Roster, start: Key | None, scopes: Sequence[str] | None = None) -> None:
    """Fold ``scopes`` again from the row at ``start`` (None: the first) on and write it, the
    company row locked; without ``scopes`` every scope, the figures replaced."""
    if scopes is None:
        variants = CompanyMatch.objects.filter(company=company).values_list("variant", flat=True)
        apply(company, fold(company, roster, start, [ALL, *sorted(set(variants))]), replace_all=True)
    else:
        apply(company, fold(company, roster, start, scopes))


def _add_row(company: Company, match: Match, seats: Sequence[int | None]) -> Read:
    """The company's row of ``match``, as read from the match now."""
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
    return got


def link(company: Company, roster: Roster, match: Match, seats: Sequence[int | None]) -> None:
    """A match joins the company's figures (its row written, the figures folded from it on)."""
    got = _add_row(company, match, seats)
    refold(company, roster, (got.order, match.pk), [ALL, match.variant])


def unlink(company: Company, roster: Roster, match_id: int) -> None:
    row = CompanyMatch.objects.filter(company=company, match_id=match_id).values("order", "variant").first()
    if row is None:
        return
    CompanyMatch.objects.filter(company=company, match_id=match_id).delete()
    refold(company, roster, (row["order"], match_id), [ALL, row["variant"]])


@dataclass
class Change:
    """A match's change to one company's figures, read and folded without writing."""

    seen: tuple[int, int]  # the company's (folds, version) it was folded from
    row: int
    fields: dict[str, Any]  # the row's new ended, order, match_version and outcome
    done: Refolded


def change_of(company: Company, match: Match) -> Change | None:
    """What ``match``'s change does to the company's figures (None: nothing), reading only: the
    match replayed, its row moved to where it ends now, the fold from its earlier place on."""
    row = (
        CompanyMatch.objects.filter(company=company, match=match)
        .values("id", "seats", "order", "match_version", "variant")
        .first()
    )
    if row is None or row["match_version"] == match.version:
        return None
    got = read(match, row["seats"])
    fields = {"ended": got.ended, "order": got.order, "match_version": got.version, "outcome": got.outcome}
    start = min((row["order"], match.pk), (got.order, match.pk))
    moved = {"id": row["id"], "order": got.order, "outcome": got.outcome}
    done = fold(company, roster_of(company), start, [ALL, row["variant"]], moved=moved)
    return Change((company.folds, company.version), row["id"], fields, done)


def write(company: Company, change: Change) -> None:
    CompanyMatch.objects.filter(pk=change.row).update(**change.fields)
    apply(company, change.done)


def update(company: Company, match: Match) -> bool:
    """The company's figures after ``match`` changed (the company row locked). False: unchanged."""
    change = change_of(company, match)
    if change is not None:
        write(company, change)
    return change is not None


def rebuild(company: Company) -> None:
    """Every row and figure again from the logs (the company's and each match's)."""
    roster = replay(CompanyEntry.objects.filter(company=company))
    company.roster = roster.to_dict()
    company.save(update_fields=["roster"])
    CompanyMatch.objects.filter(company=company).delete()
    matches = Match.objects.in_bulk(list(roster.matches))
    for mid, seats in roster.matches.items():
        _add_row(company, matches[mid], seats)
    refold(company, roster, None)


def kept_state(company: Company) -> dict[str, Any]:
    """What is kept, for comparing with a rebuild: the figures and every row."""
    rows = list(
        CompanyMatch.objects.filter(company=company).values_list(
            "match_id", "seats", "ended", "order", "match_version", "outcome", "ratings", "tally"
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
    """After a match's write has committed: every company holding it updates its figures, the
    fold read before the company's lock (on SQLite the database's write lock) and written under
    it (:func:`settle`); a company that fails is marked stale for its next write to rebuild."""
    for cid in CompanyMatch.objects.filter(match_id=match_id).values_list("company_id", flat=True):
        try:
            company = Company.objects.get(pk=cid)
            change = None if company.stale else change_of(company, Match.objects.get(pk=match_id))
            if change is not None or company.stale:
                settle(cid, match_id, change)
        except Exception:
            log.exception("company %s: figures not updated after match %s", cid, match_id)
            Company.objects.filter(pk=cid).update(stale=True)


def settle(company_id: int, match_id: int, change: Change | None) -> bool:
    """Under the company's lock: ``change`` written if the company has not moved since it was
    read (True), else the match's change folded again there (or a stale company rebuilt)."""
    with transaction.atomic():
        locked = Company.objects.select_for_update().get(pk=company_id)
        if locked.stale:
            rebuild(locked)
        elif change is not None and (locked.folds, locked.version) == change.seen:
            write(locked, change)
            return True
        else:
            update(locked, Match.objects.get(pk=match_id))
    return False
