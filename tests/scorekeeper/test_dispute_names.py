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
