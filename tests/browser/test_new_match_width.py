"""/m/new/ fits a 390 px phone whichever variant is chosen (a fieldset is as wide as its widest
line unless told otherwise)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from rules.engine.variants import VARIANTS

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_variant_fits_390_px(page: Page, live_server):
    page.goto(f"{live_server.url}/m/new/")
    wide = {}
    for key in VARIANTS:
        page.locator(f"input[name=variant][value={key}]").check()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > 390:
            wide[key] = width
    assert wide == {}
