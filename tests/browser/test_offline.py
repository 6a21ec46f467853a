"""Offline at the table, in a real browser: the service worker, the manifest, the outbox with the
network switched off and requests aborted, conflicts between two phones, failures made visible."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from rules.engine.scoring import HandRecord, replay
from scorekeeper.models import Entry, Match
from scripts.chromium import CHROMIUM, PAGES, until, wait_kept
from tests.servers import database_url, free_port

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]

PENDING = "#hands .hand.pending"
STORED = "#hands ol.hands:not(.pending-hands) > .hand"


def start(page: Page, base: str, variant: str = "classic-sixes") -> str:
    page.goto(f"{base}/m/new/")
    page.locator(f"input[name=variant][value={variant}]").check()
    page.get_by_role("button", name="Начать матч").click()
    page.wait_for_url(re.compile(r"/m/[^/]+/e/[^/]+/$"))
    controlled(page)
    return page.url


def controlled(page: Page) -> None:
    """The service worker has kept this page's copy and controls the page (a page opened while
    the worker was still installing is controlled from its next load)."""
    wait_kept(page)
    if not page.evaluate("!!navigator.serviceWorker.controller"):
        page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # a function: see until()


def wait_kept_hands(page: Page, path: str, n: int) -> None:
    """Until the copy of ``path`` the service worker keeps shows ``n`` hands (the copy is
    refreshed in the background after a write or a fresh board)."""
    try:
        until(
            page,
            f"""p => caches.open('{PAGES}').then(c => c.match(p)).then(r => r ? r.text() : '')
                  .then(t => (t.match(/<li class="hand[ "]/g) || []).length === {n})""",
            path,
        )
    except TimeoutError as exc:
        raise AssertionError(f"the kept copy of {path} does not show {n} hands: {what_page(page)}") from exc


def what_page(page: Page) -> str:
    """For a failure's message: which page the browser shows, and what the worker keeps."""
    keys = page.evaluate(f"caches.open('{PAGES}').then(c => c.keys()).then(k => k.map(r => r.url))")
    main = page.locator("main").first
    return (
        f"url {page.url}, offline page {page.locator('#offline-page').count()}, "
        f"rendered {main.get_attribute('data-rendered') if main.count() else None}, kept {keys}"
    )


def public_id(url: str) -> str:
    return re.search(r"/m/([^/]+)/", url).group(1)


def stored(url: str) -> list[dict]:
    match = Match.objects.get(public_id=public_id(url))
    return [e.record for e in Entry.objects.filter(match=match).order_by("seq")]


def engine_score(url: str) -> str:
    match = Match.objects.get(public_id=public_id(url))
    records = [HandRecord.from_dict(r) for r in stored(url)]
    state = replay(match.variant, match.options, records)
    return f"{state.score[0]}:{state.score[1]}"


def board_score(page: Page) -> str:
    return (
        page.locator("[data-score='0']").first.inner_text()
        + ":"
        + page.locator("[data-score='1']").first.inner_text()
    )


def tap_hand(page: Page, points: int) -> None:
    page.fill("#points_0", str(points))
    page.get_by_role("button", name="Записать кон").click()


def test_three_hands_offline_across_reload_and_a_new_page(context: BrowserContext, page: Page, live_server):
    edit = start(page, live_server.url)
    context.set_offline(True)
    for n, pts in enumerate((72, 95, 61), start=1):
        tap_hand(page, pts)
        expect(page.locator(PENDING)).to_have_count(n)
    expect(page.locator(PENDING).first).to_contain_text("61:59")
    expect(page.locator(PENDING).first).to_contain_text("ждёт сети")
    expect(page.locator("#net-banner")).to_contain_text("Нет сети · не отправлено: 3 записи")
    expect(page.locator("#entry h2")).to_contain_text("Кон 4")
    assert board_score(page) == "0:0"  # the board is the last confirmed score
    # reload without a network: the page from the phone's copy, the rows from IndexedDB
    page.reload()
    expect(page.locator(PENDING)).to_have_count(3)
    # close the page, open a new one in the same browser profile
    page.close()
    page2 = context.new_page()
    page2.goto(edit)
    expect(page2.locator(PENDING)).to_have_count(3)
    assert stored(edit) == []
    context.set_offline(False)
    expect(page2.locator(PENDING)).to_have_count(0, timeout=15000)
    expect(page2.locator(STORED)).to_have_count(3)
    assert [r["points"] for r in stored(edit)] == [[72, 48], [95, 25], [61, 59]]
    assert board_score(page2) == engine_score(edit)
    expect(page2.locator("#net-banner")).to_be_hidden()


