"""POST /api/v1/analyse (docs/api.md «POST /api/v1/analyse»): real requests through the Django test
client. The answer's fields exactly as documented, what they mean on positions whose answer is
known, a deal with a card's place unknown (400 ``incomplete_deal`` naming it), a position past
the node budget (422 ``too_complex`` naming it), and bad input answered as /deal answers it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client, override_settings

from rules.analysis import exact
from rules.engine import NODE_BUDGET, resolve, solver
from tests.engine.test_solver import deal
from tests.rules.helpers import ru_faces, table_deal

ANALYSE = "/api/v1/analyse"
DEAL = "/api/v1/deal"
FIELDS = {"to_move", "taken", "value", "goals", "moves", "plays", "turning_point", "nodes", "deciding"}
GOAL_NAMES = {"win", "big_win", "all_points", "all_tricks", "capture"}

HANDS = [
    ["7C", "QC", "QS", "QH", "QD", "JC", "JS", "JH"],
    ["JD", "AC", "10C", "KC", "9C", "8C", "AS", "10S"],
    ["KS", "9S", "8S", "7S", "AH", "10H", "KH", "9H"],
    ["8H", "7H", "AD", "10D", "KD", "9D", "8D", "7D"],
]
# seat 0 holds every high trump: after two tricks it takes every trick whatever the others do
TWO_TRICKS = {
    "variant": "classic-sixes",
    "leader": 0,
    "hands": HANDS,
    "plays": ["7C", "JD", "KS", "8H", "QC", "AC", "9S", "7H"],
}


@pytest.fixture(autouse=True)
def fresh_gate() -> None:
    exact.forget()


def post(client: Client, url: str, body: Any) -> tuple[int, dict[str, Any]]:
    resp = client.post(url, json.dumps(body), content_type="application/json")
    assert resp["Content-Type"].startswith("application/json")
    return resp.status_code, resp.json()


def body_of(params: dict[str, str], plays: int | None = None) -> dict[str, Any]:
    """An /analyse body from a referee query (tests.rules.helpers.table_deal), the first ``plays``."""
    n = sum(1 for k in params if k.startswith("h"))
    body: dict[str, Any] = {
        "variant": params["variant"],
        "leader": int(params["leader"]),
        "hands": [params[f"h{s}"].split() for s in range(n)],
        "plays": params["plays"].split()[:plays],
    }
    if "seats" in params:
        body["seats"] = int(params["seats"])
    if "k0" in params:
        body["prikup"] = [params[f"k{s}"].split() for s in range(n)]
    options = {k[4:]: v for k, v in params.items() if k.startswith("opt_")}
    if options:
        body["options"] = options
    return body


def test_the_answer_has_exactly_the_documented_fields(client: Client) -> None:
    status, data = post(client, ANALYSE, TWO_TRICKS)
    assert status == 200, data
    assert set(data) == FIELDS
    assert data["to_move"] == 0  # seat 0 took both tricks and leads the third
    assert data["taken"] == [20, 0]
    assert data["value"] == [120, 0]
    assert data["turning_point"] is None and data["nodes"] > 0
    assert [set(g) for g in data["goals"]] == [GOAL_NAMES, GOAL_NAMES]
    assert data["deciding"] == [dict.fromkeys(GOAL_NAMES)] * 2  # no goal given up
    assert data["goals"][0] == {
        "win": True,
        "big_win": True,
        "all_points": None,
        "all_tricks": True,
        "capture": None,
    }
    assert data["goals"][1]["win"] is False
    assert {m["card"] for m in data["moves"]} == {"QS", "QH", "QD", "JC", "JS", "JH"}
    for m in data["moves"]:
        assert set(m) == {"card", "value", "cost", "lost_goals"}
        assert m["value"] == [120, 0] and m["cost"] == 0 and m["lost_goals"] == []
    assert len(data["plays"]) == 8
    for i, p in enumerate(data["plays"]):
        assert set(p) == {"seat", "card", "legal", "cost", "lost_goals", "best"}
        assert p["card"] == TWO_TRICKS["plays"][i] and p["legal"] is True and p["cost"] == 0
        assert p["card"] in p["best"]


def test_a_finished_deal_is_worth_what_it_took_and_agrees_with_deal(client: Client) -> None:
    params, _hands = table_deal("classic-sixes")
    body = body_of(params)
    status, data = post(client, ANALYSE, body)
    assert status == 200, data
    _s, deal = post(client, DEAL, body)
    assert data["to_move"] is None and data["moves"] == []
    assert data["value"] == data["taken"] == deal["points"]
    assert [p["seat"] for p in data["plays"]] == [
        p["seat"] for t in deal["trick_results"] for p in t["plays"]
    ]
    costs = [p["cost"] for p in data["plays"]]
    assert all(isinstance(c, int) and 0 <= c <= 120 for c in costs)
    if data["turning_point"] is not None:
        tp = data["plays"][data["turning_point"]]
        assert tp["lost_goals"] and not any(p["lost_goals"] for p in data["plays"][: data["turning_point"]])


def test_from_the_first_lead_each_move_s_cost_is_its_value_below_the_best(client: Client) -> None:
    params, _hands = table_deal("yc-hvalyony")
    body = body_of(params, plays=16)  # four tricks left: quick
    status, data = post(client, ANALYSE, body)
    assert status == 200, data
    assert sum(data["value"]) == 120
    side = data["to_move"] % 2
    best = max(m["value"][side] for m in data["moves"])
    assert best == data["value"][side]  # a best card keeps the mover's entry
    for m in data["moves"]:
        assert m["cost"] == best - m["value"][side]


def test_an_illegal_play_has_no_cost_and_the_analysis_goes_on(client: Client) -> None:
    # seat 1 answers the trump lead with a spade while holding trumps: a revoke
    body = {**TWO_TRICKS, "plays": ["7C", "AS", "KS", "8H"]}
    status, data = post(client, ANALYSE, body)
    assert status == 200, data
    revoke = data["plays"][1]
    assert revoke["legal"] is False and revoke["cost"] is None
    assert data["plays"][0]["legal"] is True and data["to_move"] == 0


def test_the_trick_on_the_table_may_be_unfinished(client: Client) -> None:
    status, data = post(client, ANALYSE, {**TWO_TRICKS, "plays": ["7C", "JD"]})
    assert status == 200, data
    assert data["to_move"] == 2 and len(data["plays"]) == 2
    assert {m["card"] for m in data["moves"]} == {"KS", "9S", "8S", "7S", "AH", "10H", "KH", "9H"}


def test_a_duel_needs_its_prikup_and_a_missing_card_is_named(client: Client) -> None:
    params, _hands = table_deal("yc-duel")
    body = body_of(params, plays=0)
    del body["prikup"]
    status, data = post(client, ANALYSE, body)
    assert status == 400 and data["error"] == "incomplete_deal", data
    prikup_cards = params["k0"].split() + params["k1"].split()
    assert len(prikup_cards) == 16
    assert all(face in data["message"] for face in ru_faces(" ".join(prikup_cards)).split())
    assert set(data) == {"error", "message", "field"}
    body = {**TWO_TRICKS, "hands": [HANDS[0], HANDS[1], HANDS[2], HANDS[3][:-1]], "plays": []}
    status, data = post(client, ANALYSE, body)
    assert status == 400 and data["error"] == "incomplete_deal", data
    assert "7♦" in data["message"]  # the card whose place is not given, as a player writes it


def test_draw_four_without_its_stock_is_incomplete(client: Client) -> None:
    body = {
        "variant": "draw-four",
        "leader": 0,
        "hands": [
            ["AH", "10H", "KH", "QH"],
            ["AS", "10S", "KS", "QS"],
            ["AC", "10C", "KC", "QC"],
            ["AD", "10D", "KD", "QD"],
        ],
        "plays": [],
    }
    status, data = post(client, ANALYSE, body)
    assert status == 400 and data["error"] == "incomplete_deal", data


@pytest.mark.skipif(solver.COMPILED is None, reason="the compiled search is not built")
def test_a_whole_deal_of_draw_four_with_its_stock(client: Client) -> None:
    """From the first lead, the stock in drawing order: the compiled multi-card search answers
    within the budget, each play a list of codes."""
    rs = resolve("draw-four")
    hands, _, stock = deal(rs, random.Random(5))
    body = {
        "variant": "draw-four",
        "leader": 0,
        "hands": [[c.code for c in h] for h in hands],
        "stock": [c.code for c in stock],
        "plays": [],
    }
    status, data = post(client, ANALYSE, body)
    assert status == 200, data
    assert set(data) == FIELDS and data["to_move"] == 0 and data["taken"] == [0, 0]
    assert sum(data["value"]) == 120 and data["nodes"] > 0
    assert all(isinstance(m["card"], list) and m["card"] for m in data["moves"])
    # the leader's side gets the best of its plays, and each play's cost is its shortfall
    best = max(m["value"][0] for m in data["moves"])
    assert data["value"][0] == best
    assert all(m["cost"] == best - m["value"][0] for m in data["moves"])


@override_settings(KOZEL_NODE_BUDGET=50)
def test_a_position_past_the_budget_is_422_naming_it(client: Client) -> None:
    params, _hands = table_deal("classic-sixes")
    status, data = post(client, ANALYSE, body_of(params, plays=0))
    assert status == 422, data
    assert data["error"] == "too_complex" and "50" in data["message"]
    assert set(data) == {"error", "message", "field"}


def test_the_default_budget_is_the_engine_s() -> None:
    assert exact.budget() == NODE_BUDGET


BAD_BODIES = [
    ("unknown-variant", {**TWO_TRICKS, "variant": "no-such-game"}),
    ("no-hands", {k: v for k, v in TWO_TRICKS.items() if k != "hands"}),
    ("no-plays", {k: v for k, v in TWO_TRICKS.items() if k != "plays"}),
    ("bad-leader", {**TWO_TRICKS, "leader": 7}),
    ("bad-card", {**TWO_TRICKS, "plays": ["7C", "XX"]}),
    ("card-twice", {**TWO_TRICKS, "hands": [HANDS[0], HANDS[0], HANDS[2], HANDS[3]]}),
    ("not-in-hand", {**TWO_TRICKS, "plays": ["7C", "KS"]}),
    ("played-twice", {**TWO_TRICKS, "plays": ["7C", "JD", "KS", "8H", "7C", "AC", "9S", "7H"]}),
    ("hands-not-a-list", {**TWO_TRICKS, "hands": "7C QC"}),
    ("too-many-plays", {**TWO_TRICKS, "plays": ["7C"] * 201}),
    ("solo-without-seats", {"variant": "solo-twelve", "leader": 0, "hands": HANDS[:3], "plays": []}),
]


@pytest.mark.parametrize("body", [b for _i, b in BAD_BODIES], ids=[i for i, _b in BAD_BODIES])
def test_bad_input_is_answered_as_deal_answers_it(client: Client, body: dict[str, Any]) -> None:
    status, data = post(client, ANALYSE, body)
    deal_status, deal = post(client, DEAL, body)
    assert status == deal_status == 400, (data, deal)
    assert (data["error"], data["field"]) == (deal["error"], deal["field"])
    assert set(data) == {"error", "message", "field"} and data["message"]


def test_bad_json_a_large_body_and_get_are_refused_cleanly(client: Client) -> None:
    resp = client.post(ANALYSE, "{not json", content_type="application/json")
    assert resp.status_code == 400 and resp.json()["error"] == "bad_json"
    resp = client.post(ANALYSE, json.dumps({"pad": "x" * 70_000}), content_type="application/json")
    assert resp.status_code == 413 and resp.json()["error"] == "body_too_large"
    assert client.get(ANALYSE).status_code == 405


def test_each_side_s_deciding_play_is_its_last_loss_of_a_goal_for_good(client: Client) -> None:
    """61 lost in trick 1, given back in trick 2 and lost again in trick 5: the deciding play is
    the loss in trick 5, where the turning point is the one in trick 1."""
    from tests.engine.test_deciding import HANDS as LOST_AGAIN_HANDS
    from tests.engine.test_deciding import LEADER, LOST_AGAIN, PLAYS

    body = {"variant": "classic-sixes", "leader": LEADER, "hands": [h.split() for h in LOST_AGAIN_HANDS]}
    status, data = post(client, ANALYSE, {**body, "plays": PLAYS})
    assert status == 200, data
    assert data["turning_point"] == 0
    assert [set(d) for d in data["deciding"]] == [set(g) for g in data["goals"]]
    assert data["deciding"][1] == {
        "win": LOST_AGAIN,
        "big_win": None,
        "all_points": None,
        "all_tricks": None,
        "capture": None,
    }
    assert data["deciding"][0]["win"] is None  # lost in trick 2, made all the same
