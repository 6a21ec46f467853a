"""The comparison page at a phone's size and on a desktop: each checkbox beside its variant's name,
and the variants' names in the headers broken between words, never inside one."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.django_db(transaction=True)

URL = "/rules/compare/?v=classic-sixes&v=yc-belka&v=draw-four"


@pytest.mark.parametrize("width", [390, 1280])
def test_checkboxes_sit_beside_their_names(page: Page, live_server, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(live_server.url + URL)
    apart = page.evaluate(
        """() => [...document.querySelectorAll('.compare-pick label.check')].filter(l => {
             const box = l.querySelector('input').getBoundingClientRect(), r = l.getBoundingClientRect();
             return box.top - r.top > 12 || Math.abs((box.top + box.bottom) / 2 - (r.top + r.bottom) / 2) > 12;
           }).map(l => l.textContent.trim())"""
    )
    assert apart == []


def test_headers_break_between_words(page: Page, live_server):
    page.goto(live_server.url + URL)
    wraps = page.evaluate(
        "() => [...document.querySelectorAll('.compare thead th, .compare td')].map(e => getComputedStyle(e).overflowWrap)"
    )
    assert "anywhere" not in wraps
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
