"""Entering points on a phone: the complement is a real value before the tap, two typed numbers
that miss 120 give a visible error, a field the player corrects is never written by the script,
and what is stored is exactly what was shown."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper import services
from scorekeeper.models import Entry
from tests.browser.test_offline import PENDING, STORED, start, tap_hand

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
    page.fill("#points_1", "")  # emptied by the player: it stays empty
    expect(page.locator("#points_1")).to_have_value("")
    expect(page.locator("#points_0")).to_have_value("72")
    expect(page.locator("[data-sum-error]")).to_be_hidden()
    page.fill("#points_0", "120")
    expect(page.locator("#points_1")).to_have_value("")  # typed into (emptied): not written again
    tick = page.locator("[data-ask=all-tricks]")
    expect(tick).to_be_visible()
    tick.locator("input").check()
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    assert _stored(match) == [[120, 0]]


def _correct(page: Page, field: str, digits: str) -> None:
    """A tap into the field, backspace until it is empty, then the new digits, key by key."""
    box = page.locator(field)
    box.click()
    box.press("End")
    for _ in box.input_value():
        box.press("Backspace")
        if box.input_value():
            continue
        expect(box).to_have_value("")  # emptied, it stays empty
    box.press_sequentially(digits)


@pytest.mark.parametrize(
    ("typed", "other", "first", "follow", "fixed"),
    [("#points_0", "#points_1", "72", "48", "50"), ("#points_1", "#points_0", "50", "70", "65")],
)
def test_correcting_the_followed_side_never_refills_it(
    page: Page, live_server, typed, other, first, follow, fixed
):
    match = _open(page, live_server.url)
    page.locator(typed).press_sequentially(first)
    expect(page.locator(other)).to_have_value(follow)
    _correct(page, other, fixed)
    expect(page.locator(other)).to_have_value(fixed)  # not «485» or «701»
    expect(page.locator(typed)).to_have_value(first)  # typed before: the correction leaves it alone
    error = page.locator("[data-sum-error]")
    expect(error).to_be_visible()
    expect(error).to_contain_text(f"= {int(first) + int(fixed)}")
    _correct(page, typed, str(120 - int(fixed)))  # now the first side, put right by hand
    expect(page.locator(other)).to_have_value(fixed)
    expect(error).to_be_hidden()
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    pair = (120 - int(fixed), int(fixed))
    assert _stored(match) == [list(pair if typed == "#points_0" else pair[::-1])]


def test_a_new_form_after_a_hand_starts_with_nothing_typed(page: Page, live_server):
    match = _open(page, live_server.url)
    page.fill("#points_1", "50")
    expect(page.locator("#points_0")).to_have_value("70")
    _correct(page, "#points_0", "")  # the Reds emptied: the form sends 70 as the rest
    expect(page.locator("#points_0")).to_have_value("")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    # the swapped-in form: the Reds, emptied in the form before, follow again
    page.locator("#points_1").press_sequentially("30")
    expect(page.locator("#points_0")).to_have_value("90")
    _correct(page, "#points_1", "")  # what follows is emptied with the number it followed
    expect(page.locator("#points_0")).to_have_value("")
    page.locator("#points_1").press_sequentially("25")
    expect(page.locator("#points_0")).to_have_value("95")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(2)
    assert _stored(match) == [[70, 50], [95, 25]]


def test_three_players_the_rest_follows_and_a_corrected_field_is_never_refilled(page: Page, live_server):
    match, secret = services.match_create(
        variant="solo-twelve", options={}, team_names=["Аня", "Боря", "Вера"], seats=3
    )
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")
    page.fill("#points_0", "64")
    expect(page.locator("#points_2")).to_have_value("")  # one number typed: nothing to follow yet
    page.fill("#points_1", "26")
    expect(page.locator("#points_2")).to_have_value("30")
    _correct(page, "#points_2", "20")  # the rest corrected by hand: never written back
    expect(page.locator("#points_2")).to_have_value("20")
    expect(page.locator("[data-sum-error]")).to_contain_text("64 + 26 + 20 = 110")
    _correct(page, "#points_1", "36")
    expect(page.locator("[data-sum-error]")).to_be_hidden()
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    assert _stored(match) == [[64, 36, 20]]


def test_what_is_typed_stays_typed_when_the_board_is_refreshed_under_it(
    context: BrowserContext, page: Page, live_server
):
    """A hand kept offline goes out and the board is drawn afresh while the next hand is being
    typed: the numbers come back, and so does which of them the player typed (emptied too)."""
    start(page, live_server.url)
    context.set_offline(True)
    tap_hand(page, 72)
    expect(page.locator(PENDING)).to_have_count(1)
    page.locator("#points_0").press_sequentially("95")
    expect(page.locator("#points_1")).to_have_value("25")
    _correct(page, "#points_1", "")
    context.set_offline(False)
    expect(page.locator(STORED)).to_have_count(1, timeout=15000)
    expect(page.locator("#match")).to_have_attribute("data-version", "1")  # the server's board, swapped in
    expect(page.locator("#points_0")).to_have_value("95")
    _correct(page, "#points_0", "61")
    expect(page.locator("#points_1")).to_have_value("")  # emptied before the refresh: still the player's
