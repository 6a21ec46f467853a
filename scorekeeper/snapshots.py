"""The match's snapshot and its board lines: the engine's fold kept beside the log.

The log (:class:`~scorekeeper.models.Entry`) stays the truth. After every entry the match keeps
the fold's state (``Match.snapshot``, tagged with the log version) and one
:class:`~scorekeeper.models.Line` per hand on the board with its text per language, every
:data:`CHECKPOINT`-th also with the fold state after it. Recording a hand is one fold step from
the snapshot; a correction of hand k replays from the last checkpoint before it, not from hand 1. Everything here
can be rebuilt from the log alone (:func:`rebuild`), and :func:`check` says whether what is
stored is exactly what the log gives.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings
from django.db.models import F
from django.utils import translation

from rules.engine import (
    Fold,
    FoldError,
    HandRecord,
    HandResult,
    RecordError,
    fold_step,
    new_fold,
    validate_record,
)
from rules.engine.variants import Ruleset

from .line_changes import SCORES, STORED, changes, numbered
from .log import live_records, ruleset_of, slots_from_log
from .models import Entry, Line, Match
from .wording import line_parts

LATEST = 30  # hand lines on a page before «all hands»

# The wording of the stored line texts (scorekeeper.wording, scorekeeper.explain, the catalogues).
# Bumped by hand in a release that changes how a line reads: a write to a match stored with another
# wording rebuilds its lines first, and ``manage.py check_snapshots --fix`` rebuilds every match.
# Until then a page shows the stored texts: a read never writes.
WORDING = 4

# Every CHECKPOINT-th line keeps the fold state after it, the others none: a correction replays
# from the last checkpoint before its hand (at most CHECKPOINT - 1 hands more), and a correction
# that moves the score rewrites only the checkpoints' states, not one per later line.
CHECKPOINT = 50


# ---------------------------------------------------------------- building lines


_LINE_FIELDS = (*STORED, "texts")


def lines_texts(
    results: Sequence[HandResult], team_names: Sequence[str], ruleset: Ruleset, players: Sequence[str] = ()
) -> list[dict[str, dict[str, Any]]]:
    """Each hand's line as shown, in every language of the site, built when it is written or
    replayed (a correction replays every later hand): each language is activated once, and a hand worded from the same record, changes and notes as an
    earlier one takes its words instead of asking gettext again."""
    keys = [_wording_key(r) for r in results]
    out: list[dict[str, dict[str, Any]]] = [{} for _ in results]
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            memo: dict[tuple[Any, ...], dict[str, Any]] = {}
            for key, result, texts in zip(keys, results, out, strict=True):
                parts = memo.get(key)
                if parts is None:
                    parts = memo[key] = line_parts(result, team_names, ruleset, players)
                texts[code] = parts
    return out


def _wording_key(result: HandResult) -> tuple[Any, ...]:
    """All a line's words depend on (``wording.line_parts``)."""
    notes = tuple((n.code, json.dumps(n.params, sort_keys=True, default=str)) for n in result.notes)
    return json.dumps(result.record.to_dict(), sort_keys=True), tuple(result.delta), notes


def _row(
    number: int, slot: int, result: HandResult, fold: Fold, edited: bool, restored: bool
) -> dict[str, Any]:
    """A line's stored fields but its words (``STORED``)."""
    return {
        "number": number,
        "slot": slot,
        "record": result.record.to_dict(),
        "winner": result.winner,
        "score0": result.score[0],
        "score1": result.score[1],
        "score2": result.score[2] if len(result.score) > 2 else None,
        "score3": result.score[3] if len(result.score) > 3 else None,
        "edited": edited,
        "restored": restored,
        "fold": replace(fold, tag=0).to_dict() if number % CHECKPOINT == 0 else None,
    }


def snapshot_of(fold: Fold, version: int, broken: str = "") -> dict[str, Any]:
    return {**replace(fold, tag=version).to_dict(), "broken": broken, "texts": WORDING}


def fold_of_match(match: Match, rs: Ruleset | None = None) -> Fold:
    return Fold.from_dict(rs or ruleset_of(match), match.snapshot or {})


@dataclass
class Plan:
    """What a write does to the board: the stored lines numbered in ``drop`` are deleted and
    ``lines`` inserted, and the lines in ``shifts`` get their scores moved (a shift per side:
    the numbers it applies to); ``fold`` is the state after the last hand. ``start`` None: no
    line changes. A replay from hand k gives every line from the checkpoint before it on; a line
    equal in every field stays as it is, and one that differs only by a shift of its scores
    shared with other lines (every later hand, after a correction that moves the score) is
    updated in place, not rewritten whole."""

    start: int | None
    lines: list[Line]
    fold: Fold
    drop: list[int] = field(default_factory=list)
    shifts: dict[tuple[int, ...], list[int]] = field(default_factory=dict)


