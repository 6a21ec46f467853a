"""A solve of a web request is bounded by wall-clock time (``KOZEL_SOLVE_SECONDS``) as well as by
nodes: past the clock ``/api/v1/analyse`` answers ``503 solver_timeout`` with ``Retry-After`` and
the pages say so in a line; nothing of it is kept, while the node budget's refusal is. Real
solves of a whole shuffled classic-sixes deal from the first lead."""

from __future__ import annotations

import random

import pytest
from django.core.cache import caches
from django.test import Client, override_settings

from rules.analysis import exact
from rules.engine import resolve
from tests.api.test_analyse import ANALYSE, post
from tests.engine.test_solver import deal
from tests.rules.helpers import qs, text

FRAGMENT = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "best"}
TINY = 0.001


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    exact.forget()


def hands() -> list[list[str]]:
    """A shuffled classic-sixes deal whose first lead needs a real search (some 350,000
    positions, a fifth of a second here): far more than one look at the clock."""
    held, _prikup, _stock = deal(resolve("classic-sixes"), random.Random(3))
    return [[c.code for c in h] for h in held]


def whole_deal() -> dict[str, object]:
    return {"variant": "classic-sixes", "leader": 0, "hands": hands(), "plays": []}


def test_past_the_clock_the_api_answers_503_solver_timeout_and_keeps_nothing(client: Client) -> None:
    with override_settings(KOZEL_SOLVE_SECONDS=TINY):
        resp = client.post(ANALYSE, whole_deal(), content_type="application/json")
    assert resp.status_code == 503, resp.content
    data = resp.json()
    assert data["error"] == "solver_timeout" and data["message"]
    assert int(resp["Retry-After"]) > 0
    # the same question with the usual deadline is solved: the refusal was not kept
    status, answer = post(client, ANALYSE, whole_deal())
    assert status == 200 and answer["nodes"] > 0


@override_settings(KOZEL_NODE_BUDGET=50)
def test_past_the_node_budget_it_is_still_422_too_complex(client: Client) -> None:
    status, data = post(client, ANALYSE, whole_deal())
    assert status == 422 and data["error"] == "too_complex"


def trick_page() -> str:
    """The trick page's «Как лучше сыграть?» at the deal's first lead, every hand given."""
    query = {"variant": "classic-sixes", "leader": "0", "cards": ""}
    return "/rules/referee/?" + qs(query | {f"h{s}": " ".join(h) for s, h in enumerate(hands())}) + "&best=1"


def test_a_page_says_the_timeout_in_a_line_and_keeps_nothing(client: Client) -> None:
    with override_settings(KOZEL_SOLVE_SECONDS=TINY):
        resp = client.get(trick_page(), **FRAGMENT)
        assert resp.status_code == 200
        assert "Разбор занял слишком долго" in text(resp)
        assert len(caches["analysis"]._cache) == 0  # type: ignore[attr-defined]
        client.cookies["kozel_lang"] = "en"
        assert "The analysis took too long" in text(client.get(trick_page(), **FRAGMENT))
    resp = client.get(trick_page(), **FRAGMENT)
    assert resp.status_code == 200 and "took too long" not in text(resp)
    assert "best-moves" in resp.content.decode()


@override_settings(KOZEL_NODE_BUDGET=50)
def test_the_node_budget_s_refusal_on_a_page_is_kept() -> None:
    client = Client()
    resp = client.get(trick_page(), **FRAGMENT)
    assert resp.status_code == 200 and "слишком велика для разбора" in text(resp)
    assert len(caches["analysis"]._cache) == 1  # type: ignore[attr-defined]
