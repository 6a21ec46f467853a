"""The deal review at 390 px: each trick's plays on one line, the page no wider than the phone;
plays of several cards go on to a second line, never split."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from rules.analysis import exact
from tests.browser.test_analyse import SOLVE_WAIT
from tests.rules.helpers import revoke_deal
from tests.rules.views.test_plural_pages import qs

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


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_pairs_names_wrap_between_names(page: Page, live_server, lang):
    """A pair's names, under the review («Игрок 1 · Игрок 3») and in «Разбор с лучшей игрой»
    («Player 1 and Player 3»), go on to a second line between the names, never between «Игрок»
    and its number."""
    exact.forget()
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    params, _trick, _seat = revoke_deal()
    page.goto(live_server.url + "/rules/referee/deal/?" + qs(params))
    expect(page.locator(".best-sides .name")).to_have_count(4, timeout=SOLVE_WAIT)
    assert page.locator(".totals .name").count() == 4
    split = page.evaluate(
        """() => [...document.querySelectorAll('.totals .name, .best-sides .name')]
             .filter(n => n.getClientRects().length > 1).map(n => n.textContent)"""
    )
    assert split == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


# classic-sixes with multi-card leads, played by the engine with a random legal play each time:
# trick 5 is of two-card plays, and the better plays at trick 3 are of one to three cards
MULTI_DEAL = {
    "variant": "classic-sixes",
    "opt_multi_leads": "1",
    "leader": "0",
    "h0": "9D 8H 10S 9S JD 8C QC JC",
    "h1": "AC 7H 8S 10H KD QS KH 7C",
    "h2": "QH QD KC JS JH AH KS AS",
    "h3": "10C AD 9C 7D 8D 10D 9H 7S",
    "plays": "9D; KD; AH; 8D; AC; QH; 10C; JC; JS; 9C; JD; QS; 10H; JH; 9H; 8H; QD KC; 10D 7D; QC 8C; 7C 7H;"
    " KS; 7S; 10S; 8S; 9S; KH; AS; AD",
}


def test_plays_of_several_cards_stay_within_the_phone(page: Page, live_server):
    """A trick of two-card plays wraps between its plays rather than widen the page; in «Разбор
    с лучшей игрой» each better play keeps its cards together, the plays set apart by commas."""
    exact.forget()
    page.goto(live_server.url + "/rules/referee/deal/?" + qs(MULTI_DEAL))
    expect(page.locator("#turning-point")).to_be_visible(timeout=SOLVE_WAIT)
    split = page.evaluate(
        """() => [...document.querySelectorAll('table.tricks td:nth-child(2) > span, .better-play')].filter(s =>
             new Set([...s.querySelectorAll('.cardface')].map(f => Math.round(f.getBoundingClientRect().top))).size > 1
           ).length"""
    )
    assert split == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    several = page.locator(".better-play:has(.cardface + .cardface)")
    assert several.count() > 0
    lists = page.locator(".better", has=page.locator(".better-play:has(.cardface + .cardface)")).all()
    assert lists
    for better in lists:
        assert better.inner_text().count(",") == better.locator(".better-play").count() - 1
