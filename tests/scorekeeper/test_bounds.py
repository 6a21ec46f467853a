"""A match holds at most 1,000 hands and 5,000 log entries (scorekeeper.bounds): past either, a
write is refused with a message in the page's language and nothing is stored; reads, exports
and corrections below the entry bound go on. SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from django.db import transaction
from django.test import Client

from scorekeeper import bounds, snapshots
from scorekeeper.models import Entry, Match

pytestmark = pytest.mark.django_db


def fill(table, hands: int, edits: int = 0) -> Match:
    """``hands`` eggs, then ``edits`` corrections of hand 1, written as a long evening leaves
    them (the log in bulk, the snapshot and lines built from it)."""
    match = table.match
    rows = [Entry(match=match, seq=i + 1, action="add", slot=i + 1, record={"points": [60, 60]}, nonce=f"f{i}")
            for i in range(hands)]  # fmt: skip
    rows += [Entry(match=match, seq=hands + j + 1, action="edit", slot=1, record={"points": [60, 60]}, nonce=f"e{j}")
             for j in range(edits)]  # fmt: skip
    Entry.objects.bulk_create(rows)
    with transaction.atomic():
        snapshots.rebuild(match)
    return table.match


def test_the_thousand_and_first_hand_is_refused_in_both_languages(start, client: Client) -> None:
    table = start("penalty-goats")
    match = fill(table, bounds.MAX_HANDS - 1)
    assert table.hand(points_0=60).status_code == 200  # hand 1,000
    before = Entry.objects.filter(match=match).count()
    resp = table.hand(points_0=60)
    assert resp.status_code == 422
    assert "В этом матче 1\xa0000 конов" in resp.content.decode()
    client.cookies["kozel_lang"] = "en"
    resp = table.hand(points_0=60)
    assert resp.status_code == 422 and "This match has 1,000 hands" in resp.content.decode()
    assert Entry.objects.filter(match=match).count() == before
    # a phone's outbox is told the same, in JSON
    resp = table.post("hand/", {"points_0": 60, "hand": "1001"}, htmx=False, HTTP_X_KOZEL_OUTBOX="1")
    answer = json.loads(resp.content)
    assert resp.status_code == 422 and answer["code"] == "invalid" and "1,000 hands" in answer["message"]
    # corrections, deletes and reads go on
    assert table.post("hand/1/", {"points_0": 70}).status_code == 200
    assert table.post("hand/2/delete/").status_code == 200
    assert client.get(f"/m/{table.public_id}/export.json").status_code == 200
    assert Entry.objects.filter(match=match).count() == before + 2


def test_a_restore_onto_a_full_board_is_refused(start) -> None:
    table = start("penalty-goats")
    fill(table, bounds.MAX_HANDS)
    assert table.post("undo/").status_code == 200  # 999 on the board: one more may come
    assert table.hand(points_0=60).status_code == 200
    assert table.post("history/1000/restore/").status_code == 422  # the undone hand 1,000
    assert table.match.snapshot["hands"] == bounds.MAX_HANDS


def test_past_five_thousand_entries_every_change_is_refused(start, client: Client) -> None:
    table = start("penalty-goats")
    match = fill(table, 200, bounds.MAX_ENTRIES - 200 - 1)
    assert table.post("hand/1/", {"points_0": 60, "note": "last"}).status_code == 200  # entry 5,000
    assert match.entries.count() == bounds.MAX_ENTRIES
    for path, data in [("hand/", {"points_0": 60}), ("hand/1/", {"points_0": 70}), ("undo/", {}),
                       ("hand/3/delete/", {})]:  # fmt: skip
        resp = table.post(path, data)
        assert resp.status_code == 422, path
        assert "5\xa0000 изменений" in resp.content.decode(), path
    assert match.entries.count() == bounds.MAX_ENTRIES
    assert client.get(table.edit + "history/").status_code == 200


def test_the_history_comes_in_pages_of_the_same_cost(start, client: Client) -> None:
    from scorekeeper.history import PAGE

    table = start("penalty-goats")
    fill(table, 450)
    first = client.get(table.edit + "history/").content.decode()
    assert first.count('data-seq="') == PAGE and 'data-seq="450"' in first and 'data-seq="251"' in first
    assert 'href="?before=251"' in first and "Более ранние изменения" in first
    second = client.get(table.edit + "history/?before=251").content.decode()
    assert second.count('data-seq="') == PAGE and 'data-seq="250"' in second and 'href="?before=51"' in second
    last = client.get(table.edit + "history/?before=51").content.decode()
    assert last.count('data-seq="') == 50 and 'href="?before=' not in last and "Последние изменения" in last
    assert client.get(table.edit + "history/?before=²").status_code == 400


def test_the_json_export_is_one_hand_a_line(start, client: Client) -> None:
    table = start("penalty-goats")
    view = f"/m/{table.public_id}/export.json"
    assert json.loads(client.get(view).content)["hands"] == []
    table.hand(points_0=70)
    table.hand(points_0=50)
    text = client.get(view).content.decode()
    data = json.loads(text)
    assert [h["record"]["points"] for h in data["hands"]] == [[70, 50], [50, 70]]
    assert text.count("\n") == 4 and text.splitlines()[1].startswith(' {"hand": 1,')
