"""The one path of every change to a match: lock it, answer a repeated nonce, refuse a stale
form, check the change with the engine, append one :class:`Entry` and store the new lines and
snapshot. Each job is a named step of :func:`append`; nothing is written until all have passed.
The match's ruleset comes in from the caller and its fold is decoded once, under the lock, and
handed on to every step and back to the caller (:class:`Written`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from rules.engine import Fold, HandRecord, RecordError, replay
from rules.engine.variants import Ruleset

from .. import ahead, bounds, explain, snapshots
from ..errors import Invalid, NonceReused, NotFound, StaleForm, as_validation_error, hand_index
from ..log import Slot, live_records, slots_from_log
from ..models import Entry, Line, Match
from .outbox import by_hand_number

# hand 1's record names its first leader only where the match was started without one
FIRST_LEADER_KNOWN = _("Who leads first was said when the match was started.")


@dataclass(frozen=True)
class Written:
    """What a write did: its log entry (for a repeated nonce, the one that did it), whether that
    entry is new, and the match's fold after it, from which the board is drawn."""

    entry: Entry
    created: bool
    fold: Fold


def append(
    *,
    match: Match,
    ruleset: Ruleset,
    action: str,
    nonce: str,
    version: int,
    slot: int | None = None,
    record: HandRecord | None = None,
    reason: str = "",
    source: int | None = None,
    hand: int | None = None,
    prepared: ahead.Prepared | None = None,
) -> Written:
    """Lock the match and append one change (inside the caller's transaction). Not ``created``
    for a repeated nonce of the same action, or (``hand``: an add sent from a phone's outbox for
    that hand number) a hand another phone already recorded the same way. An undo takes back
    the last hand on the board (``slot`` None). ``prepared``: a correction's plan made before
    the lock (:mod:`scorekeeper.ahead`)."""
    fold, spent = snapshots.lock(match, ruleset, nonce=nonce)
    if spent is not None:
        existing = repeated(match, spent, action=action, slot=slot, record=record, source=source)
        return Written(existing, False, fold)
    rs = ruleset
    if action == Entry.UNDO:
        slot = last_slot(match)
    if record is not None and rs.dealer_scores and record.dealer is None:
        record = with_dealer(match, rs, fold, action, slot, record, hand)
    if version != match.version:
        same = stale_or_same_hand(match, action=action, record=record, hand=hand)
        if same is not None:
            return Written(same, False, fold)
    bounds.check(match, action, slot)
    slot = slot_of(match, action, slot)
    entry = Entry(
        match=match,
        seq=match.version + 1,
        action=action,
        slot=slot,
        record=record.to_dict() if record else None,
        reason=reason,
        nonce=nonce,
        source=source,
    )
    if (match.snapshot or {}).get("broken"):
        return append_to_broken(match, rs, entry, record)
    if record is not None and record.first_leader is not None and match.first_leader is not None:
        raise Invalid(
            ValidationError({"first_leader": ValidationError(FIRST_LEADER_KNOWN, code="first_leader_known")})
        )
    if record is not None and record.penalty is not None and record.penalty.kind == "misdeal":
        check_misdeal_dealer(match, rs, record, place(match, fold, action, slot))
    plan = plan_of(match, rs, fold, action, slot, record, prepared)
    entry.save(force_insert=True)
    snapshots.apply(match, plan, entry.seq)
    return Written(entry, True, plan.fold)


def last_slot(match: Match) -> int:
    """The slot of the last hand still on the board (what an undo takes back); none: NotFound."""
    last = Line.objects.filter(match=match).order_by("-number").values_list("slot", flat=True).first()
    if last is None:
        raise NotFound()
    return last


def repeated(
    match: Match, spent: int, *, action: str, slot: int | None, record: HandRecord | None, source: int | None
) -> Entry:
    """The entry a spent nonce wrote, when it was this same action (a double tap is answered as
    done); :class:`NonceReused` when it was another."""
    existing = Entry.objects.get(match=match, seq=spent)
    if same_action(existing, action=action, slot=slot, record=record, source=source):
        return existing
    raise NonceReused()


def same_action(
    entry: Entry, *, action: str, slot: int | None, record: HandRecord | None, source: int | None
) -> bool:
    """Is ``entry`` what this request would write? Undo's slot is whatever hand is last, so a
    retried undo matches on the action alone; an add's slot is its own seq. The dealer the
    scorekeeper wrote into a solo-twelve hand (:func:`with_dealer`) is not the phone's to repeat."""
    if entry.action != action or entry.source != source:
        return False
    if action not in (Entry.ADD, Entry.UNDO) and entry.slot != slot:
        return False
    stored = entry.record
    if record is not None and record.dealer is None and isinstance(stored, dict) and "dealer" in stored:
        stored = {k: v for k, v in stored.items() if k != "dealer"}
    return stored == (record.to_dict() if record else None)


