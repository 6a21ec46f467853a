"""Rule sheets say only what their variant does, in the players' words: no developer strings
(option keys, file names, section numbers of outside files), the points table only for the
deck's ranks, «32 карты», and the readings written where the sources are silent."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.engine.variants import VARIANTS

pytestmark = pytest.mark.django_db


def _text(client: Client, url: str) -> str:
    html = client.get(url).content.decode()
    main = html.split('<main id="main"')[1].split("</main>")[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_no_developer_strings(client: Client, key: str, lang: str) -> None:
    client.post("/lang/", {"language": lang, "next": "/"})
    text = _text(client, f"/rules/{key}/")
    for bad in ("opt_", "RULES", ".md", "§", "seed 0", ".py"):
        assert bad not in text, (bad, key)


def _points_table(client: Client, key: str) -> str:
    html = client.get(f"/rules/{key}/").content.decode()
    return html.split('<section id="points">')[1].split("</table>")[0]


@pytest.mark.parametrize(
    ("key", "options", "zeros"),
    [
        ("classic-sixes", "", "9 8 7"),  # 7-A: no sixes in play
        ("yc-hvalyony", "", "9 8 6"),  # sixes, no sevens
        ("yc-hvalyony", "?opt_sevens=1", "9 8 7 6"),
        ("draw-four", "", "9 8 7 6"),
    ],
)
def test_points_table_lists_only_the_decks_ranks(client: Client, key: str, options: str, zeros: str) -> None:
    html = client.get(f"/rules/{key}/{options}").content.decode()
    table = html.split('<section id="points">')[1].split("</table>")[0]
    assert f"<th>{zeros}</th>" in table


@pytest.mark.parametrize(("key", "words"), [("classic-sixes", "32 карты"), ("draw-four", "36 карт")])
def test_the_deck_counts_its_cards(client: Client, key: str, words: str) -> None:
    assert f"{words}: по " in _text(client, f"/rules/{key}/")


def test_variant_readings(client: Client) -> None:
    assert "за 120 обе команды получают по 3" in _text(client, "/rules/yc-belka/")
    classic = _text(client, "/rules/classic-sixes/")
    assert "всего один или два козыря" in classic and "одну или две карты на столько же" in classic
    assert "Первый кон начинает игрок с валетом треф" in _text(
        client, "/rules/yc-hvalyony/"
    )  # yc-hvalyony#leading


@pytest.mark.parametrize("key", ["voon-series", "yc-hvalyony", "yc-belka"])
def test_no_penalty_paragraph_where_the_variant_has_no_penalties(client: Client, key: str) -> None:
    text = _text(client, f"/rules/{key}/").lower()
    for word in ("шулер", "обвинени", "штраф", "королевский козёл", "сухой козёл"):
        assert word not in text, (word, key)


def test_no_capture_paragraph_where_the_variant_has_no_capture(client: Client) -> None:
    text = _text(client, "/rules/yc-belka/").lower()
    assert "ловл" not in text and "поймал" not in text


def test_penalty_sheets_state_the_penalty_decisions(client: Client) -> None:
    classic = _text(client, "/rules/classic-sixes/")
    assert "всегда против сдающей команды" in classic
    assert "забирает ждущий «банк» яиц" in classic
    goats = _text(client, "/rules/penalty-goats/?opt_eggs_double=1")
    assert "ждущий множитель умножает штраф" in goats
