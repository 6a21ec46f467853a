"""Accessibility, checked: axe-core on every page kind at a phone's size (390x844), in Russian and
English, light and dark; zero serious or critical violations. Plus the two things axe cannot see:
the new score is announced after a hand, and a hand can be recorded and undone by keyboard."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from rules.engine.scoring import HandRecord
from scorekeeper import services
from scorekeeper.company import services as company_services

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Axe()


def _match(**kw):
    match, secret = services.match_create(
        variant=kw.pop("variant", "classic-sixes"),
        options={},
        team_names=["Мы", "Они"],
        player_names=["Аня", "Борис", "Вера", "Гоша"],
        **kw,
    )
    return match, secret


def _pages(base: str) -> dict[str, str]:
    """Every page kind, with real content: a match with hands and a finished one."""
    match, secret = _match()
    for version, p in enumerate((72, 95, 30)):
        services.hand_record(
            match=match, record=HandRecord(points=(p, 120 - p)), version=version, nonce=f"n{p}"
        )
    done, dsecret = _match(variant="voon-series")
    # a queen capture in the first hand wins the series at once (voon-series#capture)
    services.hand_record(match=done, record=HandRecord(queen_capture=0), version=0, nonce="q")
    edit = f"{base}/m/{match.public_id}/e/{secret}/"
    slot = services_first_slot(match)
    # the short tables (docs/tables.md): three each for himself with two against one, the duel
    solo, ssecret = services.match_create(
        variant="solo-twelve",
        options={"spades_queen": True},
        team_names=["Аня", "Борис", "Вера"],
        player_names=["Аня", "Борис", "Вера"],
        seats=3,
    )
    services.hand_record(match=solo, record=HandRecord(points=(64, 26, 30), lone=0), version=0, nonce="s")
    duel, dsecret2 = _match(variant="yc-duel", seats=2)
    services.hand_record(match=duel, record=HandRecord(points=(95, 25), last_suit="H"), version=0, nonce="d")
    company, csecret = company_services.company_create(name="Пятница", time_zone="Europe/Moscow")
    company_services.match_link(company=company, match=match, nonce="c1", version=company.version)
    company.refresh_from_db()
    boria, _ = company_services.player_add(company=company, name="Боря", nonce="c2", version=company.version)
    company_services.players_merge(
        company=company, keep=2, fold=boria.seq, nonce="c3", version=company.version
    )
    return {
        "company-new": f"{base}/c/new/",
        "company-edit": f"{base}/c/{company.public_id}/e/{csecret}/",
        "company-view": f"{base}/c/{company.public_id}/",
        "match-solo": f"{base}/m/{solo.public_id}/e/{ssecret}/",
        "match-duel": f"{base}/m/{duel.public_id}/e/{dsecret2}/",
        "home": f"{base}/",
        "new": f"{base}/m/new/",
        "match": edit,
        "match-finished": f"{base}/m/{done.public_id}/e/{dsecret}/",
        "watch": f"{base}/m/{match.public_id}/",
        "history": f"{edit}history/",
        "hand-edit": f"{edit}hand/{slot}/",
        "rules": f"{base}/rules/",
        "sheet": f"{base}/rules/classic-sixes/",
        "sheet-belka": f"{base}/rules/yc-belka/",
        "compare": f"{base}/rules/compare/",
        "glossary": f"{base}/rules/glossary/",
        "disputes": f"{base}/rules/disputes/",
        "house-new": f"{base}/rules/house/",
        "referee": f"{base}/rules/referee/?variant=classic-sixes&lead=7C&cards=AH+10H+KH+QS",
        "referee-deal": f"{base}/rules/referee/deal/",
        "referee-hand": f"{base}/rules/referee/hand/",
        "not-found": f"{base}/no-such-page/",
    }


def services_first_slot(match) -> int:
    from scorekeeper.models import Entry

    return Entry.objects.filter(match=match, action=Entry.ADD).order_by("seq").first().slot


def _violations(page: Page) -> list[str]:
    results = AXE.run(page)
    bad = []
    for v in results.response["violations"]:
        if v["impact"] in ("serious", "critical"):
            targets = [n["target"] for n in v["nodes"][:3]]
            bad.append(f"{v['id']} ({v['impact']}): {v['help']} {targets}")
    return bad


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_page_kind_has_no_serious_violation(page: Page, live_server, lang: str, scheme: str):
    base = live_server.url
    page.context.add_cookies([{"name": "kozel_lang", "value": lang, "url": base}])
    page.emulate_media(color_scheme=scheme)
    found = {}
    for kind, url in _pages(base).items():
        page.goto(url)
        assert page.locator("html").get_attribute("lang") == lang, kind
        bad = _violations(page)
        if bad:
            found[kind] = bad
    assert found == {}


def test_every_input_has_a_label(page: Page, live_server):
    base = live_server.url
    missing = {}
    for kind, url in _pages(base).items():
        page.goto(url)
        names = page.evaluate(
            """() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
                 .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                               && !el.getAttribute('aria-labelledby'))
                 .map(el => el.name || el.id)"""
        )
        if names:
            missing[kind] = names
    assert missing == {}


def test_new_score_is_announced_and_keyboard_records_and_undoes(page: Page, live_server):
    match, secret = _match()
    page.goto(f"{live_server.url}/m/{match.public_id}/e/{secret}/")
    live = page.locator("#announce")
    expect(live).to_have_attribute("aria-live", "polite")
    # keyboard only: focus the first points field, type, Enter submits the form
    page.locator("#points_0").focus()
    page.keyboard.type("72")
    page.keyboard.press("Enter")
    expect(page.locator(".hand")).to_have_count(1)
    expect(live).to_contain_text("Мы 1,")
    expect(live).to_contain_text("Они 0")
    # undo by keyboard: Tab to the undo button, Enter
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('form.undo') !== null"):
            break
    else:
        raise AssertionError("the undo button is not reachable by Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".hand")).to_have_count(0)
    expect(live).to_contain_text("Мы 0,")
    assert re.search(r"\b0\b", page.locator("[data-score='0']").first.inner_text())


def test_the_harness_sees_a_violation(page: Page, live_server):
    """The check above is only worth something if axe reports a real fault on our pages."""
    page.goto(f"{live_server.url}/")
    page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<input id=bare>')")
    assert any(v.startswith("label ") for v in _violations(page))
