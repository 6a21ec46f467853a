"""The scorekeeper on a phone (390x844): start, record through eggs, Lyusya and a queen capture to
the end, undo and edit, and the view link that is read-only and follows the match."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def start(page: Page, base: str, variant: str) -> str:
    page.goto(f"{base}/m/new/")
    page.locator(f"input[name=variant][value={variant}]").check()
    page.get_by_role("button", name="Начать матч").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))
    return page.url


def record(page: Page, team: int, points: int, *, all_tricks: bool = False) -> None:
    before = page.locator("#match").get_attribute("data-version")
    page.fill(f"#points_{team}", str(points))
    if all_tricks:
        page.get_by_label("Взяли все взятки? (Люся)").check()
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator("#match")).not_to_have_attribute("data-version", before)


def score(page: Page) -> str:
    return (
        page.locator("[data-score='0']").first.inner_text()
        + ":"
        + page.locator("[data-score='1']").first.inner_text()
    )


def test_series_with_eggs_lyusya_and_capture_to_the_end(page: Page, live_server):
    base = live_server.url
    start(page, base, "voon-series")
    # the 120-minus complement, a real value before submitting
    page.fill("#points_0", "72")
    expect(page.locator("#points_1")).to_have_value("48")
    expect(page.get_by_label("Взяли все взятки? (Люся)")).to_be_hidden()
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand[data-hand='1']")).to_contain_text("61–89 очков → 2 балла")
    assert score(page) == "2:0"
    # eggs: the bonus token waits
    page.get_by_role("button", name="60:60 яйца").click()
    expect(page.locator(".token")).to_contain_text("+2")
    record(page, 0, 95)
    assert score(page) == "8:0"
    expect(page.locator(".token")).to_have_count(0)
    # Lyusya by the blacks: the reds go back to 0
    page.fill("#points_1", "120")
    expect(page.get_by_label("Взяли все взятки? (Люся)")).to_be_visible()
    page.get_by_label("Взяли все взятки? (Люся)").check()
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand[data-hand='4']")).to_contain_text("Люся")
    assert score(page) == "0:0"
    # queen captures to the end: 4 each
    for n in range(3):
        page.get_by_role("button", name="Ловля дамы: Чёрные").click()
        expect(page.locator(".hand")).to_have_count(5 + n)
    expect(page.locator(".finale")).to_contain_text("Победа: Чёрные")
    expect(page.locator(".finale")).to_contain_text("козлы")
    expect(page.locator("#entry")).to_have_count(0)
    # the device remembers the match on the home page
    page.goto(base + "/")
    expect(page.locator("#my-matches")).to_be_visible()
    expect(page.locator("#my-matches")).to_contain_text("Красные – Чёрные")


def test_hvalyony_lyusya_wins_at_once_and_undo_edit(page: Page, live_server):
    base = live_server.url
    edit = start(page, base, "classic-sixes")
    record(page, 0, 72)
    record(page, 1, 95)
    assert score(page) == "1:2"
    # undo the last hand
    page.get_by_role("button", name=re.compile("Отменить кон 2")).click()
    expect(page.locator(".hand")).to_have_count(1)
    assert score(page) == "1:0"
    # edit hand 1 to a 95 win
    page.locator(".hand[data-hand='1']").get_by_role("link", name="Исправить").click()
    # the board has a points form too: fill the correction's only once it is the page shown
    expect(page.get_by_role("button", name="Сохранить исправление")).to_be_visible()
    page.fill("input[name=points_0]", "95")
    page.fill("input[name=points_1]", "")
    page.fill("#reason", "не так посчитали")
    page.get_by_role("button", name="Сохранить исправление").click()
    page.wait_for_url(edit)
    assert score(page) == "2:0"
    expect(page.locator(".hand[data-hand='1']")).to_contain_text("исправлен")
    page.goto(edit + "history/")
    expect(page.locator(".history")).to_contain_text("не так посчитали")
    expect(page.locator(".history")).to_contain_text("отменён")

    # Hvalyony: Lyusya wins the match at once
    start(page, base, "yc-hvalyony")
    record(page, 1, 120, all_tricks=True)
    expect(page.locator(".finale")).to_contain_text("Победа: Чёрные")


def test_view_link_is_read_only_and_follows_the_match(page: Page, live_server):
    base = live_server.url
    start(page, base, "classic-sixes")
    view_url = page.locator(".share input.copy").first.input_value()
    watcher = page.context.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    watcher.goto(view_url)
    expect(watcher.locator("#entry")).to_have_count(0)
    expect(watcher.get_by_role("button", name="Записать кон")).to_have_count(0)
    assert "/e/" not in watcher.content()
    record(page, 0, 100)
    expect(watcher.locator("[data-score='0']")).to_have_text("2", timeout=8000)
    expect(watcher.locator(".hand[data-hand='1']")).to_contain_text("100:20")
    # a write through the view link is refused
    status = watcher.evaluate(
        "async (u) => (await fetch(u, {method: 'POST', body: 'points_0=72'})).status", view_url
    )
    assert status == 403
    watcher.context.close()


def test_typos_in_the_points_get_the_players_language_next_to_the_field(page: Page, live_server):
    # letters used to stop at the browser's own bubble ("Please match the requested format."),
    # in the browser's language, never reaching the form's Russian message
    start(page, live_server.url, "classic-sixes")
    for typo in ("ab", "131"):
        page.fill("#points_0", typo)
        page.get_by_role("button", name="Записать кон").click()
        expect(page.locator("#err-points_0")).to_contain_text("от 0 до 120")
        # the server's answer is in (a tap while a request is in flight is dropped by hx-sync)
        expect(page.locator("#entry")).not_to_have_class(re.compile(r"htmx-request"))
        expect(page.locator("#points_0")).to_have_value(typo)
        expect(page.locator(".hand")).to_have_count(0)
    record(page, 0, 72)
    expect(page.locator(".hand")).to_have_count(1)


def test_view_link_keeps_all_hands_open_across_the_poll(page: Page, live_server):
    """«Все коны» opened on the view link stays open when the board refreshes itself after the
    next hand (the poll asks for every hand too), instead of falling back to the latest 30."""
    from rules.engine import HandRecord
    from scorekeeper import services

    match, _secret = services.match_create(variant="penalty-goats", options={}, team_names=["A", "B"])
    for i in range(32):
        services.hand_record(
            match=match, record=HandRecord.from_dict({"points": [60, 60]}), nonce=f"a{i}", version=i
        )
    page.goto(f"{live_server.url}/m/{match.public_id}/")
    expect(page.locator("li.hand")).to_have_count(30)
    page.get_by_role("link", name=re.compile("Все коны")).click()
    expect(page.locator("li.hand")).to_have_count(32)
    services.hand_record(
        match=match, record=HandRecord.from_dict({"points": [60, 60]}), nonce="a32", version=32
    )
    expect(page.locator("li.hand[data-hand='33']")).to_have_count(1, timeout=8000)
    expect(page.locator("li.hand")).to_have_count(33)
