"""Entering a whole deal by tapping cards (390x844, Debian chromium), and a draw-four trick."""

from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from playwright.sync_api import Page, expect

from rules.engine import resolve
from tests.engine.test_solver_compiled_multi import _played_to
from tests.rules.helpers import revoke_deal, ru_faces

pytestmark = pytest.mark.django_db(transaction=True)


def test_enter_a_deal_by_tapping_and_read_the_first_revoke(live_server, page: Page) -> None:
    params, trick, seat = revoke_deal()
    plays = params["plays"].split()
    assert trick <= 2, "the helper's revoke should come early enough to tap"
    page.goto(live_server.url + "/rules/referee/deal/?variant=classic-sixes")
    tap = page.locator("#tap")
    expect(tap).to_be_visible()
    box = tap.locator(".pcard").first.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    # The four hands: the current seat is highlighted, a dealt card is dimmed and cannot be dealt twice.
    for s in range(4):
        expect(tap.locator(f'[data-seat="{s}"]')).to_have_class(re.compile(r"\bcur\b"))
        codes = params[f"h{s}"].split()
        if s == 3:  # the last hand is the rest of the deck: one tap
            tap.locator('[data-tap="rest"]').click()
            break
        for code in codes:
            tap.locator(f'.pcard[data-code="{code}"]').click()
        expect(tap.locator(f'.pcard[data-code="{codes[0]}"]')).to_have_class(re.compile(r"\bused\b"))
        expect(tap.locator(f'.pcard[data-code="{codes[0]}"]')).to_be_disabled()
        expect(page.locator(f"#id_h{s}")).to_have_value(ru_faces(params[f"h{s}"]))  # the page's notation
    assert sorted(page.locator("#id_h3").input_value().split()) == sorted(ru_faces(params["h3"]).split())
    # Undo the last tap of the order of play.
    expect(tap.locator('[data-mode="plays"]')).to_have_attribute("aria-pressed", "true")
    expect(tap.locator('[data-seat="0"]')).to_have_class(re.compile(r"\bcur\b"))
    tap.locator(f'.pcard[data-code="{plays[0]}"]').click()
    tap.locator(f'.pcard[data-code="{plays[1]}"]').click()
    expect(tap.locator('[data-seat="2"]')).to_have_class(re.compile(r"\bcur\b"))
    tap.locator('[data-tap="undo"]').click()
    expect(page.locator("#id_plays")).to_have_value(ru_faces(plays[0]))
    expect(tap.locator('[data-seat="1"]')).to_have_class(re.compile(r"\bcur\b"))
    # Tap two tricks (the revoke is in the first); each full trick is reviewed and tells who leads next.
    tricks = max(2, trick)
    for code in plays[1 : 4 * tricks]:
        tap.locator(f'.pcard[data-code="{code}"]:not([disabled])').click()
    first = page.locator("#first-violation")
    expect(first).to_contain_text(f"взятка {trick}, Игрок {seat + 1}")
    expect(page.locator("table.tricks tbody tr")).to_have_count(tricks)
    # The state is a shareable GET link: the same URL opens the same review.
    query = parse_qs(urlparse(page.url).query)
    assert query["h0"] == [ru_faces(params["h0"])] and query["plays"] == [
        ru_faces(" ".join(plays[: 4 * tricks]))
    ]
    other = page.context.new_page()
    other.goto(page.url)
    expect(other.locator("#first-violation")).to_have_text(first.inner_text())
    # After the review, the next trick's leader (the last trick's winner) is the highlighted seat.
    winner = page.locator("table.tricks tbody tr").last.locator("td").nth(2).inner_text()
    expect(tap.locator(".seat.cur")).to_contain_text(winner.split()[-1])
    expect(tap.locator(f'.pcard[data-code="{plays[0]}"]')).to_be_disabled()  # played: dimmed


