"""A company on a phone (390x844): made in the phone's time zone, two matches of one evening
started from it (the seats and the first dealer chosen there; the second a rematch), then its
statistics, the rating chart and the evening's image shared through the Web Share API."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.company.models import Company
from scripts.chromium import until
from tests.browser.test_scorekeeper import record

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("KOZEL_SHOTS")  # a folder: also shoot every company page there
FOUR = ["Аня", "Боря", "Вика", "Гоша"]

# navigator.share as a phone has it: the test keeps what was shared
FAKE_SHARE = """
navigator.canShare = (data) => !!(data && data.files);
navigator.share = (data) => { window.kzShared = data.files.map(f => f.name + ':' + f.type + ':' + f.size); return Promise.resolve(); };
"""


def shoot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_a_company_two_matches_of_an_evening_its_statistics_and_the_shared_image(
    browser: Browser, browser_context_args: dict, live_server
) -> None:
    ctx = browser.new_context(**browser_context_args, timezone_id="Asia/Yekaterinburg")
    ctx.add_init_script(FAKE_SHARE)
    page = ctx.new_page()
    base = live_server.url
    page.goto(f"{base}/c/new/")
    # the city in the page's language with its offset, not the IANA name
    expect(page.locator("[data-time-zone-shown]")).to_have_text("Екатеринбург, UTC+5")
    shoot(page, "company-new")
    page.fill("#company-name", "Пятница")
    page.fill("#company-players", "\n".join(FOUR))
    page.get_by_role("button", name="Создать компанию").click()
    page.wait_for_url(re.compile(r"/c/[^/]+/e/[^/]+/$"))
    edit = page.url
    company = Company.objects.get()
    assert company.time_zone == "Asia/Yekaterinburg" and company.name == "Пятница"

    # the seats come from the company's players; Вика deals first
    page.locator("#first-dealer").select_option("2")
    page.get_by_role("button", name="Выбрать вариант и начать").click()
    page.wait_for_url(re.compile(r"/new-match/\?"))
    for i, name in enumerate(FOUR):
        expect(page.locator(f"input[name=player_{i}]")).to_have_value(name)
    expect(page.locator("select[name=first_dealer], input[name=first_dealer]:checked").first).to_have_value(
        "2"
    )
    shoot(page, "company-new-match")
    page.get_by_role("button", name="Начать матч").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))
    for _ in range(3):
        record(page, 0, 90)  # Аня and Вика win 6:0
    page.get_by_role("button", name="Реванш: те же команды, те же правила").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))
    for _ in range(3):
        record(page, 1, 90)  # then Боря and Гоша

    page.goto(edit)
    figures = page.locator("#figures")
    expect(figures.locator(".company-player")).to_have_count(4)
    expect(figures).to_contain_text("Аня")
    chart = page.locator("#rating-chart")
    expect(chart.locator("polyline")).to_have_count(4)
    # partners who always sat together have one rating: their lines are drawn apart, both seen
    points = chart.locator("polyline").evaluate_all("ls => ls.map(l => l.getAttribute('points'))")
    assert len(set(points)) == 4, points
    # the rating on its axis, the matches' dates along the other, and a player's sentence
    expect(chart.locator("text.chart-title")).to_have_count(2)
    expect(chart.locator("svg")).to_contain_text("рейтинг")
    expect(chart.locator("svg")).to_contain_text("матчи, по датам")
    expect(chart.locator("figcaption")).to_contain_text("рейтинг — осторожная оценка силы; растёт с победами")
    assert "μ" not in page.locator("#figures").inner_text()
    evening = page.locator(".evening").first
    expect(evening.locator("h3")).to_contain_text("Вечер")
    expect(evening).to_contain_text("2 матча")
    page.locator(".periods a", has_text="Этот вечер").click()
    expect(page.locator(".periods a[aria-current]")).to_have_text("Этот вечер")
    expect(figures).to_contain_text("учтено 2 матча")
    shoot(page, "company-edit")

    share = evening.get_by_role("button", name="Поделиться")
    expect(share).to_be_visible()
    expect(evening.get_by_role("link", name="Скачать картинку")).to_be_hidden()  # one button, not two
    share.click()
    until(page, "() => window.kzShared", what="the evening's image shared")
    shared = page.evaluate("() => window.kzShared")
    assert len(shared) == 1 and re.fullmatch(r"kozel-\d{4}-\d\d-\d\d\.png:image/png:\d{4,}", shared[0])

    # a phone that cannot share files gets the download link
    plain = browser.new_context(**browser_context_args).new_page()
    plain.goto(f"{base}/c/{company.public_id}/")
    expect(plain.get_by_role("button", name="Поделиться")).to_be_hidden()
    with plain.expect_download() as got:
        plain.get_by_role("link", name="Скачать картинку").first.click()
    assert Path(got.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    plain.context.close()
    if SHOTS:
        shoot_all(browser, base, edit, company)
    ctx.close()


def shoot_all(browser: Browser, base: str, edit: str, company: Company) -> None:
    """Every company page at a phone's size and at desktop width, in Russian and English."""
    pages = {
        "new": "/c/new/",
        "edit": edit.removeprefix(base),
        "view": f"/c/{company.public_id}/",
        "new-match": edit.removeprefix(base)
        + "new-match/?player_0=Аня&player_1=Боря&player_2=Вика&player_3=Гоша",
    }
    for lang in ("ru", "en"):
        for size, (w, h) in {"phone": (390, 844), "desktop": (1280, 900)}.items():
            c = browser.new_context(viewport={"width": w, "height": h}, timezone_id="Asia/Yekaterinburg")
            c.add_cookies([{"name": "kozel_lang", "value": lang, "url": base}])
            p = c.new_page()
            for name, path in pages.items():
                p.goto(base + path)
                shoot(p, f"company-{name}-{size}-{lang}")
                if name == "view" and size == "phone":
                    png = p.locator("[data-share-fallback]").first.get_attribute("href")
                    Path(f"{SHOTS}/company-evening-{lang}.png").write_bytes(c.request.get(base + png).body())
            c.close()


def test_a_companys_pages_read_offline_once_opened(page: Page, live_server) -> None:
    from tests.browser.test_offline import controlled

    base = live_server.url
    page.goto(f"{base}/c/new/")
    page.fill("#company-players", "\n".join(FOUR))
    page.get_by_role("button", name="Создать компанию").click()
    page.wait_for_url(re.compile(r"/c/[^/]+/e/[^/]+/$"))
    edit = page.url
    controlled(page)
    view = f"{base}/c/{Company.objects.get().public_id}/"
    page.goto(view)
    controlled(page)
    page.context.set_offline(True)
    for url in (edit, view):
        page.goto(url)
        expect(page.locator("#figures")).to_be_visible()
        expect(page.locator("h1")).to_have_text("Наша компания")
    page.context.set_offline(False)
