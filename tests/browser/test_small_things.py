"""The small things a real evening tripped over, at a phone's size (390x844): pages no wider than
the screen, a stat card's lines, the points in view after the counter, the company's choices
kept, a merge asked once, the referee's hand fields, Belka's example and hint, solo-twelve's
counter, and the revoke offered from the penalty panel."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from rules.engine.scoring import HandRecord
from scorekeeper import services
from scorekeeper.company import services as company_services
from tests.company.helpers import nonce

pytestmark = pytest.mark.django_db(transaction=True)

WIDTH = "() => document.documentElement.scrollWidth"


def test_house_rules_differences_fit_the_screen(page: Page, live_server) -> None:
    page.goto(live_server.url + "/rules/house/")
    page.fill("#id_name", "Пятничные")
    selects = page.locator("form select:visible")
    for i in range(1, selects.count()):  # every option of the base variant changed: the longest values
        s = selects.nth(i)
        s.select_option(index=s.locator("option").count() - 1)
    page.get_by_role("button", name="Создать страницу").click()
    expect(page.locator("h1")).to_have_text("Пятничные")
    expect(page.locator("table.house-diff tr.diff").first).to_be_visible()
    assert page.locator("table.house-diff tr.diff").count() >= 4
    assert page.evaluate(WIDTH) <= 390


def _company(players: list[str]) -> tuple[str, str]:
    company, secret = company_services.company_create(
        name="Пятница", time_zone="Europe/Moscow", players=players
    )
    return f"/c/{company.public_id}/e/{secret}/", company.public_id


def test_a_stat_card_keeps_the_goats_titles_on_one_line(page: Page, live_server) -> None:
    edit, _pid = _company(["Аня", "Боря", "Вика", "Гоша"])
    page.goto(live_server.url + edit)
    page.get_by_role("button", name="Выбрать вариант и начать").click()
    page.get_by_role("button", name="Начать матч").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))
    # 60:60 eggs, then the Blacks (Боря and Гоша) win three hands at 90+ and the last from 5:
    # the Reds are goats with eggs and with tails
    for p in (None, 30, 30, 30):
        before = page.locator("#match").get_attribute("data-version")
        if p is None:
            page.get_by_role("button", name="60:60 яйца").click()
        else:
            page.fill("#points_0", str(p))
            page.get_by_role("button", name="Записать кон").click()
        expect(page.locator("#match")).not_to_have_attribute("data-version", before)
    expect(page.locator(".finale")).to_be_visible()
    page.goto(live_server.url + edit)
    goat = page.locator(".company-player", has_text="Аня").locator(".cp-wide dd")
    expect(goat).to_contain_text("с яйцами 1")
    expect(goat).to_contain_text("с хвостами 1")
    line = float(goat.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)"))
    height = goat.bounding_box()["height"]
    assert height < 1.6 * line, (height, line)  # one line, not four
    assert page.evaluate(WIDTH) <= 390


def test_choosing_one_player_for_two_seats_keeps_every_choice(page: Page, live_server) -> None:
    edit, _pid = _company(["Аня", "Боря", "Вика", "Гоша", "Дима"])
    page.goto(live_server.url + edit)
    seats = page.locator(".company-seats select[name^=player_]")
    for i, name in enumerate(["Дима", "Боря", "Дима", "Аня"]):
        seats.nth(i).select_option(name)
    page.locator("#first-dealer").select_option("3")
    page.get_by_role("button", name="Выбрать вариант и начать").click()
    page.get_by_role("button", name="Начать матч").click()
    expect(page.locator("p.errorlist")).to_contain_text("один и тот же игрок")
    for i, name in enumerate(["Дима", "Боря", "Дима", "Аня"]):
        expect(seats.nth(i)).to_have_value(name)
    expect(page.locator("#first-dealer")).to_have_value("3")


def test_a_merge_asks_once_naming_both(page: Page, live_server) -> None:
    edit, pid = _company(["Аня", "Аня К.", "Боря"])
    page.goto(live_server.url + edit)
    form = page.locator("form[data-merge-ask]")
    form.locator("select[name=keep]").select_option(label="Аня")
    form.locator("select[name=fold]").select_option(label="Аня К.")
    form.get_by_role("button", name="Объединить").click()  # one tap merges nothing
    question = form.locator("[data-merge-question]")
    expect(question).to_have_text(
        "«Аня К.» и «Аня» — один человек? Матчи «Аня К.» будут засчитаны игроку «Аня»."
    )
    expect(page.locator(".company-merges")).to_have_count(0)
    form.get_by_role("button", name="Отмена").click()
    expect(question).to_be_hidden()
    form.get_by_role("button", name="Объединить").click()
    form.get_by_role("button", name="Да, объединить").click()
    expect(page.locator(".company-merges")).to_contain_text("Аня К. считается как Аня")


def test_the_points_are_in_view_after_the_counter_puts_them_in(page: Page, live_server) -> None:
    match, secret = services.match_create(
        variant="classic-sixes", options={}, team_names=["Красные", "Чёрные"]
    )
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")
    page.get_by_text("Посчитать по картам").click()
    for card in ("AS", "10S", "AH", "AD", "AC"):
        page.locator(f".count-card[data-card='{card}']").click()
    put = page.get_by_role("button", name="Вписать в форму")
    put.scroll_into_view_if_needed()
    put.click()
    expect(page.locator("#points_0")).to_have_value("54")
    expect(page.locator("#points_0")).to_be_in_viewport()
    expect(page.locator("#points_1")).to_be_in_viewport()


def test_solo_twelves_counter_names_the_others_and_keeps_its_taps(page: Page, live_server) -> None:
    match, secret = services.match_create(
        variant="solo-twelve",
        options={},
        team_names=["Аня", "Боря", "Вика"],
        player_names=["Аня", "Боря", "Вика"],
        seats=3,
    )
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")
    page.get_by_text("Посчитать по картам").click()
    page.locator(".count-card[data-card='AS']").click()
    total = page.locator("[data-count-sum]")
    expect(total).to_have_text("Аня: 11 · Боря, Вика: 109")
    page.get_by_role("button", name="Каждая сторона свои").click()
    expect(page.locator(".count-card[data-card='AS']")).to_have_attribute("aria-pressed", "true")
    expect(total).to_contain_text("Аня: 11")
    page.get_by_role("button", name="Отмечает одна сторона").click()
    expect(total).to_have_text("Аня: 11 · Боря, Вика: 109")


def test_the_penalty_panel_opens_the_revoke(page: Page, live_server) -> None:
    match, secret = services.match_create(
        variant="classic-sixes", options={"revoke_penalty": "four_points"}, team_names=["Красные", "Чёрные"]
    )
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")
    page.get_by_text("Штраф", exact=True).click()
    page.get_by_role("link", name="Отметить ренонс").click()
    expect(page.locator("#revoke")).to_be_visible()
    expect(page.locator("#revoke")).to_be_focused()


def test_belkas_referee_example_hint_and_a_hand_of_none(page: Page, live_server) -> None:
    base = live_server.url + "/rules/referee/?variant=yc-belka&leader=0"
    page.goto(base)
    label = page.locator("label[for=id_cards], label", has_text="например").first
    expect(label).not_to_contain_text("7♣")  # Belka's deck has no sevens
    page.goto(base + "&cards=9S+9H+9D+8S")
    expect(page.locator("body")).to_contain_text("Можно, только если у игрока не осталось ни ♠, ни козырей.")
    # «Ничего из этого»: the hand field says so in words, not with the link's «-»
    page.get_by_role("link", name="Ничего из этого").first.click()
    field = page.locator("#id_h1")
    expect(field).to_have_value("нет")
    assert "„" not in page.locator("body").inner_text()
    assert page.evaluate(WIDTH) <= 390


def test_a_penalty_hand_has_no_dispute_and_history_says_what_was_removed(page: Page, live_server) -> None:
    match, secret = services.match_create(
        variant="classic-sixes", options={}, team_names=["Красные", "Чёрные"]
    )
    services.hand_record(match=match, record=HandRecord(points=(88, 32)), version=0, nonce=nonce())
    edit = f"{live_server.url}/m/{match.public_id}/e/{secret}/"
    page.goto(edit)
    page.get_by_text("Штраф", exact=True).click()
    page.locator("#penalty_kind").select_option("cheating")
    page.get_by_role("button", name="против: Чёрные").click()
    penalty = page.locator(".hand[data-hand='2']")
    expect(penalty).to_contain_text("шулерство")
    expect(penalty.get_by_role("link", name="Спор")).to_have_count(0)
    expect(page.locator(".hand[data-hand='1']").get_by_role("link", name="Спор")).to_have_count(1)
    page.locator(".hand[data-hand='1']").get_by_role("link", name="Исправить").click()
    page.get_by_role("button", name="Удалить этот кон").click()
    page.wait_for_url(edit)
    page.goto(edit + "history/")
    expect(page.locator(".history")).to_contain_text("удалён · кон 1: 88:32")
    assert page.evaluate(WIDTH) <= 390
