"""Rule sheets of the short-handed tables (yc-duel, solo-twelve), the blind partner on every
four-seat sheet, and the comparison and glossary with the new variants."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.engine.variants import SHORT_TABLES, VARIANTS

pytestmark = pytest.mark.django_db


def text(client: Client, url: str) -> str:
    resp = client.get(url)
    assert resp.status_code == 200, url
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", resp.content.decode()))


def html(client: Client, url: str) -> str:
    resp = client.get(url)
    assert resp.status_code == 200, url
    return resp.content.decode()


def section(page: str, anchor: str) -> str:
    m = re.search(rf'<section id="{anchor}">(.*?)</section>', page, re.S)
    assert m, anchor
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(1)))


@pytest.mark.parametrize("key", list(SHORT_TABLES))
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_short_table_sheets_render_in_both_languages(client: Client, key: str, lang: str) -> None:
    client.cookies["kozel_lang"] = lang
    page = html(client, f"/rules/{key}/")
    for anchor in ("deck", "trumps", "points", "following", "leading", "scoring", "redeal", "decisions"):
        assert f'id="{anchor}"' in page


def test_solo_twelve_says_how_each_table_is_dealt_and_how_marks_move(client: Client) -> None:
    page = html(client, "/rules/solo-twelve/")
    deck = section(page, "deck")
    assert "Игроков: 2, 3 или 4." in deck
    assert "2 игрока: по 16." in deck
    assert "3 игрока: по 10; 2 карты идут во взятки сдающего." in deck
    assert "4 игрока: по 4, их разыгрывают, потом ещё по 4." in deck
    transfers = re.search(r'<p id="transfers">(.*?)</p>', page, re.S)
    assert transfers and "по 2 палочки у каждого другого игрока, но у сдающего только 1" in transfers.group(1)
    scoring = section(page, "scoring")
    assert "у каждого в начале 12 палочек" in scoring
    assert "пустая сдача: палочки не переходят" in scoring
    assert "яйца" not in section(page, "points")  # nobody plays for 60:60 here
    assert "Пересдач в этом варианте нет." in section(page, "redeal")


def test_solo_twelve_has_two_against_one_and_no_blind_partner(client: Client) -> None:
    page = html(client, "/rules/solo-twelve/")
    two = section(page, "two-against-one")
    assert "Двое против одного" in two
    assert "Д♠" in two and "называет козырную масть" in two
    assert 'href="#two-against-one"' in page  # in the table of contents
    assert 'id="blind"' not in page


def test_the_duel_sheet_has_its_prikup_and_changing_trumps(en: Client) -> None:
    page = html(en, "/rules/yc-duel/")
    assert "Players: 2." in section(page, "deck")
    assert "32 cards: 8 each, then the prikup: 8 more each." in section(page, "deck")
    assert re.search(r'<p id="prikup">[^<]*120 card points', page)
    trumps = section(page, "trumps")
    assert "clubs in the first deal" in trumps and "the last card played in the deal before" in trumps
    assert "No redeals in this variant." in section(page, "redeal")
    # one on one: no partners, no blind seat, no two against one
    assert "partner" not in section(page, "scoring")
    assert 'id="blind"' not in page and 'id="two-against-one"' not in page


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_four_seat_sheet_has_a_blind_partner_section(client: Client, key: str) -> None:
    page = html(client, f"/rules/{key}/")
    blind = section(page, "blind")
    assert "Игра со слепым" in blind
    assert "судья разрешает любую его карту" in blind
    assert "Игроков: 4, а со слепыми 3 или 2." in section(page, "deck")
    # each sheet says only what its variant does: the queen only where a capture exists
    assert ("даму треф" in blind) == ('id="capture"' in page)
    assert 'id="two-against-one"' not in page and 'id="transfers"' not in page


def test_the_rule_sheet_list_offers_the_new_variants(en: Client) -> None:
    page = html(en, "/rules/")
    assert 'href="/rules/yc-duel/"' in page and "One on one (YellowClub)" in page
    assert 'href="/rules/solo-twelve/"' in page and "Each for himself, 12 marks" in page


def test_the_comparison_takes_the_new_variants(en: Client) -> None:
    page = html(en, "/rules/compare/?v=yc-duel&v=solo-twelve&v=classic-sixes")
    heads = re.findall(r'<th scope="col"><a href="/rules/([a-z-]+)/">', page)
    assert heads == ["yc-duel", "solo-twelve", "classic-sixes"]
    rows = {
        m.group(1): re.findall(r"<td[^>]*>([^<]*)</td>", m.group(2))
        for m in re.finditer(r'<tr><th scope="row">([^<]+)</th>(.*?)</tr>', page, re.S)
    }
    assert rows["Players"] == ["2", "2, 3 or 4", "4, or 3 or 2 with blind partners"]
    assert rows["Play"] == ["one on one", "each for himself", "two against two"]
    assert rows["Score"][1] == "marks taken from the other players"
    assert rows["Deal"][1].startswith("2 players: 16 each; 3 players: 10 each")
    # every variant can be picked
    assert len(re.findall(r'name="v" value="', page)) == len(VARIANTS) + len(SHORT_TABLES)


def test_the_glossary_explains_the_short_tables(client: Client) -> None:
    page = text(client, "/rules/glossary/")
    for term in ("Слепой", "Прикуп", "Палочки", "Двое против одного", "Сторона"):
        assert term in page
    assert "Четыре карты одного круга" not in page  # a trick is not always four cards
    assert "две, три или четыре карты" in page


def test_the_solo_sheet_lists_two_against_one_among_its_options(en: Client) -> None:
    options = section(html(en, "/rules/solo-twelve/"), "options")
    assert "Two against one: the queen of spades plays alone" in options
    assert "Trumps of this deal (the suit of the card turned up)" in options
    # house rules are made from the four-seat games only
    assert "/rules/house/?variant=" not in options
    assert "/rules/house/?variant=classic-sixes" in html(en, "/rules/classic-sixes/")


def test_house_rules_offer_only_the_four_seat_games(en: Client) -> None:
    page = html(en, "/rules/house/")
    offered = re.findall(r'<option value="([a-z-]+)"', page.split('name="variant"')[1].split("</select>")[0])
    assert offered == list(VARIANTS)
