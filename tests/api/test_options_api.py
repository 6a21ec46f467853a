"""The seed rules gained as options, through /api/v1/ and the referee's pages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

PLAIN = ["QC", "7H", "8H", "9H", "10H", "KH", "AH", "7S"]


def post(client: Client, url: str, body: Any) -> tuple[int, dict[str, Any]]:
    resp = client.post(url, json.dumps(body), content_type="application/json")
    return resp.status_code, json.loads(resp.content)


TRUMP_LEAD = [
    # options, context, legal, id
    pytest.param({}, None, True, id="classic-sixes#leading/free"),
    pytest.param({"trump_lead": "hvalyonka_only"}, None, False, id="classic-sixes#leading/refused"),
    pytest.param({"trump_lead": "hvalyonka_only"}, {"boaster": 0}, True, id="classic-sixes#leading/boaster"),
    pytest.param(
        {"trump_lead": "hvalyonka_only"}, {"boaster": 1}, False, id="classic-sixes#leading/other-boaster"
    ),
]


@pytest.mark.parametrize("options,context,legal", TRUMP_LEAD)
def test_trump_lead_through_the_api(
    client: Client, options: dict[str, Any], context: dict[str, Any] | None, legal: bool
) -> None:
    body: dict[str, Any] = {
        "variant": "classic-sixes",
        "options": options,
        "leader": 0,
        "cards": ["QC", "7D", "8D", "9D"],
        "hands": [PLAIN, None, None, None],
    }
    if context is not None:
        body["context"] = context
    status, data = post(client, "/api/v1/trick", body)
    assert status == 200, data
    play = data["plays"][0]
    assert play["legal"] is legal
    if not legal:
        assert play["reason"] == "trump_lead_forbidden" and "хвалёнку" in play["message"]


def test_a_bad_boaster_is_refused(client: Client) -> None:
    body = {
        "variant": "classic-sixes",
        "leader": 0,
        "cards": ["QC", "7D", "8D", "9D"],
        "context": {"boaster": 5},
    }
    status, data = post(client, "/api/v1/trick", body)
    assert (status, data["error"], data["field"]) == (400, "bad_seat", "context.boaster")


@pytest.mark.django_db
def test_the_referee_asks_who_called_the_khvalyonka(client: Client) -> None:
    """classic-sixes#leading: the referee's trick page takes the caller and judges by it."""
    base = (
        "/rules/referee/?variant=classic-sixes&opt_trump_lead=hvalyonka_only&leader=0&cards=QC+7D+8D+9D&h0="
        + "+".join(PLAIN)
    )
    page = client.get(base).content.decode()
    assert 'name="boaster"' in page and "хвалёнку" in page
    page = client.get(base + "&boaster=0").content.decode()
    assert "хвалёнку:" not in page
    plain = client.get("/rules/referee/?variant=classic-sixes").content.decode()
    assert 'name="boaster"' not in plain


def test_a_revoke_from_the_deal_to_the_score(client: Client) -> None:
    """classic-sixes#scoring: /deal names the team at fault, /score moves the 4 card points."""
    hands = [
        ["AH", "7S", "8S", "9S", "10S", "KS", "AS", "7D"],
        ["KH", "8D", "9D", "10D", "KD", "AD", "JD", "JH"],
        ["7H", "8H", "9H", "10H", "QH", "QD", "QS", "QC"],
        ["7C", "AC", "10C", "KC", "9C", "8C", "JC", "JS"],
    ]
    options = {"revoke_penalty": "four_points"}
    body = {
        "variant": "classic-sixes",
        "options": options,
        "leader": 0,
        "hands": hands,
        "plays": ["AH", "8D", "7H", "7C"],
    }
    status, data = post(client, "/api/v1/deal", body)
    assert status == 200, data
    assert data["record"]["revoke"] == 1 and data["first_violation"]["reason"] == "must_follow_suit"
    status, data = post(
        client,
        "/api/v1/score",
        {"variant": "classic-sixes", "options": options, "hands": [{"points": [60, 60], "revoke": 1}]},
    )
    assert status == 200 and data["score"] == [1, 0] and data["hands"][0]["notes"][0] == "revoke"
    status, data = post(
        client, "/api/v1/score", {"variant": "classic-sixes", "hands": [{"points": [60, 60], "revoke": 1}]}
    )
    assert (status, data["error"], data["field"]) == (400, "event_not_in_variant", "hands[0].revoke")