@pytest.mark.parametrize(
    ("lang", "button", "quoted"),
    [("ru", "Записать кон", "«без Пети»"), ("en", "Record the hand", "“без Пети”")],
)
def test_a_note_kept_offline_is_quoted_as_the_board_quotes_it(
    context: BrowserContext, page: Page, live_server, lang: str, button: str, quoted: str
):
    start(page, live_server.url)
    context.add_cookies([{"name": "kozel_lang", "value": lang, "url": live_server.url}])
    page.reload()
    controlled(page)
    context.set_offline(True)
    page.locator("details.more summary").click()
    page.fill("#note", "без Пети")
    page.fill("#points_0", "72")
    page.get_by_role("button", name=button).click()
    expect(page.locator(PENDING)).to_have_count(1)
    expect(page.locator(PENDING).first).to_contain_text(f"72:48 · {quoted}")
    context.set_offline(False)
    expect(page.locator(STORED)).to_have_count(1, timeout=15000)
    expect(page.locator(STORED).first).to_contain_text(quoted)


# ---------------------------------------------------------------- two phones, one hand number


def seeded_match(hands: list[list[int]]) -> str:
    """A classic-sixes match with ``hands`` already recorded; returns its edit path."""
    from scorekeeper import services

    match, secret = services.match_create(
        variant="classic-sixes", options={}, team_names=["Красные", "Чёрные"]
    )
    for n, pts in enumerate(hands):
        services.hand_record(
            match=match, record=HandRecord.from_dict({"points": pts}), nonce=f"seed{n}", version=n
        )
    return f"/m/{match.public_id}/e/{secret}/"


def other_phone_records(browser, browser_context_args, edit: str, points: int) -> None:
    """Another phone, online, opens the edit link and records a hand of ``points``."""
    other = browser.new_context(**browser_context_args)
    pb = other.new_page()
    pb.goto(edit)
    n = pb.locator(STORED).count()
    tap_hand(pb, points)
    expect(pb.locator(STORED)).to_have_count(n + 1)
    other.close()


def live(url: str) -> list[tuple[str, dict, str]]:
    match = Match.objects.get(public_id=public_id(url))
    return [(e.action, e.record, e.reason) for e in Entry.objects.filter(match=match).order_by("seq")]


SEED = [[72, 48], [48, 72], [72, 48], [48, 72]]


