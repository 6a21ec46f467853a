"""Names where players look for them: in a match with named players the board puts each team's
players under its name, the finale says who won and who the goats are («Чёрные (Борис и Гоша) —
козлы»), and the new-match form offers the players by name for who deals and leads first."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scorekeeper import services

NAMES = {"player_0": "Аня", "player_1": "Борис", "player_2": "Вика", "player_3": "Гоша"}


def text(html: str, css_class: str) -> str:
    found = re.search(rf'<(\w+) class="{css_class}[^"]*">(.*?)</\1>', html, re.S)
    assert found, css_class
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found.group(2))).strip()


def finish(table, points: str = "points_0") -> None:
    """The Reds take 100 card points a hand until the match is over (classic: 6 pairs)."""
    while not table.match.snapshot or not table.match.snapshot.get("finished"):
        assert table.hand(**{points: 100}).status_code == 200


@pytest.mark.django_db
def test_the_finale_names_the_goats_players_in_russian_and_english(start, client):
    table = start("classic-sixes", **NAMES)
    finish(table)
    html = client.get(table.edit).content.decode()
    assert text(html, "finale-win") == "Победа: Красные (Аня и Вика)"
    assert text(html, "finale-goats").startswith("Чёрные (Борис и Гоша) — козлы")
    with translation.override("en"):
        client.cookies["kozel_lang"] = "en"
        html = client.get(table.edit).content.decode()
    assert text(html, "finale-win") == "Winners: Reds (Аня and Вика)"
    assert text(html, "finale-goats").startswith("Blacks (Борис and Гоша) — goats")


@pytest.mark.django_db
def test_without_names_the_finale_names_the_teams_alone(start, client):
    table = start("classic-sixes")
    finish(table)
    html = client.get(table.edit).content.decode()
    assert text(html, "finale-goats").startswith("Чёрные — козлы")
    assert 'class="team-players' not in html


@pytest.mark.django_db
def test_the_board_puts_each_teams_players_under_its_name(start, client):
    table = start("voon-series", **NAMES)
    table.hand(points_0=72)
    html = client.get(table.edit).content.decode()
    assert re.findall(r'<div class="team-players small">([^<]*)</div>', html) == [
        "Аня и Вика",
        "Борис и Гоша",
    ]
    # one unnamed seat is said by its number
    table = start("classic-sixes", player_0="Аня", player_1="Борис", player_3="Гоша")
    html = client.get(table.edit).content.decode()
    assert re.findall(r'<div class="team-players small">([^<]*)</div>', html) == [
        "Аня и место 3",
        "Борис и Гоша",
    ]


@pytest.mark.django_db
def test_the_duel_is_named_by_its_players_once(start, client):
    table = start("yc-duel", player_0="Аня", player_1="Борис")
    while not table.match.snapshot or not table.match.snapshot.get("finished"):
        table.hand(points_0=100, last_suit="H")
    html = client.get(table.edit).content.decode()
    assert text(html, "finale-goats") == "Борис — козёл"


@pytest.mark.django_db
def test_the_first_dealer_and_leader_are_offered_by_the_names_sent(client):
    # without a name: the seat's number; the form drawn again (a refusal) names the players sent
    html = client.get("/m/new/").content.decode()
    dealer = re.search(r'<select id="first_dealer".*?</select>', html, re.S).group(0)
    assert re.findall(r">\s*([^<>]+?)</option>", dealer) == ["Место 1", "Место 2", "Место 3", "Место 4"]
    refused = client.post(
        "/m/new/", {"variant": "classic-sixes", "team_0": "A", "team_1": "a", "first_dealer": "0", **NAMES}
    )
    assert refused.status_code == 422
    html = refused.content.decode()
    for select in ("first_dealer", "first_leader"):
        options = re.search(rf'<select id="{select}".*?</select>', html, re.S).group(0)
        assert re.findall(r">\s*([^<>]+?)</option>", options)[-4:] == ["Аня", "Борис", "Вика", "Гоша"]
        # the number stays beside each name for the script, should the name be erased
        assert 'data-seat="2" data-fallback="Место 3"' in options


@pytest.mark.django_db
def test_the_companys_first_dealer_is_offered_by_the_players_chosen(client):
    from scorekeeper.company import services as company

    c, secret = company.company_create(name="Пятница", time_zone="UTC", players=["Аня", "Борис"])
    html = client.get(f"/c/{c.public_id}/e/{secret}/").content.decode()
    select = re.search(r'<select id="first-dealer".*?</select>', html, re.S).group(0)
    # the roster's first players sit in the first seats; an empty seat keeps its number
    assert re.findall(r">\s*([^<>]+?)</option>", select) == ["Аня", "Борис", "Место 3", "Место 4"]


@pytest.mark.django_db
def test_a_match_made_by_the_service_with_names_in_english(client):
    match, secret = services.match_create(
        variant="penalty-goats",
        options={},
        team_names=["Reds", "Blacks"],
        player_names=["Аня", "Борис", "Вика", "Гоша"],
    )
    client.cookies["kozel_lang"] = "en"
    html = client.get(f"/m/{match.public_id}/e/{secret}/").content.decode()
    assert re.findall(r'<div class="team-players small">([^<]*)</div>', html) == [
        "Аня and Вика",
        "Борис and Гоша",
    ]


@pytest.mark.django_db
def test_the_match_pages_hand_the_phones_lists_the_players_score_and_end_as_data(start, client):
    """The lists of matches on this phone word a match in their own language: the pages hand them
    data, never words (the players as typed, per side; the score; whether the match is over)."""
    table = start("classic-sixes", player_0="Аня", player_1="Борис", player_3="Гоша")
    table.hand(points_0=100)
    for path in (table.edit, f"/m/{table.public_id}/"):
        html = client.get(path).content.decode()
        assert 'data-players="[[&quot;Аня&quot;], [&quot;Борис&quot;, &quot;Гоша&quot;]]"' in html
        assert 'data-score="2:0" data-over=""' in html
        assert f'data-page-match="{table.public_id}"' in html
    finish(table)
    html = client.get(table.edit).content.decode()
    assert 'data-score="6:0" data-over="1"' in html
    for page in ("history/", f"hand/{table.match.lines.first().slot}/"):
        assert f'data-page-match="{table.public_id}"' in client.get(table.edit + page).content.decode()
    # no names, or the sides are the players: nothing beside the sides' names
    assert 'data-players="[]"' in client.get(start("classic-sixes").edit).content.decode()
    duel = start("yc-duel", player_0="Аня", player_1="Борис")
    assert 'data-players="[]"' in client.get(duel.edit).content.decode()
