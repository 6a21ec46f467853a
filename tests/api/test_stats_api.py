"""``POST /api/v1/stats`` (docs/api.md): a company's figures over the matches given;
bad input is a 400 naming the field, in the style of the other endpoints, never a 500."""

from __future__ import annotations

import inspect
import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import engine
from rules.api import stats as api_stats
from rules.api.http import MAX_BODY, BadRequest
from rules.stats import MatchInput, figures, read_all
from tests.api.test_api_hostile import json_values, records
from tests.stats.strategies import histories

WIN = [{"points": [100, 20]}] * 3


def post(client: Client, body: Any) -> tuple[int, Any]:
    raw = body if isinstance(body, (str, bytes)) else json.dumps(body)
    resp = client.post("/api/v1/stats", raw, content_type="application/json")
    return resp.status_code, resp.json()


def team(players: list[str | None], hands: list[dict[str, Any]] = WIN, **kw: Any) -> dict[str, Any]:
    return {"variant": "classic-sixes", "players": players, "hands": hands, **kw}


def test_the_answer_has_every_player_and_pair(client: Client) -> None:
    status, data = post(
        client, {"matches": [team(["A", "B", "C", "D"]), team(["A", "B", "C", "D"], WIN[:1])]}
    )
    assert status == 200, data
    assert data["matches"] == 1  # the second is not finished
    by_name = {p["name"]: p for p in data["players"]}
    assert [p["name"] for p in data["players"]] == ["A", "C", "B", "D"]  # the best rating first
    a = by_name["A"]
    assert {k: a[k] for k in ("matches", "won", "lost", "goat", "hands", "hands_won", "eggs")} == {
        "matches": 1,
        "won": 1,
        "lost": 0,
        "goat": 0,
        "hands": 3,
        "hands_won": 3,
        "eggs": 0,
    }
    assert by_name["B"]["goat"] == 1 and by_name["B"]["beaten_most_by"] == ["A", "C"]
    assert a["best_partner"] == "C"
    r = a["rating"]
    assert set(r) == {"mu", "sigma", "ordinal"} and r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"])
    assert r["mu"] > 25 > by_name["B"]["rating"]["mu"]
    assert data["pairs"] == [
        {"players": ["A", "C"], "matches": 1, "won": 1},
        {"players": ["B", "D"], "matches": 1, "won": 0},
    ]


def test_a_blind_seat_is_null_and_its_side_one_player(client: Client) -> None:
    status, data = post(client, {"matches": [team(["A", "B", None, "D"], options={"blind_seat": "2"})]})
    assert status == 200, data
    assert {p["name"] for p in data["players"]} == {"A", "B", "D"}
    assert data["pairs"] == [{"players": ["B", "D"], "matches": 1, "won": 0}]


