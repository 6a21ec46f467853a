"""Names, not seats: the board's dealer and first-lead line and the penalty panel name the players
given at match creation (seat numbers only where none were given). The series' lead line says
whether the lead stayed (after eggs) or moved on, and names the player (voon-series#leading)."""

from __future__ import annotations

import re

import pytest

NAMES = {"player_0": "Аня", "player_1": "Борис", "player_2": "Вера", "player_3": "Гоша"}


def _nextdeal(html: str) -> str:
    return re.sub(r"<[^>]+>", "", re.search(r'<p class="nextdeal">(.*?)</p>', html, re.S).group(1))


@pytest.mark.django_db
def test_series_lead_moves_after_a_winner_and_stays_after_eggs(start, client):
    table = start("voon-series", first_leader="1", **NAMES)  # Борис held the ace of diamonds
    assert "заходит Борис" in _nextdeal(client.get(table.edit).content.decode())
    table.hand(points_0=72)
    line = _nextdeal(client.get(table.edit).content.decode())
    assert "Кон 2: сдаёт Борис" in line
    assert "заходит Вера: заход перешёл на одно место по часовой" in line
    table.hand(eggs="1")
    line = _nextdeal(client.get(table.edit).content.decode())
    assert "снова заходит Вера: после яиц заход остаётся" in line
    table.hand(points_1=95)
    assert "заходит Гоша: заход перешёл" in _nextdeal(client.get(table.edit).content.decode())


@pytest.mark.django_db
def test_series_lead_without_names_or_first_leader_still_says_stay_or_move(start, client):
    table = start("voon-series")
    table.hand(points_0=72)
    table.hand(eggs="1")
    line = _nextdeal(client.get(table.edit).content.decode())
    assert "заходит тот же игрок: после яиц заход остаётся" in line
    assert "сдаёт место 3" in line  # no names given: seats


@pytest.mark.django_db
def test_names_replace_seats_on_the_board_and_the_penalty_panel(start, client):
    table = start("classic-sixes", first_dealer="2", **NAMES)
    html = client.get(table.edit).content.decode()
    assert "сдаёт Вера" in _nextdeal(html)
    assert not re.search(r"мест[оа] \d", re.sub(r"<[^>]+>", "", html))
    panel = re.search(r'<details class="panel penalties".*?</details>', html, re.S).group(0)
    assert "Этот кон сдаёт Вера" in panel and "Аня и Вера" in panel and "Борис и Гоша" in panel