@dataclass
class _Replayed:
    rows: list[dict[str, Any]]  # each line's ``STORED`` fields
    texts: list[dict[str, dict[str, Any]]]
    fold: Fold


def _replay(
    match: Match,
    rs: Ruleset,
    checkpoint: Fold,
    items: Iterable[tuple[int, dict[str, Any], bool, bool]],
) -> _Replayed:
    """Fold ``items`` (slot, record, edited, restored) on top of ``checkpoint``; a record the
    engine refuses raises its :class:`RecordError` (fields named by the hand's place in the match)."""
    fold = checkpoint
    rows, results = [], []
    for slot, record, edited, restored in items:
        fold, result = fold_step(fold, record, tag=0)
        rows.append(_row(fold.hands, slot, result, fold, edited, restored))
        results.append(result)
    return _Replayed(rows, lines_texts(results, match.team_names, rs, match.player_names), fold)


def plan_add(match: Match, rs: Ruleset, fold: Fold, slot: int, record: HandRecord) -> Plan:
    """The next hand: one fold step from the match's fold (``fold``, its snapshot)."""
    done = _replay(match, rs, fold, [(slot, record.to_dict(), False, False)])
    lines = [Line(match=match, **row, texts=words) for row, words in zip(done.rows, done.texts, strict=True)]
    return Plan(start=fold.hands + 1, lines=lines, fold=done.fold)


def plan_change(
    match: Match,
    rs: Ruleset,
    fold: Fold,
    slot: int,
    record: HandRecord | None,
    *,
    remove: bool,
    revive: bool = False,
) -> tuple[Plan, int]:
    """An edit or restore (``record``) or a delete/undo (``remove``) of the hand in ``slot``:
    the lines from its place on are replayed from the last checkpoint before it (``fold`` is the
    match's now, kept when nothing on the board changes). A hand taken out stays out when
    edited; only a restore (``revive``) brings it back. Returns the plan and the hand's index in
    the match (-1 for a removal), for naming errors."""
    target = Line.objects.filter(match=match, slot=slot).values(*STORED).first()
    if target is None and not revive:  # off the board and staying off: nothing on it changes
        if record is not None:
            validate_record(rs, record, index=0)  # still a record these rules allow
        return Plan(start=None, lines=[], fold=fold), 0
    if remove:
        if target is None:  # already off the board: nothing on it changes
            return Plan(start=None, lines=[], fold=fold), -1
        start = target["number"]
        later = list(Line.objects.filter(match=match, number__gt=start).values(*STORED))
        stored, items, index = [target, *later], [], -1
    else:
        assert record is not None
        if target is not None:
            start = target["number"]
            later = list(Line.objects.filter(match=match, number__gt=start).values(*STORED))
            stored = [target, *later]
        else:  # a hand taken out comes back at its place among the hands by recording order
            start = Line.objects.filter(match=match, slot__lt=slot).count() + 1
            stored = later = list(Line.objects.filter(match=match, number__gte=start).values(*STORED))
        items, index = [(slot, record.to_dict(), True, revive)], start - 1
    checkpoint, between = _checkpoint(match, rs, start)
    done = _replay(match, rs, checkpoint, [*map(_item, between), *items, *map(_item, later)])
    changed, drop, shifts = changes(match, [*between, *stored], done.rows, done.texts)
    return Plan(start=start, lines=changed, fold=done.fold, drop=drop, shifts=shifts), index


def _item(line: dict[str, Any]) -> tuple[int, dict[str, Any], bool, bool]:
    """A stored line as what :func:`_replay` folds again."""
    return line["slot"], line["record"], line["edited"], line["restored"]


def _checkpoint(match: Match, rs: Ruleset, start: int) -> tuple[Fold, list[dict[str, Any]]]:
    """The fold state of the last checkpoint before line ``start`` and the stored lines after it
    up to ``start`` (replayed again on top of it); from hand 1 when that line has no state."""
    base = (start - 1) // CHECKPOINT * CHECKPOINT
    lines = Line.objects.filter(match=match, number__lt=start)
    prior = list(lines.filter(number__gte=base).values(*STORED)) if start > 1 else []
    if base:
        if prior and prior[0]["number"] == base and prior[0]["fold"] is not None:
            return Fold.from_dict(rs, prior[0]["fold"]), prior[1:]
        prior = list(lines.values(*STORED))
    return new_fold(rs), prior


def apply(match: Match, plan: Plan, version: int) -> None:
    """Write the plan and the new snapshot (inside the write's transaction, the match locked)."""
    if plan.start is not None:
        # The lines written whole are deleted and inserted, not updated: bulk_update's CASE per
        # column costs more than the INSERT. A shift of the scores is one UPDATE for all its lines.
        for lines in numbered(match, plan.drop):
            lines.delete()
        for moved, numbers in plan.shifts.items():
            by = {name: F(name) + d for name, d in zip(SCORES, moved, strict=True) if d}
            for lines in numbered(match, numbers):
                lines.update(**by)
        Line.objects.bulk_create(plan.lines)
    snapshot = snapshot_of(plan.fold, version)
    Match.objects.filter(pk=match.pk).update(version=version, snapshot=snapshot)
    match.version, match.snapshot = version, snapshot


