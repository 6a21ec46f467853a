"""A correction's replay done before the write lock is taken.

A correction, a delete or a restore of hand k replays every later hand (``snapshots.plan_change``).
Inside the write's transaction that held SQLite's one write lock, which every other table's write
waits behind, for as long as the replay took: at the bound (1,000 hands) most of a correction's
time. So the replay is done first, outside any transaction, from the match as it stands
(:func:`prepare`), and its plan handed to the write; inside the lock, if the match is still at
that version (nothing written since: every write moves it), the plan is used as it is, and
otherwise it is made again there (:func:`plan_change`). The log stays the one truth: what is
written is exactly what the replay inside the lock would have written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine import Fold, FoldError, HandRecord, RecordError
from rules.engine.variants import Ruleset

from . import snapshots
from .models import Match


def _change(slot: int, record: HandRecord | None, remove: bool, revive: bool) -> tuple[Any, ...]:
    return slot, None if record is None else record.to_dict(), remove, revive


@dataclass(frozen=True)
class Prepared:
    """A correction's plan, made from the match at ``version`` for one ``change``."""

    version: int
    change: tuple[Any, ...]
    plan: snapshots.Plan
    index: int


def prepare(
    match: Match, rs: Ruleset, slot: int, record: HandRecord | None, *, remove: bool, revive: bool = False
) -> Prepared | None:
    """Replay from the match as it is now, outside the lock: the plan for the write to take
    (None: none could be made here; the write makes it under the lock)."""
    before = Match.objects.filter(pk=match.pk).values_list("version", "snapshot").first()
    if before is None:
        return None
    version, snapshot = before
    current = Match(pk=match.pk, variant=match.variant, options=match.options, seats=match.seats,
                    team_names=match.team_names, version=version, snapshot=snapshot)  # fmt: skip
    if not snapshots.is_current(current) or (snapshot or {}).get("broken"):
        return None
    try:
        fold = Fold.from_dict(rs, snapshot or {})
        plan, index = snapshots.plan_change(current, rs, fold, slot, record, remove=remove, revive=revive)
    except (RecordError, FoldError):
        return None  # said inside the lock, where the hand's place is known for sure
    after = Match.objects.filter(pk=match.pk).values_list("version", flat=True).first()
    if after != version:  # a write to this match between the reads: the plan is of no one state
        return None
    return Prepared(version, _change(slot, record, remove, revive), plan, index)


def plan_change(
    match: Match,
    rs: Ruleset,
    fold: Fold,
    slot: int,
    record: HandRecord | None,
    *,
    remove: bool,
    revive: bool = False,
    prepared: Prepared | None = None,
) -> tuple[snapshots.Plan, int]:
    """``snapshots.plan_change`` inside the lock: the prepared plan when it is of this very
    state and change, else the replay made now."""
    if (
        prepared is not None
        and prepared.version == match.version
        and prepared.change == _change(slot, record, remove, revive)
    ):
        return prepared.plan, prepared.index
    return snapshots.plan_change(match, rs, fold, slot, record, remove=remove, revive=revive)
