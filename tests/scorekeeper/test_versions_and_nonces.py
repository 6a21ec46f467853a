"""Every write carries the version of the match it was shown, and a nonce belongs to one action.

Without the version, a form filled in on one phone could overwrite what another phone changed;
a nonce spent on one change and sent again with another must be refused, never answered as done.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.models import Entry, Match

pytestmark = pytest.mark.django_db

NO_VERSION = "не сказано, какое состояние матча"
NONCE_SPENT = "уже использована для другого изменения"


def log(table: Any) -> list[tuple[int, str, int, object]]:
    return [(e.seq, e.action, e.slot, e.record) for e in Entry.objects.filter(match=table.match)]


def post(table: Any, path: str, data: dict[str, Any], *, htmx: bool = True):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return table.client.post(table.edit + path, data, **headers)


WRITES = {
    "hand": ("hand/", {"points_0": 90}),
    "eggs": ("hand/", {"eggs": "1"}),
    "penalty": ("hand/", {"penalty_kind": "misdeal", "penalty_against": "0"}),
    "edit": ("hand/1/", {"points_0": 100, "reason": "recount"}),
    "delete": ("hand/1/delete/", {"reason": "twice"}),
    "restore": ("history/1/restore/", {}),
    "undo": ("undo/", {}),
}


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("write", list(WRITES))
def test_a_write_without_its_version_changes_nothing(start, write: str, htmx: bool) -> None:
    table = start()
    table.hand(points_0=70)
    table.post("hand/1/", {"points_0": 50})  # so that restoring change #1 would change something
    path, data = WRITES[write]
    before = log(table)
    for version in (None, "", "abc", "-1"):
        sent = {**data, "nonce": f"no-version-{version}"}
        if version is not None:
            sent["version"] = version
        resp = post(table, path, sent, htmx=htmx)
        assert resp.status_code == 422, (version, resp.status_code)
        assert NO_VERSION in resp.content.decode()
    assert log(table) == before


def test_a_rematch_without_its_version_creates_nothing(start) -> None:
    table = start("voon-series")
    table.hand(queen_capture=1)  # the match is over
    resp = post(table, "rematch/", {"nonce": "r"}, htmx=False)
    assert resp.status_code == 422 and NO_VERSION in resp.content.decode()
    assert Match.objects.count() == 1
    stale = post(table, "rematch/", {"nonce": "r", "version": 0}, htmx=False)
    assert stale.status_code == 409 and Match.objects.count() == 1
    assert post(table, "rematch/", {"nonce": "r", "version": 1}, htmx=False).status_code == 302
    assert Match.objects.count() == 2


def test_an_edit_without_its_version_no_longer_overwrites_another_phones_change(start) -> None:
    table = start()
    table.hand(points_0=70)
    table.post("hand/1/", {"points_0": 80, "reason": "phone A"})
    resp = post(table, "hand/1/", {"points_0": 20, "reason": "phone B", "nonce": "b"}, htmx=False)
    assert resp.status_code == 422
    assert table.match.entries.last().record == {"points": [80, 40]}


# a nonce spent on the first action, then sent with the second
REUSES = {
    "hand, then undo": (("hand/", {"points_0": 90}), ("undo/", {})),
    "hand, then another hand": (("hand/", {"points_0": 90}), ("hand/", {"points_0": 30})),
    "hand, then an edit": (("hand/", {"points_0": 90}), ("hand/1/", {"points_0": 10})),
    "edit, then delete": (("hand/1/", {"points_0": 10}), ("hand/1/delete/", {})),
    "delete, then restore": (("hand/1/delete/", {}), ("history/1/restore/", {})),
    "edit of hand 1, then of hand 2": (("hand/1/", {"points_0": 10}), ("hand/2/", {"points_0": 10})),
    "undo, then a hand": (("undo/", {}), ("hand/", {"points_0": 90})),
}


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
@pytest.mark.parametrize("reuse", list(REUSES))
def test_a_nonce_reused_for_another_action_is_refused(start, reuse: str, htmx: bool) -> None:
    table = start()
    table.hand(points_0=70)
    table.hand(points_0=60)
    (first_path, first), (second_path, second) = REUSES[reuse]
    done = post(table, first_path, {**first, "nonce": "once", "version": table.version}, htmx=htmx)
    assert done.status_code == (200 if htmx else 302)
    before = log(table)
    resp = post(table, second_path, {**second, "nonce": "once", "version": table.version}, htmx=htmx)
    assert resp.status_code == 409
    assert NONCE_SPENT in resp.content.decode()
    assert log(table) == before


@pytest.mark.parametrize("path,data", [WRITES["hand"], WRITES["edit"], WRITES["delete"], WRITES["undo"]])
def test_a_retry_of_the_same_action_is_answered_as_done(start, path: str, data: dict[str, Any]) -> None:
    table = start()
    table.hand(points_0=70)
    table.hand(points_0=60)
    sent = {**data, "nonce": "retry", "version": table.version}
    first = post(table, path, sent, htmx=False)
    after = log(table)
    again = post(table, path, sent, htmx=False)
    assert first.status_code == again.status_code == 302
    assert log(table) == after and len(after) == 3
