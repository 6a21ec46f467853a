"""The referee at a short table on a phone (390x844): three players with a blind partner, tapped
card by card; the blind seat's card is allowed whatever it is, and the players are named."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_three_players_and_a_blind_seat_tap_a_trick(live_server, page: Page) -> None:
    # opened as a match opens it: the table and its three players' names in the link
    page.goto(
        live_server.url
        + "/rules/referee/?variant=classic-sixes&opt_blind_seat=1&name0=Аня&name2=Вера&name3=Гоша"
    )
    seats = page.locator("fieldset.seats label.seat")
    expect(seats).to_have_text(["Аня", "слепой", "Вера", "Гоша"])
    for i in range(4):  # each seat choice is a real tap target
        box = seats.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44
    expect(page.locator(".slot.next .who")).to_have_text("Аня")
    # Аня leads 9♥; the blind seat (Аня's partner plays it unseen) drops 8♠ though hearts may be there
    for code, nxt in (("9H", "Аня"), ("8S", "слепой"), ("KH", "Вера")):
        expect(page.locator(".hint")).to_have_text(f"Следующая карта: {nxt}.")
        page.locator(f'#referee .deck a.pcard[data-code="{code}"]').click()
        expect(page.locator(f'#referee .deck .pcard.used[data-code="{code}"]')).to_be_visible()
    expect(page.locator(".hint")).to_have_text("Следующая карта: Гоша.")
    page.locator('#referee .deck a.pcard[data-code="AH"]').click()
    verdict = page.locator("#verdict")
    expect(verdict.locator("h2")).to_have_text("Взятку берёт Гоша · 15 очков")
    blind = verdict.locator(".play").nth(1)
    expect(blind).to_have_class("play ok")  # allowed: nobody sees the blind seat's cards
    expect(blind.locator(".who")).to_have_text("слепой")
    expect(blind.locator(".rule")).to_contain_text("Карта слепого")
    expect(blind.locator(".rule a")).to_have_attribute("href", "/rules/classic-sixes/#blind")
    # Вера's and Гоша's hearts need no question; nobody asks about the blind seat
    expect(verdict.locator(".question")).to_have_count(0)
    share = page.locator("#share-url").input_value()
    assert "opt_blind_seats=1" in share and "name0=" in share
    # the rule it cites is there, on the sheet
    blind.locator(".rule a").click()
    expect(page.locator("section#blind h2")).to_contain_text("Игра со слепым")


def test_a_three_player_table_of_each_for_himself(live_server, page: Page) -> None:
    page.goto(live_server.url + "/rules/referee/?variant=solo-twelve&seats=4")
    page.get_by_label("3", exact=True).check()  # the seat-count choice reloads the table
    expect(page.locator("ol.trick .slot")).to_have_count(3)
    expect(page.locator('fieldset.seats input[name="leader"]')).to_have_count(3)
    for code in ("AH", "JD"):
        page.locator(f'#referee .deck a.pcard[data-code="{code}"]').click()
        # wait for the answer: a tap while a request is in flight is dropped (hx-sync)
        expect(page.locator(f'#referee .deck .pcard.used[data-code="{code}"]')).to_be_visible()
    page.locator('#referee .deck a.pcard[data-code="10H"]').click()
    verdict = page.locator("#verdict")
    expect(verdict.locator("h2")).to_have_text("Взятку берёт Игрок 2 · 23 очка")
    assert "seats=3" in page.url


def test_deal_review_at_three_taps_one_card_per_player(live_server, page: Page) -> None:
    from tests.rules.helpers import qs, ru_faces, table_deal

    params, _hands = table_deal("solo-twelve", seats=3)
    plays = params.pop("plays").split()
    params.update(name0="Аня", name1="Боря", name2="Вера")
    page.goto(live_server.url + "/rules/referee/deal/?" + qs(params))
    tap = page.locator("#tap")
    expect(tap.locator(".tap-seats .seat")).to_have_count(3)
    expect(tap.locator(".tap-status")).to_have_text("Взятка 1: нажмите карту — Аня")
    for code, nxt in zip(plays[:3], ("Боря", "Вера", None), strict=True):
        tap.locator(f'.pcard[data-code="{code}"]').click()
        if nxt:
            expect(tap.locator(".tap-status")).to_have_text(f"Взятка 1: нажмите карту — {nxt}")
    # the third card ends the trick: it is reviewed at once
    expect(page.locator("table.tricks tbody tr")).to_have_count(1)
    expect(page.locator(".totals > div")).to_have_count(3)
    # the field speaks the page's notation: Russian letters and suit symbols
    assert page.locator("#id_plays").input_value() == ru_faces(" ".join(plays[:3]))
    assert not re.search(r"[A-Z]", page.locator("#id_h0").input_value())  # no Latin rank letters
