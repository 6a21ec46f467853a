"""The readings decided for the sources' gaps are written on the rule sheets (#decisions) in
Russian and English, and the API answers as the engine and the sheet say."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from rules.engine import DECISIONS, decisions_for, resolve

pytestmark = pytest.mark.django_db


def section(client: Client, url: str, anchor: str) -> str:
    resp = client.get(url)
    assert resp.status_code == 200, url
    m = re.search(rf'<section id="{anchor}">(.*?)</section>', resp.content.decode(), re.S)
    assert m, anchor
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(1))).replace("&#x27;", "'")


READINGS = [
    # decision code, sheet link, options, seats
    ("two_against_one_spades", "/rules/solo-twelve/?seats=3&opt_spades_queen=1", {"spades_queen": True}, 3),
    ("spades_queen_undealt", "/rules/solo-twelve/?seats=3&opt_spades_queen=1", {"spades_queen": True}, 3),
    ("second_round_lead", "/rules/yc-duel/", {}, None),
    ("second_round_lead", "/rules/solo-twelve/", {}, 4),
    ("solo_trump_card", "/rules/solo-twelve/", {}, 4),
    ("solo_void_deal", "/rules/solo-twelve/", {}, 4),
    ("draw_four_drawing", "/rules/draw-four/", {}, None),
    ("draw_four_one_suit_lead", "/rules/draw-four/", {}, None),
    ("four_of_suit_plain", "/rules/penalty-goats/", {}, None),
    ("obyaz_first_lead", "/rules/yc-hvalyony/", {}, None),
    ("fixed_first_leader", "/rules/solo-twelve/", {}, 4),
    ("fixed_first_leader", "/rules/voon-series/", {}, None),
    ("no_lyusya_solo", "/rules/solo-twelve/", {}, 4),
    ("solo_winner", "/rules/solo-twelve/", {}, 4),
    ("duel_capture_trump", "/rules/yc-duel/", {}, None),
    ("titles", "/rules/classic-sixes/", {}, None),
]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(
    "code,link,options,seats", READINGS, ids=[f"{r[1].split('/')[2]}#decisions/{r[0]}" for r in READINGS]
)
def test_each_reading_is_on_its_sheet(
    client: Client, lang: str, code: str, link: str, options: dict[str, object], seats: int | None
) -> None:
    key = link.split("/")[2]
    assert code in decisions_for(resolve(key, options, seats=seats))
    client.cookies["kozel_lang"] = lang
    with translation.override(lang):
        words = translation.gettext(DECISIONS[code])
    if lang == "ru":
        assert words != DECISIONS[code]  # translated
    assert words in section(client, link, "decisions")


def test_the_titles_reading_is_only_the_classic_games() -> None:
    assert "tails" in decisions_for("classic-sixes")
    assert "tails" not in decisions_for("draw-four", {"scoring": "pairs"})


def post(client: Client, url: str, body: object) -> dict:
    resp = client.post(url, json.dumps(body), content_type="application/json")
    assert resp.status_code == 200, resp.content
    return json.loads(resp.content)


def test_the_api_names_a_wrong_first_leader(client: Client) -> None:
    """solo-twelve#leading: at two, dealer 0, the player after the dealer (seat 1) leads."""
    rs = resolve("solo-twelve", seats=2)
    hands = [[c.code for c in rs.deck[:16]], [c.code for c in rs.deck[16:]]]
    body = {"variant": "solo-twelve", "seats": 2, "leader": 0, "dealer": 0, "hands": hands, "plays": []}
    data = post(client, "/api/v1/deal", {**body, "plays": [hands[0][0], hands[1][0]]})
    first = data["first_violation"]
    assert (first["reason"], first["seat"], first["params"]["leader"]) == ("wrong_first_leader", 0, 1)
    assert first["message"]


def test_the_sheet_shows_the_drawing_order(client: Client) -> None:
    client.cookies["kozel_lang"] = "en"
    assert "its winner draws first, then the others clockwise" in section(client, "/rules/draw-four/", "deck")
    client.cookies["kozel_lang"] = "ru"
    assert "первым добирает её взявший" in section(client, "/rules/draw-four/", "deck")
