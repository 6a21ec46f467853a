"""Offline at the table, in a real browser: the service worker, the manifest, the outbox with the
network switched off and requests aborted, conflicts between two phones, failures made visible."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from rules.engine.scoring import HandRecord, replay
from scorekeeper.models import Entry, Match

pytestmark = pytest.mark.django_db(transaction=True)

PENDING = "#hands .hand.pending"
STORED = "#hands ol.hands:not(.pending-hands) > .hand"


def start(page: Page, base: str, variant: str = "classic-sixes") -> str:
    page.goto(f"{base}/m/new/")
    page.locator(f"input[name=variant][value={variant}]").check()
    page.get_by_role("button", name="Начать матч").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))
    controlled(page)
    return page.url


def controlled(page: Page) -> None:
    """The service worker has kept this page's copy and controls the page (a page opened while
    the worker was still installing is controlled from its next load)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    path = page.evaluate("location.pathname")
    page.wait_for_function(
        "p => caches.open('kozel-pages-v1').then(c => c.match(p)).then(r => !!r)", arg=path, polling=100
    )
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def public_id(url: str) -> str:
    return re.search(r"/m/([^/]+)/", url).group(1)


def stored(url: str) -> list[dict]:
    match = Match.objects.get(public_id=public_id(url))
    return [e.record for e in Entry.objects.filter(match=match).order_by("seq")]


def engine_score(url: str) -> str:
    match = Match.objects.get(public_id=public_id(url))
    records = [HandRecord.from_dict(r) for r in stored(url)]
    state = replay(match.variant, match.options, records)
    return f"{state.score[0]}:{state.score[1]}"


def board_score(page: Page) -> str:
    return page.locator("[data-score='0']").first.inner_text() + ":" + page.locator("[data-score='1']").first.inner_text()


def tap_hand(page: Page, points: int) -> None:
    page.fill("#points_0", str(points))
    page.get_by_role("button", name="Записать кон").click()


def test_three_hands_offline_across_reload_and_a_new_page(context: BrowserContext, page: Page, live_server):
    edit = start(page, live_server.url)
    context.set_offline(True)
    for n, pts in enumerate((72, 95, 61), start=1):
        tap_hand(page, pts)
        expect(page.locator(PENDING)).to_have_count(n)
    expect(page.locator(PENDING).first).to_contain_text("61:59")
    expect(page.locator(PENDING).first).to_contain_text("ждёт сети")
    expect(page.locator("#net-banner")).to_contain_text("Нет сети: 3 записи ждут отправки")
    expect(page.locator("#entry h2")).to_contain_text("Кон 4")
    assert board_score(page) == "0:0"  # the board is the last confirmed score
    # reload without a network: the page from the phone's copy, the rows from IndexedDB
    page.reload()
    expect(page.locator(PENDING)).to_have_count(3)
    # close the page, open a new one in the same browser profile
    page.close()
    page2 = context.new_page()
    page2.goto(edit)
    expect(page2.locator(PENDING)).to_have_count(3)
    assert stored(edit) == []
    context.set_offline(False)
    expect(page2.locator(PENDING)).to_have_count(0, timeout=15000)
    expect(page2.locator(STORED)).to_have_count(3)
    assert [r["points"] for r in stored(edit)] == [[72, 48], [95, 25], [61, 59]]
    assert board_score(page2) == engine_score(edit)
    expect(page2.locator("#net-banner")).to_be_hidden()
