"""Reads of a match and its log: the lookups (the edit secret checked in constant time), the
hands as the log made them, the versions the pages poll and the rematch."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.http import Http404

from rules.engine.variants import Ruleset, resolve

from ..models import Entry, Match


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def secret_matches(stored_hash: str, secret: str) -> bool:
    """Is ``secret`` the one ``stored_hash`` was made from? In constant time (a match's edit
    link and a company's alike)."""
    return hmac.compare_digest(stored_hash, secret_hash(secret))


def _match_select() -> tuple[str, list[str], list[tuple[Any, list[Any]]]]:
    """The statement that reads a match by its public id, the model's attribute names in its
    column order, and each column's converters (the ones the ORM applies: JSON decoded, dates
    parsed). Made once per database connection (each thread has its own), with its operations."""
    made = getattr(connection, "kz_match_select", None)
    if made is None:
        fields = Match._meta.concrete_fields
        qn = connection.ops.quote_name
        columns = ", ".join(qn(str(f.column)) for f in fields)
        sql = f"SELECT {columns} FROM {qn(Match._meta.db_table)} WHERE {qn('public_id')} = %s"
        converters = []
        for f in fields:
            col = f.get_col(Match._meta.db_table)
            converters.append(
                (col, connection.ops.get_db_converters(col) + col.get_db_converters(connection))
            )
        made = (sql, [f.attname for f in fields], converters)
        connection.kz_match_select = made  # type: ignore[attr-defined]
    return made  # type: ignore[no-any-return]


def match_get(*, public_id: str) -> Match:
    """The match behind a link, 404 when there is none. Every match page and write starts here,
    so the statement is written out once (the same on SQLite and PostgreSQL) and the row made a
    model instance as the ORM would: a ``Match.objects.get`` spent five times as long building
    the query as running it."""
    sql, names, converters = _match_select()
    with connection.cursor() as cursor:
        cursor.execute(sql, [public_id])
        row = cursor.fetchone()
    if row is None:
        raise Http404("no such match")
    values = list(row)
    for i, (col, convs) in enumerate(converters):
        for convert in convs:
            values[i] = convert(values[i], col, connection)
    return Match.from_db(connection.alias, names, values)


def match_get_for_edit(*, public_id: str, secret: str) -> Match:
    """The match if ``secret`` is its edit secret; 404 otherwise (the same for both cases)."""
    match = match_get(public_id=public_id)
    if not secret_matches(match.secret_hash, secret):
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
    """The view link's poll: one indexed query for the match's version (None: no such match),
    written out (the poll comes every 2 s from every phone watching)."""
    qn = connection.ops.quote_name
    sql = f"SELECT {qn('version')} FROM {qn(Match._meta.db_table)} WHERE {qn('public_id')} = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, [public_id])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def match_next(*, match: Match) -> Match | None:
    return Match.objects.filter(previous=match).first()
