"""Corrections of an earlier hand: an edit, a delete, a restore of an earlier version. Each is
one more entry in the log (:func:`.write.append`); every later hand is recomputed by the replay."""

from __future__ import annotations

from django.db import transaction

from rules.engine import HandRecord
from rules.engine.variants import Ruleset

from .. import ahead, reasons
from ..errors import NotFound
from ..log import ruleset_of
from ..models import Entry, Match
from .write import Written, append


def hand_edit(
    *,
    match: Match,
    slot: int,
    record: HandRecord,
    nonce: str,
    version: int,
    reason: str = "",
    ruleset: Ruleset | None = None,
) -> Written:
    """Replace a hand's record; every later hand is recomputed by the replay (made before the
    write lock, :mod:`scorekeeper.ahead`)."""
    rs = ruleset or ruleset_of(match)
    prepared = ahead.prepare(match, rs, slot, record, remove=False)
    with transaction.atomic():
        return append(
            match=match,
            ruleset=rs,
            action=Entry.EDIT,
            slot=slot,
            record=record,
            nonce=nonce,
            version=version,
            reason=reason,
            prepared=prepared,
        )


def hand_delete(
    *, match: Match, slot: int, nonce: str, version: int, reason: str = "", ruleset: Ruleset | None = None
) -> Written:
    """Take a hand out of the match (kept in the history, restorable)."""
    rs = ruleset or ruleset_of(match)
    prepared = ahead.prepare(match, rs, slot, None, remove=True)
    with transaction.atomic():
        return append(
            match=match,
            ruleset=rs,
            action=Entry.DELETE,
            slot=slot,
            nonce=nonce,
            version=version,
            reason=reason,
            prepared=prepared,
        )


def entry_restore(
    *, match: Match, seq: int, nonce: str, version: int, ruleset: Ruleset | None = None
) -> Written:
    """Bring back the version of a hand that log entry ``seq`` wrote (an add, edit or restore).
    The entry is read and the replay made before the write lock: log entries never change."""
    old = Entry.objects.filter(match=match, seq=seq, record__isnull=False).first()
    if old is None:
        raise NotFound()
    record = HandRecord.from_dict(old.record or {})
    rs = ruleset or ruleset_of(match)
    prepared = ahead.prepare(match, rs, old.slot, record, remove=False, revive=True)
    with transaction.atomic():
        return append(
            match=match,
            ruleset=rs,
            action=Entry.RESTORE,
            slot=old.slot,
            record=record,
            nonce=nonce,
            version=version,
            source=seq,
            reason=reasons.encode("restored", {"n": seq}),
            prepared=prepared,
        )
