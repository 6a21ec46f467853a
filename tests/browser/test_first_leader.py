"""Hand 1's question at a phone's size: a series to 12 started without its first leader asks once
who held the ace of diamonds; the answer names the leader and the team that may lead trumps from
hand 2 on (voon-series#leading). Kept offline, hand 1 carries it and the next hand's form no
longer asks."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from rules.engine import HandRecord
from scorekeeper import services
from scorekeeper.models import Entry, Match
from tests.browser.test_offline import controlled

pytestmark = pytest.mark.django_db(transaction=True)
FOUR = ["Аня", "Борис", "Вика", "Гоша"]


def voon() -> str:
    match, secret = services.match_create(
        variant="voon-series", options={}, team_names=["Красные", "Чёрные"], player_names=FOUR
    )
    return f"/m/{match.public_id}/e/{secret}/"


def records(edit: str) -> list[dict]:
    match = Match.objects.get(public_id=edit.split("/")[2])
    return [e.record for e in Entry.objects.filter(match=match)]


def test_hand_1_asks_who_held_the_ace_and_hand_2_names_the_leader(page: Page, live_server):
    edit = voon()
    page.goto(live_server.url + edit)
    question = page.locator("fieldset[data-first-leader]")
    expect(question.locator("legend")).to_have_text("У кого был туз ♦?")
    question.get_by_label("Борис").check()
    page.fill("#points_0", "72")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator(".nextdeal")).to_contain_text("заходит Вика: заход перешёл на одно место по часовой")
    expect(page.locator(".nextdeal")).to_contain_text("с козыря заходит только команда «Красные»")
    expect(page.locator("fieldset[data-first-leader]")).to_have_count(0)
    assert records(edit) == [{"points": [72, 48], "first_leader": 1}]
    # the question's radios are a thumb's size, and nothing is wider than the phone
    box = page.locator("#entry").bounding_box()
    assert box is not None and box["width"] <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_the_question_fits_the_phone(page: Page, live_server):
    page.goto(live_server.url + voon())
    for label in page.locator("fieldset[data-first-leader] label").all():
        box = label.bounding_box()
        assert box is not None and box["height"] >= 44
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_kept_offline_hand_1_carries_the_answer_and_hand_2_does_not_ask(
    context: BrowserContext, page: Page, live_server
):
    edit = voon()
    page.goto(live_server.url + edit)
    controlled(page)
    context.set_offline(True)
    page.locator("fieldset[data-first-leader]").get_by_label("Гоша").check()
    page.fill("#points_0", "72")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator("#entry h2")).to_contain_text("Кон 2")
    expect(page.locator("fieldset[data-first-leader]")).to_be_hidden()
    page.fill("#points_0", "30")
    page.get_by_role("button", name="Записать кон").click()
    expect(page.locator("#entry h2")).to_contain_text("Кон 3")
    context.set_offline(False)
    expect(page.locator("#hands .hand.pending")).to_have_count(0, timeout=15000)
    assert records(edit) == [{"points": [72, 48], "first_leader": 3}, {"points": [30, 90]}]
    # hand 1 to the Reds, hand 2 to the Blacks: two seats on from Гоша
    expect(page.locator(".nextdeal")).to_contain_text("заходит Борис")


def test_a_match_recorded_by_the_service_then_shown(page: Page, live_server):
    """A record with its first leader written by another phone: the board names the leader."""
    edit = voon()
    match = Match.objects.get(public_id=edit.split("/")[2])
    services.hand_record(
        match=match,
        record=HandRecord.from_dict({"points": [60, 60], "first_leader": 2}),
        nonce="x",
        version=0,
    )
    page.goto(live_server.url + edit)
    expect(page.locator(".nextdeal")).to_contain_text("снова заходит Вика: после яиц заход остаётся")