def stale_or_same_hand(
    match: Match, *, action: str, record: HandRecord | None, hand: int | None
) -> Entry | None:
    """The form was drawn from another version: :class:`StaleForm`, unless it is an outbox's add
    (``hand``), which the hand number decides (:func:`~.outbox.by_hand_number`): the entry of the
    same hand already recorded, or None to append it."""
    if action != Entry.ADD or hand is None or record is None:
        raise StaleForm(match.version)
    return by_hand_number(match, hand=hand, mine=record.to_dict())


def slot_of(match: Match, action: str, slot: int | None) -> int:
    """An add's slot is its own seq; any other change names a hand that must exist."""
    if action == Entry.ADD:
        return match.version + 1
    if slot is None or not Entry.objects.filter(match=match, action=Entry.ADD, slot=slot).exists():
        raise NotFound()
    return slot


def with_dealer(
    match: Match, rs: Ruleset, fold: Fold, action: str, slot: int | None, record: HandRecord, hand: int | None
) -> HandRecord:
    """solo-twelve's marks need each deal's dealer (docs/tables.md#each-for-himself); the scorekeeper knows
    the rotation over the seats present, so the players never type it. A new hand is dealt by
    the seat after the last hand's dealer (its hand number from the phone's outbox, or the next
    one); a corrected hand keeps the dealer it was recorded with."""
    if action == Entry.ADD:
        index = hand - 1 if hand is not None and hand >= 1 else fold.hands
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


def check_misdeal_dealer(match: Match, rs: Ruleset, record: HandRecord, index: int) -> None:
    """A misdeal is always against the dealing team (DECISIONS misdeal_dealer): the deal passes
    one seat clockwise per record from the match's first dealer. Checked on the record written,
    so an older hand never blocks an undo or a correction elsewhere."""
    pen = record.penalty
    if pen is None or pen.kind != "misdeal":
        return
    dealer = (match.first_dealer + index) % rs.seats
    if pen.against != rs.side_of(dealer):
        err = ValidationError(explain.error_message("misdeal_not_dealer"), code="misdeal_not_dealer")
        raise Invalid(ValidationError({"penalty_against": err}))


def place(match: Match, fold: Fold, action: str, slot: int) -> int:
    """The index among the hands on the board that the hand in ``slot`` has (or takes)."""
    if action == Entry.ADD:
        return fold.hands
    number = Line.objects.filter(match=match, slot=slot).values_list("number", flat=True).first()
    if number is not None:
        return number - 1
    return Line.objects.filter(match=match, slot__lt=slot).count()


def plan_of(
    match: Match,
    rs: Ruleset,
    fold: Fold,
    action: str,
    slot: int,
    record: HandRecord | None,
    prepared: ahead.Prepared | None,
) -> snapshots.Plan:
    """The engine's check of the change: the fold on from ``fold`` (one step for a new hand, a
    replay from the checkpoint before the hand for a correction). A refusal is :class:`Invalid`
    on the field it names."""
    if action == Entry.ADD:
        assert record is not None
        try:
            return snapshots.plan_add(match, rs, fold, slot, record)
        except RecordError as exc:
            raise Invalid(as_validation_error(exc, hand_index(exc))) from exc
    index = -1
    try:
        plan, index = ahead.plan_change(
            match,
            rs,
            fold,
            slot,
            record,
            remove=action in (Entry.DELETE, Entry.UNDO),
            revive=action == Entry.RESTORE,
            prepared=prepared,
        )
    except RecordError as exc:
        # the replayed list lacks the removed hand (has the restored one): the board's numbers
        shift = {Entry.DELETE: 1, Entry.UNDO: 1, Entry.RESTORE: -1}.get(action, 0)
        raise Invalid(as_validation_error(exc, index, shift=shift)) from exc
    return plan


def append_to_broken(match: Match, rs: Ruleset, entry: Entry, record: HandRecord | None) -> Written:
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
        check_misdeal_dealer(match, rs, record, index)
    try:
        replay(rs, None, [r for _s, r in live])
    except RecordError as exc:
        raise Invalid(as_validation_error(exc, index)) from exc
    entry.save(force_insert=True)
    return Written(entry, True, snapshots.rebuild(match, rs))