@pytest.mark.django_db
def test_the_hand_check_reports_a_dry_hand(client: Client) -> None:
    """classic-sixes#redeal: the referee's hand check names the «сухая» declaration."""
    page = client.get(
        "/rules/referee/hand/?variant=classic-sixes&cards=7C+QC+QS+QH+8H+9H+10H+AS"
    ).content.decode()
    assert 'id="declare"' in page and "«сухая»" in page
    page = client.get(
        "/rules/referee/hand/?variant=classic-sixes&cards=8C+QC+QS+QH+8H+9H+10H+AS"
    ).content.decode()
    assert 'id="declare"' not in page


MULTI = [
    # options, cards, legal of each play, winner, id
    pytest.param(
        {"multi_leads": True},
        [["AH", "KH"], ["7H", "8H"], ["9H", "10H"], ["QC", "JC"]],
        [True, True, True, None],
        3,
        id="classic-sixes#leading/two-hearts-covered",
    ),
    pytest.param(
        {"multi_leads": True},
        [["QS", "9S"], ["7S", "8S"], ["10S", "KS"], ["AS", "7D"]],
        [True, None, None, None],
        0,
        id="classic-sixes#leading/trump-and-spade",
    ),
    pytest.param(
        {"multi_leads": True},
        [["9H", "9S"], ["7H", "7S"], ["AH", "AS"], ["KH", "KS"]],
        [False, True, True, True],
        2,
        id="classic-sixes#leading/mixed",
    ),
]


@pytest.mark.parametrize("options,cards,legal,winner", MULTI)
def test_multi_leads_through_the_api(
    client: Client, options: dict[str, Any], cards: list[list[str]], legal: list[bool | None], winner: int
) -> None:
    status, data = post(
        client, "/api/v1/trick", {"variant": "classic-sixes", "options": options, "leader": 0, "cards": cards}
    )
    assert status == 200, data
    assert [p["legal"] for p in data["plays"]] == legal and data["winner"] == winner
    status, data = post(client, "/api/v1/trick", {"variant": "classic-sixes", "leader": 0, "cards": cards})
    assert (status, data["error"]) == (400, "bad_card")  # off by default: one card a play


@pytest.mark.django_db
def test_the_deal_review_with_the_new_options(client: Client) -> None:
    """The referee's deal review plays the options: a revoke named for the record link (classic
    with four_points), leads of two cards (multi_leads), the 24-card deck."""
    from urllib.parse import urlencode

    hands = [
        "AH 7S 8S 9S 10S KS AS 7D",
        "KH 8D 9D 10D KD AD JD JH",
        "7H 8H 9H 10H QH QD QS QC",
        "7C AC 10C KC 9C 8C JC JS",
    ]
    q = {
        "variant": "classic-sixes",
        "opt_revoke_penalty": "four_points",
        "leader": "0",
        "plays": "AH 8D 7H 7C",
    }
    q.update({f"h{s}": h for s, h in enumerate(hands)})
    page = client.get("/rules/referee/deal/?" + urlencode(q)).content.decode()
    assert 'id="first-violation"' in page
    q = {
        "variant": "classic-sixes",
        "opt_multi_leads": "1",
        "leader": "0",
        "plays": "7S 8S; 8D 9D; 7H 8H; 7C AC",
    }
    q.update({f"h{s}": h for s, h in enumerate(hands)})
    page = client.get("/rules/referee/deal/?" + urlencode(q)).content.decode()
    assert "Заходы несколькими картами" in page and 'id="first-violation"' not in page  # nobody held a spade
    assert "errorlist" not in page.split('id="result"')[1][:400]
    short = ["AH KH QH JH 10H 9H", "AS KS QS JS 10S 9S", "AD KD QD JD 10D 9D", "AC KC QC JC 10C 9C"]
    q = {"variant": "penalty-goats", "opt_deck": "24", "leader": "0", "plays": "AH 9S 9D 9C"}
    q.update({f"h{s}": h for s, h in enumerate(short)})
    resp = client.get("/rules/referee/deal/?" + urlencode(q))
    assert resp.status_code == 200 and "errorlist" not in resp.content.decode().split('id="result"')[1][:400]
