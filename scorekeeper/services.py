"""Writes. Every change to a match is one new :class:`Entry`; no entry is updated or deleted.

Each write locks the match row (``select_for_update``), refuses a stale form (the ``version``
it was rendered at is not the log's last seq), treats a repeated ``nonce`` as the same request
(a double tap records one hand), and checks the change with the engine before storing
anything: a record the engine refuses raises a ``ValidationError`` carrying the engine's code,
on the form field it concerns. The check is the fold itself, from the stored snapshot: a new
hand is one fold step, a correction of hand k replays from the checkpoint before it
(:mod:`.snapshots`); the entry, the new lines and the new snapshot are written in one
transaction.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from rules.engine import HandRecord, RecordError, new_fold, replay, resolve
from rules.engine.variants import Ruleset, check_options, check_seats, get_variant

from . import explain, reasons, snapshots
from .models import Entry, Line, Match
from .selectors import Slot, live_records, ruleset_of, secret_hash, slots_from_log


class StaleForm(Exception):
    """The match changed since the form was shown (another phone, another tab); ``version`` is
    the match's version now (a phone's outbox applies a change again on top of it)."""

    def __init__(self, version: int | None = None) -> None:
        super().__init__()
        self.version = version


class NotFound(Exception):
    """No such hand or log entry in this match."""


class HandConflict(Exception):
    """A hand kept on a phone while offline, for a hand number another phone has since recorded
    with a different record (or that no longer fits: hands were taken back meanwhile). Nothing is
    written; the players choose: keep theirs, replace it with mine, or record mine as the next hand.
    """

    def __init__(
        self,
        *,
        match: Match,
        hand: int,
        slot: int | None,
        theirs: dict | None,
        mine: dict,
        hands: int,
        version: int,
    ):
        super().__init__(f"hand {hand} conflicts")
        self.match, self.hand, self.slot, self.theirs, self.mine = match, hand, slot, theirs, mine
        self.hands, self.version = hands, version


class NonceReused(Exception):
    """The form's nonce already did a different change: a nonce belongs to one action, so a
    retry of that action is answered as done and anything else is refused (nothing written)."""


def _same_action(
    entry: Entry, *, action: str, slot: int | None, record: HandRecord | None, source: int | None
) -> bool:
    """Is ``entry`` what this request would write? Undo's slot is whatever hand is last, so a
    retried undo matches on the action alone; an add's slot is its own seq. The dealer the
    scorekeeper wrote into a solo-twelve hand (:func:`_with_dealer`) is not the phone's to repeat."""
    if entry.action != action or entry.source != source:
        return False
    if action not in (Entry.ADD, Entry.UNDO) and entry.slot != slot:
        return False
    stored = entry.record
    if record is not None and record.dealer is None and isinstance(stored, dict) and "dealer" in stored:
        stored = {k: v for k, v in stored.items() if k != "dealer"}
    return stored == (record.to_dict() if record else None)


def new_secret() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


def new_public_id() -> str:
    return secrets.token_urlsafe(9)


@transaction.atomic
def match_create(
    *,
    variant: str,
    options: Mapping[str, object],
    team_names: Sequence[str],
    player_names: Sequence[str] = ("", "", "", ""),
    seats: int | None = None,
    first_dealer: int = 0,
    first_leader: int | None = None,
    house: str = "",
    previous: Match | None = None,
    secret: str | None = None,
) -> tuple[Match, str]:
    """Create a match with its rules frozen: the variant key, every option resolved and the
    number of seats (None: the variant's largest table). ``team_names`` names each side."""
    v = get_variant(variant)
    frozen = check_options(v, options)
    seats = check_seats(v, seats)
    secret = secret or new_secret()
    public_id = new_public_id()
    match = Match.objects.create(
        public_id=public_id,
        secret_hash=secret_hash(secret),
        variant=v.key,
        options=frozen,
        team_names=list(team_names),
        player_names=list(player_names),
        seats=seats,
        first_dealer=first_dealer,
        first_leader=first_leader,
        house=house,
        series=previous.series if previous else public_id,
        previous=previous,
        version=0,
        snapshot=snapshots.snapshot_of(new_fold(resolve(v, frozen, seats=seats)), 0),
    )
    return match, secret


