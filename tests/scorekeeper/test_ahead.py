"""A correction's replay made before the write lock (scorekeeper.ahead): what is stored is what
the log gives, also when another write lands between the replay and the lock. SQLite and
PostgreSQL, with real concurrent writers on their own connections."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction
from django.db.models import TextField
from django.db.models.functions import Cast

from rules.engine import HandRecord
from scorekeeper import ahead, services, snapshots
from scorekeeper.log import ruleset_of
from scorekeeper.models import Entry, Line, Match
from scorekeeper.services.write import append


def new_match(hands: int) -> Match:
    match, _secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    for i in range(hands):
        services.hand_record(
            match=match, record=HandRecord.from_dict({"points": [60, 60]}), nonce=f"h{i}", version=i
        )
    return Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_a_planned_correction_is_what_the_log_gives() -> None:
    match = new_match(30)
    services.hand_edit(
        match=match, slot=1, record=HandRecord.from_dict({"points": [70, 50]}), nonce="e", version=30
    )
    assert snapshots.check(Match.objects.get(pk=match.pk)) == []
    assert Line.objects.get(match=match, number=1).record == {"points": [70, 50]}


@pytest.mark.django_db
def test_a_write_between_the_plan_and_the_lock_makes_the_plan_again() -> None:
    match = new_match(10)
    record = HandRecord.from_dict({"points": [70, 50]})
    rs = ruleset_of(match)
    prepared = ahead.prepare(match, rs, 1, record, remove=False)
    assert prepared is not None and prepared.version == 10
    other = Match.objects.get(pk=match.pk)  # another phone records hand 11 meanwhile
    services.hand_record(
        match=other, record=HandRecord.from_dict({"points": [45, 75]}), nonce="x", version=10
    )
    with transaction.atomic():  # the correction's own transaction, as services.hand_edit runs it
        append(
            match=match,
            ruleset=rs,
            action=Entry.EDIT,
            slot=1,
            record=record,
            nonce="e",
            version=11,
            prepared=prepared,
        )
    stored = Match.objects.get(pk=match.pk)
    assert snapshots.check(stored) == [] and stored.snapshot["hands"] == 11
    assert Line.objects.get(match=match, number=11).record == {"points": [45, 75]}


@pytest.mark.django_db(transaction=True)
def test_corrections_and_new_hands_at_once() -> None:
    match = new_match(40)
    errors: list[BaseException] = []

    def retrying(write) -> None:  # a stale form is answered 409; the phone tries again
        for _ in range(200):
            version = Match.objects.get(pk=match.pk).version
            try:
                write(Match.objects.get(pk=match.pk), version)
                return
            except services.StaleForm:
                continue
        raise AssertionError("never got through")

    def corrector() -> None:
        try:
            for i in range(8):
                points = [70, 50] if i % 2 == 0 else [60, 60]
                rec = HandRecord.from_dict({"points": points})
                retrying(
                    lambda m, v, i=i, rec=rec: services.hand_edit(
                        match=m, slot=1, record=rec, nonce=f"c{i}", version=v
                    )
                )
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            connection.close()

    def writer() -> None:
        try:
            for i in range(12):
                rec = HandRecord.from_dict({"points": [60, 60]})
                retrying(
                    lambda m, v, i=i, rec=rec: services.hand_record(
                        match=m, record=rec, nonce=f"w{i}", version=v
                    )
                )
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=corrector), threading.Thread(target=writer)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    stored = Match.objects.get(pk=match.pk)
    assert stored.snapshot["hands"] == 52 and stored.version == 40 + 8 + 12
    assert snapshots.check(stored) == []


def _line_ids(match: Match) -> dict[int, int]:
    return dict(Line.objects.filter(match=match).values_list("number", "id"))


@pytest.mark.django_db
def test_a_correction_rewrites_only_the_lines_that_differ() -> None:
    hands = snapshots.CHECKPOINT + 10
    match = new_match(hands)
    before = _line_ids(match)
    # hand 5 gets a note: its line's words change, no later line does
    services.hand_edit(
        match=match,
        slot=5,
        record=HandRecord.from_dict({"points": [60, 60], "note": "a"}),
        nonce="n",
        version=hands,
    )
    after = _line_ids(match)
    assert [n for n in after if after[n] != before[n]] == [5]
    assert snapshots.check(Match.objects.get(pk=match.pk)) == []
    # hand 1 moves the score of every later line: hand 1 and any checkpoint (a line with the
    # fold's state) are written again, the others keep their rows with the scores moved
    services.hand_edit(
        match=match, slot=1, record=HandRecord.from_dict({"points": [70, 50]}), nonce="m", version=hands + 1
    )
    again = _line_ids(match)
    rewritten = [n for n in again if again[n] != after[n]]
    assert len(rewritten) == 2 and rewritten == [1, snapshots.CHECKPOINT]
    assert snapshots.check(Match.objects.get(pk=match.pk)) == []


@pytest.mark.django_db
def test_a_correction_of_hand_1_rewrites_one_line_in_every_checkpoint_not_every_later_line() -> None:
    """What the write's transaction writes (on SQLite, while every other table's write waits)
    does not grow with the match line for line: the later lines' scores move in place."""
    from scripts.bound_fixture import match_of, records_for

    public_id, _secret = match_of(records_for(200))
    match = Match.objects.get(public_id=public_id)
    before = _line_ids(match)
    scores = _scores(match)
    for i, points in enumerate(([70, 50], [60, 60], [45, 75])):
        match = Match.objects.get(pk=match.pk)
        record = HandRecord.from_dict({"points": points})
        services.hand_edit(match=match, slot=1, record=record, nonce=f"e{i}", version=match.version)
        assert snapshots.check(Match.objects.get(pk=match.pk)) == []
    after = _line_ids(match)
    rewritten = [n for n in after if after[n] != before[n]]
    assert len(rewritten) <= len(after) // 10
    assert rewritten == [1, *range(snapshots.CHECKPOINT, 201, snapshots.CHECKPOINT)]
    moved = _scores(match)  # hand 1 is 45:75 now, not 60:60: every line's score moves with it
    shift = tuple(a - b for a, b in zip(moved[1], scores[1], strict=True))
    assert any(shift)
    assert all(tuple(a - b for a, b in zip(moved[n], scores[n], strict=True)) == shift for n in moved)


