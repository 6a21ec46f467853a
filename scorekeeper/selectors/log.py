"""Reads of a match and its log: the lookups (the edit secret checked in constant time), the
hands as the log made them, the versions the pages poll and the rematch."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404

from rules.engine.variants import Ruleset, resolve

from ..models import Entry, Match


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def match_get(*, public_id: str) -> Match:
    try:
        return Match.objects.get(public_id=public_id)
    except Match.DoesNotExist:
        raise Http404("no such match") from None


def match_get_for_edit(*, public_id: str, secret: str) -> Match:
    """The match if ``secret`` is its edit secret; 404 otherwise (the same for both cases)."""
    match = match_get(public_id=public_id)
    if not hmac.compare_digest(match.secret_hash, secret_hash(secret)):
        raise Http404("no such match")
    return match


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


def match_slot(*, match: Match, slot: int) -> Slot | None:
    """One hand as the log made it: only the entries that touched its slot are read."""
    found = slots_from_log(Entry.objects.filter(match=match, slot=slot))
    return found[0] if found else None


def live_records(slots: Sequence[Slot]) -> list[tuple[int, dict[str, Any]]]:
    return [(s.slot, s.record or {}) for s in slots if not s.deleted]


def ruleset_of(match: Match) -> Ruleset:
    return resolve(match.variant, match.options, seats=match.seats)


def match_version(*, match: Match) -> int:
    return match.version


def match_public_version(*, public_id: str) -> int | None:
    """The view link's poll: one indexed query for the match's version (None: no such match)."""
    return Match.objects.filter(public_id=public_id).values_list("version", flat=True).first()


def match_next(*, match: Match) -> Match | None:
    return Match.objects.filter(previous=match).first()
