"""«Матчи на этом телефоне» and the offline page's list of kept pages, at a phone's size: each
match by its sides and their players, its variant, its score and whether it is over, in the
language of the page that lists it, whichever language the match was opened in."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from rules.engine import HandRecord
from scorekeeper import services
from scripts.chromium import until, wait_kept

pytestmark = pytest.mark.django_db(transaction=True)
FOUR = ["Аня", "Борис", "Вика", "Гоша"]


def match(variant: str, hands: list[list[int]], players: list[str] = FOUR) -> tuple[str, str]:
    """A match with its hands recorded: (its edit path, its view path)."""
    m, secret = services.match_create(
        variant=variant, options={}, team_names=["Красные", "Чёрные"], player_names=players
    )
    for i, points in enumerate(hands):
        m.refresh_from_db()
        services.hand_record(
            match=m, record=HandRecord.from_dict({"points": points}), nonce=f"k{i}", version=m.version
        )
    return f"/m/{m.public_id}/e/{secret}/", f"/m/{m.public_id}/"


def rows(page: Page) -> list[tuple[str, str]]:
    items = page.locator("#my-matches .my-item")
    expect(items.first).to_be_visible()
    return [
        (items.nth(i).locator(".my-title").inner_text(), items.nth(i).locator(".my-state").inner_text())
        for i in range(items.count())
    ]


def language(page: Page, base: str, lang: str) -> None:
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": base}])


def test_the_home_list_names_the_players_the_score_and_the_end_in_its_own_language(page: Page, live_server):
    base = live_server.url
    over, _v = match("classic-sixes", [[100, 20]] * 3)
    going, _v = match("voon-series", [[72, 48]])
    unnamed, _v = match("penalty-goats", [], players=["", "", "", ""])
    for path in (over, going, unnamed):  # opened in Russian
        page.goto(base + path)
        expect(page.locator("#match")).to_be_visible()
    page.goto(base + "/")
    assert rows(page) == [
        ("Красные – Чёрные · Штрафные козлы до 12", "0:0 · идёт"),
        ("Красные (Аня и Вика) – Чёрные (Борис и Гоша) · Серия до 12 (kozel.voon.ru)", "2:0 · идёт"),
        ("Красные (Аня и Вика) – Чёрные (Борис и Гоша) · Классика, пары на шестёрках", "6:0 · матч окончен"),
    ]
    language(page, base, "en")
    page.goto(base + "/")
    assert rows(page) == [
        ("Reds – Blacks · Penalty goats to 12", "0:0 · in play"),
        ("Reds (Аня and Вика) – Blacks (Борис and Гоша) · Series to 12 (kozel.voon.ru)", "2:0 · in play"),
        ("Reds (Аня and Вика) – Blacks (Борис and Гоша) · Classic, pairs on the sixes", "6:0 · match over"),
    ]
    # the list follows the match: a hand recorded since is in the row once the match is opened again
    page.goto(base + going)
    page.locator("input[name=points_0]").fill("100")
    page.get_by_role("button", name="Record the hand").click()
    expect(page.locator("#match [data-score='0']")).to_have_text("6")
    page.goto(base + "/")
    assert rows(page)[0] == (
        "Reds (Аня and Вика) – Blacks (Борис and Гоша) · Series to 12 (kozel.voon.ru)",
        "6:0 · in play",
    )


def test_the_offline_list_names_a_kept_match_in_the_offline_pages_language(
    context: BrowserContext, page: Page, live_server
):
    base = live_server.url
    edit, view = match("classic-sixes", [[72, 48]])
    for path in (edit, view):  # opened in Russian, kept by the service worker
        page.goto(base + path)
        wait_kept(page)
    language(page, base, "en")
    page.goto(base + "/")  # the offline page is kept again in the language this phone uses now
    until(
        page,
        """() => caches.keys().then(ks => Promise.all(ks.filter(k => k.indexOf('offline') >= 0)
              .map(k => caches.open(k).then(c => c.keys().then(rs => Promise.all(rs.map(r => c.match(r)
              .then(x => x.text()))))))))
              .then(pages => pages.flat().some(t => t.indexOf('<html lang="en"') >= 0))""",
        what="the offline page kept in English",
    )
    context.set_offline(True)
    page.goto(base + "/rules/glossary/")  # never opened: the offline page
    expect(page.locator("h1")).to_have_text("No network")
    title = page.locator(f"#offline-list a[href='{edit}'] .kept-title")
    expect(title).to_have_text(
        "Reds (Аня and Вика) – Blacks (Борис and Гоша) · Classic, pairs on the sixes · recording (edit link)"
    )
    expect(page.locator(f"#offline-list a[href='{edit}'] .kept-state")).to_have_text("1:0 · in play")
    expect(page.locator(f"#offline-list a[href='{view}'] .kept-title")).to_have_text(
        "Reds (Аня and Вика) – Blacks (Борис and Гоша) · Classic, pairs on the sixes · view link"
    )
