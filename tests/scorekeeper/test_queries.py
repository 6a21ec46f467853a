"""SQL queries per page are constant in the number of hands; `make bench` shows them)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

# Indexed lookups, never one per hand. A page: the match, then its latest lines and the chart's
# scores in one query. A write: the match, the lock, whether the nonce is spent (after the lock:
# services.snapshots.lock), the entry, the line, the snapshot, then the page's lines; here inside
# a savepoint (two statements) as the test runs in a transaction.
MAX_QUERIES = 9


def match_with(client: Client, hands: int) -> tuple[str, str]:
    client.get("/m/new/")
    resp = client.post(
        "/m/new/", {"variant": "penalty-goats", "team_0": "A", "team_1": "B", "first_dealer": "0"}
    )
    edit = resp["Location"]
    for i in range(hands):
        pts = [70, 50] if i % 8 == 0 else [45, 75] if i % 8 == 4 else [60, 60]
        r = client.post(
            edit + "hand/", {"points_0": pts[0], "points_1": pts[1], "version": i, "nonce": f"q{i}"}
        )
        assert r.status_code == 302, r.status_code
    return f"/m/{edit.split('/')[2]}/", edit


def count(client: Client, method: str, path: str, **kw: object) -> int:
    with CaptureQueriesContext(connection) as ctx:
        resp = getattr(client, method)(path, **kw)
    assert resp.status_code < 400, (path, resp.status_code)
    return len(ctx.captured_queries)


def pages(client: Client, view: str, edit: str, hands: int) -> dict[str, int]:
    htmx = {"HTTP_HX_REQUEST": "true"}
    return {
        "match page": count(client, "get", edit),
        "match fragment (htmx)": count(client, "get", edit, **htmx),
        "view page": count(client, "get", view),
        "view poll unchanged (htmx)": count(client, "get", f"{view}?v={hands}", **htmx),
        "view poll changed (htmx)": count(client, "get", f"{view}?v=0", **htmx),
        "history": count(client, "get", edit + "history/"),
        "edit a hand form": count(client, "get", edit + "hand/1/"),
        "export.json": count(client, "get", view + "export.json"),
        "record a hand (htmx)": count(
            client,
            "post",
            edit + "hand/",
            data={"points_0": 60, "points_1": 60, "version": hands, "nonce": "count"},
            **htmx,
        ),
    }


def test_queries_per_page_do_not_grow_with_the_hands(client: Client) -> None:
    few = pages(client, *match_with(client, 1), hands=1)
    many = pages(client, *match_with(client, 40), hands=40)
    assert many == few
    assert max(many.values()) <= MAX_QUERIES, many