@pytest.mark.parametrize("choice", ["Оставить их", "Заменить на мой", "Записать мой следующим коном", None])
def test_two_phones_record_hand_5(browser, browser_context_args, context, page: Page, live_server, choice):
    edit = live_server.url + seeded_match(SEED)
    # phone A keeps the page, loses the network and records hand 5 as 72:48
    page.goto(edit)
    controlled(page)
    context.set_offline(True)
    mine = [70, 50] if choice is None else [72, 48]
    tap_hand(page, mine[0])
    expect(page.locator(PENDING)).to_have_count(1)
    # phone B, online, records hand 5 as 70:50
    other_phone_records(browser, browser_context_args, edit, 70)
    # A is back: its hand 5 meets theirs
    context.set_offline(False)
    if choice is None:  # the same record for hand 5: the same hand, answered as done
        expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
        assert [r for _a, r, _ in live(edit)][4:] == [{"points": [70, 50]}]
        return
    conflict = page.locator(".hand.pending-conflict")
    expect(conflict).to_contain_text(
        "Кон 5 уже записан с другого телефона: 70:50. У вас: 72:48", timeout=15000
    )
    assert len(live(edit)) == 5  # nothing written until the players choose
    page.reload()  # the entry stays until a player chooses
    expect(conflict).to_have_count(1)
    conflict.get_by_role("button", name=choice).click()
    expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    log = live(edit)
    if choice == "Оставить их":
        assert [a for a, _r, _ in log] == ["add"] * 5 and log[4][1] == {"points": [70, 50]}
        expect(page.locator(STORED)).to_have_count(5)
    elif choice == "Заменить на мой":
        assert [a for a, _r, _ in log] == ["add"] * 5 + ["edit"]
        assert log[5][1] == {"points": [72, 48]}
        # why, as a code each reader sees in their own language (scorekeeper.reasons)
        assert json.loads(log[5][2]) == {"code": "replaced_offline", "params": {}, "text": ""}
        expect(page.locator(STORED)).to_have_count(5)
        expect(page.locator(".hand[data-hand='5']")).to_contain_text("72:48")
    else:
        assert [a for a, _r, _ in log] == ["add"] * 6
        assert [r["points"] for _a, r, _ in log[4:]] == [[70, 50], [72, 48]]
        expect(page.locator(STORED)).to_have_count(6)
    assert board_score(page) == engine_score_live(edit)


def test_an_entry_behind_a_conflict_waits_for_the_decision_not_for_the_network(
    browser, browser_context_args, context, page: Page, live_server
):
    edit = live_server.url + seeded_match(SEED)
    page.goto(edit)
    controlled(page)
    context.set_offline(True)
    tap_hand(page, 72)  # hand 5
    tap_hand(page, 61)  # hand 6
    expect(page.locator(PENDING)).to_have_count(2)
    behind = page.locator(f"{PENDING}[data-pending]").first  # newest first: hand 6
    expect(behind).to_contain_text("ждёт сети")
    other_phone_records(browser, browser_context_args, edit, 70)  # hand 5 from the other phone
    context.set_offline(False)
    expect(page.locator(".hand.pending-conflict")).to_have_count(1, timeout=15000)
    expect(behind).to_contain_text("ждёт вашего решения по записи ниже")
    expect(behind).not_to_contain_text("ждёт сети")
    page.locator(".hand.pending-conflict").get_by_role("button", name="Записать мой следующим коном").click()
    expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    assert [r["points"] for _a, r, _ in live(edit)][4:] == [[70, 50], [72, 48], [61, 59]]


def engine_score_live(url: str) -> str:
    from scorekeeper.selectors import match_board

    board = match_board(match=Match.objects.get(public_id=public_id(url)))
    return f"{board.state.score[0]}:{board.state.score[1]}"


# ---------------------------------------------------------------- failures online: a 5xx, a server gone mid-request


def test_a_5xx_on_a_hand_post_is_shown_kept_and_stored_once(page: Page, live_server):
    edit = start(page, live_server.url)
    failing = {"on": True, "hits": 0}

    def hand_post(route):
        if route.request.method == "POST" and failing["on"]:
            failing["hits"] += 1
            route.fulfill(status=503, body="<p>down</p>", headers={"Content-Type": "text/html"})
        else:
            route.continue_()

    page.route(re.compile(r"/hand/$"), hand_post)
    tap_hand(page, 72)
    expect(page.locator("#entry .kz-msg")).to_contain_text("Сохранено на телефоне")
    expect(page.locator(PENDING)).to_have_count(1)
    expect(page.locator(PENDING)).to_contain_text("72:48")
    expect(page.locator("#net-banner")).to_contain_text("не отправлено: 1 запись")
    assert failing["hits"] >= 1 and stored(edit) == []
    # «Отправить сейчас» sends at once (the server still fails: the entry stays)
    hits = failing["hits"]
    page.get_by_role("button", name="Отправить сейчас").click()
    for _ in range(50):
        if failing["hits"] > hits:
            break
        page.wait_for_timeout(100)
    assert failing["hits"] > hits
    expect(page.locator(PENDING)).to_have_count(1)
    failing["on"] = False  # the server recovers: the next retry (or a tap) stores it, once
    expect(page.locator(PENDING)).to_have_count(0, timeout=20000)
    expect(page.locator(STORED)).to_have_count(1)
    assert stored(edit) == [{"points": [72, 48]}]


