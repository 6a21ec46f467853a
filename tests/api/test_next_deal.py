"""``/api/v1/score`` answers the next deal as ``next`` (docs/api.md «POST /api/v1/score»)."""

from __future__ import annotations

import json

import pytest

KEYS = {"dealer", "leader", "leader_team", "lead_rule", "trump_suit"}


def _score(client, body):
    resp = client.post("/api/v1/score", json.dumps(body), content_type="application/json")
    assert resp.status_code == 200, resp.content
    return resp.json()


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            {"variant": "classic-sixes", "hands": [{"points": [30, 90]}]},
            {
                "dealer": 1,
                "leader": None,
                "leader_team": 1,
                "lead_rule": "winners_choose",
                "trump_suit": None,
            },
        ),
        (
            {"variant": "classic-sixes", "hands": []},
            {
                "dealer": 0,
                "leader": None,
                "leader_team": None,
                "lead_rule": "lowest_trump_holder",
                "trump_suit": None,
            },
        ),
        (
            {"variant": "yc-hvalyony", "hands": [{"points": [70, 50]}]},
            {"dealer": 1, "leader": None, "leader_team": None, "lead_rule": "jc_holder", "trump_suit": None},
        ),
        (
            {"variant": "yc-duel", "hands": [{"points": [70, 50], "last_suit": "H"}]},
            {"dealer": 1, "leader": 0, "leader_team": None, "lead_rule": "left_of_dealer", "trump_suit": "H"},
        ),
        (
            {"variant": "solo-twelve", "seats": 3, "dealer": 2, "hands": [{"points": [20, 70, 30]}]},
            {
                "dealer": 0,
                "leader": 1,
                "leader_team": None,
                "lead_rule": "left_of_dealer",
                "trump_suit": None,
            },
        ),
    ],
    ids=["winners", "lowest-trump", "hvalyony", "duel", "solo"],
)
def test_next_is_the_deal_after_the_records(client, body, expected):
    answer = _score(client, body)
    assert set(answer["next"]) == KEYS
    assert answer["next"] == expected


def test_next_is_null_once_the_match_is_over(client):
    answer = _score(client, {"variant": "yc-hvalyony", "hands": [{"points": [0, 120], "all_tricks": True}]})
    assert answer["finished"] and answer["next"] is None
