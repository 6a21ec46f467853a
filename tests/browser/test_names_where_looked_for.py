"""Names where players look for them, at a phone's size: «Первым сдаёт» and «Первым заходит»
offer the players by the names typed, as they are typed; a name erased gives the seat its number
back; the company's page offers the players chosen for the seats."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def options(page: Page, select: str) -> list[str]:
    return page.locator(f"#{select} option[data-seat]").all_inner_texts()


def test_the_first_dealer_follows_the_names_as_they_are_typed(page: Page, live_server):
    page.goto(f"{live_server.url}/m/new/")
    page.locator("details.players-panel summary").click()
    assert options(page, "first_dealer") == ["Место 1", "Место 2", "Место 3", "Место 4"]
    page.locator("input[name=player_0]").fill("Аня")
    page.locator("input[name=player_2]").press_sequentially("Вика")
    assert options(page, "first_dealer") == ["Аня", "Место 2", "Вика", "Место 4"]
    assert options(page, "first_leader") == ["Аня", "Место 2", "Вика", "Место 4"]
    page.locator("#first_dealer").select_option(label="Вика")
    page.locator("input[name=player_2]").fill("")
    assert options(page, "first_dealer")[2] == "Место 3"
    assert page.locator("#first_dealer").input_value() == "2"  # the choice stays with the seat
    # a seat the table does not have (the duel: two) is neither named nor offered
    page.locator("input[name=variant][value=yc-duel]").check()
    expect(page.locator("#first_dealer option[data-seat='2']")).to_be_hidden()


def test_the_company_page_offers_the_players_chosen_for_the_seats(page: Page, live_server):
    page.goto(f"{live_server.url}/c/new/")
    page.locator("input[name=name]").fill("Пятница")
    page.locator("textarea[name=players]").fill("Аня\nБорис\nВика\nГоша")
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("#first-dealer")).to_be_visible()
    assert options(page, "first-dealer") == ["Аня", "Борис", "Вика", "Гоша"]
    page.locator("select[name=player_1]").select_option("")
    assert options(page, "first-dealer") == ["Аня", "Место 2", "Вика", "Гоша"]
