"""The matches on this phone, listed on the home page, name each match's variant in the language
the page is read in, not the one the match was opened in."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import services

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_english_home_page_names_a_match_opened_in_russian_in_english(page: Page, live_server):
    match, secret = services.match_create(variant="voon-series", options={}, team_names=["Reds", "Blacks"])
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")  # opened in Russian
    expect(page.locator("#match")).to_be_visible()
    page.context.add_cookies([{"name": "kozel_lang", "value": "en", "url": live_server.url}])
    page.goto(f"{live_server.url}/")
    expect(page.locator("#my-matches .my-title").first).to_have_text(
        "Reds – Blacks · Series to 12 (kozel.voon.ru)"
    )


def test_the_list_shows_default_names_in_its_language_and_typed_ones_as_typed(page: Page, live_server):
    match, secret = services.match_create(
        variant="voon-series", options={}, team_names=["Красные", "Аня и Боря"]
    )
    page.context.add_cookies([{"name": "kozel_lang", "value": "en", "url": live_server.url}])
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")  # opened in English: “Reds”
    expect(page.locator("#match")).to_be_visible()
    page.goto(f"{live_server.url}/")
    expect(page.locator("#my-matches .my-title").first).to_have_text(
        "Reds – Аня и Боря · Series to 12 (kozel.voon.ru)"
    )
    page.context.add_cookies([{"name": "kozel_lang", "value": "ru", "url": live_server.url}])
    page.goto(f"{live_server.url}/")
    expect(page.locator("#my-matches .my-title").first).to_contain_text("Красные – Аня и Боря · ")
