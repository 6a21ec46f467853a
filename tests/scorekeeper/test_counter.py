"""The card counter's cards: the variant's counting cards, as its deck has them (docs/rules.md#cards),
and the undealt cards that count for the dealer at three each for himself."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.engine.variants import resolve
from scorekeeper.counter import counting_suits, undealt_to_dealer


@pytest.mark.parametrize("variant", ["classic-sixes", "yc-hvalyony", "draw-four", "yc-duel"])
def test_every_counting_card_of_the_deck_once_and_120_in_all(variant):
    rs = resolve(variant)
    with translation.override("ru"):
        suits = counting_suits(rs)
    cards = [c for s in suits for c in s["cards"]]
    assert sum(c["points"] for c in cards) == 120
    assert sorted(c["code"] for c in cards) == sorted(c.code for c in rs.deck if c.points)
    assert [c["face"] for c in suits[0]["cards"]] == ["Т♣", "10♣", "К♣", "Д♣", "В♣"]
    assert suits[0]["cards"][0]["label"] == "туз треф, 11"


def test_the_undealt_cards_go_to_the_dealer_only_where_cards_are_left_undealt():
    assert undealt_to_dealer(resolve("solo-twelve", seats=3)) == 2
    assert undealt_to_dealer(resolve("classic-sixes")) == 0
    assert undealt_to_dealer(resolve("draw-four")) == 0  # the stock is drawn, not left over


@pytest.mark.django_db
def test_the_entry_form_carries_the_counter_closed_with_nothing_chosen(start):
    table = start("classic-sixes")
    html = table.client.get(table.edit).content.decode()
    assert "Посчитать по картам" in html and '<details class="counter"' in html
    assert html.count('class="count-card"') == 20 and 'aria-pressed="true" aria-label' not in html
    assert 'name="count' not in html  # nothing of the counter is posted with the hand
