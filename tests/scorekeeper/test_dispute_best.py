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
