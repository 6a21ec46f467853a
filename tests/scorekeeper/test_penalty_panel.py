"""The penalty panel: a misdeal is always against the dealing team (classic-sixes#scoring,
DECISIONS misdeal_dealer). The scorekeeper fills that team in and offers no other; a forged post
against the other team is refused and changes nothing. The panel says who deals and who plays
in which team."""

from __future__ import annotations

import re

import pytest

from scorekeeper.models import Entry


def _panel(html: str) -> str:
    return re.search(r'<details class="panel penalties".*?</details>', html, re.S).group(0)


@pytest.mark.django_db
@pytest.mark.parametrize(("first_dealer", "dealing_team"), [("0", 0), ("1", 1), ("2", 0), ("3", 1)])
def test_the_misdeal_button_is_against_the_dealing_team_only(start, client, first_dealer, dealing_team):
    table = start(
        "classic-sixes",
        first_dealer=first_dealer,
        player_0="Аня",
        player_1="Борис",
        player_2="Вера",
        player_3="Гоша",
    )
    panel = _panel(client.get(table.edit).content.decode())
    forms = re.findall(r"<form.*?</form>", panel, re.S)
    misdeal = [f for f in forms if 'name="penalty_kind" value="misdeal"' in f]
    assert len(misdeal) == 1
    assert f'name="penalty_against" value="{dealing_team}"' in misdeal[0]
    dealer = ["Аня", "Борис", "Вера", "Гоша"][int(first_dealer)]
    assert f"Этот кон сдаёт {dealer}" in misdeal[0]
    # the other form has no misdeal among its choices
    others = [f for f in forms if f not in misdeal]
    assert all('value="misdeal"' not in f for f in others)
    # who plays in which team
    assert "Аня и Вера" in panel and "Борис и Гоша" in panel


@pytest.mark.django_db
def test_a_misdeal_against_the_team_that_did_not_deal_is_refused(start):
    table = start("classic-sixes", first_dealer="1")  # seat 2 deals hand 1: team 1
    resp = table.hand(penalty_kind="misdeal", penalty_against="0")
    assert resp.status_code == 422
    assert "Пересдача засчитывается против сдававшей команды." in resp.content.decode()
    assert not Entry.objects.filter(match=table.match).exists()
    table.hand(points_0=72)  # hand 2: seat 3 deals, team 0
    assert table.hand(penalty_kind="misdeal", penalty_against="1").status_code == 422
    assert table.hand(penalty_kind="misdeal", penalty_against="0").status_code == 200
    assert Entry.objects.filter(match=table.match).count() == 2
