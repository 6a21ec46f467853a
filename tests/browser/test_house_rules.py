"""House-rule sheets on this phone (390x844, Debian chromium): the phone that opened a sheet finds
it again on the house-rules page; another phone does not see it there."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_phone_remembers_its_own_sheets(live_server, page: Page, browser: Browser) -> None:
    page.goto(live_server.url + "/rules/house/")
    expect(page.locator("#my-houses")).to_be_hidden()
    page.fill("#id_name", "Пятничные")
    page.get_by_role("button", name="Создать страницу").click()
    expect(page.locator("h1")).to_have_text("Пятничные")
    sheet = page.url
    page.goto(live_server.url + "/rules/house/")
    mine = page.locator("#my-houses")
    expect(mine).to_be_visible()
    expect(mine.locator("a")).to_have_count(1)
    expect(mine.locator("a")).to_contain_text("Пятничные")
    mine.locator("a").click()
    expect(page).to_have_url(sheet)
    other = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    other.goto(live_server.url + "/rules/house/")
    expect(other.locator("#my-houses")).to_be_hidden()
    assert "Пятничные" not in other.content()
    other.context.close()