_FIELD_RE = re.compile(r"^hands\[(\d+)\]\.?(.*)$")
FIELD_MAP = {
    "points": "points_0",
    "points[0]": "points_0",
    "points[1]": "points_1",
    "points[2]": "points_2",
    "points[3]": "points_3",
    "last_suit": "last_suit",
    "lone": "lone",
    "penalty.kind": "penalty_kind",
    "penalty.against": "penalty_against",
    "penalty": "penalty_kind",
    "all_tricks": "all_tricks",
    "obyaz": "obyaz",
    "queen_capture": "queen_capture",
    "hvalyonka": "hvalyonka",
    "note": "note",
}


def _as_validation_error(exc: RecordError, index: int) -> ValidationError:
    """The engine's error on the form field it names; an error in another hand (an edit that
    breaks a later hand) is a general error naming that hand."""
    m = _FIELD_RE.match(exc.field or "")
    message = explain.error_message(exc.code)
    if m and int(m.group(1)) != index:
        message = _("Hand %(n)s would no longer fit: %(why)s") % {"n": int(m.group(1)) + 1, "why": message}
        # the hand's number rides along: a correction that ends the match sooner offers to
        # remove the hands from it on (scorekeeper.sooner)
        return ValidationError(
            message.replace("%", "%%"), code=exc.code, params={"hand": int(m.group(1)) + 1}
        )
    field = FIELD_MAP.get(m.group(2) if m else (exc.field or ""), None)
    err = ValidationError(message, code=exc.code)
    return ValidationError({field: err}) if field else err


def _check_misdeal_dealer(match: Match, record: HandRecord, index: int) -> None:
    """A misdeal is always against the dealing team (DECISIONS misdeal_dealer): the deal passes
    one seat clockwise per record from the match's first dealer. Checked on the record written,
    so an older hand never blocks an undo or a correction elsewhere."""
    pen = record.penalty
    if pen is None or pen.kind != "misdeal":
        return
    rs = ruleset_of(match)
    dealer = (match.first_dealer + index) % rs.seats
    if pen.against != rs.side_of(dealer):
        err = ValidationError(explain.error_message("misdeal_not_dealer"), code="misdeal_not_dealer")
        raise ValidationError({"penalty_against": err})


def _append(
    *,
    match: Match,
    action: str,
    nonce: str,
    version: int,
    slot: int | None = None,
    record: HandRecord | None = None,
    reason: str = "",
    source: int | None = None,
    hand: int | None = None,
) -> tuple[Entry, bool]:
    """Lock, check idempotency and staleness, check with the engine, append. Returns
    ``(entry, created)``; ``created`` is False for a repeated nonce of the same action.

    ``hand`` (an add sent from a phone's outbox) is the hand number it was entered for: when the
    log moved on since the version the phone saw, the hand number decides (see
    :func:`_by_hand_number`) instead of refusing the stale form."""
    spent = snapshots.lock(match, nonce=nonce)
    existing = None if spent is None else Entry.objects.get(match=match, seq=spent)
    if existing is not None:
        if _same_action(existing, action=action, slot=slot, record=record, source=source):
            return existing, False
        raise NonceReused()
    rs = ruleset_of(match)
    if record is not None and rs.dealer_scores and record.dealer is None:
        record = _with_dealer(match, rs, action, slot, record, hand)
    if version != match.version:
        if action != Entry.ADD or hand is None or record is None:
            raise StaleForm(match.version)
        done = _by_hand_number(match, hand=hand, record=record)
        if done is not None:
            return done, False
    seq = match.version + 1
    if action == Entry.ADD:
        slot = seq
    elif slot is None or not Entry.objects.filter(match=match, action=Entry.ADD, slot=slot).exists():
        raise NotFound()
    assert slot is not None
    entry = Entry(
        match=match,
        seq=seq,
        action=action,
        slot=slot,
        record=record.to_dict() if record else None,
        reason=reason,
        nonce=nonce,
        source=source,
    )  # written only once the change is known to fit
    if (match.snapshot or {}).get("broken"):
        return _append_to_broken(match, entry, record)
    if record is not None and record.penalty is not None and record.penalty.kind == "misdeal":
        _check_misdeal_dealer(match, record, _place(match, rs, action, slot))
    index = -1
    try:
        if action == Entry.ADD:
            assert record is not None
            plan = snapshots.plan_add(match, rs, slot, record)
            index = plan.start - 1  # type: ignore[operator]
        else:
            plan, index = snapshots.plan_change(
                match,
                rs,
                slot,
                record,
                remove=action in (Entry.DELETE, Entry.UNDO),
                revive=action == Entry.RESTORE,
            )
    except RecordError as exc:
        raise _as_validation_error(exc, index if action != Entry.ADD else _hand_index(exc)) from exc
    entry.save(force_insert=True)
    snapshots.apply(match, plan, seq)
    return entry, True


