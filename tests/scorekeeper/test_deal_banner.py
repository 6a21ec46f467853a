"""Every deal's banner: «Кон 7: сдаёт Борис · заходит Аня», who chooses where the rules name a
team, voon's trump-lead rights and «козлячий бой», Belka's seat suits, the duel's trump suit; and
the banners of the deals after hands a phone keeps unsent (#deals-ahead)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

NAMES = {"player_0": "Ева", "player_1": "Борис", "player_2": "Аня", "player_3": "Дима"}


def banner(html: str) -> str:
    return re.sub(r"<[^>]+>", "", re.search(r'<p class="nextdeal">(.*?)</p>', html, re.S).group(1)).strip()


def ahead(html: str) -> list[dict]:
    found = re.search(r'<div id="deals-ahead" hidden data-deals="([^"]*)"', html)
    return json.loads(unescape(found.group(1))) if found else []


pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("variant", "fields", "hands", "expected"),
    [
        # classic-sixes#leading: hand 1 the lowest trump's holder, then the winners choose
        ("classic-sixes", {}, [], "Кон 1: сдаёт Ева · заходит тот, у кого младший козырь (8♣)"),
        (
            "classic-sixes",
            {},
            [{"points_1": 90}],
            "Кон 2: сдаёт Борис · заход за командой «Чёрные»: решают сами",
        ),
        # voon-series#leading: the AD holder, then the lead moves on; nobody leads trumps in hand 1
        (
            "voon-series",
            {"first_leader": "2"},
            [],
            "Кон 1: сдаёт Ева · заходит Аня · с козыря не заходит никто, пока есть простая карта",
        ),
        (
            "voon-series",
            {"first_leader": "2"},
            [{"points_0": 72}],
            "Кон 2: сдаёт Борис · заходит Дима: заход перешёл на одно место по часовой"
            " · с козыря заходит только команда «Чёрные»",
        ),
        # yc-hvalyony#leading: the holder of JC leads
        ("yc-hvalyony", {}, [], "Кон 1: сдаёт Ева · заходит тот, у кого валет ♣"),
        # yc-belka#scoring: clubs in hand 1, then each seat's suit should it get JC (Ева held it in
        # hand 1: clubs; the seat to her right hearts, opposite spades, to her left diamonds)
        ("yc-belka", {"first_leader": "0"}, [], "Кон 1: сдаёт Ева · заходит тот, у кого валет ♣ · козыри: ♣"),
        (
            "yc-belka",
            {"first_leader": "0"},
            [{"points_0": 72, "obyaz": "0"}],
            "Кон 2: сдаёт Борис · заходит тот, у кого валет ♣ · козыри по валету ♣: Ева ♣ · Аня ♠ · Дима ♥ · Борис ♦",
        ),
        (
            "yc-belka",
            {},
            [{"points_0": 72, "obyaz": "0"}],
            "Кон 2: сдаёт Борис · заходит тот, у кого валет ♣ · козыри — масть того, у кого валет ♣",
        ),
        ("draw-four", {}, [{"points_0": 70}], "Кон 2: сдаёт Борис · заходит Борис"),
        ("penalty-goats", {}, [], "Кон 1: сдаёт Ева · первый заход по договорённости"),
    ],
    ids=[
        "classic-first",
        "classic-winners",
        "voon-first",
        "voon-rotates",
        "hvalyony",
        "belka-first",
        "belka-suits",
        "belka-unknown",
        "draw-four",
        "penalty",
    ],
)
def test_the_banner_of_every_variant(start, client, variant, fields, hands, expected):
    table = start(variant, **NAMES, **fields)
    for h in hands:
        assert table.hand(**h).status_code == 200
    assert banner(client.get(table.edit).content.decode()) == expected


def test_goat_fight_at_ten_all(start, client):
    # voon-series#leading: at 10:10 both teams may lead trumps
    table = start("voon-series", **NAMES, first_leader="0")
    for side in (0,) * 5 + (1,) * 5:  # 61-89 scores 2: 10:0, then 10:10
        assert table.hand(**{f"points_{side}": 72}).status_code == 200
    line = banner(client.get(table.edit).content.decode())
    assert line.endswith("10:10, «козлячий бой»: с козыря могут заходить обе команды"), line


def test_the_duel_is_dealt_clubs_after_a_queen_capture(start, client):
    table = start("yc-duel", player_0="Аня", player_1="Боря")
    table.hand(points_0="70", last_suit="H")
    assert banner(client.get(table.edit).content.decode()).endswith("козыри: ♥")
    table.hand(queen_capture="0")
    assert banner(client.get(table.edit).content.decode()) == "Кон 3: сдаёт Аня · заходит Боря · козыри: ♣"


def test_the_page_carries_the_banners_after_unsent_hands(start, client):
    table = start("classic-sixes", **NAMES)
    table.hand(points_1=90)
    deals = ahead(client.get(table.edit).content.decode())
    assert [d["n"] for d in deals] == list(range(2, 11))
    assert [d["dealer"] for d in deals[:5]] == [1, 2, 3, 0, 1]
    assert {d["rule"] for d in deals} == {"winners_choose"}
    assert deals[0]["who"] == "Кон 2: сдаёт Борис · заход за командой «Чёрные»: решают сами"
    assert deals[1]["who"] == "Кон 3: сдаёт Аня · заход за победителями кона 2: решают сами"


def test_a_finished_match_carries_no_banners(start, client):
    table = start("yc-hvalyony")
    html = table.hand(points_1=120, all_tricks="1").content.decode()
    assert 'class="nextdeal"' not in html and ahead(html) == []
