"""/api/v1/analyse's gate (rules.analysis.gate): one solve at a time per worker process (a second
is refused at once with 503 and Retry-After), a few solves per client a window (429, counted by
django-ratelimit in the limits' cache, which the suite turns off: these tests turn it on), and
the refusals are JSON like every other error."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client, override_settings

from rules.analysis import exact, gate
from rules.engine import solver as engine_solver

ANALYSE = "/api/v1/analyse"

# the last two tricks of a classic-sixes deal: small enough to solve at once
ENDGAME = {
    "variant": "classic-sixes",
    "leader": 0,
    "hands": [
        ["7C", "QC", "QS", "QH", "QD", "JC", "JS", "JH"],
        ["JD", "AC", "10C", "KC", "9C", "8C", "AS", "10S"],
        ["KS", "9S", "8S", "7S", "AH", "10H", "KH", "9H"],
        ["8H", "7H", "AD", "10D", "KD", "9D", "8D", "7D"],
    ],
    "plays": ["7C", "JD", "KS", "8H", "QC", "AC", "9S", "7H", "QS", "10C", "8S", "AD"],
}


@pytest.fixture(autouse=True)
def fresh_counts() -> None:
    exact.forget()


@pytest.fixture
def limits_on(settings: Any, db: None) -> Iterator[Any]:
    """The limits on, their counts (a table of the database) from none."""
    settings.RATELIMIT_ENABLE = True
    caches["ratelimit"].clear()
    yield settings
    caches["ratelimit"].clear()


def post(client: Client, body: Any, **extra: Any) -> Any:
    return client.post(ANALYSE, json.dumps(body), content_type="application/json", **extra)


def test_a_second_solve_while_one_runs_is_refused_at_once_with_retry_after(client: Client) -> None:
    with gate.one_solve():  # a solve holding this worker
        started = time.monotonic()
        resp = post(client, ENDGAME)
        assert time.monotonic() - started < 1, "refused at once, never queued"
    assert resp.status_code == 503
    assert resp["Content-Type"].startswith("application/json")
    assert int(resp["Retry-After"]) >= 1
    data = resp.json()
    assert data["error"] == "solver_busy" and data["message"] and data["field"] is None
    assert post(client, ENDGAME).status_code == 200  # the worker is free again


# a solo-twelve deal at two whose whole analysis from the first lead takes a second or two of
# the compiled search, well within the node budget (scripts/bench_analyse.py's deal of seed 5)
LONG_DEAL = {
    "variant": "solo-twelve",
    "seats": 2,
    "leader": 0,
    "hands": [
        "JC JS 7D 9C JD 9S 9H 10D QH 8S 10H 7S KC 8H QS AS".split(),
        "QD 10C QC 8C AC KS 7C AD JH KD 9D KH 8D 10S AH 7H".split(),
    ],
    "plays": [],
}


def test_two_real_concurrent_solves_the_second_is_refused() -> None:
    """Two real requests at once in one process: while the first solves a whole deal from the
    first lead (a second or two), the second is refused with 503; the first is answered. The
    first holds the gate once, so when it is still solving after the second was answered, it
    held the gate all along; a run where a loaded machine let the first end sooner says nothing
    and is tried again."""
    for _attempt in range(5):
        exact.forget()
        statuses: dict[str, int] = {}

        def first(statuses: dict[str, int] = statuses) -> None:
            statuses["first"] = post(Client(), LONG_DEAL).status_code

        solver = threading.Thread(target=first)
        solver.start()
        deadline = time.monotonic() + 10
        while not gate.busy() and time.monotonic() < deadline:
            time.sleep(0.001)
        assert gate.busy(), "the first request should be solving"
        statuses["second"] = post(Client(), ENDGAME).status_code
        overlapped = solver.is_alive() and gate.busy()
        solver.join(60)
        # the pure search, where nothing is compiled, runs out of its share of the budget: 422
        assert statuses["first"] == (200 if engine_solver.COMPILED else 422)
        if overlapped:
            assert statuses["second"] == 503
            return
    pytest.fail("the first solve never outlasted the second request")


@override_settings(KOZEL_ANALYSE_RATE=(3, 60))
def test_a_client_past_its_allowance_gets_429_and_others_do_not(client: Client, limits_on: Any) -> None:
    for _ in range(3):
        assert post(client, ENDGAME).status_code == 200
    resp = post(client, ENDGAME)
    assert resp.status_code == 429
    assert 1 <= int(resp["Retry-After"]) <= 60
    data = resp.json()
    assert data["error"] == "rate_limited" and str(resp["Retry-After"]) in data["message"]
    other = post(client, ENDGAME, REMOTE_ADDR="10.0.0.7")  # another client still may
    assert other.status_code == 200


@override_settings(KOZEL_ANALYSE_RATE=(1, 60), CLIENT_IP_HEADER="X-Forwarded-For")
def test_behind_a_proxy_the_client_is_the_address_it_adds(client: Client, limits_on: Any) -> None:
    assert post(client, ENDGAME, HTTP_X_FORWARDED_FOR="10.1.1.1, 198.51.100.1").status_code == 200
    assert post(client, ENDGAME, HTTP_X_FORWARDED_FOR="10.1.1.2, 198.51.100.1").status_code == 429
    assert post(client, ENDGAME, HTTP_X_FORWARDED_FOR="198.51.100.2").status_code == 200
    # one IPv6 household (a /64) is one client
    assert post(client, ENDGAME, REMOTE_ADDR="2001:db8:1:2::5").status_code == 200
    assert post(client, ENDGAME, REMOTE_ADDR="2001:db8:1:2::6").status_code == 429


@override_settings(KOZEL_ANALYSE_RATE=(1, 60))
def test_a_refusal_for_a_busy_worker_is_not_counted(client: Client, limits_on: Any) -> None:
    with gate.one_solve():
        assert post(client, ENDGAME).status_code == 503
    assert post(client, ENDGAME).status_code == 200
    assert post(client, ENDGAME).status_code == 429


def test_a_count_that_cannot_be_kept_lets_the_solve_through(
    client: Client, limits_on: Any, caplog: Any
) -> None:
    """The limits' cache down (a Redis nobody answers on): the solves go on, logged, as a
    creation does (common.limits)."""
    from common import caches as soft
    from kozel_site.settings import redis_cache
    from tests.servers import free_port

    limits_on.CACHES = {
        **limits_on.CACHES,
        "ratelimit": redis_cache("ratelimit", f"redis://127.0.0.1:{free_port()}/0"),
    }
    limits_on.KOZEL_ANALYSE_RATE = (1, 60)
    soft._rest_until.clear()
    try:
        assert [post(client, ENDGAME).status_code for _ in range(3)] == [200, 200, 200]
    finally:
        soft._rest_until.clear()
    assert "the analysis limit could not count" in caplog.text
