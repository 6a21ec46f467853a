"""The JSON API for the short-handed and individual tables (docs/api.md): seat counts,
sides, the blind seat, the prikup, the dealer, and bad input naming the field."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client

from rules import engine
from rules.engine.tricks import legal_cards

TRICK = "/api/v1/trick"
DEAL = "/api/v1/deal"
SCORE = "/api/v1/score"


def post(client: Client, url: str, body: Any) -> tuple[int, dict[str, Any]]:
    resp = client.post(url, json.dumps(body), content_type="application/json")
    return resp.status_code, json.loads(resp.content)


def test_variants_give_seats_sides_and_the_table_options(client: Client) -> None:
    data = json.loads(client.get("/api/v1/variants").content)["variants"]
    by_key = {v["key"]: v for v in data}
    assert set(by_key) == set(engine.ALL_VARIANTS)
    for key in engine.VARIANTS:
        v = by_key[key]
        assert (v["seats"], v["sides"]) == ([4], [2])
        blind = next(o for o in v["options"] if o["key"] == "blind_seat")
        assert blind["default"] == "none" and blind["choices"] == ["none", "0", "1", "2", "3"]
    assert (by_key["yc-duel"]["seats"], by_key["yc-duel"]["sides"]) == ([2], [2])
    solo = by_key["solo-twelve"]
    assert (solo["seats"], solo["sides"]) == ([2, 3, 4], [2, 3, 4])
    queen = next(o for o in solo["options"] if o["key"] == "spades_queen")
    assert queen["seats"] == [3] and queen["default"] is False
    assert not any(o["key"] == "blind_seat" for o in solo["options"] + by_key["yc-duel"]["options"])


TRICKS = [
    # id, body, winner, team, points
    ("one-on-one/trick", {"variant": "yc-duel", "leader": 0, "cards": ["AH", "8C"]}, 1, 1, 11),
    (
        "one-on-one/trick-spades",
        {
            "variant": "yc-duel",
            "seats": 2,
            "options": {"trump_suit": "S"},
            "leader": 1,
            "cards": ["AC", "8S"],
        },
        0,
        0,
        11,
    ),
    (
        "each-for-himself/trick-two",
        {"variant": "solo-twelve", "seats": 2, "leader": 1, "cards": ["KS", "AS"]},
        0,
        0,
        15,
    ),
    (
        "each-for-himself/trick-three",
        {"variant": "solo-twelve", "seats": 3, "leader": 2, "cards": ["AH", "10H", "7C"]},
        1,
        1,
        21,
    ),
    (
        "each-for-himself/trick-four",
        {"variant": "solo-twelve", "seats": 4, "leader": 3, "cards": ["9H", "QH", "KH", "JD"]},
        2,
        2,
        9,
    ),
    (
        "blind-seat/none",
        {
            "variant": "classic-sixes",
            "options": {"blind_seat": None},
            "leader": 0,
            "cards": ["AH", "KH", "7C", "10H"],
        },
        2,
        0,
        25,
    ),
]


@pytest.mark.parametrize(
    ("body", "winner", "team", "points"), [r[1:] for r in TRICKS], ids=[r[0] for r in TRICKS]
)
def test_tricks_at_every_table(
    client: Client, body: dict[str, Any], winner: int, team: int, points: int
) -> None:
    status, data = post(client, TRICK, body)
    assert status == 200, data
    assert (data["winner"], data["team"], data["points"]) == (winner, team, points)
    assert len(data["plays"]) == len(body["cards"])


def test_the_blind_seat_is_always_legal(client: Client) -> None:
    hands = [None, None, ["KH", "8C", "9S", "9D", "10S", "KD", "JD", "7S"], None]
    body = {"variant": "classic-sixes", "leader": 0, "cards": ["AH", "KS", "8C", "10H"], "hands": hands}
    status, plain = post(client, TRICK, body)
    assert status == 200 and plain["plays"][2]["legal"] is False
    status, blind = post(client, TRICK, {**body, "options": {"blind_seat": 2}})
    assert status == 200
    play = blind["plays"][2]
    assert (play["legal"], play["reason"]) == (True, "blind_seat") and play["message"]
    assert (blind["winner"], blind["team"], blind["points"]) == (
        plain["winner"],
        plain["team"],
        plain["points"],
    )


ERRORS = [
    # id, url, body, code, field
    (
        "seats-missing",
        TRICK,
        {"variant": "solo-twelve", "leader": 0, "cards": ["AH", "KH", "7C"]},
        "missing_field",
        "seats",
    ),
    (
        "seats-wrong",
        TRICK,
        {"variant": "yc-duel", "seats": 3, "leader": 0, "cards": ["AH", "KH", "7C"]},
        "bad_seats",
        "seats",
    ),
    (
        "seats-not-a-number",
        TRICK,
        {"variant": "solo-twelve", "seats": "3", "leader": 0, "cards": ["AH"]},
        "bad_seats",
        "seats",
    ),
    (
        "seats-team-game",
        TRICK,
        {"variant": "classic-sixes", "seats": 3, "leader": 0, "cards": ["AH"]},
        "bad_seats",
        "seats",
    ),
    (
        "cards-too-many",
        TRICK,
        {"variant": "solo-twelve", "seats": 3, "leader": 0, "cards": ["AH", "KH", "7C", "8C"]},
        "wrong_trick_size",
        "cards",
    ),
    (
        "cards-too-few",
        TRICK,
        {"variant": "yc-duel", "leader": 0, "cards": ["AH"]},
        "wrong_trick_size",
        "cards",
    ),
    (
        "leader-off-the-table",
        TRICK,
        {"variant": "yc-duel", "leader": 2, "cards": ["AH", "KH"]},
        "bad_seat",
        "leader",
    ),
    (
        "hands-wrong-length",
        TRICK,
        {"variant": "yc-duel", "leader": 0, "cards": ["AH", "KH"], "hands": [None, None, None, None]},
        "bad_hand",
        "hands",
    ),
    (
        "spades-queen-at-four",
        TRICK,
        {
            "variant": "solo-twelve",
            "seats": 4,
            "options": {"spades_queen": True},
            "leader": 0,
            "cards": ["AH", "KH", "7C", "8C"],
        },
        "option_needs_seats",
        "options.spades_queen",
    ),
    (
        "spades-queen-at-two",
        SCORE,
        {"variant": "solo-twelve", "seats": 2, "options": {"spades_queen": True}, "hands": []},
        "option_needs_seats",
        "options.spades_queen",
    ),
    (
        "blind-seat-in-the-duel",
        TRICK,
        {"variant": "yc-duel", "options": {"blind_seat": 1}, "leader": 0, "cards": ["AH", "KH"]},
        "unknown_option",
        "options.blind_seat",
    ),
    (
        "blind-seat-not-a-seat",
        TRICK,
        {
            "variant": "classic-sixes",
            "options": {"blind_seat": 4},
            "leader": 0,
            "cards": ["AH", "KH", "7C", "8C"],
        },
        "bad_option",
        "options.blind_seat",
    ),
    (
        "points-for-two-sides-at-three",
        SCORE,
        {"variant": "solo-twelve", "seats": 3, "dealer": 0, "hands": [{"points": [60, 60]}]},
        "bad_points",
        "hands[0].points",
    ),
    (
        "points-for-three-sides-in-a-team-game",
        SCORE,
        {"variant": "classic-sixes", "hands": [{"points": [60, 30, 30]}]},
        "bad_points",
        "hands[0].points",
    ),
    (
        "dealer-missing",
        SCORE,
        {"variant": "solo-twelve", "seats": 3, "hands": [{"points": [70, 30, 20]}]},
        "dealer_required",
        "hands[0].dealer",
    ),
    (
        "dealer-off-the-table",
        SCORE,
        {"variant": "solo-twelve", "seats": 3, "dealer": 3, "hands": [{"points": [70, 30, 20]}]},
        "bad_seat",
        "dealer",
    ),
    (
        "dealer-not-a-seat",
        SCORE,
        {"variant": "solo-twelve", "seats": 3, "dealer": "0", "hands": []},
        "bad_seat",
        "dealer",
    ),
    (
        "prikup-at-a-one-round-table",
        DEAL,
        {
            "variant": "solo-twelve",
            "seats": 2,
            "leader": 0,
            "hands": [[], []],
            "plays": [],
            "prikup": [[], []],
        },
        "bad_hand",
        None,
    ),
]


@pytest.mark.parametrize(
    ("url", "body", "code", "field"), [r[1:] for r in ERRORS], ids=[r[0] for r in ERRORS]
)
def test_bad_input_names_the_field(
    client: Client, url: str, body: dict[str, Any], code: str, field: str | None
) -> None:
    status, data = post(client, url, body)
    assert status == 400, data
    assert set(data) == {"error", "message", "field"} and data["message"]
    assert data["error"] == code, data
    if field is not None:
        assert data["field"] == field, data


def _deal(rs: engine.Ruleset, seed: int) -> tuple[list[list[str]], list[list[str]] | None, list[str]]:
    """A random deal played out with random legal cards, as codes."""
    deck = list(rs.deck)
    rnd = random.Random(seed)
    rnd.shuffle(deck)
    n, size = rs.seats, rs.hand_size
    first = [deck[s * size : (s + 1) * size] for s in range(n)]
    second = (
        [deck[n * size + s * size : n * size + (s + 1) * size] for s in range(n)] if rs.rounds == 2 else None
    )
    remaining = [list(h) for h in first]
    plays: list[str] = []
    current = 0
    for k in range(size * rs.rounds):
        if k == size and second is not None:
            remaining = [list(h) for h in second]
        trick = []
        for i in range(n):
            seat = (current + i) % n
            c = rnd.choice(legal_cards(rs, remaining[seat], trick[0] if trick else None, seat=seat))
            remaining[seat].remove(c)
            trick.append(c)
        plays.extend(c.code for c in trick)
        t = engine.resolve_trick(rs, current, trick)
        current = t.winner
        if t.events:
            break
    codes = [[c.code for c in h] for h in first]
    return codes, ([[c.code for c in h] for h in second] if second else None), plays


def test_a_duel_deal_with_its_prikup_then_scored(client: Client) -> None:
    rs = engine.resolve("yc-duel", {"six_of_clubs": False})
    hands, prikup, plays = _deal(rs, 4)
    body = {
        "variant": "yc-duel",
        "options": {"six_of_clubs": False},
        "leader": 0,
        "hands": hands,
        "prikup": prikup,
        "plays": plays,
    }
    status, data = post(client, DEAL, body)
    assert status == 200, data
    assert data["complete"] and len(data["trick_results"]) == 16
    assert sum(data["points"]) == 120 and sum(data["tricks"]) == 16 and data["violations"] == []
    assert data["record"]["last_suit"] == engine.card(plays[-1]).suit
    status, score = post(client, SCORE, {"variant": "yc-duel", "hands": [data["record"]]})
    assert status == 200, score
    assert len(score["score"]) == 2
    # a prikup of the wrong size names the seat
    bad = {**body, "prikup": [prikup[0], prikup[1][:-1]]}  # type: ignore[index]
    status, err = post(client, DEAL, bad)
    assert (status, err["error"], err["field"]) == (400, "bad_hand", "prikup[1]")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_solo_deals_at_every_size_then_scored(client: Client, seats: int) -> None:
    rs = engine.resolve("solo-twelve", seats=seats)
    hands, second, plays = _deal(rs, seats)
    body: dict[str, Any] = {
        "variant": "solo-twelve",
        "seats": seats,
        "leader": 0,
        "hands": hands,
        "plays": plays,
    }
    if second:
        body["prikup"] = second
    status, data = post(client, DEAL, body)
    assert status == 200, data
    assert data["complete"] and len(data["points"]) == seats and sum(data["points"]) == 120
    assert data["dealer"] == seats - 1 and data["record"]["dealer"] == seats - 1
    assert len(data.get("kitty", [])) == (2 if seats == 3 else 0)
    status, score = post(client, SCORE, {"variant": "solo-twelve", "seats": seats, "hands": [data["record"]]})
    assert status == 200, score
    assert sum(score["score"]) == 12 * seats and len(score["score"]) == seats


def test_solo_score_to_the_goat(client: Client) -> None:
    hands = [{"points": [40, 80]} for _ in range(8)]
    status, data = post(client, SCORE, {"variant": "solo-twelve", "seats": 2, "dealer": 0, "hands": hands})
    assert status == 200, data
    assert (
        data["score"] == [0, 24] and data["finished"] and data["winner"] == 1 and data["titles"] == ["goats"]
    )
    assert [h["delta"] for h in data["hands"][:2]] == [[-1, 1], [-2, 2]]


def test_team_answers_keep_their_shape(client: Client) -> None:
    status, data = post(client, SCORE, {"variant": "classic-sixes", "hands": [{"points": [72, 48]}]})
    assert status == 200
    assert data["score"] == [1, 0] and data["hands"][0]["delta"] == [1, 0]
    status, data = post(
        client, TRICK, {"variant": "voon-series", "leader": 0, "cards": ["AH", "QD", "10H", "7C"]}
    )
    assert (data["winner"], data["team"]) == (3, 1) and "seats" not in data
