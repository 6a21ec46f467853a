"""The match's log as hands: a fold over :class:`~scorekeeper.models.Entry` rows, with nothing
read or written here. Everything above it (the snapshot writes, the read selectors, the
services) starts from these."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.engine.variants import Ruleset, resolve

from .models import Entry, Match


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def ruleset_of(match: Match) -> Ruleset:
    return resolve(match.variant, match.options, seats=match.seats)


@dataclass
class Slot:
    """A hand as the log made it: ``slot`` is its stable id, ``versions`` the entries touching it."""

    slot: int
    record: dict[str, Any] | None
    deleted: bool = False
    versions: list[Entry] = field(default_factory=list)


def slots_from_log(entries: Iterable[Entry]) -> list[Slot]:
    """Fold the log into hand slots, in the order the hands were first recorded (deleted too)."""
    slots: dict[int, Slot] = {}
    for e in entries:
        if e.action == Entry.ADD:
            slots[e.slot] = Slot(slot=e.slot, record=e.record, versions=[e])
            continue
        s = slots.get(e.slot)
        if s is None:  # cannot happen through the services; ignore rather than fail the page
            continue
        s.versions.append(e)
        if e.action == Entry.EDIT:
            s.record = e.record
        elif e.action in (Entry.DELETE, Entry.UNDO):
            s.deleted = True
        elif e.action == Entry.RESTORE:
            s.record, s.deleted = e.record, False
    return list(slots.values())


def live_records(slots: Sequence[Slot]) -> list[tuple[int, dict[str, Any]]]:
    return [(s.slot, s.record or {}) for s in slots if not s.deleted]
