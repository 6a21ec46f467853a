"""The referee on a phone (390x844, Debian chromium): tap a trick, review a deal, open a shared ruling."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.rules.helpers import qs, revoke_deal

pytestmark = pytest.mark.django_db(transaction=True)


def test_build_a_trick_by_tapping_cards(live_server, page: Page) -> None:
    page.goto(live_server.url + "/rules/referee/?variant=classic-sixes")
    page.get_by_role("radio", name="Игрок 2").check()  # player 2 leads (his hand field is labelled too)
    expect(page.locator(".slot.next .who")).to_have_text("Игрок 2")
    for code in ("AH", "QD", "10H"):
        page.locator(f'#referee .deck a.pcard[data-code="{code}"]').click()
        expect(page.locator(f'#referee .deck .pcard.used[data-code="{code}"]')).to_be_visible()  # dimmed
    box = page.locator("#referee .deck a.pcard").first.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    page.locator('#referee .deck a.pcard[data-code="7C"]').click()
    verdict = page.locator("#verdict")
    expect(verdict).to_be_visible()
    # Clockwise from player 2: 2 Т♥, 3 Д♦, 4 10♥, 1 7♣ — the seven of clubs is the top trump.
    expect(verdict.locator("h2")).to_contain_text("Игрок 1")
    expect(verdict.locator("h2")).to_contain_text("24")
    expect(verdict.locator(".play")).to_have_count(4)
    expect(verdict.locator(".play.open")).to_have_count(2)
    assert "cards=AH+QD+10H+7C" in page.url
    # Answer the question «did player 3 hold hearts?» by tapping 9♥: the verdict turns to «not allowed».
    page.locator('#question-2 a.pcard[data-code="9H"]').click()
    expect(verdict.locator(".play.bad")).to_have_count(1)
    expect(verdict.locator(".play.bad")).to_contain_text("9♥")


def test_review_a_whole_deal_with_a_revoke(live_server, page: Page) -> None:
    from scorekeeper import services
    from scorekeeper.forms.hand import record_from_fields
    from scorekeeper.forms.write import new_nonce

    params, trick, seat = revoke_deal()
    match, secret = services.match_create(variant="classic-sixes", options={}, team_names=["Мы", "Вы"])
    services.hand_record(
        match=match, record=record_from_fields({"points": (70, 50)}), nonce=new_nonce(), version=0
    )
    edit = f"/m/{match.public_id}/e/{secret}/"
    page.goto(live_server.url + f"{edit}hand/1/dispute/")
    for s in range(4):
        page.locator(f"#id_h{s}").fill(params[f"h{s}"])
    page.locator("#id_plays").fill(params["plays"])
    page.get_by_role("button", name="Разобрать").click()
    first = page.locator("#first-violation")
    expect(first).to_contain_text(f"взятка {trick}, Игрок {seat + 1}")
    expect(page.locator("table.tricks tbody tr")).to_have_count(8)
    link = page.locator("#record-link")
    expect(link).to_have_text("Записать в матч")
    href = link.get_attribute("href") or ""
    assert href.startswith(f"{edit}hand/1/?points_0=")
    assert "reason_code=review_revoke" in href and "all_tricks=" in href
    # Step through: trick 2 shows two rows and no record yet.
    page.locator(".stepper a", has_text=re.compile(r"^2$")).click()
    expect(page.locator("table.tricks tbody tr")).to_have_count(2)
    expect(page.locator("#record")).to_have_count(0)


def test_open_a_ruling_from_its_shared_url(live_server, page: Page) -> None:
    url = (
        live_server.url
        + "/rules/referee/?"
        + qs({"variant": "voon-series", "leader": "0", "cards": "7C QC AH 10H"})
    )
    page.goto(url)
    verdict = page.locator("#verdict")
    expect(verdict.locator("h2")).to_contain_text("Игрок 1")
    expect(verdict.locator(".event")).to_contain_text("Ловля дамы")
    shared = page.locator("#share-url").input_value()
    other = page.context.new_page()
    other.goto(shared)
    expect(other.locator("#verdict h2")).to_have_text(verdict.locator("h2").inner_text())
    expect(other.locator("#verdict .event")).to_contain_text("Ловля дамы")
