"""The server side of a phone's outbox: entries kept offline arrive later, in order, with the
version the phone saw and the hand number they were entered for. The hand number decides when the
log moved on; nothing is doubled and nothing is overwritten without the players' choice."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.models import Entry

pytestmark = pytest.mark.django_db

OUTBOX = {"HTTP_X_KOZEL_OUTBOX": "1", "HTTP_ACCEPT": "application/json"}


def send(table: Any, path: str, data: dict[str, Any]):
    return table.client.post(table.edit + path, data, **OUTBOX)


def log(table: Any) -> list[tuple[str, object]]:
    return [(e.action, e.record) for e in Entry.objects.filter(match=table.match)]


def test_appends_kept_on_one_phone_are_accepted_in_order_although_each_moves_the_version(start):
    t = start()
    seen = t.version
    answers = [
        send(t, "hand/", {"points_0": p, "version": seen, "nonce": f"o{n}", "hand": n})
        for n, p in ((1, 72), (2, 95), (3, 61))
    ]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert [a.json()["version"] for a in answers] == [1, 2, 3]
    assert log(t) == [
        ("add", {"points": [72, 48]}),
        ("add", {"points": [95, 25]}),
        ("add", {"points": [61, 59]}),
    ]


def test_a_resent_entry_is_stored_once(start):
    t = start()
    data = {"points_0": 72, "version": 0, "nonce": "o1", "hand": 1}
    assert send(t, "hand/", data).status_code == 200
    again = send(t, "hand/", data)  # the answer was lost: the phone sends it again
    assert again.status_code == 200 and again.json() == {"ok": True, "version": 1}
    assert len(log(t)) == 1


def test_the_same_record_for_a_recorded_hand_number_is_the_same_hand(start):
    t = start()
    t.hand(points_0=72)  # hand 1 from the other phone
    r = send(t, "hand/", {"points_0": 72, "version": 0, "nonce": "o1", "hand": 1})
    assert r.status_code == 200 and r.json()["ok"] is True
    assert log(t) == [("add", {"points": [72, 48]})]


def test_a_different_record_for_a_recorded_hand_number_is_a_conflict_with_both(start):
    t = start()
    t.hand(points_0=70)
    r = send(t, "hand/", {"points_0": 72, "version": 0, "nonce": "o1", "hand": 1})
    assert r.status_code == 409
    body = r.json()
    assert body["code"] == "hand_conflict" and body["hand"] == 1 and body["slot"] == 1
    assert body["theirs"] == "70:50" and body["mine"] == "72:48"
    assert body["message"] == "Кон 1 уже записан с другого телефона: 70:50. У вас: 72:48"
    assert body["version"] == 1 and body["next_hand"] == 2
    assert body["replace_url"] == t.edit + "hand/1/"  # «Заменить на мой»: the hand already there
    assert log(t) == [("add", {"points": [70, 50]})]  # nothing written
    # «Записать мой следующим коном»: the same nonce (nothing was written with it), the next number
    r = send(
        t, "hand/", {"points_0": 72, "version": body["version"], "nonce": "o1", "hand": body["next_hand"]}
    )
    assert r.status_code == 200
    assert log(t) == [("add", {"points": [70, 50]}), ("add", {"points": [72, 48]})]


def test_a_hand_number_that_no_longer_fits_is_a_conflict(start):
    t = start()
    t.hand(points_0=70)
    t.post("undo/")
    r = send(t, "hand/", {"points_0": 72, "version": 1, "nonce": "o1", "hand": 2})
    assert r.status_code == 409 and r.json()["theirs"] == "" and r.json()["next_hand"] == 1
    assert r.json()["replace_url"] is None  # no hand there to replace
    assert "в нём теперь 0 конов" in r.json()["message"]


def test_without_a_hand_number_a_stale_append_is_still_refused(start):
    t = start()
    t.hand(points_0=70)
    r = send(t, "hand/", {"points_0": 72, "version": 0, "nonce": "o1"})
    assert r.status_code == 409 and r.json()["code"] == "stale"
    # and the plain form (no outbox) never takes a hand number at all
    r = t.client.post(
        t.edit + "hand/", {"points_0": 72, "version": 0, "nonce": "o2", "hand": 2}, HTTP_HX_REQUEST="true"
    )
    assert r.status_code == 409 and len(log(t)) == 1


def test_outbox_answers_errors_in_json(start):
    t = start()
    r = send(t, "hand/", {"points_0": 130, "version": 0, "nonce": "o1", "hand": 1})
    assert r.status_code == 422 and r.json()["code"] == "invalid" and r.json()["message"]
    t.hand(points_0=70)
    r = send(t, "hand/1/", {"points_0": 72, "version": 0, "nonce": "o2", "reason": "x"})
    assert r.status_code == 409 and r.json()["code"] == "stale"
    r = send(t, "hand/1/", {"points_0": 72, "version": 1, "nonce": "o3", "reason": "заменён"})
    assert r.status_code == 200 and r.json()["version"] == 2
    assert log(t)[-1] == ("edit", {"points": [72, 48]})
    assert "no-store" in r["Cache-Control"]


def test_a_queued_post_is_sent_with_a_fresh_csrf_token(start):
    from django.test import Client

    t = start()
    phone = Client(enforce_csrf_checks=True)
    data = {"points_0": 72, "version": 0, "nonce": "o1", "hand": 1}
    assert phone.post(t.edit + "hand/", data, **OUTBOX).status_code == 403  # no token: CSRF holds
    r = phone.get("/csrf/")
    assert r.status_code == 200 and r["Cache-Control"] == "no-store"
    token = r.json()["token"]
    ok = phone.post(
        t.edit + "hand/", {**data, "csrfmiddlewaretoken": token}, HTTP_X_CSRFTOKEN=token, **OUTBOX
    )
    assert ok.status_code == 200 and len(log(t)) == 1
