"""The short-handed and individual tables on a phone (390x844, docs/tables.md): three players with
a blind partner to the end of a match, the duel's trump suit changing deal by deal, and three
players each for himself with a two-against-one deal."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from scorekeeper.models import Entry, Match

pytestmark = pytest.mark.django_db(transaction=True)


def open_new(page: Page, base: str, variant: str) -> None:
    page.goto(f"{base}/m/new/")
    page.locator(f"input[name=variant][value={variant}]").check()


def begin(page: Page) -> None:
    page.get_by_role("button", name="Начать матч").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))


def record(page: Page) -> None:
    before = page.locator("#match").get_attribute("data-version")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator("#match")).not_to_have_attribute("data-version", before)


def test_three_players_with_a_blind_partner_to_the_end(page: Page, live_server):
    open_new(page, live_server.url, "classic-sixes")
    page.locator("#opt-classic-sixes-blind_seats").select_option("2")
    expect(page.locator("details.players-panel")).to_have_attribute("open", "")  # the names matter now
    blind = page.locator("input[name=player_2]")
    expect(blind).to_be_disabled()
    expect(blind).to_have_attribute("placeholder", "слепой")
    page.fill("input[name=player_0]", "Аня")
    page.fill("input[name=player_1]", "Боря")
    page.fill("input[name=player_3]", "Вера")
    begin(page)
    expect(page.locator(".nextdeal")).to_contain_text("Кон 1: сдаёт Аня")
    page.fill("#points_0", "95")
    expect(page.locator("#points_1")).to_have_value("25")
    record(page)
    page.fill("#points_1", "70")
    record(page)
    # the deal passes to the blind seat: the player without a partner deals for it
    expect(page.locator(".nextdeal")).to_contain_text("Кон 3: сдаёт Аня за слепого")
    expect(page.locator(".blind-teams")).to_contain_text("Красные: Аня и слепой")
    for _ in range(2):
        page.fill("#points_0", "91")
        record(page)
    expect(page.locator(".finale")).to_contain_text("Победа: Красные")
    expect(page.locator(".finale-score")).to_contain_text("6:1")
    expect(page.locator("#entry")).to_have_count(0)


def test_two_players_each_with_a_blind_partner(page: Page, live_server):
    """classic-sixes#blind: two blind seats of different teams, two names asked, two «слепой»."""
    open_new(page, live_server.url, "classic-sixes")
    page.locator("#opt-classic-sixes-blind_seats").select_option("1,2")
    for seat, blind in enumerate((False, True, True, False)):
        field = page.locator(f"input[name=player_{seat}]")
        if blind:
            expect(field).to_be_disabled()
            expect(field).to_have_attribute("placeholder", "слепой")
        else:
            expect(field).to_be_enabled()
    page.fill("input[name=player_0]", "Аня")
    page.fill("input[name=player_3]", "Вера")
    begin(page)
    expect(page.locator(".blind-teams")).to_contain_text("Красные: Аня и слепой")
    expect(page.locator(".blind-teams")).to_contain_text("Чёрные: слепой и Вера")
    expect(page.locator(".nextdeal")).to_contain_text("Кон 1: сдаёт Аня")
    page.fill("#points_0", "95")
    record(page)
    expect(page.locator(".nextdeal")).to_contain_text("Кон 2: сдаёт Вера за слепого")


def test_duel_trump_suit_changes_with_the_last_card(page: Page, live_server):
    open_new(page, live_server.url, "yc-duel")
    expect(page.locator("fieldset.team-names")).to_be_hidden()
    page.fill("input[name=player_0]", "Аня")
    page.fill("input[name=player_1]", "Боря")
    begin(page)
    expect(page.locator(".trump-next")).to_have_text("козыри: ♣")
    page.fill("#points_0", "95")
    expect(page.locator("#points_1")).to_have_value("25")
    page.locator(".suit-pick label.suit-H").click()
    record(page)
    expect(page.locator(".trump-next")).to_have_text("козыри: ♥")
    expect(page.locator(".hand[data-hand='1']")).to_contain_text("последняя карта ♥")
    expect(page.locator("[data-score='0']")).to_have_text("4")
    page.fill("#points_1", "70")
    page.locator(".suit-pick label.suit-S").click()
    record(page)
    expect(page.locator(".trump-next")).to_have_text("козыри: ♠")
    expect(page.locator(".nextdeal")).to_contain_text("Кон 3: сдаёт Аня · заходит Боря")
    # undo gives back the trump suit of the deal before
    page.locator("form.undo button").click()
    expect(page.locator(".trump-next")).to_have_text("козыри: ♥")


