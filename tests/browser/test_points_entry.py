"""Entering points on a phone: the complement is a real value before the tap, two typed numbers
that miss 120 give a visible error, and what is stored is exactly what was shown."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import services
from scorekeeper.models import Entry

pytestmark = pytest.mark.django_db(transaction=True)


def _open(page: Page, base: str):
    match, secret = services.match_create(variant="classic-sixes", options={}, team_names=["Мы", "Они"])
    page.goto(f"{base}/m/{match.public_id}/e/{secret}/")
    return match


def _stored(match) -> list:
    return [e.record["points"] for e in Entry.objects.filter(match=match, action=Entry.ADD).order_by("seq")]


def test_the_complement_is_a_value_and_is_what_gets_stored(page: Page, live_server):
    match = _open(page, live_server.url)
    page.fill("#points_1", "37")
    expect(page.locator("#points_0")).to_have_value("83")
    page.fill("#points_1", "3")  # the complement follows the typed number
    expect(page.locator("#points_0")).to_have_value("117")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    assert _stored(match) == [[117, 3]]


def test_two_typed_numbers_that_miss_120_show_an_error_and_store_nothing(page: Page, live_server):
    match = _open(page, live_server.url)
    page.fill("#points_0", "72")
    page.fill("#points_1", "50")  # typed over the complement
    error = page.locator("[data-sum-error]")
    expect(error).to_be_visible()
    expect(error).to_contain_text("72 + 50 = 122")
    expect(page.locator("#points_0")).to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator("#err-points_0")).to_contain_text("в сумме должны давать 120")  # the server's word
    expect(error).to_be_visible()  # and the swapped-in form still shows the two numbers' error
    assert _stored(match) == []
    page.fill("#points_1", "48")
    expect(error).to_be_hidden()


def test_eggs_never_replace_typed_points(page: Page, live_server):
    match = _open(page, live_server.url)
    page.fill("#points_0", "72")
    page.get_by_role("button", name="60:60 яйца").click()
    expect(page.locator("#err-points_0")).to_contain_text("72:48")
    assert _stored(match) == []
    page.fill("#points_0", "")
    page.fill("#points_1", "")
    page.get_by_role("button", name="60:60 яйца").click()
    expect(page.locator(".hand")).to_have_count(1)
    assert _stored(match) == [[60, 60]]


def test_after_a_sum_error_the_rest_and_the_lyusya_tick_come_back(page: Page, live_server):
    match = _open(page, live_server.url)
    page.fill("#points_0", "72")
    page.fill("#points_1", "50")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator("#err-points_0")).to_contain_text("в сумме должны давать 120")
    expect(page.locator("[data-sum-error]")).to_contain_text("72 + 50 = 122")  # the swapped form has settled
    page.fill("#points_1", "")  # emptied: the other side follows as the rest again
    expect(page.locator("#points_1")).to_have_value("48")
    expect(page.locator("[data-sum-error]")).to_be_hidden()
    page.fill("#points_0", "120")
    expect(page.locator("#points_1")).to_have_value("0")
    tick = page.locator("[data-ask=all-tricks]")
    expect(tick).to_be_visible()
    tick.locator("input").check()
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    assert _stored(match) == [[120, 0]]
