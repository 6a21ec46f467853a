"""«Рассадка» on a phone (390x844): from the company's page, six ticked, a table drawn, another
seating, and one tap starts the match with those seats; the board names them where they sit."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.company import services
from scorekeeper.company.log import roster_of
from scorekeeper.models import Match

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("KOZEL_SHOTS")  # a folder: also shoot the seating pages there
SIX = ["Аня", "Боря", "Вика", "Гоша", "Дина", "Ефим"]


def drawn(page: Page) -> tuple[list[str], str, list[str]]:
    """The names at seats 1-4, the first dealer and who sits out, as the page shows them."""
    seats = page.locator(".seating-seats li strong").all_inner_texts()
    out = page.locator("[data-out]").inner_text().split(", ")
    return seats, page.locator("[data-dealer]").inner_text(), out


def fits(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width  # type: ignore[index]


def test_six_ticked_a_table_drawn_another_and_the_match_started(page: Page, live_server) -> None:
    company, secret = services.company_create(name="Пятница", time_zone="Europe/Moscow", players=SIX)
    page.goto(f"{live_server.url}/c/{company.public_id}/e/{secret}/")
    page.get_by_role("link", name="Рассадка: кто с кем играет").click()
    page.wait_for_url(re.compile(r"/seating/$"))
    for name in SIX:
        page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Рассадить").click()
    page.wait_for_url(re.compile(r"/seating/\?"))
    first, _dealer, out = drawn(page)
    assert len(set(first)) == 4 and set(first) | set(out) == set(SIX) and len(out) == 2
    expect(page.locator("input[name=p]:checked")).to_have_count(6)  # the ticks kept
    expect(page.locator(".seating-why").first).to_contain_text("Первый матч вечера")
    fits(page)

    page.get_by_role("link", name="Другая рассадка").click()
    page.wait_for_url(re.compile(r"seed=\d+"))
    seats, dealer, out = drawn(page)
    assert parse_qs(urlsplit(page.url).query)["p"] == [str(p) for p in roster_of(company).players()]
    assert len(set(seats)) == 4 and set(seats) | set(out) == set(SIX)
    # the teams in the board's colours: seats 1 and 3 red, 2 and 4 black
    expect(page.locator(".seating-teams li.bg-team0")).to_contain_text(f"{seats[0]} и {seats[2]}")
    expect(page.locator(".seating-teams li.bg-team1")).to_contain_text(f"{seats[1]} и {seats[3]}")
    start = page.get_by_role("button", name="Начать матч")
    box = start.bounding_box()
    assert box and box["height"] >= 56 and box["width"] >= 300
    fits(page)

    seating = page.url
    start.click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))
    match = Match.objects.get()
    assert match.player_names == seats and match.player_names[match.first_dealer] == dealer
    who = page.locator(".teams-who")
    expect(who.locator("li").nth(0)).to_have_text(f"Красные: {seats[0]} и {seats[2]}")
    expect(who.locator("li").nth(1)).to_have_text(f"Чёрные: {seats[1]} и {seats[3]}")
    expect(page.locator("body")).to_contain_text(f"сдаёт {dealer}")
    # back on the seating, the match counts: those who sat out play the next one
    page.goto(seating)
    nxt, _dealer, _out = drawn(page)
    assert set(out) <= set(nxt)
    if SHOTS:
        shoot_all(page.context.browser, live_server.url, page.url)  # type: ignore[arg-type]


def shoot_all(browser: Browser, base: str, drawn_url: str) -> None:
    """The seating page with a table drawn, with an error, and before any tick, at a phone's
    size and at desktop width, in Russian and English."""
    path = drawn_url.removeprefix(base)
    empty = path.split("?")[0]
    pages = {
        "drawn": path,
        "ticks": empty,
        "error": f"{empty}?p=1&p=2&p=3",
        "edit": empty.removesuffix("seating/"),
    }
    Path(SHOTS or ".").mkdir(parents=True, exist_ok=True)
    for lang in ("ru", "en"):
        for size, (w, h) in {"phone": (390, 844), "desktop": (1280, 900)}.items():
            c = browser.new_context(viewport={"width": w, "height": h})
            c.add_cookies([{"name": "kozel_lang", "value": lang, "url": base}])
            p = c.new_page()
            for name, where in pages.items():
                p.goto(base + where)
                p.screenshot(path=f"{SHOTS}/seating-{name}-{size}-{lang}.png", full_page=True)
            c.close()