def test_solo_twelve_three_players_two_against_one(page: Page, live_server):
    open_new(page, live_server.url, "solo-twelve")
    expect(page.locator("input[name=player_3]")).to_be_visible()  # four by default
    # two against one is played by three: ticking it picks three players
    page.get_by_label(re.compile("Двое против одного")).check()
    expect(
        page.locator("fieldset.options[data-variant=solo-twelve] input[name=seats][value='3']")
    ).to_be_checked()
    expect(page.locator("input[name=player_3]")).to_be_hidden()
    for i, name in enumerate(["Аня", "Боря", "Вера"]):
        page.fill(f"input[name=player_{i}]", name)
    begin(page)
    rows = page.locator(".marks-row")
    expect(rows).to_have_count(3)
    expect(page.locator("[data-score='2']")).to_have_text("12")
    # two numbers typed; the third is the rest of 120, shown before the tap
    page.fill("#points_0", "64")
    page.fill("#points_1", "26")
    expect(page.locator("#points_2")).to_have_value("30")
    page.locator("fieldset.lone label", has_text="Аня").click()
    record(page)
    expect(page.locator(".hand[data-hand='1']")).to_contain_text("один против двоих: Аня")
    expect(page.locator(".hand[data-hand='1']")).to_contain_text("64:26:30")
    # Аня dealt and took 2 from each of the others
    for side, marks in enumerate(("16", "10", "10")):
        expect(page.locator(f"[data-score='{side}']")).to_have_text(marks)
    expect(page.locator(".nextdeal")).to_contain_text("Кон 2: сдаёт Боря · заходит Вера")
    # Вера takes every deal now: the goat is marked at the end
    while page.locator("#entry").count():
        page.fill("#points_0", "0")
        page.fill("#points_1", "0")
        expect(page.locator("#points_2")).to_have_value("120")
        record(page)
    expect(page.locator(".marks-row.goat")).to_have_count(1)
    expect(page.locator(".marks-row.goat")).to_contain_text("козёл")
    expect(page.locator(".finale")).to_contain_text("Победа: Вера")
    box = page.locator(".marks-list").bounding_box()
    assert box is not None and box["width"] <= 390


def test_solo_twelve_hands_kept_offline_get_their_dealers(context: BrowserContext, page: Page, live_server):
    """Three players' hands entered without a network wait in the phone's outbox (the third
    number shown as the rest of 120) and, once sent, each is written with its own dealer."""
    from tests.browser.test_offline import PENDING, STORED, controlled

    open_new(page, live_server.url, "solo-twelve")
    page.locator("fieldset.options[data-variant=solo-twelve] input[name=seats][value='3']").check()
    for i, name in enumerate(["Аня", "Боря", "Вера"]):
        page.fill(f"input[name=player_{i}]", name)
    begin(page)
    controlled(page)
    context.set_offline(True)
    for n, (a, b) in enumerate([(70, 30), (10, 80)], 1):
        page.fill("#points_0", str(a))
        page.fill("#points_1", str(b))
        expect(page.locator("#points_2")).to_have_value(str(120 - a - b))
        page.get_by_role("button", name="Записать кон").click()
        expect(page.locator(PENDING)).to_have_count(n)
    expect(page.locator(PENDING).first).to_contain_text("10:80:30")
    context.set_offline(False)
    expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    expect(page.locator(STORED)).to_have_count(2)
    match = Match.objects.get()
    records = [e.record for e in Entry.objects.filter(match=match).order_by("seq")]
    assert records == [{"points": [70, 30, 20], "dealer": 0}, {"points": [10, 80, 30], "dealer": 1}]
    # hand 1, Аня dealt and won: 2 from each; hand 2, Боря won with Боря dealing: 2 from each
    assert match.snapshot["score"] == [12 + 4 - 2, 12 - 2 + 4, 12 - 2 - 2]
