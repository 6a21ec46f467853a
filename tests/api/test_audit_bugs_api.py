"""The audit's five bugs through /api/v1/, each with the request that showed it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.test import Client

from rules import engine
from tests.engine.dealplay import play_out


def post(client: Client, url: str, body: Any) -> tuple[int, dict[str, Any]]:
    resp = client.post(url, json.dumps(body), content_type="application/json")
    return resp.status_code, json.loads(resp.content)


def test_draw_four_lead_of_one_printed_suit(client: Client) -> None:
    """draw-four#leading: QS 9S are both printed spades, so the lead is legal."""
    body = {
        "variant": "draw-four",
        "leader": 0,
        "cards": [["QS", "9S"], ["AH", "KH"], ["6C", "6H"], ["6D", "7D"]],
    }
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    assert data["plays"][0]["legal"] is True and data["plays"][0]["reason"] is None
    assert data["winner"] == 0


@pytest.mark.parametrize("seed", [1, 2, 3], ids=lambda s: f"yc-belka#scoring/seed{s}")
def test_belka_deal_record_scores(client: Client, seed: int) -> None:
    """yc-belka#scoring: the deal's record names obyaz, so /score takes it as it is."""
    rs = engine.resolve("yc-belka")
    deck = list(rs.deck)
    rnd = random.Random(seed)
    rnd.shuffle(deck)
    hands = [deck[8 * s : 8 * (s + 1)] for s in range(4)]
    plays, _ = play_out(rs, 0, hands, lambda k, seat, hand, legal, trick: rnd.choice(legal))
    status, data = post(
        client,
        "/api/v1/deal",
        {
            "variant": "yc-belka",
            "leader": 0,
            "hands": [[c.code for c in h] for h in hands],
            "plays": [c.code for c in plays],
        },
    )
    assert status == 200, data
    jc = next(s for s, h in enumerate(hands) if engine.Card.parse("JC") in h)
    assert data["record"]["obyaz"] == jc % 2
    status, score = post(client, "/api/v1/score", {"variant": "yc-belka", "hands": [data["record"]]})
    assert status == 200, score


def test_voon_first_trump_lead_without_ad_is_illegal(client: Client) -> None:
    """voon-series#leading: hand 1, trick 1, a trump led by a seat that holds plain cards and no AD."""
    body = {
        "variant": "voon-series",
        "leader": 0,
        "cards": ["QC", "7D", "8D", "9D"],
        "hands": [["QC", "7H", "8H", "9H", "10H", "KH", "AH", "7S"], None, None, None],
        "context": {"hand_number": 1, "trick_number": 1},
    }
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    assert (data["plays"][0]["legal"], data["plays"][0]["reason"]) == (False, "trump_lead_forbidden")


GOATS = [
    pytest.param(
        3, [{"points": [20, 30, 70], "dealer": 2}] * 6, [0, 1], id="solo-twelve#scoring/tie-at-zero"
    ),
    pytest.param(3, [{"points": [20, 30, 70], "dealer": 2}] * 5, [], id="solo-twelve#scoring/going-on"),
]


@pytest.mark.parametrize("seats,hands,goats", GOATS)
def test_score_names_every_goat(
    client: Client, seats: int, hands: list[dict[str, Any]], goats: list[int]
) -> None:
    status, data = post(client, "/api/v1/score", {"variant": "solo-twelve", "seats": seats, "hands": hands})
    assert status == 200, data
    assert data["goats"] == goats
    assert data["finished"] is bool(goats)


def test_team_score_names_the_losers_as_goats(client: Client) -> None:
    status, data = post(
        client, "/api/v1/score", {"variant": "classic-sixes", "hands": [{"points": [100, 20]}] * 3}
    )
    assert status == 200 and data["goats"] == [1]


TRICK_NUMBERS = [
    # variant, options, seats, the last trick number accepted, id
    pytest.param("yc-duel", {}, None, 16, id="yc-duel#prikup/16"),
    pytest.param("yc-duel", {"sevens": True}, None, 18, id="yc-duel#prikup/18"),
    pytest.param("solo-twelve", {}, 3, 10, id="solo-twelve#deck/10"),
    pytest.param("solo-twelve", {}, 2, 16, id="solo-twelve#deck/16"),
    pytest.param("classic-sixes", {}, None, 8, id="classic-sixes#deck/8"),
    pytest.param("draw-four", {}, None, 9, id="draw-four#deck/9"),
]


@pytest.mark.parametrize("variant,options,seats,last", TRICK_NUMBERS)
def test_trick_number_bound_by_the_deal(
    client: Client, variant: str, options: dict[str, Any], seats: int | None, last: int
) -> None:
    rs = engine.resolve(variant, options, seats=seats)
    lead = [rs.deck[0].code] if rs.multi_card_leads else rs.deck[0].code
    answers = [[c.code] if rs.multi_card_leads else c.code for c in rs.deck[1 : rs.seats]]
    body: dict[str, Any] = {"variant": variant, "options": options, "leader": 0, "cards": [lead, *answers]}
    if seats is not None:
        body["seats"] = seats
    body["context"] = {"trick_number": last}
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    body["context"] = {"trick_number": last + 1}
    status, data = post(client, "/api/v1/trick", body)
    assert (status, data["error"], data["field"]) == (400, "out_of_range", "context.trick_number")
