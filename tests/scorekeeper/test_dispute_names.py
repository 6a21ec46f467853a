"""Names, not seats: the deal review opened from a match («Спор») names the match's players
in its seat choices; a seat without a name stays «Игрок N»."""

from __future__ import annotations

import re

import pytest

from scorekeeper.models import Entry


@pytest.mark.django_db
def test_the_dispute_review_names_the_players(start, client):
    table = start("classic-sixes", player_0="Аня", player_1="Борис", player_2="Вера")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    html = client.get(table.edit + f"hand/{slot}/dispute/").content.decode()
    leader = re.search(r'<select name="leader">(.*?)</select>', html, re.S).group(1)
    assert re.findall(r">([^<]+)</option>", leader) == ["Аня", "Борис", "Вера", "Игрок 4"]
    assert "Рука: Аня" in html and "Рука: Игрок 4" in html


def _referee_links(html: str) -> dict[str, str]:
    links = re.search(r'<p class="referee-links">(.*?)</p>', html, re.S)
    assert links, "the match page links the referee"
    return {
        path: href.replace("&amp;", "&")
        for href in re.findall(r'href="([^"]+)"', links.group(1))
        for path in ("/rules/referee/", "/rules/referee/hand/")
        if href.startswith(path + "?")
    }


@pytest.mark.django_db
def test_the_referee_opened_from_a_match_names_its_players_without_its_secret(start, client):
    table = start("classic-sixes", player_0="Аня", player_1="Борис", player_2="Вера", opt_blind_seat="3")
    html = client.get(table.edit).content.decode()
    links = _referee_links(html)
    assert set(links) == {"/rules/referee/", "/rules/referee/hand/"}
    secret = table.edit.rstrip("/").split("/")[-1]
    for href in links.values():
        assert secret not in href  # a referee link is shared: only the table and the names travel
        assert "opt_blind_seats=3" in href  # the option as the engine reads it today
    trick = client.get(links["/rules/referee/"] + "&leader=0&cards=AH+KH+9H+8H").content.decode()
    seats = re.findall(r'name="leader" value="\d"[^>]*> ([^<]+?)\s*</label>', trick)
    assert seats == ["Аня", "Борис", "Вера", "слепой"]
    assert "Взятку берёт Аня" in trick


@pytest.mark.django_db
def test_the_hand_check_opened_from_a_match_names_its_players(start, client):
    table = start("yc-belka", player_0="Аня", player_1="Борис")
    links = _referee_links(client.get(table.edit).content.decode())
    html = client.get(links["/rules/referee/hand/"] + "&first_jc=1").content.decode()
    assert re.findall(r'<select name="first_jc">(.*?)</select>', html, re.S)
    assert "Борис: <strong>♣</strong>" in html and "Игрок 3: <strong>" in html


@pytest.mark.django_db
def test_the_referee_from_a_three_player_match_has_three_named_seats(start, client):
    table = start("solo-twelve", seats="3", player_0="Аня", player_1="Борис", player_2="Вера")
    links = _referee_links(client.get(table.edit).content.decode())
    assert "seats=3" in links["/rules/referee/"]
    html = client.get(links["/rules/referee/"]).content.decode()
    seats = re.findall(r'name="leader" value="\d"[^>]*> ([^<]+?)\s*</label>', html)
    assert seats == ["Аня", "Борис", "Вера"]


@pytest.mark.django_db
def test_the_dispute_review_of_a_three_player_match_has_three_hands(start, client):
    table = start("solo-twelve", seats="3", player_0="Аня", player_1="Борис", player_2="Вера")
    table.hand(points_0=70, points_1=30)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    html = client.get(table.edit + f"hand/{slot}/dispute/").content.decode()
    assert re.findall(r'name="h(\d)"', html) == ["0", "1", "2"]
    assert "Рука: Аня" in html and "Рука: Вера" in html
    assert 'name="seats"' not in html  # the match's table is fixed