# ---------------------------------------------------------------- from the log alone


@dataclass
class Built:
    snapshot: dict[str, Any]
    version: int
    lines: list[Line]
    fold: Fold


def build_from_log(match: Match, rs: Ruleset | None = None) -> Built:
    """The snapshot and lines the log gives, replayed from hand 1 (nothing written). A stored
    hand the engine refuses stops the replay; the snapshot names it (``broken``)."""
    entries = list(Entry.objects.filter(match=match))
    rs = rs or ruleset_of(match)
    slots = slots_from_log(entries)
    edited = {s.slot: len(s.versions) > 1 for s in slots}
    restored = {s.slot: s.versions[-1].action == Entry.RESTORE for s in slots}
    fold = new_fold(rs)
    steps = []
    broken = ""
    for slot, record in live_records(slots):
        try:
            fold, result = fold_step(fold, record, tag=0)
        except RecordError as exc:
            broken = exc.code
            break
        steps.append((slot, result, fold))
    texts = lines_texts([step[1] for step in steps], match.team_names, rs, match.player_names)
    lines = [
        Line(match=match, **_row(f.hands, slot, result, f, edited[slot], restored[slot]), texts=words)
        for (slot, result, f), words in zip(steps, texts, strict=True)
    ]
    version = entries[-1].seq if entries else 0
    return Built(snapshot=snapshot_of(fold, version, broken), version=version, lines=lines, fold=fold)


def rebuild(match: Match, rs: Ruleset | None = None) -> Fold:
    """Replace the match's snapshot and lines by what its log gives (the match locked); the
    fold they end with."""
    built = build_from_log(match, rs)
    Line.objects.filter(match=match).delete()
    Line.objects.bulk_create(built.lines)
    Match.objects.filter(pk=match.pk).update(version=built.version, snapshot=built.snapshot)
    match.version, match.snapshot = built.version, built.snapshot
    return built.fold


def check(match: Match) -> list[str]:
    """The differences between what is stored and what the log gives (empty: identical)."""
    built = build_from_log(match)
    problems = []
    if match.version != built.version:
        problems.append(f"version {match.version} != {built.version}")
    if match.snapshot != built.snapshot:
        problems.append(f"snapshot {match.snapshot} != {built.snapshot}")
    stored = list(Line.objects.filter(match=match))
    if len(stored) != len(built.lines):
        problems.append(f"{len(stored)} lines != {len(built.lines)}")
    for a, b in zip(stored, built.lines, strict=False):
        for name in _LINE_FIELDS:
            if getattr(a, name) != getattr(b, name):
                problems.append(f"line {b.number} {name}: {getattr(a, name)!r} != {getattr(b, name)!r}")
    return problems


def is_current(match: Match) -> bool:
    snap = match.snapshot
    return (
        isinstance(snap, dict)
        and snap.get("tag") == match.version
        and "broken" in snap
        and snap.get("texts") == WORDING  # lines worded as this release words them
    )


def lock(match: Match, rs: Ruleset, *, nonce: str | None = None) -> tuple[Fold, int | None]:
    """Lock the match row for a write and bring ``match`` up to date with it (version and
    snapshot, built from the log if it is missing, behind, or worded by another release).
    Returns the match's fold, decoded once for the whole write, and with ``nonce``, the seq of
    the log entry that nonce already wrote (None: unused).

    The nonce is read by a statement of its own after the lock is held: on PostgreSQL a
    statement sees what was committed before it started, so a double tap that waited on the lock
    finds the entry the first tap committed (read inside the locking statement, it would not)."""
    row = Match.objects.select_for_update().values_list("version", "snapshot").get(pk=match.pk)
    match.version, match.snapshot = row
    seq = None
    if nonce is not None:
        seq = Entry.objects.filter(match=match, nonce=nonce).values_list("seq", flat=True).first()
    fold = stored_fold(match, rs) if is_current(match) else None
    if fold is None:
        fold = rebuild(match, rs)
    return fold, seq


def stored_fold(match: Match, rs: Ruleset) -> Fold | None:
    """The stored snapshot, decoded, when it is the fold of the log as it stands (whatever
    wording its texts have: a page shows them as stored); None when it is missing, behind the
    log or not one this engine reads."""
    snap = match.snapshot
    if not (isinstance(snap, dict) and snap.get("tag") == match.version and "broken" in snap):
        return None
    try:
        return Fold.from_dict(rs, snap)
    except FoldError:
        return None
