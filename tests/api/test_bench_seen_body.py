"""The review `make bench-seen` asks beside the edit link (scripts/bench_seen_http.py): a whole
played deal whose first lead is judged, in a body the analysis API takes."""

from __future__ import annotations

from django.test import Client

from scripts.bench_seen_http import _first_lead_review
from tests.api.test_analyse import ANALYSE


def test_the_bench_asks_about_a_whole_deal_the_api_takes(client: Client) -> None:
    body = _first_lead_review()
    assert len(body["plays"]) == 32 and body["judge"] == [0]
    resp = client.post(
        ANALYSE, {k: v for k, v in body.items() if k != "judge"}, content_type="application/json"
    )
    assert resp.status_code == 200, resp.content
    assert resp.json()["to_move"] is None
