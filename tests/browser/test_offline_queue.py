"""The outbox after a conflict or a slow server, in a real browser at a phone's size: what the
next hand is numbered, what a refused correction says and offers, and a write that got no answer
in time is stored once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_offline import (
    PENDING,
    SEED,
    STORED,
    board_score,
    controlled,
    engine_score_live,
    live,
    other_phone_records,
    seeded_match,
    start,
    stored,
    tap_hand,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_conflicted_hand_is_not_counted_in_the_next_hand_number(
    browser, browser_context_args, context: BrowserContext, page: Page, live_server
):
    edit = live_server.url + seeded_match(SEED)
    page.goto(edit)
    controlled(page)
    context.set_offline(True)
    tap_hand(page, 72)  # kept as hand 5
    expect(page.locator(PENDING)).to_have_count(1)  # kept, and the form cleared for the next one
    tap_hand(page, 95)  # kept as hand 6
    expect(page.locator(PENDING)).to_have_count(2)
    expect(page.locator(PENDING).first).to_contain_text("95:25")
    expect(page.locator("#entry h2")).to_contain_text("Кон 7")
    other_phone_records(browser, browser_context_args, edit, 70)  # hand 5 from another phone
    context.set_offline(False)
    conflict = page.locator(".hand.pending-conflict")
    expect(conflict).to_contain_text("Кон 5 уже записан с другого телефона", timeout=15000)
    # 5 hands recorded, mine for hand 6 still waiting, the conflicted one waits for a choice:
    # the next tap is hand 7, with the page as it was and after a reload
    expect(page.locator("#entry h2")).to_contain_text("Кон 7")
    page.reload()
    expect(conflict).to_have_count(1)
    expect(page.locator("#entry h2")).to_contain_text("Кон 7")
    # a hand tapped now (it queues behind the conflict) is kept for hand 7; the pass it starts
    # is still waiting for the server when the players decide
    held: list = []
    page.route(re.compile(r"/csrf/$"), lambda route: held.append(route) if not held else route.continue_())
    with page.expect_request(re.compile(r"/csrf/$")):
        tap_hand(page, 61)
    expect(page.locator(PENDING)).to_have_count(3)
    expect(page.locator(PENDING).first.locator(".hand-no")).to_have_text("7")
    expect(page.locator("#entry h2")).to_contain_text("Кон 8")
    assert len(held) == 1
    # keep theirs: my other two follow as hands 6 and 7, after the pass that saw the conflict
    conflict.get_by_role("button", name="Оставить их").click()
    expect(page.locator(PENDING)).to_have_count(2)  # the conflicted one has left the outbox
    held[0].continue_()
    expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    log = live(edit)
    assert [a for a, _r, _ in log] == ["add"] * 7
    assert [r["points"] for _a, r, _ in log[4:]] == [[70, 50], [95, 25], [61, 59]]
    expect(page.locator(STORED)).to_have_count(7)
    assert board_score(page) == engine_score_live(edit)


# ---------------------------------------------------------------- no answer in time


@pytest.mark.parametrize("original_first", [True, False], ids=["original-lands-first", "outbox-lands-first"])
def test_a_write_with_no_answer_in_time_is_kept_and_stored_once(
    page: Page, live_server, settings, original_first
):
    """The server takes the hand but does not answer: after the timeout (10 s; shortened here
    through the setting the pages hand the scripts) the phone keeps it in the outbox (with the
    nonce it was sent with) and sends it again. The slow original reaches the server before or
    after the outbox's copy: either way the match has one hand, not two."""
    settings.KOZEL_WRITE_TIMEOUT_MS = 1500
    edit = start(page, live_server.url)
    assert page.evaluate("htmx.config.timeout") == 1500
    held: list = []
    outbox = {"pass": False, "sent": 0}  # the outbox cannot reach the server until let through

    def hand_post(route):
        if route.request.method != "POST":
            return route.continue_()
        if route.request.headers.get("x-kozel-outbox") == "1":
            outbox["sent"] += 1
            return route.continue_() if outbox["pass"] else route.abort("connectionrefused")
        held.append(route)  # the original: no answer (the server is slow)

    page.route(re.compile(r"/hand/$"), hand_post)
    tap_hand(page, 72)
    expect(page.locator(PENDING)).to_have_count(1, timeout=10000)  # kept after the timeout
    expect(page.locator(PENDING)).to_contain_text("72:48")
    expect(page.locator("#entry .kz-msg")).to_contain_text("Сохранено на телефоне")
    assert len(held) == 1

    def the_original_arrives() -> None:
        req = held[0].request
        r = page.request.fetch(req.url, method="POST", headers=req.headers, data=req.post_data)
        assert r.ok, r.status  # answered as done: its nonce was already used for this very hand

    if original_first:
        the_original_arrives()
        assert stored(edit) == [{"points": [72, 48]}]
        outbox["pass"] = True
        page.get_by_role("button", name="Отправить сейчас").click()
        expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    else:
        outbox["pass"] = True
        page.get_by_role("button", name="Отправить сейчас").click()
        expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
        assert stored(edit) == [{"points": [72, 48]}]
        the_original_arrives()
    assert outbox["sent"] >= 1
    assert stored(edit) == [{"points": [72, 48]}]  # once, whichever came first
    page.reload()
    expect(page.locator(STORED)).to_have_count(1)
    expect(page.locator(PENDING)).to_have_count(0)
    assert board_score(page) == engine_score_live(edit)


