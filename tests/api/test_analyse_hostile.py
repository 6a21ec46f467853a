"""Hostile bodies for /api/v1/analyse (hypothesis, the strategies of test_api_hostile): wrong
types, huge numbers, unicode, missing fields, half deals, random bytes. Every answer is JSON: a
200 with the documented fields, or a clean error with ``{"error", "message", "field"}``; never a
500."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client, override_settings
from hypothesis import given
from hypothesis import strategies as st

from rules.analysis import exact
from tests.api.test_analyse import FIELDS
from tests.api.test_api_hostile import HOSTILE, card_tokens, cards, json_values, variant_keys

hands = st.one_of(st.lists(st.lists(card_tokens, max_size=9), max_size=5), json_values)
bodies = st.fixed_dictionaries(
    {},
    optional={
        "variant": variant_keys,
        "seats": st.one_of(st.integers(1, 5), json_values),
        "options": json_values,
        "leader": st.one_of(st.integers(-2, 5), json_values),
        "hands": hands,
        "prikup": hands,
        "stock": cards,
        "dealer": st.one_of(st.integers(-1, 4), json_values),
        "plays": cards,
        "context": json_values,
    },
)
ERRORS = {400: None, 413: "body_too_large", 422: "too_complex"}


def check(resp: Any) -> None:
    assert resp["Content-Type"].startswith("application/json")
    assert resp.status_code in (200, *ERRORS), resp.content[:300]
    data = json.loads(resp.content)
    if resp.status_code == 200:
        assert set(data) == FIELDS
        return
    assert set(data) == {"error", "message", "field"}, data
    assert isinstance(data["message"], str) and data["message"]
    assert ERRORS[resp.status_code] in (None, data["error"]), data


@override_settings(KOZEL_ANALYSE_RATE=(10**6, 60), KOZEL_NODE_BUDGET=20_000)
@HOSTILE
@given(bodies)
def test_hostile_bodies_get_clean_answers(client: Client, body: dict[str, Any]) -> None:
    exact.forget()
    check(client.post("/api/v1/analyse", json.dumps(body), content_type="application/json"))


@override_settings(KOZEL_ANALYSE_RATE=(10**6, 60))
@HOSTILE
@given(st.binary(max_size=200))
def test_random_bytes_get_clean_answers(client: Client, raw: bytes) -> None:
    check(client.post("/api/v1/analyse", raw, content_type="application/json"))


def _whole_deal() -> dict[str, Any]:
    from tests.api.test_analyse import body_of
    from tests.rules.helpers import table_deal

    params, _hands = table_deal("voon-series")
    return body_of(params)


WHOLE = _whole_deal()


@override_settings(KOZEL_ANALYSE_RATE=(10**6, 60), KOZEL_NODE_BUDGET=20_000)
@HOSTILE
@given(st.permutations(WHOLE["plays"]), st.integers(0, 32), st.integers(0, 3))
def test_a_real_deal_played_in_any_order_gets_a_clean_answer(
    client: Client, order: list[str], upto: int, leader: int
) -> None:
    """The deal's own cards played in any order from any leader: a card a seat does not hold is
    a 400 naming the play; otherwise every play is judged (an illegal one priced null)."""
    exact.forget()
    body = {**WHOLE, "leader": leader, "plays": order[:upto]}
    resp = client.post("/api/v1/analyse", json.dumps(body), content_type="application/json")
    check(resp)
    data = resp.json()
    if resp.status_code == 200:
        assert len(data["plays"]) == upto
        assert all(p["cost"] is None for p in data["plays"] if not p["legal"])
    elif resp.status_code == 400:
        assert data["field"] is None or data["field"].startswith("plays[")
