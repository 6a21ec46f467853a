"""Bad input is refused next to its field, in the player's language, and nothing is stored."""

from __future__ import annotations

import re

import pytest

from scorekeeper.models import Entry


def field_error(html: str, field: str) -> str:
    m = re.search(rf'id="err-{field}"><ul class="errorlist[^>]*><li>([^<]+)', html)
    return m.group(1) if m else ""


BAD = [
    pytest.param(
        "classic-sixes", {"points_0": 130}, "points_0", "Очки карт — целые числа от 0 до 120.", id="over-120"
    ),
    pytest.param(
        "classic-sixes", {"points_1": "-3"}, "points_1", "Очки карт — целые числа от 0 до 120.", id="negative"
    ),
    pytest.param(
        "classic-sixes", {"points_0": "abc"}, "points_0", "Очки карт — целые числа от 0 до 120.", id="letters"
    ),
    pytest.param("classic-sixes", {}, "points_0", "Введите очки одной из команд (0–120).", id="empty"),
    pytest.param(
        "classic-sixes",
        {"points_0": 70, "points_1": 70},
        "points_0",
        "Очки всех игроков и команд в сумме должны давать 120.",
        id="sum-not-120",
    ),
    pytest.param(
        "classic-sixes",
        {"points_0": 100, "all_tricks": "1"},
        "all_tricks",
        "«Все взятки» возможны только у команды со всеми 120 очками.",
        id="all-tricks-without-120",
    ),
    pytest.param(
        "classic-sixes",
        {"queen_capture": 0},
        "queen_capture",
        "В этом варианте такого события нет.",
        id="capture-in-classic",
    ),
    pytest.param(
        "voon-series",
        {"penalty_kind": "misdeal", "penalty_against": 0},
        "penalty_kind",
        "В этом варианте такого события нет.",
        id="penalty-in-series",
    ),
    pytest.param(
        "penalty-goats",
        {"penalty_kind": "royal_goat", "penalty_against": 0},
        "penalty_kind",
        "В этом варианте такого события нет.",
        id="royal-goat-off",
    ),
    pytest.param(
        "yc-belka",
        {"points_0": 72},
        "obyaz",
        "Укажите, какая команда была на обязе (с валетом треф).",
        id="belka-without-obyaz",
    ),
    pytest.param(
        "classic-sixes",
        {"penalty_kind": "cheating"},
        "penalty_against",
        "Укажите, какая команда виновата.",
        id="penalty-without-team",
    ),
    pytest.param(
        "voon-series",
        {"points_0": 72, "hvalyonka": "1"},
        "hvalyonka",
        "В этом варианте такого события нет.",
        id="hvalyonka-outside-classic",
    ),
]


def _errors(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.django_db
@pytest.mark.parametrize(("variant", "fields", "field", "message"), BAD)
@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_bad_hand_is_refused_next_to_the_field(start, variant, fields, field, message, htmx):
    table = start(variant)
    resp = table.hand(htmx=htmx, **fields)
    assert resp.status_code == 422
    html = resp.content.decode()
    assert message in _errors(html)
    if field in ("points_0", "points_1"):
        assert field_error(html, field) == message
    assert ("<html" in html) is not htmx
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_english_when_chosen(start, client):
    table = start("classic-sixes")
    client.cookies["kozel_lang"] = "en"
    html = table.hand(points_0=200).content.decode()
    assert "Card points are whole numbers from 0 to 120." in html
    html = table.hand(points_0=72).content.decode()
    assert "spas → 1" in html


@pytest.mark.django_db
def test_an_edit_that_breaks_a_later_hand_is_refused(start):
    table = start("voon-series")
    table.hand(points_0=72)
    table.hand(points_0=72)
    first = table.match.entries.get(seq=1)
    # hand 1 as a queen capture would end the series at once: hand 2 would come after the end
    resp = table.post(f"hand/{first.slot}/", {"queen_capture": 0}, htmx=False)
    assert resp.status_code == 422
    assert "После этого исправления матч заканчивается раньше кона 2." in resp.content.decode()
    assert table.match.entries.count() == 2
