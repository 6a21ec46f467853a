"""«Посчитать по картам» at a phone's size (390x844): the counting cards as large tap targets, the
sum and the other side's rest live, one tap puts it into the form; each side tapping its own, the
counter names a card claimed twice or missing; keyboard and screen readers reach every card; axe
finds nothing of any impact; and it all works with no network."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page, expect

from rules.engine.scoring import HandRecord
from scorekeeper import services
from tests.browser.test_offline import PENDING, controlled

pytestmark = pytest.mark.django_db(transaction=True)


def _open(page: Page, live_server, variant: str = "classic-sixes", **kw) -> None:
    match, secret = services.match_create(
        variant=variant, options={}, team_names=kw.pop("teams", ["Красные", "Чёрные"]), **kw
    )
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")


def _card(page: Page, label: str):
    return page.locator(f".count-card[data-card='{label}']")


def test_one_side_taps_its_cards_and_puts_the_count_in(page: Page, live_server):
    _open(page, live_server)
    page.get_by_text("Посчитать по картам").click()
    cards = page.locator(".count-card")
    expect(cards).to_have_count(20)  # A 10 K Q J of each suit
    assert page.locator(".count-card[aria-pressed=true]").count() == 0  # nothing chosen before a tap
    box = cards.first.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    _card(page, "AS").click()
    _card(page, "10S").click()
    # the keyboard reaches a card and toggles it
    _card(page, "KH").focus()
    page.keyboard.press("Space")
    expect(_card(page, "KH")).to_have_attribute("aria-pressed", "true")
    expect(_card(page, "KH")).to_have_attribute("aria-label", "король червей, 4")
    expect(page.locator("[data-count-sum]")).to_have_text("Красные: 25 · Чёрные: 95")
    _card(page, "10S").click()  # a second tap takes it back
    expect(page.locator("[data-count-sum]")).to_have_text("Красные: 15 · Чёрные: 105")
    page.get_by_role("button", name="Вписать в форму").click()
    expect(page.locator("#points_0")).to_have_value("15")
    expect(page.locator("#points_1")).to_have_value("105")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".hand")).to_have_count(1)
    expect(page.locator(".hand").first).to_contain_text("15:105")


def test_each_side_taps_its_own_and_the_counter_names_what_is_wrong(page: Page, live_server):
    _open(page, live_server)
    page.get_by_text("Посчитать по картам").click()
    page.get_by_role("button", name="Каждая сторона свои").click()
    check = page.locator("[data-count-check]")
    put = page.get_by_role("button", name="Вписать в форму")
    suits = ("C", "S", "H", "D")
    for s in suits[:2]:  # Красные: clubs and spades
        for r in ("A", "10", "K", "Q", "J"):
            _card(page, r + s).click()
    page.locator("[data-count-side='1']").click()
    for s in suits[2:]:  # Чёрные: hearts and diamonds, and the ace of spades again
        for r in ("A", "10", "K", "Q", "J"):
            _card(page, r + s).click()
    _card(page, "AS").click()
    expect(check).to_contain_text("Отмечены дважды: Т♠")
    expect(put).to_be_disabled()
    _card(page, "AS").click()
    page.locator("[data-count-side='0']").click()
    _card(page, "QC").click()  # Красные take back the queen of clubs: nobody has it
    expect(check).to_contain_text("Не отмечены никем: Д♣")
    _card(page, "QC").click()
    expect(check).to_have_text("Вся колода, 120: можно вписать")
    expect(page.locator("[data-count-sum]")).to_have_text("Красные: 60 · Чёрные: 60")
    put.click()
    expect(page.locator("#points_0")).to_have_value("60")
    expect(page.locator("#points_1")).to_have_value("60")
    results = Axe().run(page)
    assert [v["id"] for v in results.response["violations"]] == []


def test_three_players_count_in_turn_and_the_last_is_the_rest(page: Page, live_server):
    _open(
        page,
        live_server,
        "solo-twelve",
        teams=["Аня", "Борис", "Вера"],
        player_names=["Аня", "Борис", "Вера"],
        seats=3,
    )
    page.get_by_text("Посчитать по картам").click()
    expect(page.locator(".count-notes")).to_contain_text("2 несданные карты идут сдающему: Аня.")
    expect(page.locator("[data-count-side='2']")).to_be_hidden()  # the last player is the rest
    _card(page, "AS").click()
    _card(page, "AH").click()
    page.get_by_role("button", name="Вписать в форму").click()
    expect(page.locator("#points_0")).to_have_value("22")
    expect(page.locator("[data-count-side='1']")).to_have_attribute("aria-pressed", "true")
    expect(_card(page, "AS")).to_have_attribute("aria-disabled", "true")  # Аня's card
    _card(page, "AS").click(force=True)  # not Борис's to take
    expect(_card(page, "AS")).to_have_attribute("aria-pressed", "false")
    _card(page, "10S").click()
    page.get_by_role("button", name="Вписать в форму").click()
    expect(page.locator("#points_1")).to_have_value("10")
    expect(page.locator("#points_2")).to_have_value("88")


def test_the_counter_works_offline(context: BrowserContext, page: Page, live_server):
    match, secret = services.match_create(variant="classic-sixes", options={}, team_names=["Мы", "Они"])
    services.hand_record(match=match, record=HandRecord(points=(72, 48)), version=0, nonce="n")
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")
    controlled(page)
    context.set_offline(True)
    page.reload()
    page.get_by_text("Посчитать по картам").click()
    _card(page, "AD").click()
    page.get_by_role("button", name="Вписать в форму").click()
    expect(page.locator("#points_1")).to_have_value("109")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(PENDING)).to_have_count(1)
    expect(page.locator(PENDING).first).to_contain_text("11:109")
    expect(page.locator(".count-card[aria-pressed=true]")).to_have_count(0)  # the next count starts afresh