def _with_dealer(
    match: Match, rs: Ruleset, action: str, slot: int | None, record: HandRecord, hand: int | None
) -> HandRecord:
    """solo-twelve's marks need each deal's dealer (docs/tables.md#each-for-himself); the scorekeeper knows
    the rotation over the seats present, so the players never type it. A new hand is dealt by
    the seat after the last hand's dealer (its hand number from the phone's outbox, or the next
    one); a corrected hand keeps the dealer it was recorded with."""
    if action == Entry.ADD:
        index = hand - 1 if hand is not None and hand >= 1 else snapshots.fold_of_match(match, rs).hands
        dealer = (match.first_dealer + index) % rs.seats
    else:
        if slot is None:
            return record
        kept = Entry.objects.filter(match=match, slot=slot, record__isnull=False).order_by("-seq").first()
        old = (kept.record or {}).get("dealer") if kept else None
        if not isinstance(old, int):
            return record
        dealer = old
    return HandRecord.from_dict({**record.to_dict(), "dealer": dealer})


def _place(match: Match, rs: Any, action: str, slot: int) -> int:
    """The index among the hands on the board that the hand in ``slot`` has (or takes)."""
    if action == Entry.ADD:
        return snapshots.fold_of_match(match, rs).hands
    number = Line.objects.filter(match=match, slot=slot).values_list("number", flat=True).first()
    if number is not None:
        return number - 1
    return Line.objects.filter(match=match, slot__lt=slot).count()


def _hand_index(exc: RecordError) -> int:
    """The hand a new record's error names is the new hand itself."""
    m = _FIELD_RE.match(exc.field or "")
    return int(m.group(1)) if m else -1


def _append_to_broken(match: Match, entry: Entry, record: HandRecord | None) -> tuple[Entry, bool]:
    """A match whose log holds a hand the engine refuses (never expected): the whole would-be
    hand list is replayed, as the only way to name the hand that no longer fits, and the
    snapshot is rebuilt from the log afterwards."""
    action, seq, slot = entry.action, entry.seq, entry.slot
    entries = list(Entry.objects.filter(match=match))
    slots = slots_from_log(entries)
    by_slot = {s.slot: s for s in slots}
    if action == Entry.ADD:
        slots.append(Slot(slot=seq, record=record.to_dict() if record else None))
    target = by_slot.get(slot)
    if target is not None:
        if action in (Entry.EDIT, Entry.RESTORE):
            target.record, target.deleted = (record.to_dict() if record else None), False
        elif action in (Entry.DELETE, Entry.UNDO):
            target.deleted = True
    live = live_records(slots)
    index = next((i for i, (s, _r) in enumerate(live) if s == slot), len(live))
    if record is not None:
        _check_misdeal_dealer(match, record, index)
    try:
        replay(match.variant, match.options, [r for _s, r in live], seats=match.seats)
    except RecordError as exc:
        raise _as_validation_error(exc, index) from exc
    entry.save(force_insert=True)
    snapshots.rebuild(match)
    return entry, True


def _by_hand_number(match: Match, *, hand: int, record: HandRecord) -> Entry | None:
    """An add entered for hand ``hand`` on a log that moved on since the phone saw it (the
    match row is locked). The next hand number: appended (the phone's own earlier entries moved
    the version, or another phone changed an earlier hand). A hand number already recorded with
    the same record: the same hand, answered as done (returns the entry that wrote it). Anything
    else raises :class:`HandConflict` with both records, for the players to decide."""
    entries = list(Entry.objects.filter(match=match))
    live = [s for s in slots_from_log(entries) if not s.deleted]
    mine = record.to_dict()
    if hand == len(live) + 1:
        return None
    theirs = live[hand - 1] if 1 <= hand <= len(live) else None
    if theirs is not None and theirs.record == mine:
        return max(
            (e for e in entries if e.slot == theirs.slot and e.record is not None), key=lambda e: e.seq
        )
    raise HandConflict(
        match=match,
        hand=hand,
        slot=theirs.slot if theirs else None,
        theirs=theirs.record if theirs else None,
        mine=mine,
        hands=len(live),
        version=match.version,
    )