class Server:
    """The app in its own process on the test database: it can be killed mid-request and
    started again on the same address."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_DEBUG": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{self.port}", "--noreload"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.time() + 60  # a busy machine runs the system checks slowly
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def test_the_server_stopped_in_the_middle_of_a_request(page: Page, live_server):
    """The hand reaches the server and is written, then the server process dies before the phone
    hears back: the phone keeps the entry and says so, retries while the server is down, and when
    it is back the entry is stored once (its nonce), not twice."""
    server = Server()
    server.start()
    try:
        edit = start(page, server.url)
        dying = {"armed": True}

        def die_mid_request(route):
            if route.request.method != "POST" or not dying["armed"]:
                return route.continue_()
            dying["armed"] = False
            route.fetch()  # the server receives the hand and writes it …
            server.kill()  # … and is gone before the phone hears back
            route.abort("connectionreset")

        page.route(re.compile(r"/hand/$"), die_mid_request)
        tap_hand(page, 72)
        expect(page.locator(PENDING)).to_have_count(1)
        expect(page.locator("#entry .kz-msg")).to_contain_text("Сохранено на телефоне")
        assert stored(edit) == [{"points": [72, 48]}]  # written once; the phone does not know it
        expect(page.locator("#net-banner")).to_contain_text("Сервер не отвечает", timeout=15000)
        expect(page.locator(PENDING)).to_have_count(1)
        # the server comes back on the same address; the phone sends by itself (backoff)
        server.start()
        expect(page.locator(PENDING)).to_have_count(0, timeout=30000)
        expect(page.locator(STORED)).to_have_count(1)
        assert stored(edit) == [{"points": [72, 48]}]
    finally:
        server.kill()


# ---------------------------------------------------------------- installable; pages without a network


def test_manifest_and_installable(context: BrowserContext, page: Page, live_server):
    page.goto(live_server.url + "/")
    expect(page.locator("#net-banner")).to_be_hidden()  # online with nothing waiting: no banner at all
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(live_server.url + href)
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    m = manifest.json()
    assert m["name"] == "Помощник для Козла" and m["short_name"] == "Козёл" and m["lang"] == "ru"
    assert m["display"] == "standalone" and m["start_url"].startswith("/") and m["scope"] == "/"
    assert m["theme_color"] and m["background_color"]
    assert m["user_preferences"]["color_scheme_dark"]["theme_color"]
    assert page.locator("meta[name=theme-color][media*=dark]").count() == 1
    assert page.locator("meta[name=theme-color][media*=light]").count() == 1
    purposes = {(i["sizes"], i.get("purpose", "any")) for i in m["icons"]}
    assert (
        ("192x192", "any") in purposes
        and ("512x512", "any") in purposes
        and ("512x512", "maskable") in purposes
    )
    for icon in m["icons"]:
        r = page.request.get(live_server.url + icon["src"])
        assert r.ok and r.headers["content-type"] == icon["type"]
    # English through the language in use
    en = page.request.get(live_server.url + href, headers={"Cookie": "kozel_lang=en"}).json()
    assert en["name"] == "Kozel companion" and en["lang"] == "en"
    # the worker is served from the root, for the whole site, never kept stale
    sw = page.request.get(live_server.url + "/sw.js")
    assert sw.headers["content-type"].startswith("application/javascript")
    assert sw.headers["service-worker-allowed"] == "/" and "no-cache" in sw.headers["cache-control"]
    controlled(page)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")


def test_chromium_finds_the_app_installable(browser_type, browser_type_launch_args, live_server, tmp_path):
    """Chromium's own installability check, in a real (not incognito) profile of the full browser
    (the headless shell finds every page installable)."""
    ctx = browser_type.launch_persistent_context(
        str(tmp_path / "profile"), **{**browser_type_launch_args, "executable_path": CHROMIUM}
    )
    try:
        blank = ctx.new_page()  # the check is Chromium's own: a page without a manifest fails it
        assert ctx.new_cdp_session(blank).send("Page.getInstallabilityErrors")["installabilityErrors"]
        page = ctx.new_page()
        page.goto(live_server.url + "/")
        controlled(page)
        cdp = ctx.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest.get("errors"), manifest.get("errors")
    finally:
        ctx.close()


def test_offline_reload_of_the_match_page_its_rule_sheet_and_a_page_never_seen(
    context: BrowserContext, page: Page, live_server
):
    edit = start(page, live_server.url)
    tap_hand(page, 72)
    expect(page.locator(STORED)).to_have_count(1)
    wait_kept_hands(page, edit.replace(live_server.url, ""), 1)  # refreshed after the write
    sheet = page.locator(".board-variant a").get_attribute("href")
    page.goto(live_server.url + sheet)
    controlled(page)
    title = page.locator("h1").first.inner_text()
    view = "/m/" + edit.split("/m/")[1].split("/")[0] + "/"
    page.goto(live_server.url + view)
    wait_kept(page)
    context.set_offline(True)
    # the match page: the copy kept after the last write (hand 1 in it), with the banner
    page.goto(edit)
    expect(page.locator(STORED)).to_have_count(1)
    expect(page.locator("#net-banner")).to_contain_text("нет сети · обновлено в")
    # its rule sheet
    page.goto(live_server.url + sheet)
    expect(page.locator("h1").first).to_have_text(title)
    # a page never opened: the offline page, listing what is kept
    page.goto(live_server.url + "/rules/glossary/")
    expect(page.locator("h1")).to_have_text("Нет сети")
    expect(page.locator(f"#offline-list a[href='{sheet}']")).to_have_count(1)
    expect(
        page.locator(f"#offline-list a[href='{edit.replace(live_server.url, '')}'] .kept-title")
    ).to_have_text("Красные – Чёрные · Классика, пары на шестёрках · запись (ссылка для записи)")
    # the view link of the same match is told apart from its edit link
    expect(page.locator(f"#offline-list a[href='{view}'] .kept-title")).to_have_text(
        "Красные – Чёрные · Классика, пары на шестёрках · ссылка для просмотра"
    )


def test_cached_pages_hold_no_write_response_and_no_fragment(
    context: BrowserContext, page: Page, live_server
):
    """A write's answer, an htmx fragment or another match's page is never what a URL holds."""
    edit = start(page, live_server.url)
    tap_hand(page, 72)
    expect(page.locator(STORED)).to_have_count(1)
    other = start(page, live_server.url)
    keys = page.evaluate(f"caches.open('{PAGES}').then(c => c.keys()).then(k => k.map(r => r.url))")
    paths = sorted(k.replace(live_server.url, "") for k in keys)
    assert all(not p.endswith("/hand/") and "?" not in p for p in paths), paths
    for url in (edit, other):
        body = page.evaluate(
            f"u => caches.open('{PAGES}').then(c => c.match(u)).then(r => r.text())",
            url.replace(live_server.url, ""),
        )
        assert body.lstrip().startswith("<!doctype html>")  # a whole page, not a fragment
        assert f'data-remember="{public_id(url)}"' in body and body.count("data-remember=") == 1


def test_view_link_offline_shows_the_last_board_and_resumes(
    browser, browser_context_args, context: BrowserContext, page: Page, live_server
):
    path = seeded_match(SEED[:2])
    watch = live_server.url + "/m/" + path.split("/")[2] + "/"
    page.goto(watch)
    controlled(page)
    expect(page.locator("#live .hand")).to_have_count(2)
    wait_kept_hands(page, "/m/" + public_id(watch) + "/", 2)  # the copy the reload will show
    context.set_offline(True)
    expect(page.locator("#net-banner")).to_contain_text(
        re.compile(r"нет сети · обновлено в \d\d:\d\d"), timeout=8000
    )
    page.reload()  # the last board this phone saw
    expect(page.locator("#live .hand"), what_page(page)).to_have_count(2)
    expect(page.locator("#net-banner")).to_contain_text("нет сети · обновлено в")
    # meanwhile the table records hand 3 from the edit link
    other_phone_records(browser, browser_context_args, live_server.url + path, 95)
    context.set_offline(False)  # polling resumes by itself
    expect(page.locator("#live .hand")).to_have_count(3, timeout=10000)
    expect(page.locator("#net-banner")).to_be_hidden()


# ---------------------------------------------------------------- every failure is visible; corrections offline


def test_a_refused_htmx_write_says_why_next_to_the_button_and_keeps_what_was_typed(page: Page, live_server):
    start(page, live_server.url)
    page.route(
        re.compile(r"/hand/$"),
        lambda route: route.fulfill(
            status=403,
            body='<p class="errorlist" data-error-message>Эта ссылка только для просмотра.</p>',
            headers={"Content-Type": "text/html; charset=utf-8"},
        ),
    )
    tap_hand(page, 72)
    msg = page.locator("#entry .kz-msg")
    expect(msg).to_have_text("Эта ссылка только для просмотра.")
    # right after the button that sent it, and what was typed is still there
    assert (
        page.evaluate(
            "() => document.querySelector('#entry .kz-msg').previousElementSibling.textContent.trim()"
        )
        == "Записать кон"
    )
    expect(page.locator("#points_0")).to_have_value("72")
    expect(page.locator(PENDING)).to_have_count(0)  # a refusal is not kept for later
    # without a message from the server: the status, in the player's language
    page.unroute(re.compile(r"/hand/$"))
    page.route(re.compile(r"/hand/$"), lambda route: route.fulfill(status=404, body=""))
    page.get_by_role("button", name="Записать кон").click()
    expect(msg).to_have_text("Сервер не принял запрос (ошибка 404).")
    expect(page.locator("#points_0")).to_have_value("72")


def test_a_correction_and_a_delete_made_offline_are_kept_and_sent(
    context: BrowserContext, page: Page, live_server
):
    edit = start(page, live_server.url)
    tap_hand(page, 72)
    expect(page.locator(STORED)).to_have_count(1)  # a tap while one is in flight is dropped (hx-sync)
    tap_hand(page, 95)
    expect(page.locator(STORED)).to_have_count(2)
    page.locator(".hand[data-hand='1'] a", has_text="Исправить").click()
    controlled(page)
    context.set_offline(True)
    page.fill("input[name=points_0]", "100")
    page.fill("input[name=points_1]", "20")
    page.fill("#reason", "пересчитали")
    page.get_by_role("button", name="Сохранить исправление").click()
    page.wait_for_url(edit)
    expect(page.locator(PENDING)).to_have_count(1)
    expect(page.locator(PENDING)).to_contain_text("исправить кон 1: 100:20")
    context.set_offline(False)
    expect(page.locator(PENDING)).to_have_count(0, timeout=15000)
    assert [(a, r) for a, r, _ in live(edit)][-1] == ("edit", {"points": [100, 20]})
    expect(page.locator(".hand[data-hand='1']")).to_contain_text("100:20")
    assert board_score(page) == engine_score_live(edit)


def test_removing_a_match_from_the_phone_removes_its_copies(page: Page, live_server):
    edit = start(page, live_server.url)
    path = edit.replace(live_server.url, "")
    page.goto(live_server.url + "/")
    controlled(page)
    item = page.locator("#my-matches li", has_text="Красные – Чёрные")
    expect(item).to_have_count(1)
    item.get_by_role("button", name="Убрать с телефона").click()
    expect(item).to_have_count(0)
    kept = page.evaluate(
        f"caches.open('{PAGES}').then(c => c.keys()).then(k => k.map(r => new URL(r.url).pathname))"
    )
    assert path not in kept and "/" in kept
