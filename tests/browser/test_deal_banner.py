"""The deal's banner at a phone's size, offline too: with hands kept unsent, «Кон N» and its
banner (who deals, how the lead is decided) stay in step, from what the page carries."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_offline import PENDING, STORED, start, tap_hand

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_banner_follows_the_hands_kept_offline(context: BrowserContext, page: Page, live_server):
    edit = start(page, live_server.url)
    banner = page.locator(".nextdeal")
    expect(banner).to_have_text("Кон 1: сдаёт место 1 · заходит тот, у кого младший козырь (8♣)")
    context.set_offline(True)
    tap_hand(page, 72)
    expect(page.locator(PENDING)).to_have_count(1)
    expect(page.locator("#entry h2")).to_contain_text("Кон 2")
    expect(banner).to_have_text("Кон 2: сдаёт место 2 · заход за победителями кона 1: решают сами")
    tap_hand(page, 95)
    expect(page.locator(PENDING)).to_have_count(2)
    expect(banner).to_have_text("Кон 3: сдаёт место 3 · заход за победителями кона 2: решают сами")
    page.reload()  # the worker's copy of the page, and the outbox read again
    expect(page.locator(PENDING)).to_have_count(2)
    expect(banner).to_have_text("Кон 3: сдаёт место 3 · заход за победителями кона 2: решают сами")
    context.set_offline(False)
    expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    expect(page.locator(STORED)).to_have_count(2)
    expect(banner).to_have_text("Кон 3: сдаёт место 3 · заход за командой «Красные»: решают сами")
    assert edit in page.url