@transaction.atomic
def hand_record(
    *, match: Match, record: HandRecord, nonce: str, version: int, reason: str = "", hand: int | None = None
) -> tuple[Entry, bool]:
    """Record the next hand. ``hand``: the hand number a phone's outbox entered it for."""
    return _append(
        match=match, action=Entry.ADD, record=record, nonce=nonce, version=version, reason=reason, hand=hand
    )


@transaction.atomic
def hand_edit(
    *, match: Match, slot: int, record: HandRecord, nonce: str, version: int, reason: str = ""
) -> tuple[Entry, bool]:
    """Replace a hand's record; every later hand is recomputed by the replay."""
    return _append(
        match=match, action=Entry.EDIT, slot=slot, record=record, nonce=nonce, version=version, reason=reason
    )


@transaction.atomic
def hand_delete(*, match: Match, slot: int, nonce: str, version: int, reason: str = "") -> tuple[Entry, bool]:
    """Take a hand out of the match (kept in the history, restorable)."""
    return _append(match=match, action=Entry.DELETE, slot=slot, nonce=nonce, version=version, reason=reason)


@transaction.atomic
def hand_undo(*, match: Match, nonce: str, version: int) -> tuple[Entry, bool]:
    """Take back the last hand still in the match."""
    snapshots.lock(match)
    last = Line.objects.filter(match=match).order_by("-number").values_list("slot", flat=True).first()
    if last is None:
        existing = Entry.objects.filter(match=match, nonce=nonce).first()
        if existing is None:
            raise NotFound()
        if existing.action != Entry.UNDO:
            raise NonceReused()
        return existing, False
    return _append(match=match, action=Entry.UNDO, slot=last, nonce=nonce, version=version)


@transaction.atomic
def entry_restore(*, match: Match, seq: int, nonce: str, version: int) -> tuple[Entry, bool]:
    """Bring back the version of a hand that log entry ``seq`` wrote (an add, edit or restore)."""
    old = Entry.objects.filter(match=match, seq=seq, record__isnull=False).first()
    if old is None:
        raise NotFound()
    record = HandRecord.from_dict(old.record or {})
    return _append(
        match=match,
        action=Entry.RESTORE,
        slot=old.slot,
        record=record,
        nonce=nonce,
        version=version,
        source=seq,
        reason=reasons.encode("restored", {"n": seq}),
    )


@transaction.atomic
def match_rematch(*, match: Match, secret: str, version: int) -> Match:
    """A new match with the same teams, players and frozen rules; the deal passes on. One per
    match: a repeated request gets the same rematch. ``version`` is the log the page showed."""
    snapshots.lock(match)
    if version != match.version:
        raise StaleForm(match.version)
    existing = Match.objects.filter(previous=match).first()
    if existing:
        return existing
    hands = snapshots.fold_of_match(match).hands
    new, _secret = match_create(
        variant=match.variant,
        options=match.options,
        team_names=match.team_names,
        player_names=match.player_names,
        seats=match.seats,
        first_dealer=(match.first_dealer + hands) % match.seats,
        first_leader=None,
        house=match.house,
        previous=match,
        secret=secret,
    )
    return new


def record_from_fields(data: Mapping[str, Any]) -> HandRecord:
    """Build a record from cleaned form data (shape checked by the form); a record the engine
    refuses to build is a ``ValidationError`` with the engine's code."""
    d: dict[str, Any] = {}
    if data.get("penalty_kind"):
        d["penalty"] = {"kind": data["penalty_kind"], "against": data["penalty_against"]}
    else:
        if data.get("points") is not None:
            d["points"] = list(data["points"])
        if data.get("all_tricks"):
            d["all_tricks"] = True
        if data.get("queen_capture") is not None:
            d["queen_capture"] = data["queen_capture"]
        if data.get("last_suit"):
            d["last_suit"] = data["last_suit"]
        if data.get("lone") is not None:
            d["lone"] = data["lone"]
    if data.get("obyaz") is not None:
        d["obyaz"] = data["obyaz"]
    if data.get("hvalyonka"):
        d["hvalyonka"] = True
    if data.get("note"):
        d["note"] = data["note"]
    try:
        return HandRecord.from_dict(d)
    except RecordError as exc:
        raise _as_validation_error(exc, -1) from exc
