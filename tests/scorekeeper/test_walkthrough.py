"""What a new player met around the score: the words of the new-match form, the rematch, the
home page and the penalty box."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_the_new_match_form_asks_how_many_players(client):
    html = client.get("/m/new/").content.decode()
    assert "Сколько игроков?" in html and "Сколько играет?" not in html


def test_the_home_page_is_not_for_four_only(client):
    html = client.get("/").content.decode()
    assert "вчетвером" not in html and "от двух до четырёх игроков" in html


@pytest.mark.parametrize(
    ("variant", "fields", "words"),
    [
        ("classic-sixes", {}, "Реванш: те же команды, те же правила"),
        ("yc-duel", {"player_0": "Аня", "player_1": "Боря"}, "Реванш: те же игроки, те же правила"),
    ],
)
def test_the_rematch_says_teams_or_players(start, variant, fields, words):
    table = start(variant, **fields)
    resp = None
    for _ in range(12):
        resp = (
            table.hand(points_0=120, all_tricks="1")
            if variant == "classic-sixes"
            else table.hand(points_0=95)
        )
        if "Реванш" in resp.content.decode():
            break
    assert words in resp.content.decode()


@pytest.mark.parametrize(("royal", "says"), [(True, True), (False, False)])
def test_the_penalty_box_names_the_royal_goat_only_where_it_is_on(start, client, royal, says):
    table = start("penalty-goats", opt_royal_goat=royal)
    html = client.get(table.edit).content.decode()
    assert ("королевском козле" in html) is says
    assert "Против виноватой команды" in html


def test_the_deal_review_marks_a_trump_with_no_letter(client):
    from tests.rules.helpers import revoke_deal
    from tests.rules.views.test_plural_pages import qs

    params, _trick, _seat = revoke_deal()
    page = client.get("/rules/referee/deal/?" + qs(params)).content.decode()
    assert "<sup>T</sup>" not in page  # «T» read as the Russian ace «Т»
    assert '<sup class="trump-mark" title="козырь"><span aria-hidden="true">★</span>' in page


@pytest.mark.parametrize("variant", ["draw-four", "penalty-goats"])
def test_a_sheet_listing_the_third_redeal_does_not_say_there_are_no_redeals(client, variant):
    html = client.get(f"/rules/{variant}/").content.decode()
    assert "Третья пересдача" in html
    assert "Пересдач в этом варианте нет" not in html
    assert "третья пересдача подряд идёт в счёт" in html


def test_draw_four_stock_is_drawn_not_the_dealers_tricks(client):
    html = client.get("/rules/draw-four/").content.decode()
    assert "остальные 20 карт — колода для добора после каждой взятки" in html
    assert "во взятки сдающего" not in html


@pytest.mark.parametrize(
    ("variant", "says"),
    [
        ("yc-belka", "масть разбираемой сдачи"),
        ("yc-duel", "масть разбираемой сдачи"),
        ("solo-twelve", "Козырная масть — настройка матча"),
    ],
)
def test_the_sheets_explain_the_trump_suit_setting_they_offer(client, variant, says):
    html = client.get(f"/rules/{variant}/").content.decode()
    assert 'id="trump-setting"' in html and says in html


def test_draw_four_with_penalty_goats_shows_no_pairs_only_rules(client):
    goats = client.get("/rules/draw-four/").content.decode()
    pairs = client.get("/rules/draw-four/?opt_scoring=pairs").content.decode()
    assert "Яичная пара копится" not in goats
    assert "Яичная пара копится" in pairs
