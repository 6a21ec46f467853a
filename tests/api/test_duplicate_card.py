"""One deck, one of each card: a card given in two places of one request is impossible data, and
the API answers 400 ``duplicate_card`` naming the card and both places instead of ruling on it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from rules import engine
from rules.messages import card_text

HANDS4 = [
    ["AH", "6S", "6D", "7D"],
    ["KH", "7S", "8D", "9D"],
    ["QH", "8S", "10D", "JD"],
    ["JH", "9S", "KD", "AD"],
]
SIXES = [[c.code for c in engine.resolve("classic-sixes").deck][s::4] for s in range(4)]


def post(client: Client, url: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    resp = client.post(url, json.dumps(body), content_type="application/json")
    return resp.status_code, json.loads(resp.content)


CASES = {
    # seat 1 plays the ace of spades that seat 0 was given: it was ruled a must-follow question
    "trick: a hand and another seat's play": (
        "/api/v1/trick",
        {
            "variant": "classic-sixes",
            "leader": 0,
            "cards": ["7H", "AS", "8H", "9H"],
            "hands": [["AS", "7H", "KS"], None, None, None],
        },
        "AS",
        "hands[0][0]",
        "cards[1]",
    ),
    "trick: two hands": (
        "/api/v1/trick",
        {
            "variant": "classic-sixes",
            "leader": 0,
            "cards": ["7H", "10H", "8H", "9H"],
            "hands": [["AS", "7H"], ["AS", "10H"], None, None],
        },
        "AS",
        "hands[0][0]",
        "hands[1][0]",
    ),
    "deal: a hand and another seat's play in the first trick": (
        "/api/v1/deal",
        {
            "variant": "classic-sixes",
            "leader": 0,
            "hands": SIXES,
            "plays": [SIXES[0][0], SIXES[2][1], SIXES[2][0], SIXES[3][0]],
        },
        SIXES[2][1],
        "hands[2][1]",
        "plays[1]",
    ),
    "deal: a hand and another seat's play in a later trick (draw-four, no stock)": (
        "/api/v1/deal",
        {
            "variant": "draw-four",
            "leader": 0,
            "hands": HANDS4,
            "plays": ["6S", "7S", "8S", "9S", "6D", "AH", "KD", "10D"],
        },
        "6D",
        "hands[0][2]",
        "plays[4]",
    ),
    "deal: a hand and the stock": (
        "/api/v1/deal",
        {
            "variant": "draw-four",
            "leader": 0,
            "hands": HANDS4,
            "plays": ["6S", "7S", "8S", "9S"],
            "stock": ["6C", "AH"],
        },
        "AH",
        "hands[0][0]",
        "stock[1]",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_card_in_two_places_is_refused(client: Client, case: str) -> None:
    url, body, card, first, second = CASES[case]
    status, data = post(client, url, body)
    assert status == 400, data
    assert data["error"] == "duplicate_card" and data["field"] == second
    with translation.override("ru"):  # the API answers in the default language
        face = card_text(engine.Card.parse(card))
    assert face in data["message"] and first in data["message"] and second in data["message"]


def test_a_card_in_a_later_trick_not_held_names_both_places(client: Client) -> None:
    # classic deal: trick 1 is legal, then the winner's partner plays a card that seat 0 holds
    status, data = post(
        client, "/api/v1/trick", {"variant": "classic-sixes", "leader": 0, "cards": [h[0] for h in SIXES]}
    )
    assert status == 200
    winner = data["winner"]
    plays = [h[0] for h in SIXES]
    thief = (winner + 1) % 4
    victim = (thief + 1) % 4
    plays += [SIXES[winner][1], SIXES[victim][2], SIXES[victim][1], SIXES[(winner + 3) % 4][1]]
    status, data = post(
        client, "/api/v1/deal", {"variant": "classic-sixes", "leader": 0, "hands": SIXES, "plays": plays}
    )
    assert status == 400 and data["error"] == "duplicate_card", data
    assert f"hands[{victim}][2]" in data["message"] and data["field"] == "plays[5]"


def test_a_drawn_card_may_be_played_and_a_held_card_by_its_holder(client: Client) -> None:
    status, data = post(
        client,
        "/api/v1/deal",
        {
            "variant": "draw-four",
            "leader": 0,
            "hands": HANDS4,
            "plays": ["6S", "7S", "8S", "9S"],
            "stock": ["6C", "7C", "8C", "9C"],
        },
    )
    assert status == 200, data
