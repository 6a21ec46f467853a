"""«Спор» on a recorded hand gets the deal review's «Разбор с лучшей игрой» too: under the edit
path, with the match's rules and its players' names."""

from __future__ import annotations

import pytest

from rules.analysis import exact
from scorekeeper.models import Entry
from tests.rules.helpers import qs, revoke_deal, text


@pytest.mark.django_db
def test_the_dispute_review_has_the_best_play_with_the_players_names(start, client):
    exact.forget()
    table = start("classic-sixes", player_0="Аня", player_1="Борис", player_2="Вера", player_3="Глеб")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    dispute = table.edit + f"hand/{slot}/dispute/"
    params, _trick, _seat = revoke_deal()
    query = qs({k: v for k, v in params.items() if k != "variant"})
    html = client.get(dispute + "?" + query).content.decode()
    # the section asks for itself under the same edit path (the secret stays in the path)
    assert f'hx-get="{dispute}?' in html and "best=1" in html
    resp = client.get(dispute + "?" + query + "&best=1", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="best")
    assert resp.status_code == 200
    page = text(resp)
    assert "Разбор с лучшей игрой" in page
    assert "Аня и Вера" in page and "Борис и Глеб" in page
    assert "уже не было способа" in page


@pytest.mark.django_db
def test_the_dispute_review_leads_with_the_deciding_play_by_the_players_names(start, client):
    """61 lost, given back and lost again (tests/rules/referee/test_best_play_deciding.py): the
    summary names the later loss and its player by the match's names."""
    from tests.rules.referee.test_best_play_deciding import DECIDING, PARAMS, TURNING, _summary

    exact.forget()
    table = start("classic-sixes", player_0="Аня", player_1="Борис", player_2="Вика", player_3="Гоша")
    table.hand(points_0=69)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    dispute = table.edit + f"hand/{slot}/dispute/"
    query = qs({k: v for k, v in PARAMS.items() if k != "variant"})
    resp = client.get(dispute + "?" + query + "&best=1", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="best")
    summary = _summary(resp.content.decode())
    names = {"p": "Борис", "q": "Гоша"}
    assert summary[0] == "deciding: " + DECIDING.format(**names)
    assert summary[1].startswith("turning-point: " + TURNING.format(**names))
