"""At a phone's size: a correction that ends the match sooner offers to save it and remove the
later hands; one tap does it, and the hand links use the number the board shows."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules.engine.scoring import HandRecord
from scorekeeper import services

pytestmark = pytest.mark.django_db(transaction=True)


def test_save_and_remove_the_later_hands(page: Page, live_server):
    match, secret = services.match_create(variant="voon-series", options={}, team_names=["Красные", "Чёрные"])
    for version, p in enumerate((95, 95, 72, 30, 30)):
        services.hand_record(
            match=match, record=HandRecord(points=(p, 120 - p)), version=version, nonce=f"n{version}"
        )
    edit = f"{live_server.url}/m/{match.public_id}/e/{secret}/"
    page.goto(edit)
    page.locator(".hand[data-hand='4'] a", has_text="Исправить").click()
    page.wait_for_url(edit + "kon/4/")
    page.fill("input[name=points_0]", "72")
    page.fill("input[name=points_1]", "48")
    page.get_by_role("button", name="Сохранить исправление").click()
    offer = page.get_by_role("button", name="Сохранить и убрать кон 5")
    expect(offer).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    offer.click()
    page.wait_for_url(edit)
    expect(page.locator(".finale")).to_contain_text("Победа: Красные")
    expect(page.locator("#hands ol.hands:not(.pending-hands) > .hand")).to_have_count(4)