# ---------------------------------------------------------------- a correction or undo another phone overtook


def test_a_queued_correction_overtaken_by_another_phone_says_so_and_can_be_applied_on_top(
    browser, browser_context_args, context: BrowserContext, page: Page, live_server
):
    edit = live_server.url + seeded_match(SEED)
    page.goto(edit)
    controlled(page)  # the board is kept on the phone, to come back to offline
    page.locator(".hand[data-hand='1'] a", has_text="Исправить").click()
    controlled(page)
    context.set_offline(True)
    page.fill("input[name=points_0]", "100")
    page.fill("input[name=points_1]", "20")
    page.get_by_role("button", name="Сохранить исправление").click()
    page.wait_for_url(edit)
    expect(page.locator(PENDING)).to_have_count(1)
    other_phone_records(browser, browser_context_args, edit, 70)  # meanwhile: hand 5
    context.set_offline(False)
    row = page.locator(".hand.pending-stale")
    expect(row).to_contain_text(
        "Исправление кона 1 не сохранено: пока этот телефон был без сети, матч изменили с другого телефона.",
        timeout=15000,
    )
    expect(row.get_by_role("button", name="Оставить как сейчас")).to_be_visible()
    look = row.get_by_role("link", name="Посмотреть кон 1")
    assert re.search(r"/hand/\d+/$", look.get_attribute("href"))
    assert [a for a, _r, _ in live(edit)] == ["add"] * 5  # nothing applied until the players choose
    page.reload()  # the choice waits across a reload
    row.get_by_role("button", name="Применить моё").click()
    expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    log = live(edit)
    assert [a for a, _r, _ in log] == ["add"] * 5 + ["edit"] and log[5][1] == {"points": [100, 20]}
    expect(page.locator(".hand[data-hand='1']")).to_contain_text("100:20")
    assert board_score(page) == engine_score_live(edit)


def test_a_queued_undo_overtaken_by_another_phone_says_so_and_is_kept_out(
    browser, browser_context_args, context: BrowserContext, page: Page, live_server
):
    edit = live_server.url + seeded_match(SEED)
    page.goto(edit)
    controlled(page)
    context.set_offline(True)
    page.get_by_role("button", name=re.compile("Отменить кон 4")).click()
    expect(page.locator(PENDING)).to_have_count(1)
    other_phone_records(browser, browser_context_args, edit, 70)  # meanwhile: hand 5
    context.set_offline(False)
    row = page.locator(".hand.pending-stale")
    expect(row).to_contain_text(
        "Последний кон не отменён: пока этот телефон был без сети, матч изменили с другого телефона, "
        "и последним теперь может быть другой кон.",
        timeout=15000,
    )
    # undoing again now would take back the other phone's hand: not offered
    expect(row.get_by_role("button", name="Применить моё")).to_have_count(0)
    row.get_by_role("button", name="Оставить как сейчас").click()
    expect(page.locator(PENDING)).to_have_count(0)
    assert [a for a, _r, _ in live(edit)] == ["add"] * 5
    expect(page.locator(STORED)).to_have_count(5)


def test_digits_typed_while_the_phone_saves_a_kept_hand_are_not_wiped(
    context: BrowserContext, page: Page, live_server
):
    edit = live_server.url + seeded_match(SEED)
    page.goto(edit)
    controlled(page)
    context.set_offline(True)
    page.fill("#points_0", "72")
    # the tap and the next digits in one turn of the page, before the phone's storage has
    # answered: the kept hand is 72:48, the digits typed after it stay for the next hand
    page.evaluate(
        """() => {
            document.querySelector("#entry button[type=submit]:not([name])").click();
            const next = document.querySelector("#points_0");
            next.value = "95";
            next.dispatchEvent(new Event("input", { bubbles: true }));
        }"""
    )
    expect(page.locator(PENDING)).to_have_count(1)
    expect(page.locator(PENDING).first).to_contain_text("72:48")
    expect(page.locator("#points_0")).to_have_value("95")
    expect(page.locator("#points_1")).to_have_value("25")
    tap_hand(page, 61)  # a hand with nothing typed during the save is cleared as before
    expect(page.locator(PENDING)).to_have_count(2)
    expect(page.locator("#points_0")).to_have_value("")
    expect(page.locator("#points_1")).to_have_value("")
