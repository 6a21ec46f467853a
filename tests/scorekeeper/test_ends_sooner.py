"""A correction after which the match ends before later hands: refused as it is, with an offer to
save it and remove those hands, each a delete entry in the log (restorable from the history)."""

from __future__ import annotations

import pytest

from scorekeeper.models import Entry
from scorekeeper.selectors import match_board

pytestmark = pytest.mark.django_db


def _series(start):
    # voon-series#scoring: 95 → +4, 72 → +2; 10:8 after five hands
    table = start("voon-series")
    for p in (95, 95, 72, 30, 30):
        assert table.hand(points_0=p).status_code == 200
    slots = list(
        Entry.objects.filter(match=table.match, action=Entry.ADD)
        .order_by("seq")
        .values_list("slot", flat=True)
    )
    return table, slots


def test_the_refusal_offers_to_remove_the_later_hands_and_that_saves_it(start, client):
    table, slots = _series(start)
    # hand 4 as 72:48 for Красные: 12:0, the match ends there and hand 5 no longer fits
    resp = table.post(f"hand/{slots[3]}/", {"points_0": 72, "points_1": 48}, htmx=False)
    html = resp.content.decode()
    assert resp.status_code == 422 and "не сходится" not in html and "Матч окончен" not in html
    assert html.count("матч заканчивается раньше кона 5") == 1  # one plain sentence, once
    assert "После этого исправления матч заканчивается раньше кона 5." in html
    assert 'name="remove_later" value="1"' in html and "Сохранить и убрать кон 5" in html
    assert Entry.objects.filter(match=table.match).count() == 5  # nothing stored
    resp = table.post(f"hand/{slots[3]}/", {"points_0": 72, "points_1": 48, "remove_later": "1"}, htmx=False)
    assert resp.status_code == 302
    log = list(Entry.objects.filter(match=table.match).order_by("seq").values_list("action", "slot"))
    assert log[5:] == [(Entry.DELETE, slots[4]), (Entry.EDIT, slots[3])]
    board = match_board(match=table.match)
    assert board.state.finished and board.state.score == (12, 0) and len(board.hands) == 4
    history = client.get(table.edit + "history/").content.decode()
    assert "убран: после исправления кона 4 матч заканчивается раньше" in history
    assert "/restore/" in history


def test_several_later_hands_go_newest_first_and_a_repeat_stores_nothing_more(start):
    table, slots = _series(start)
    data = {"points_0": 120, "points_1": 0, "all_tricks": "1", "remove_later": "1", "nonce": "same-tap"}
    # hand 3 with all tricks: +6 → 14:0 after hand 3; hands 4 and 5 go
    resp = table.post(f"hand/{slots[2]}/", data, htmx=False)
    assert resp.status_code == 302
    log = list(Entry.objects.filter(match=table.match).order_by("seq").values_list("action", "slot"))
    assert log[5:] == [(Entry.DELETE, slots[4]), (Entry.DELETE, slots[3]), (Entry.EDIT, slots[2])]
    again = table.post(f"hand/{slots[2]}/", {**data, "version": 5}, htmx=False)
    assert again.status_code in (302, 409) and Entry.objects.filter(match=table.match).count() == 8


def test_no_offer_when_a_correction_is_refused_for_another_reason(start):
    table, slots = _series(start)
    resp = table.post(f"hand/{slots[3]}/", {"points_0": 72, "points_1": 50}, htmx=False)
    assert resp.status_code == 422 and 'name="remove_later"' not in resp.content.decode()


def test_a_phones_outbox_sends_the_correction_with_the_later_hands_removed(start):
    # the correction page's button as a phone kept it offline: answered in JSON, the same writes
    table, slots = _series(start)
    outbox = {"HTTP_X_KOZEL_OUTBOX": "1", "HTTP_ACCEPT": "application/json"}
    plain = table.post(f"hand/{slots[3]}/", {"points_0": 72, "points_1": 48}, htmx=False, **outbox)
    assert plain.status_code == 422 and plain.json()["code"] == "invalid"
    assert Entry.objects.filter(match=table.match).count() == 5  # nothing stored
    data = {"points_0": 72, "points_1": 48, "remove_later": "1"}
    resp = table.post(f"hand/{slots[3]}/", data, htmx=False, **outbox)
    assert resp.status_code == 200 and resp.json() == {"ok": True, "version": 7}
    log = list(Entry.objects.filter(match=table.match).order_by("seq").values_list("action", "slot"))
    assert log[5:] == [(Entry.DELETE, slots[4]), (Entry.EDIT, slots[3])]
