"""The Belka hand check typed by keyboard at a normal pace: a refresh answering an earlier change
that arrives while «Номер кона» is being typed keeps what was typed."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_late_refresh_keeps_the_typed_hand_number(page: Page, live_server):
    page.goto(live_server.url + "/rules/referee/hand/?variant=yc-belka")

    def slow(route):
        time.sleep(0.8)  # the answer to the select's change comes late
        route.continue_()

    page.route("**/rules/referee/hand/?*", slow)
    page.locator("select[name=first_jc]").select_option("1")  # a change: the form refreshes
    page.locator("input[name=hand]").click()
    page.keyboard.type("3", delay=80)
    page.wait_for_timeout(1500)  # the late answer has been swapped in
    expect(page.locator("select[name=first_jc]")).to_have_value("1")
    expect(page.locator("input[name=hand]")).to_have_value("3")
