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
