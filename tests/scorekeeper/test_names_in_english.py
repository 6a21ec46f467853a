"""The default team names in the reader's language, the players' own names as typed.

The new-match form fills in «Красные» and «Чёрные» (at a table of one seat per side «Игрок N»)
in the language it was opened in; the match keeps them as sent, and the pages, the stored line
texts and the CSV show a default in the reader's language (scorekeeper.names). English pages
quote names with English quotes, Russian ones with «». The stored names and the JSON export stay
as sent.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.utils import translation

from scorekeeper import snapshots
from scorekeeper.names import shown_name

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def banner(html: str) -> str:
    return text(re.search(r'<p class="nextdeal">(.*?)</p>', html, re.S).group(1)).strip()


def finale(html: str) -> str:
    return text(re.search(r'<div class="finale">(.*?)</div>', html, re.S).group(1)).strip()


def page(client, url: str, lang: str) -> str:
    client.cookies["kozel_lang"] = lang
    return client.get(url).content.decode()


def test_the_voon_board_and_banner_with_the_default_names(client, start):
    table = start("voon-series", first_leader="2")
    table.hand(points_0=72, note="по договорённости")
    view = f"/m/{table.public_id}/"
    for url in (table.edit, view):
        en = page(client, url, "en")
        assert banner(en).endswith("trumps may be led only by the team “Blacks”"), banner(en)
        assert "<title>Reds – Blacks" in en and "Красные" not in en and "Чёрные" not in en
        assert "Reds +2" in text(en) and "“по договорённости”" in text(en)
        ru = page(client, url, "ru")
        assert banner(ru).endswith("с козыря заходит только команда «Чёрные»"), banner(ru)
        # the list of matches on this phone keeps the defaults as message ids (data-teams), never shown
        assert 'data-teams="Reds – Blacks"' in ru and 'data-teams="Reds – Blacks"' in en
        ru = ru.replace('data-teams="Reds – Blacks"', "")
        assert "<title>Красные – Чёрные" in ru and "Reds" not in ru and "Blacks" not in ru
        assert "Красные +2" in text(ru) and "«по договорённости»" in text(ru)


def test_the_finale_with_the_default_names(client, start):
    table = start("classic-sixes")
    table.hand(points_0=120, all_tricks="1")  # classic-sixes#scoring: a Lyusya in hand 1 ends the match
    for url in (table.edit, f"/m/{table.public_id}/"):
        assert finale(page(client, url, "en")).startswith("Winners: Reds Blacks — ")
        assert finale(page(client, url, "ru")).startswith("Победа: Красные Чёрные — ")


def test_names_the_players_typed_stay_as_typed(client, start):
    table = start("voon-series", team_0="Медведи", team_1="Wolves", first_leader="2")
    table.hand(points_0=72)
    en, ru = page(client, table.edit, "en"), page(client, table.edit, "ru")
    assert banner(en).endswith("trumps may be led only by the team “Wolves”")
    assert banner(ru).endswith("с козыря заходит только команда «Wolves»")
    for html in (en, ru):
        assert "Медведи +2" in text(html) and "<title>Медведи – Wolves" in html


def test_a_match_started_in_english_reads_in_russian(client, start):
    table = start("classic-sixes", team_0="Reds", team_1="Blacks")
    table.hand(points_1=90)
    assert (
        banner(page(client, table.edit, "ru"))
        == "Кон 2: сдаёт место 2 · заход за командой «Чёрные»: решают сами"
    )
    assert banner(page(client, table.edit, "en")) == "Hand 2: seat 2 deals · Blacks choose who leads"


def test_what_is_stored_and_the_json_export_keep_the_names_as_sent(client, start):
    table = start("voon-series")
    table.hand(points_0=72)
    match = table.match
    assert match.team_names == ["Красные", "Чёрные"]
    line = match.lines.get()
    assert line.texts["en"]["deltas"] == ["Reds +2"] and line.texts["ru"]["deltas"] == ["Красные +2"]
    assert match.snapshot["texts"] == snapshots.WORDING and snapshots.check(match) == []
    client.cookies["kozel_lang"] = "en"
    exported = json.loads(client.get(f"/m/{table.public_id}/export.json").content)
    assert exported["teams"] == ["Красные", "Чёрные"]


def test_the_history_words_records_with_the_reader_names(client, start):
    table = start("voon-series", first_leader="2")
    table.hand(points_0=70, queen_capture="1")
    assert "queen caught by Blacks" in text(page(client, table.edit + "history/", "en"))
    assert "ловля дамы: Чёрные" in text(page(client, table.edit + "history/", "ru"))


def test_a_side_of_one_seat_nobody_named(client, start):
    table = start("yc-duel")
    table.hand(points_0=70, last_suit="H")
    en = page(client, table.edit, "en")
    assert banner(en) == "Hand 2: Player 2 deals · Player 1 leads · trumps: ♥" and "Игрок" not in en
    assert banner(page(client, table.edit, "ru")) == "Кон 2: сдаёт Игрок 2 · заходит Игрок 1 · козыри: ♥"


@pytest.mark.parametrize(
    ("lang", "name", "shown"),
    [
        ("en", "Красные", "Reds"),
        ("en", "Чёрные", "Blacks"),
        ("ru", "Reds", "Красные"),
        ("ru", "Красные", "Красные"),
        ("en", "Игрок 3", "Player 3"),
        ("ru", "Player 2", "Игрок 2"),
        ("en", "Красные!", "Красные!"),  # typed: not a default
        ("en", "красные", "красные"),
        ("en", "Игрок 7", "Игрок 7"),  # no table has a seventh seat
        ("en", "Игрок 1 и 2", "Игрок 1 и 2"),
    ],
)
def test_shown_name(lang, name, shown):
    with translation.override(lang):
        assert shown_name(name) == shown
