"""A correction's replay done before the write lock is taken.

A correction, a delete or a restore of hand k replays every later hand (``snapshots.plan_change``).
Inside the write's transaction that held SQLite's one write lock, which every other table's write
waits behind, for as long as the replay took: at the bound (1,000 hands) most of a correction's
time. So the replay is done first, outside any transaction, from the match as it stands; inside
the lock, if the match is still at that version (nothing written since: every write moves it),
the plan is used as it is, and otherwise it is made again there. The log stays the one truth:
what is written is exactly what the replay inside the lock would have written.
"""

from __future__ import annotations

from typing import Any

from rules.engine import HandRecord, RecordError

from . import snapshots
from .models import Match

_ATTR = "_kozel_ahead"


def _key(slot: int, record: HandRecord | None, remove: bool, revive: bool) -> tuple[Any, ...]:
    return slot, None if record is None else record.to_dict(), remove, revive


def prepare(
    match: Match, slot: int, record: HandRecord | None, *, remove: bool, revive: bool = False
) -> None:
    """Replay from the match as it is now, outside the lock, and keep the plan on ``match``."""
    setattr(match, _ATTR, None)
    before = Match.objects.filter(pk=match.pk).values_list("version", "snapshot").first()
    if before is None:
        return
    version, snapshot = before
    current = Match(pk=match.pk, variant=match.variant, options=match.options, seats=match.seats,
                    team_names=match.team_names, version=version, snapshot=snapshot)  # fmt: skip
    if not snapshots.is_current(current) or (snapshot or {}).get("broken"):
        return
    try:
        plan = snapshots.plan_change(
            current, snapshots.ruleset_of(current), slot, record, remove=remove, revive=revive
        )
    except RecordError:
        return  # said inside the lock, where the hand's place is known for sure
    after = Match.objects.filter(pk=match.pk).values_list("version", flat=True).first()
    if after == version:  # no write to this match between the reads: the plan is of one state
        setattr(match, _ATTR, (version, _key(slot, record, remove, revive), plan))


def plan_change(
    match: Match, rs: Any, slot: int, record: HandRecord | None, *, remove: bool, revive: bool = False
) -> tuple[snapshots.Plan, int]:
    """``snapshots.plan_change`` inside the lock: the prepared plan when it is of this very
    state and change, else the replay made now."""
    kept = getattr(match, _ATTR, None)
    setattr(match, _ATTR, None)
    if kept is not None and kept[0] == match.version and kept[1] == _key(slot, record, remove, revive):
        return kept[2]
    return snapshots.plan_change(match, rs, slot, record, remove=remove, revive=revive)
