"""Bad input on a rule page (a hand the referee cannot read) answers 400 with the page and its
errors: htmx swaps it in like any answer, so the errors stand in the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_hand_the_referee_cannot_read_shows_its_errors_in_the_page(live_server, page: Page) -> None:
    page.goto(live_server.url + "/rules/referee/hand/?variant=classic-sixes")
    with page.expect_response(lambda r: "/rules/referee/hand/" in r.url and r.status == 400):
        page.locator("#id_cards").fill("ZZ QQ")
        page.get_by_role("button", name="Проверить").click()
    errors = page.locator("#hand ul.errorlist[role=alert]")
    expect(errors).to_be_visible()
    expect(page.locator("#hand form #id_cards")).to_be_visible()  # the form to try again
    expect(page.locator("#hand .kz-msg")).to_have_count(0)  # not the failed request's short message
    assert "cards=" in page.url  # pushed like any other answer
    assert "{#" not in page.content()  # the templates' comments stay comments