def test_solo_tables_take_seats_and_the_first_dealer(client: Client) -> None:
    hands = [{"points": [70, 25, 25]}] * 7
    m = {"variant": "solo-twelve", "seats": 3, "dealer": 0, "players": ["A", "B", "C"], "hands": hands}
    status, data = post(client, {"matches": [m]})
    assert status == 200, data
    assert [(p["name"], p["won"], p["goat"]) for p in data["players"]] == [
        ("A", 1, 0),
        ("B", 0, 1),
        ("C", 0, 1),
    ]
    assert data["pairs"] == []


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({}, "missing_field", "matches"),
        ({"matches": {}}, "bad_type", "matches"),
        ({"matches": [team(["A", "B", "C"])]}, "bad_players", "matches[0].players"),
        ({"matches": [team(["A"] * 9)]}, "too_many", "matches[0].players"),
        (
            {"matches": [team(["A", "B", "C", "D"]), team(["A", "B", "C", None])]},
            "bad_player_name",
            "matches[1].players[3]",
        ),
        (
            {"matches": [team(["A", "B", "C", "D"], options={"blind_seat": "1"})]},
            "blind_seat_player",
            "matches[0].players[1]",
        ),
        ({"matches": [team(["A", "B", "A", "D"])]}, "duplicate_player", "matches[0].players[2]"),
        (
            {"matches": [team(["A", "B", "C", "D"], [{"points": [72, 50]}])]},
            "points_sum",
            "matches[0].hands[0].points",
        ),
        ({"matches": [team(["A", "B", "C", "D"], WIN * 2)]}, "match_finished", "matches[0].hands[3]"),
        ({"matches": [{"players": ["A"], "hands": []}]}, "missing_field", "matches[0].variant"),
        (
            {"matches": [team(["A", "B", "C", "D"], options={"x": 1})]},
            "unknown_option",
            "matches[0].options.x",
        ),
        ({"matches": [{**team(["A", "B", "C", "D"]), "when": 1}]}, "unknown_field", "matches[0].when"),
        (
            {"matches": [{"variant": "solo-twelve", "players": ["A", "B"], "hands": []}]},
            "missing_field",
            "matches[0].seats",
        ),
        (
            {
                "matches": [
                    {
                        "variant": "solo-twelve",
                        "seats": 2,
                        "players": ["A", "B"],
                        "hands": [{"points": [70, 50]}],
                    }
                ]
            },
            "dealer_required",
            "matches[0].hands[0].dealer",
        ),
        ({"matches": [team(["A", "B", "C", "D"], dealer=4)]}, "bad_seat", "matches[0].dealer"),
        ({"matches": [[]]}, "bad_type", "matches[0]"),
        ({"matches": [team(["A", "B", "C", "D"])] * 501}, "too_many", "matches"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_bad_bodies_name_the_field(client: Client, body: Any, code: str, field: str) -> None:
    status, data = post(client, body)
    assert (status, data["error"], data["field"]) == (400, code, field), data
    assert data["message"] and data["message"] != code  # a sentence, translated


def test_the_body_limit_is_its_own_two_megabytes(client: Client) -> None:
    many = {
        "matches": [team([f"P{i % 7}", f"Q{i % 5}", f"R{i % 3}", "S"], WIN + WIN[:0]) for i in range(500)]
    }
    raw = json.dumps(many)
    assert MAX_BODY < len(raw) < api_stats.MAX_STATS_BODY  # too big for /score, fine here
    status, data = post(client, raw)
    assert status == 200 and data["matches"] == 500
    status, data = post(client, '{"matches": [], "pad": "' + "x" * api_stats.MAX_STATS_BODY + '"}')
    assert (status, data["error"]) == (413, "body_too_large")
    assert str(api_stats.MAX_STATS_BODY) in data["message"].replace("\xa0", "").replace(" ", "")


def test_only_post(client: Client) -> None:
    assert client.get("/api/v1/stats").status_code == 405


match_bodies = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.one_of(st.sampled_from(sorted(engine.ALL_VARIANTS)), json_values),
        "options": json_values,
        "seats": st.one_of(st.integers(1, 5), json_values),
        "dealer": st.one_of(st.integers(-1, 4), json_values),
        "players": st.one_of(
            st.lists(st.one_of(st.sampled_from(["A", "B", "C", "D"]), json_values), max_size=5), json_values
        ),
        "hands": st.one_of(st.lists(records, max_size=6), json_values),
    },
)


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.one_of(st.fixed_dictionaries({"matches": st.lists(match_bodies, max_size=3)}), json_values))
def test_hostile_bodies_get_clean_answers(client: Client, body: Any) -> None:
    expected: tuple[int, str | None] = (200, None)
    if not isinstance(body, dict):
        expected = (400, "bad_json")
    else:
        try:
            inspect.unwrap(api_stats.stats)(body)
        except (BadRequest, engine.KozelError) as e:
            expected = (400, e.code)
    status, data = post(client, body)
    assert (status, data.get("error")) == expected, data
    if status != 200:
        assert set(data) == {"error", "message", "field"}


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(histories(max_size=6))
def test_the_answer_is_the_figures_the_pages_use(client: Client, history: list[MatchInput]) -> None:
    body = {
        "matches": [
            {
                "variant": m.variant,
                "options": m.options,
                "seats": m.seats,
                "dealer": m.dealer,
                "players": list(m.players),
                "hands": list(m.hands),
            }
            for m in history
        ]
    }
    status, data = post(client, body)
    assert status == 200, data
    expected = json.loads(json.dumps(api_stats.answer(figures(history)), ensure_ascii=False))
    assert data == expected
    assert data["matches"] == sum(o.finished for o in read_all(history))
