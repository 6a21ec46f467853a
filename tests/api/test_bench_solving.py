"""The solving clients of `make bench` (scripts/bench_solving.py): each asks for a deal no one asked
before, in a body the API takes whole, and their answers are counted by the API's own codes."""

from __future__ import annotations

import time

from django.test import Client, override_settings

from scripts.bench_solving import Solvers, deal_body, outcome
from tests.api.test_analyse import ANALYSE


@override_settings(KOZEL_NODE_BUDGET=50)
def test_each_deal_is_new_and_reaches_the_solve(client: Client) -> None:
    bodies = [deal_body(seed) for seed in range(10_000, 10_005)]
    assert len({str(b) for b in bodies}) == 5
    for body in bodies:
        resp = client.post(ANALYSE, body, content_type="application/json")
        # past the bodies' checks into the search, refused only by the tiny node budget
        assert outcome(resp.status_code, resp.content) == "422 too_complex", resp.content


@override_settings(KOZEL_NODE_BUDGET=50)
def test_the_clients_count_every_answer_by_its_code(live_server) -> None:  # type: ignore[no-untyped-def]
    solvers = Solvers(live_server.url, clients=3)
    solvers.start()
    deadline = time.monotonic() + 20
    while sum(map(len, solvers.answers.values())) < 6 and time.monotonic() < deadline:
        time.sleep(0.05)
    solvers.stop()
    assert set(solvers.answers) <= {"422 too_complex", "503 solver_busy"}, solvers.answers
    # one solve at a time in the server's process: each client is refused or answered, none fails
    assert sum(map(len, solvers.answers.values())) >= 6 and solvers.answers["422 too_complex"]
