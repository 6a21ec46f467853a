"""The deal review at 390 px: each trick's plays on one line, the page no wider than the phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.rules.helpers import revoke_deal
from tests.rules.test_plural_pages import qs

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_trick_on_one_line(page: Page, live_server):
    params, _trick, _seat = revoke_deal()
    page.goto(live_server.url + "/rules/referee/deal/?" + qs(params))
    lines = page.evaluate(
        """() => [...document.querySelectorAll('table.tricks tbody tr')].map(tr =>
             new Set([...tr.children[1].querySelectorAll(':scope > span')].map(s => Math.round(s.getBoundingClientRect().top))).size)"""
    )
    assert lines and set(lines) == {1}, lines
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