def _scores(match: Match) -> dict[int, tuple[int, int]]:
    return {
        n: (a, b) for n, a, b in Line.objects.filter(match=match).values_list("number", "score0", "score1")
    }


def _line_reads_inside_the_write(write) -> list[str]:  # type: ignore[no-untyped-def]
    """The reads of board lines made while the write's transaction is open (on SQLite, the
    one write lock every other table waits behind)."""
    outside = len(connection.atomic_blocks)
    seen: list[str] = []

    def spy(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        if len(connection.atomic_blocks) > outside and sql.lstrip().upper().startswith("SELECT"):
            if '"scorekeeper_line"' in sql.split(" WHERE ")[0]:
                seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        write()
    return seen


@pytest.mark.django_db
def test_edit_delete_and_restore_read_no_line_inside_the_write() -> None:
    match = new_match(40)
    record = HandRecord.from_dict({"points": [70, 50]})
    m = Match.objects.get(pk=match.pk)
    assert (
        _line_reads_inside_the_write(
            lambda: services.hand_edit(match=m, slot=1, record=record, nonce="e", version=40)
        )
        == []
    )
    m = Match.objects.get(pk=match.pk)
    assert (
        _line_reads_inside_the_write(lambda: services.entry_restore(match=m, seq=1, nonce="r", version=41))
        == []
    )
    m = Match.objects.get(pk=match.pk)
    assert (
        _line_reads_inside_the_write(lambda: services.hand_delete(match=m, slot=2, nonce="d", version=42))
        == []
    )
    stored = Match.objects.get(pk=match.pk)
    assert snapshots.check(stored) == [] and stored.snapshot["hands"] == 39
    assert Line.objects.get(match=match, number=1).record == {"points": [60, 60]}


@pytest.mark.django_db
def test_a_lines_words_are_stored_as_letters_not_escapes() -> None:
    match, _secret = services.match_create(variant="penalty-goats", options={}, team_names=["Красные", "B"])
    services.hand_record(
        match=match,
        record=HandRecord.from_dict({"points": [60, 60], "note": "Сдавал Борис"}),
        nonce="h",
        version=0,
    )
    texts, record = (
        Line.objects.filter(match=match)
        .annotate(t=Cast("texts", TextField()), r=Cast("record", TextField()))
        .values_list("t", "r")
        .get()
    )
    assert "Сдавал Борис" in texts and "Сдавал Борис" in record and "\\u04" not in texts + record
    assert Line.objects.get(match=match).record["note"] == "Сдавал Борис"
