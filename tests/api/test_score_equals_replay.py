"""``POST /api/v1/score`` answers what ``engine.replay`` computes (docs/api.md; docs/rules.md#variants),
on random valid matches of every variant (the strategy of tests/engine/test_conformance.py)."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client
from hypothesis import HealthCheck, given, settings

from rules import engine
from tests.engine.test_conformance import a_match


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(a_match())
def test_score_endpoint_equals_replay(m: tuple[str, dict[str, Any], list[dict[str, Any]]]) -> None:
    key, options, records = m
    kept: list[dict[str, Any]] = []
    state = engine.new_match(key, options)
    for r in records:
        if state.finished:
            break
        state = engine.score_hand(state, r)
        kept.append(r)
    resp = Client().post(
        "/api/v1/score",
        json.dumps({"variant": key, "options": options, "hands": kept}),
        content_type="application/json",
    )
    assert resp.status_code == 200, resp.content
    data = json.loads(resp.content)
    assert data["score"] == list(state.score)
    assert (data["finished"], data["winner"], data["titles"]) == (
        state.finished,
        state.winner,
        list(state.titles),
    )
    assert data["pending"] == dict(state.pending)
    assert [(h["delta"], h["score"], h["notes"], h["winner"], h["pending"]) for h in data["hands"]] == [
        (list(h.delta), list(h.score), list(h.note_codes()), h.winner, dict(h.pending)) for h in state.hands
    ]
    if kept and state.finished:
        extra = Client().post(
            "/api/v1/score",
            json.dumps({"variant": key, "options": options, "hands": [*kept, kept[-1]]}),
            content_type="application/json",
        )
        body = json.loads(extra.content)
        assert (extra.status_code, body["error"], body["field"]) == (
            400,
            "match_finished",
            f"hands[{len(kept)}]",
        )
