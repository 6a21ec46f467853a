"""Controls look like controls: every fold-out shows a chevron and says aria-expanded; the
comparison page fits a phone (no sideways scrolling, two or three variants)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import services

pytestmark = pytest.mark.django_db(transaction=True)


def test_fold_outs_show_a_chevron_and_aria_expanded(page: Page, live_server):
    match, secret = services.match_create(variant="classic-sixes", options={}, team_names=["Мы", "Они"])
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")
    for name in ("Штраф", "Ещё: заметка, хвалёнка", "Ссылка для просмотра и QR"):
        summary = page.locator("summary", has_text=name)
        expect(summary).to_have_attribute("aria-expanded", "false")
        chevron = summary.evaluate("s => getComputedStyle(s, '::after').borderRightWidth")
        assert chevron not in ("", "0px"), name
        marker = summary.evaluate("s => getComputedStyle(s).listStyleType")
        assert marker == "none"  # one chevron, not the browser's triangle too
        summary.click()
        expect(summary).to_have_attribute("aria-expanded", "true")
        summary.click()
        expect(summary).to_have_attribute("aria-expanded", "false")
    # after an htmx swap of the board the new fold-outs are marked too
    page.fill("#points_0", "72")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    expect(page.locator("summary", has_text="Штраф")).to_have_attribute("aria-expanded", "false")


def test_the_comparison_fits_a_phone(page: Page, live_server):
    page.goto(f"{live_server.url}/rules/compare/")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    assert page.locator("table.compare thead th[scope=col]").count() == 2
    page.get_by_label("Серия до 12 (kozel.voon.ru)").check()
    page.get_by_role("button", name="Сравнить").click()
    expect(page.locator("table.compare thead th[scope=col]")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # every value of a row is visible on screen, side by side under the rule's name
    cells = page.locator("table.compare tbody tr").first.locator("td")
    boxes = [cells.nth(i).bounding_box() for i in range(3)]
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)


@pytest.mark.parametrize("path", ["/rules/referee/", "/rules/referee/deal/", "/rules/referee/hand/"])
def test_seat_choices_are_44px_tall(page: Page, live_server, path: str):
    page.goto(live_server.url + path + "?variant=voon-series")
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    small = page.evaluate(
        """() => [...document.querySelectorAll('label.seat, .tap-seats .seat, select')]
             .filter(el => el.offsetParent !== null)
             .map(el => [el.name || el.textContent.trim().slice(0, 20), el.getBoundingClientRect().height])
             .filter(([, h]) => h < 44)"""
    )
    assert small == []
