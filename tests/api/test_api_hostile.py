"""Hostile API bodies (hypothesis): wrong types, huge numbers, unicode, missing fields, unknown
variants. Every answer is the one status its body calls for: 200, or a clean 4xx with ``{"error", "message",
"field"}`` naming the error; never a 500."""

from __future__ import annotations

import inspect
import json
from typing import Any

from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import engine
from rules.api import views as api
from rules.api.http import MAX_BODY, BadRequest

HOSTILE = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

huge_ints = st.one_of(
    st.integers(),
    st.integers(min_value=10**18, max_value=10**60),
    st.integers(min_value=-(10**60), max_value=-(10**18)),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    huge_ints,
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["", "AH", "10♥", "Д♠", "6C", "XX", "\u202e", "🂡"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=25,
)

variant_keys = st.one_of(st.sampled_from(sorted(engine.VARIANTS)), json_values)
card_tokens = st.one_of(st.sampled_from([c.code for c in engine.ALL_CARDS]), scalars)
cards = st.one_of(
    st.lists(card_tokens, min_size=0, max_size=6),
    st.lists(st.lists(card_tokens, max_size=3), max_size=5),
    json_values,
)
records = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "points": st.one_of(
                st.lists(huge_ints, max_size=3),
                st.tuples(st.integers(0, 120), st.integers(0, 120)),
                json_values,
            ),
            "all_tricks": st.one_of(st.booleans(), json_values),
            "obyaz": st.one_of(st.integers(-1, 2), json_values),
            "queen_capture": st.one_of(st.integers(-1, 2), json_values),
            "penalty": st.one_of(
                st.fixed_dictionaries(
                    {"kind": st.sampled_from(["misdeal", "cheating", "x"]), "against": st.integers(-1, 2)}
                ),
                json_values,
            ),
            "hvalyonka": st.one_of(st.booleans(), json_values),
            "note": st.text(max_size=600),
        },
    ),
    json_values,
)

trick_bodies = st.fixed_dictionaries(
    {},
    optional={
        "variant": variant_keys,
        "leader": st.one_of(st.integers(-2, 5), json_values),
        "cards": cards,
        "options": json_values,
        "hands": st.one_of(st.lists(cards, max_size=5), json_values),
        "context": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "hand_number": huge_ints,
                    "score": json_values,
                    "first_leader": json_values,
                    "led_suits": json_values,
                },
            ),
            json_values,
        ),
        "extra": json_values,
    },
)
deal_bodies = st.fixed_dictionaries(
    {},
    optional={
        "variant": variant_keys,
        "leader": st.one_of(st.integers(-2, 5), json_values),
        "hands": st.one_of(st.lists(st.lists(card_tokens, max_size=9), max_size=5), json_values),
        "plays": cards,
        "stock": cards,
        "context": json_values,
    },
)
score_bodies = st.fixed_dictionaries(
    {},
    optional={
        "variant": variant_keys,
        "options": json_values,
        "hands": st.one_of(st.lists(records, max_size=8), json_values),
    },
)

ENDPOINTS = st.one_of(
    st.tuples(st.just("/api/v1/trick"), trick_bodies),
    st.tuples(st.just("/api/v1/deal"), deal_bodies),
    st.tuples(st.just("/api/v1/score"), score_bodies),
    st.tuples(st.sampled_from(["/api/v1/trick", "/api/v1/deal", "/api/v1/score"]), json_values),
)


VIEWS = {"/api/v1/trick": api.trick, "/api/v1/deal": api.deal, "/api/v1/score": api.score}


def expected_answer(url: str, raw: bytes) -> tuple[int, str | None]:
    """The one right status (and error code) for ``raw`` posted to ``url``, worked out from the
    body itself: over the size limit 413; not a UTF-8 JSON object 400 ``bad_json``; else what the
    endpoint's own computation (the function under its HTTP wrapper) says of it: 200 when it
    answers, 400 with the code of the error it raises."""
    if len(raw) > MAX_BODY:
        return 413, "body_too_large"
    try:
        body = json.loads(raw.decode("utf-8") or "null")
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except (UnicodeDecodeError, UnicodeEncodeError, ValueError, RecursionError):
        return 400, "bad_json"
    if not isinstance(body, dict):
        return 400, "bad_json"
    try:
        inspect.unwrap(VIEWS[url])(body)
    except (BadRequest, engine.KozelError) as e:
        return 400, e.code
    except RecursionError:
        return 400, "bad_json"
    return 200, None


def check_answer(url: str, raw: bytes, resp: Any) -> None:
    status, code = expected_answer(url, raw)
    assert resp.status_code == status, (status, code, resp.content[:300])
    data = json.loads(resp.content)
    if status != 200:
        assert set(data) == {"error", "message", "field"}, data
        assert data["error"] == code, (code, data)
        assert isinstance(data["message"], str) and data["message"]
        assert data["field"] is None or isinstance(data["field"], str)


@HOSTILE
@given(ENDPOINTS)
def test_hostile_json_bodies_get_clean_answers(client: Client, case: tuple[str, Any]) -> None:
    url, body = case
    raw = json.dumps(body).encode("utf-8")
    check_answer(url, raw, client.post(url, raw, content_type="application/json"))


@HOSTILE
@given(st.sampled_from(["/api/v1/trick", "/api/v1/deal", "/api/v1/score"]), st.binary(max_size=200))
def test_random_bytes_get_clean_answers(client: Client, url: str, raw: bytes) -> None:
    check_answer(url, raw, client.post(url, raw, content_type="application/json"))
