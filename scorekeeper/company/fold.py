"""The fold of a company's kept figures from one match on, computed apart from its writes.

Per scope («*»: every variant; or one variant) the matches are folded in the order they ended
(``CompanyMatch`` rows by ``order``, then ``match_id``). Each row keeps every rating after it
and, every :data:`EVERY`-th row of a scope, the scope's tally up to it (a checkpoint). A fold
from a row starts from the nearest checkpoint before it (``Tally`` is a monoid: that tally and
the few rows after it) and the ratings of the row just before it; the rows from it on are
folded again, and only the rows whose kept values moved are written. Its cost does not grow
with the history before the change: a hand of the newest matches reads a few rows whatever
the company's size.

:func:`fold` only reads, so a match's write can fold before it takes the company's lock and
write the result under it (:func:`apply`) if the company has not moved meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet

from rules.stats import Outcome, Rating, RatingRun, Tally, rate
from rules.stats.store import dump_ratings, dump_tally, load_outcome, load_ratings, load_tally

from .log import Roster
from .models import Company, CompanyMatch

ALL = "*"
EVERY = 16  # a scope's tally is kept on its 16th, 32nd, ... row

Key = tuple[datetime, int]  # where a row falls: (order, match_id)

_FIELDS = ("id", "match_id", "variant", "order", "outcome", "ratings", "tally")


def canonical(outcome: dict[str, Any], roster: Roster) -> Outcome:
    """A kept outcome with each player as he counts now (after the merges in force)."""
    o = load_outcome(outcome)
    sides = tuple(tuple(str(roster.canonical(int(n))) for n in side) for side in o.sides)
    return replace(o, sides=sides)


def _rate_on(start: dict[str, Rating], o: Outcome) -> dict[str, Rating]:
    if not o.finished or len(o.sides) < 2:
        return start  # not rated (as rate() skips it)
    run = rate([o], RatingRun(ratings=start, after=(start,)), first=1)
    return dict(run.after[-1])


def _before(key: Key) -> Q:
    order, match_id = key
    return Q(order__lt=order) | Q(order=order, match_id__lt=match_id)


@dataclass
class Refolded:
    """What a fold writes: the rows whose kept values moved (row id -> fields) and each folded
    scope's figures (None: the scope has no match left)."""

    rows: dict[int, dict[str, Any]] = field(default_factory=dict)
    scopes: dict[str, dict[str, Any] | None] = field(default_factory=dict)


def _scope_rows(company: Company, scope: str) -> QuerySet[CompanyMatch]:
    q = CompanyMatch.objects.filter(company=company)
    return q if scope == ALL else q.filter(variant=scope)


def _prefix(
    company: Company, roster: Roster, scope: str, start: Key | None
) -> tuple[int, Tally, dict[str, Rating]]:
    """The scope's rows before ``start``: how many, their tally (from the checkpoint nearest
    before it and the rows after that) and the ratings after the last of them."""
    if start is None:
        return 0, Tally(), {}
    before = _scope_rows(company, scope).filter(_before(start))
    k = before.count()
    if not k:
        return 0, Tally(), {}
    c = k // EVERY * EVERY - 1  # the index of the last checkpoint before start; -1: none
    latest = before.order_by("-order", "-match_id").values("outcome", "ratings", "tally")
    fetched = list(latest[: k - c if c >= 0 else k])[::-1]  # rows c (or 0) to k - 1
    ratings = load_ratings(fetched[-1]["ratings"].get(scope, {}))
    if c < 0:
        tally, rest = Tally(), fetched
    elif scope in fetched[0]["tally"]:
        tally, rest = load_tally(fetched[0]["tally"][scope]), fetched[1:]
    else:  # no checkpoint there (kept before there were any): from the scope's first row
        tally, rest = Tally(), list(latest)[::-1]
    for r in rest:
        tally = tally.add(canonical(r["outcome"], roster))
    return k, tally, ratings


def fold(
    company: Company,
    roster: Roster,
    start: Key | None,
    scopes: Iterable[str],
    moved: dict[str, Any] | None = None,
) -> Refolded:
    """Fold ``scopes`` again from the row at ``start`` (None: from the first) on, reading only.
    ``moved``: one row's new ``order`` and ``outcome`` (by ``id``), not written yet: the fold
    sees it there (``start`` must be at or before both its old and its new place)."""
    q = CompanyMatch.objects.filter(company=company)
    if start is not None:
        q = q.exclude(_before(start))
    rows = list(q.values(*_FIELDS))
    if moved is not None:
        rows = [{**r, **moved} if r["id"] == moved["id"] else r for r in rows]
    rows.sort(key=lambda r: (r["order"], r["match_id"]))
    out = Refolded()
    for scope in scopes:
        k, tally, ratings = _prefix(company, roster, scope, start)
        suffix = [r for r in rows if scope == ALL or r["variant"] == scope]
        for i, r in enumerate(suffix, start=k):
            o = canonical(r["outcome"], roster)
            tally, ratings = tally.add(o), _rate_on(ratings, o)
            new = _kept(out, r)
            new["ratings"][scope] = dump_ratings(ratings)
            if (i + 1) % EVERY == 0:
                new["tally"][scope] = dump_tally(tally)
            else:
                new["tally"].pop(scope, None)
        count = k + len(suffix)
        out.scopes[scope] = (
            {"tally": dump_tally(tally), "count": count, "ratings": dump_ratings(ratings)} if count else None
        )
    was = {r["id"]: (r["ratings"], r["tally"]) for r in rows}
    out.rows = {i: v for i, v in out.rows.items() if (v["ratings"], v["tally"]) != was[i]}
    return out


def _kept(out: Refolded, r: dict[str, Any]) -> dict[str, Any]:
    if r["id"] not in out.rows:
        out.rows[r["id"]] = {"ratings": dict(r["ratings"]), "tally": dict(r["tally"])}
    return out.rows[r["id"]]


def apply(company: Company, done: Refolded, *, replace_all: bool = False) -> None:
    """Write a fold (the company row locked): the rows that moved and the figures."""
    CompanyMatch.objects.bulk_update(
        [CompanyMatch(id=i, ratings=v["ratings"], tally=v["tally"]) for i, v in done.rows.items()],
        ["ratings", "tally"],
        batch_size=200,
    )
    scopes = {} if replace_all else dict(company.figures.get("scopes", {}))
    for scope, figures in done.scopes.items():
        if figures is None:
            scopes.pop(scope, None)
        else:
            scopes[scope] = figures
    company.figures = {"scopes": scopes}
    company.stale = False
    company.folds += 1
    company.save(update_fields=["figures", "stale", "folds"])
