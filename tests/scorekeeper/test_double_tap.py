"""A double (or triple) tap: the same form posted two or three times at once. Every answer is
the first one's: done, with the fresh board (or, from a phone's outbox, ``ok``), and the log holds
one entry for the nonce, for every kind of write. Real requests on real threads and transactions:
on PostgreSQL the taps that wait on the match's row lock must still find the nonce the first one
committed (scorekeeper.snapshots.lock)."""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client

from scorekeeper.models import Entry, Match

pytestmark = pytest.mark.django_db(transaction=True)

VERSION = re.compile(r'data-version="(\d+)"')
TAPS = 3
ROUNDS = 4


@pytest.fixture(autouse=True)
def _needs_queued_writers() -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("the in-memory SQLite test database fails concurrent writers instead of queueing them")


def new_match(variant: str = "penalty-goats") -> tuple[Client, str]:
    client = Client()
    client.get("/m/new/")
    resp = client.post("/m/new/", {"variant": variant, "team_0": "A", "team_1": "B", "first_dealer": "0"})
    return client, resp["Location"]


def taps(path: str, data: dict[str, Any], *, outbox: bool = False) -> list[tuple[int, str]]:
    """``TAPS`` phones' worth of the same post, let go at the same moment."""
    barrier = threading.Barrier(TAPS)
    answers: list[tuple[int, str]] = []
    errors: list[BaseException] = []
    headers = {"HTTP_HX_REQUEST": "true"}
    if outbox:
        headers["HTTP_X_KOZEL_OUTBOX"] = "1"

    def tap() -> None:
        try:
            client = Client()
            barrier.wait(timeout=30)
            resp = client.post(path, data, **headers)
            answers.append((resp.status_code, resp.content.decode()))
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=tap) for _ in range(TAPS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    if errors:
        raise errors[0]
    return answers


def version(edit: str) -> int:
    return Match.objects.get(public_id=edit.split("/")[2]).version


def entries(edit: str, nonce: str) -> int:
    return Entry.objects.filter(match__public_id=edit.split("/")[2], nonce=nonce).count()


def all_done(answers: list[tuple[int, str]]) -> None:
    statuses = [s for s, _body in answers]
    assert statuses == [200] * TAPS, statuses
    # every tap shows the board the first one made (the correction page: sent back to the board)
    shown = {m.group(1) if (m := VERSION.search(body)) else "" for _s, body in answers}
    assert len(shown) == 1, shown


def record(client: Client, edit: str, nonce: str) -> None:
    resp = client.post(
        edit + "hand/", {"points_0": 60, "points_1": 60, "version": version(edit), "nonce": nonce}
    )
    assert resp.status_code == 302


def test_a_repeated_hand_is_one_hand_answered_as_done() -> None:
    _client, edit = new_match()
    for r in range(ROUNDS):
        nonce = f"hand{r}"
        all_done(
            taps(edit + "hand/", {"points_0": 60, "points_1": 60, "version": version(edit), "nonce": nonce})
        )
        assert entries(edit, nonce) == 1
    assert version(edit) == ROUNDS


def test_a_repeated_outbox_hand_is_one_hand_answered_ok() -> None:
    _client, edit = new_match()
    for r in range(ROUNDS):
        nonce = f"box{r}"
        data = {"points_0": 60, "points_1": 60, "version": version(edit), "nonce": nonce, "hand": r + 1}
        answers = taps(edit + "hand/", data, outbox=True)
        assert [s for s, _b in answers] == [200] * TAPS, answers
        assert {json.loads(b)["version"] for _s, b in answers} == {r + 1}
        assert entries(edit, nonce) == 1


@pytest.mark.parametrize("action", ["edit", "delete", "undo", "restore"])
def test_a_repeated_correction_is_done_once(action: str) -> None:
    client, edit = new_match()
    for r in range(ROUNDS + 1):
        record(client, edit, f"seed{r}")
    for r in range(ROUNDS):
        nonce = f"{action}{r}"
        slot = Entry.objects.filter(match__public_id=edit.split("/")[2], action="add").order_by("seq")[r].slot
        data: dict[str, Any] = {"version": version(edit), "nonce": nonce}
        if action == "edit":
            path, data = edit + f"hand/{slot}/", {**data, "points_0": 70, "points_1": 50}
        elif action == "delete":
            path = edit + f"hand/{slot}/delete/"
        elif action == "undo":
            path = edit + "undo/"
        else:
            removed = client.post(
                edit + f"hand/{slot}/delete/", {"version": version(edit), "nonce": f"rm{r}"}
            )
            assert removed.status_code == 302
            path, data = edit + f"history/{slot}/restore/", {"version": version(edit), "nonce": nonce}
        all_done(taps(path, data))
        assert entries(edit, nonce) == 1


def test_a_repeated_rematch_makes_one_rematch() -> None:
    client, edit = new_match()
    while "finale" not in client.get(edit).content.decode():
        resp = client.post(
            edit + "hand/",
            {"points_0": 0, "points_1": 120, "version": version(edit), "nonce": f"f{version(edit)}"},
        )
        assert resp.status_code == 302
    answers = taps(edit + "rematch/", {"version": version(edit), "nonce": "rematch"})
    statuses = [s for s, _b in answers]
    assert statuses == [200] * TAPS, statuses  # htmx: told where the rematch is
    assert Match.objects.filter(previous__public_id=edit.split("/")[2]).count() == 1