def test_draw_four_trick_with_two_cards_per_play(live_server, page: Page) -> None:
    page.goto(live_server.url + "/rules/referee/?variant=draw-four")
    chip = page.locator('.nplay label.seat:has(input[value="2"])')
    box = chip.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    chip.click()
    expect(page.locator(".trick.multi")).to_be_visible()
    expect(page.locator(".hint")).to_have_text("Следующие карты: Игрок 1, 0 из 2.")
    deck = page.locator("#referee .deck")
    deck.locator('a.pcard[data-code="9H"]').click()
    expect(page.locator(".hint")).to_have_text("Следующие карты: Игрок 1, 1 из 2.")
    expect(page.locator(".slot.next .who")).to_have_text("Игрок 1")  # the lead is not finished yet
    deck.locator('a.pcard[data-code="10H"]').click()
    expect(page.locator(".slot.next .who")).to_have_text("Игрок 2")
    # Player 2 beats both hearts card for card, player 3 gives up two cards, player 4 trumps both.
    # each tap waits for the page to show it (the card dimmed) before the next: a tap on the
    # deck that is being swapped out is lost
    codes = ("AH", "KH", "6S", "7S", "8C", "9C")
    for code in codes[:-1]:
        deck.locator(f'a.pcard[data-code="{code}"]').click()
        expect(deck.locator(f'.pcard.used[data-code="{code}"]')).to_be_visible()
    deck.locator(f'a.pcard[data-code="{codes[-1]}"]').click()
    verdict = page.locator("#verdict")
    expect(verdict.locator("h2")).to_contain_text("Игрок 4")
    expect(verdict.locator("h2")).to_contain_text("25")
    expect(verdict.locator(".play")).to_have_count(4)
    expect(verdict.locator(".play").first).to_contain_text("9♥")
    expect(verdict.locator(".play").first).to_contain_text("10♥")
    assert "n=2" in page.url and "cards=9H+10H+AH+KH+6S+7S+8C+9C" in page.url
    # Undo takes back one card of the last play, not the whole play.
    page.get_by_role("link", name="↶ Убрать карту").click()
    expect(page.locator(".hint")).to_have_text("Следующие карты: Игрок 4, 1 из 2.")


def test_a_whole_deal_of_draw_four_reads_as_played_out(live_server, page: Page) -> None:
    """A deal of plays of several cards, every card played (the last play typed without a closing
    «;»): the picker says so instead of asking for more, and every trick is reviewed."""
    rs = resolve("draw-four")
    d, plays = _played_to(rs, random.Random(3), -1)
    query = {
        "variant": "draw-four",
        "leader": str(d["leader"]),
        "plays": "; ".join(" ".join(p) for p in plays),
    }
    query |= {f"h{s}": " ".join(c.code for c in h) for s, h in enumerate(d["hands"])}  # type: ignore[attr-defined]
    query["stock"] = " ".join(c.code for c in d["stock"])  # type: ignore[attr-defined]
    page.goto(live_server.url + "/rules/referee/deal/?" + urlencode(query))
    expect(page.locator("#tap .tap-status")).to_have_text("Все карты сыграны.")
    expect(page.locator("table.tricks tbody tr")).to_have_count(len(plays) // 4)
    expect(page.locator('#tap [data-tap="end"]')).to_be_hidden()
    expect(page.locator("#tap .seat.cur")).to_have_count(0)  # no one is still to play


def test_a_played_out_deal_highlights_no_seat(live_server, page: Page) -> None:
    """Every card of a one-card deal played: the picker names no one to play next."""
    params, _, _ = revoke_deal()
    page.goto(live_server.url + "/rules/referee/deal/?" + urlencode(params))
    expect(page.locator("#tap .tap-status")).to_have_text("Все карты сыграны.")
    expect(page.locator("#tap [data-seat]")).to_have_count(4)
    expect(page.locator("#tap .seat.cur")).to_have_count(0)
    expect(page.locator('#tap [data-seat][aria-current="true"]')).to_have_count(0)
