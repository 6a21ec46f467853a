"""A new match the form refuses (422) says why, beside the field it refuses, in an element with
``role="alert"`` (an error of no field it shows, or of a field the page does not show for the
chosen game, at the top), in the page's language; nothing is stored."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scorekeeper.models import Match

pytestmark = pytest.mark.django_db

MATCH = {"variant": "classic-sixes", "team_0": "Мы", "team_1": "Вы", "first_dealer": "0"}


def alerts(html: str) -> list[tuple[int, str]]:
    """Each ``role="alert"`` element with text: where it starts and its text."""
    found = []
    for m in re.finditer(r'<(ul|p|div)\b[^>]*role="alert"[^>]*>(.*?)</\1>', html, re.S):
        text = " ".join(re.sub(r"<[^>]+>", " ", m.group(2)).split())
        if text:
            found.append((m.start(), text))
    return found


def near(html: str, anchor: str, alert_at: int, within: int = 1500) -> bool:
    """The alert is within ``within`` characters after the field's ``anchor``."""
    at = html.find(anchor)
    return at != -1 and 0 <= alert_at - at <= within


# (what is posted, the field's mark in the page or None for the top, words of the message in Russian)
REFUSED = [
    ({"player_2": "Щ" * 31}, 'name="player_2"', "не длиннее 30"),
    ({"player_0": "Щ" * 31, "player_3": "Ю" * 40}, 'name="player_3"', "не длиннее 30"),
    ({"first_leader": "7"}, 'name="first_leader"', "одного из игроков"),
    ({"first_dealer": "9"}, 'name="first_dealer"', "одного из игроков"),
    ({"seats": "٧"}, None, "сколько человек"),
    ({"house": "Д" * 81}, 'name="house"', "не длиннее 80"),
    ({"team_0": "Ю" * 31}, 'name="team_0"', "не длиннее 30"),
    ({"team_1": "Мы"}, 'name="team_1"', "разные"),
    ({"variant": "no-such-game"}, "<legend>", "вариант"),
]


@pytest.mark.parametrize(
    ("posted", "anchor", "words"), REFUSED, ids=[str(sorted(p)) for p, _a, _w in REFUSED]
)
def test_every_refusal_says_why_beside_its_field(
    client: Client, posted: dict[str, str], anchor: str | None, words: str
) -> None:
    resp = client.post("/m/new/", {**MATCH, **posted})
    assert resp.status_code == 422
    assert Match.objects.count() == 0
    html = resp.content.decode()
    said = [(at, text) for at, text in alerts(html) if words in text]
    assert said, (words, alerts(html))
    form = html.index('class="newmatch"')
    at = said[0][0]
    if anchor is None:  # at the top of the form, before its first field
        assert form < at < html.index("<fieldset", form), at
    else:
        assert near(html, anchor, at), (anchor, html[html.find(anchor) : at][:3000])


def test_a_refusal_is_said_in_english_on_an_english_page(client: Client) -> None:
    client.cookies["kozel_lang"] = "en"
    resp = client.post("/m/new/", {**MATCH, "player_1": "W" * 31, "seats": "7"})
    assert resp.status_code == 422
    texts = " ".join(text for _at, text in alerts(resp.content.decode()))
    assert "at most 30 characters" in texts and "how many play" in texts


def test_the_players_panel_is_open_when_it_holds_an_error(client: Client) -> None:
    html = client.post("/m/new/", {**MATCH, "first_leader": "5"}).content.decode()
    assert re.search(r'<details class="panel players-panel"\s+open', html)
