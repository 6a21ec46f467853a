"""One reader of a deal (rules.deals): the same bad deal sent to the API as JSON or typed into the
deal review's form is refused with the same error and the same words, the API naming the place
(``hands[0][2]``, ``plays[3]``), the page the form field it was typed in (``h0``, ``plays``)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from rules.deals import form_field
from rules.referee import deal_of, read_deal, review_deal
from tests.api.test_analyse import body_of
from tests.rules.helpers import qs, revoke_deal


def bad(change: str) -> dict[str, str]:
    params, _trick, _seat = revoke_deal()
    hands = [params[f"h{s}"].split() for s in range(4)]
    plays = params["plays"].split()
    if change == "not a card in a hand":
        hands[0][2] = "ZZ"
    elif change == "a short hand":
        hands[1] = hands[1][:-1]
    elif change == "not a card in the plays":
        plays[3] = "1X"
    elif change == "a card of another deck":
        hands[2][0] = "6C"
    elif change == "a card played twice":
        plays[5] = plays[1]
    return {**params, **{f"h{s}": " ".join(h) for s, h in enumerate(hands)}, "plays": " ".join(plays)}


@pytest.mark.parametrize(
    "change",
    [
        "not a card in a hand",
        "a short hand",
        "not a card in the plays",
        "a card of another deck",
        "a card played twice",
    ],
)
def test_the_api_and_the_page_refuse_a_bad_deal_alike(client: Client, change: str) -> None:
    params = bad(change)
    resp = client.post("/api/v1/deal", json.dumps(body_of(params)), content_type="application/json")
    assert resp.status_code == 400
    api = resp.json()
    with translation.override("ru"):
        query = read_deal(params)
        assert review_deal(query, deal_of(query)) is None
    (problem,) = query.problems
    if change == "a card played twice":  # the API names both places (docs/api.md), the page the card
        assert api["error"] == "duplicate_card" and problem.message == api["message"].split(":")[0] + "."
    else:
        assert problem.message == api["message"], change
    assert problem.field == form_field(api["field"]), (change, api["field"])
    page = client.get("/rules/referee/deal/?" + qs(params))
    assert page.status_code == 400 and problem.message in page.content.decode()
