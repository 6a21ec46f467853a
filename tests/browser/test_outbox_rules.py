"""The outbox's rules on their own, in the browser (``Kozel.outbox``, static/scorekeeper/outbox.js):
its entry states as one table, what a server's answer makes of an entry, the order entries are
sent in. And the service worker on Workbox's modules: the server's precache list, the previous
release's caches removed, the kept pages bounded."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from kozel_site import pwa
from scripts.chromium import PAGES, until
from tests.browser.test_offline import controlled

pytestmark = pytest.mark.django_db(transaction=True)


def rules(page: Page, live_server) -> Page:
    page.goto(live_server.url + "/")  # the home page loads the outbox (its matches list)
    page.wait_for_function("() => !!(window.Kozel && Kozel.outbox)")
    return page


def js(page: Page, body: str, arg=None):
    """``body`` run with ``O`` = Kozel.outbox and ``arg``."""
    return page.evaluate(f"arg => {{ const O = Kozel.outbox; {body} }}", arg)


def entry(key: str, match: str = "m1", action: str = "add", state: str = "queued", **more) -> dict:
    return {"key": key, "match": match, "action": action, "state": state, **more}


def test_the_states_table_says_where_every_event_leads(page: Page, live_server) -> None:
    rules(page, live_server)
    table = js(
        page, "return Object.fromEntries(Object.entries(O.STATES).map(([k, v]) => [k, [v.sends, v.on]]))"
    )
    assert set(table) == {"queued", "conflict", "stale", "rejected"}
    assert [s for s, (sends, _on) in table.items() if sends] == ["queued"]  # only one state is sent
    for state, (_sends, on) in table.items():
        assert all(to is None or to in table for to in on.values()), (state, on)
    assert table["queued"][1] == {
        "sent": None,
        "retry": "queued",
        "conflict": "conflict",
        "stale": "stale",
        "refused": "rejected",
    }
    # every state but queued ends only by the players' choice; each has a way out of the outbox
    assert all(None in on.values() for on in (v[1] for v in table.values()))
    assert js(
        page, "return [O.step('conflict', 'next'), O.step('conflict', 'theirs'), O.step('stale', 'again')]"
    ) == [
        "queued",
        None,
        "queued",
    ]
    # an event a state does not take is an error, not a silent change
    err = js(page, "try { O.step('rejected', 'sent'); return null; } catch (e) { return e.message; }")
    assert err == "outbox: no sent from rejected"


@pytest.mark.parametrize(
    ("status", "code", "action", "event"),
    [
        (0, None, "add", "retry"),
        (502, None, "add", "retry"),
        (500, "x", "edit", "retry"),
        (200, None, "add", "sent"),
        (409, "hand_conflict", "add", "conflict"),
        (409, "stale", "edit", "stale"),
        (409, "stale", "add", "refused"),  # an add never goes stale: the hand number decides
        (409, "nonce_reused", "add", "refused"),
        (422, "invalid", "add", "refused"),
        (404, "not_found", "delete", "refused"),
    ],
)
def test_what_an_answer_makes_of_an_entry(page: Page, live_server, status, code, action, event) -> None:
    rules(page, live_server)
    assert js(page, "return O.outcome(arg[0], arg[1], arg[2])", [status, code, action]) == event


def test_keys_sort_in_the_order_the_entries_were_made(page: Page, live_server) -> None:
    rules(page, live_server)
    made = [(1_700_000_000_000, 0), (1_700_000_000_000, 1), (1_700_000_000_000, 36), (1_700_000_000_001, 0)]
    made += [(1_800_000_000_000, 5), (4_000_000_000_000, 0)]
    keys = js(page, "return arg.map(([t, n]) => O.keyOf(t, n, 'zz'))", made)
    assert sorted(keys) == keys and len(set(keys)) == len(keys)


def test_hands_still_to_send_count_only_this_matchs_queued_adds_less_its_undos(
    page: Page, live_server
) -> None:
    rules(page, live_server)
    entries = [
        entry("1"),
        entry("2"),
        entry("3", state="conflict"),
        entry("4", action="undo"),
        entry("5", match="m2"),
        entry("6", action="edit"),
    ]
    assert js(
        page, "return [O.queuedAdds(arg, 'm1'), O.queuedAdds(arg, 'm2'), O.queuedAdds(arg, 'm3')]", entries
    ) == [
        1,
        1,
        0,
    ]


def test_entries_behind_one_waiting_for_the_players_wait_too_in_their_match_only(
    page: Page, live_server
) -> None:
    rules(page, live_server)
    entries = [
        entry("1"),
        entry("2", match="m2", state="stale"),
        entry("3", state="conflict"),
        entry("4"),
        entry("5", match="m2"),
        entry("6", match="m3"),
        entry("7", state="rejected"),
    ]
    assert js(page, "return O.held(arg)", entries) == [False, False, False, True, True, False, True]
    assert js(page, "return O.sendable(arg).map(e => e.key)", entries) == ["1", "6"]


def test_later_entries_follow_on_only_when_nobody_wrote_in_between(page: Page, live_server) -> None:
    rules(page, live_server)
    sent = entry("1", version=4)
    entries = [sent, entry("2", version=4), entry("3", version=3), entry("4", match="m2", version=4)]
    follow = "return O.followOn(arg[0], arg[1], arg[2]).map(e => e.key)"
    assert js(page, follow, [entries, sent, 5]) == ["2"]
    assert js(page, follow, [entries, sent, 7]) == []  # another phone wrote meanwhile
    assert js(page, follow, [entries, sent, None]) == []


def test_recording_mine_as_the_next_hand_moves_the_later_adds_along(page: Page, live_server) -> None:
    rules(page, live_server)
    e = entry("b", hand=5)
    entries = [
        entry("a", hand=4),
        e,
        entry("c", hand=6),
        entry("d", action="undo"),
        entry("e", match="m2", hand=6),
    ]
    moved = js(page, "return O.renumbered(arg[0], arg[1], 7).map(([x, h]) => [x.key, h])", [entries, e])
    assert moved == [["c", 8]]


def test_a_failed_send_waits_longer_each_time_up_to_half_a_minute(page: Page, live_server) -> None:
    rules(page, live_server)
    waits = js(
        page, "let w = 0, out = []; for (let i = 0; i < 8; i++) { w = O.backoff(w); out.push(w); } return out"
    )
    assert waits == [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]


def test_the_scripts_get_their_names_and_urls_from_the_server(page: Page, live_server, settings) -> None:
    settings.KOZEL_WRITE_TIMEOUT_MS = 1500  # the test hook: the outbox's timeout, shortened
    page.goto(live_server.url + "/")
    conf = page.evaluate("Kozel.conf")
    assert conf["timeout"] == 1500
    assert page.evaluate("htmx.config.timeout") == 1500
    assert conf["sw"] == "/sw.js" and conf["csrf"] == "/csrf/" and conf["pagesCache"] == pwa.PAGES_CACHE
    assert conf["keys"] == pwa.STORAGE and conf["outboxDb"] == pwa.OUTBOX_DB


def test_the_worker_precaches_the_servers_list_and_removes_the_old_static_cache(
    page: Page, live_server
) -> None:
    page.context.add_init_script("caches.open('kozel-static-v1')")  # as a phone of the last release has
    page.goto(live_server.url + "/")
    controlled(page)
    names = page.evaluate("caches.keys()")
    assert "kozel-static-v1" not in names
    precache = [n for n in names if n.startswith("kozel-precache-")]
    assert len(precache) == 1, names
    kept = page.evaluate(
        "n => caches.open(n).then(c => c.keys()).then(k => k.map(r => new URL(r.url).pathname))", precache[0]
    )
    want = [e["url"] for e in pwa.precache_manifest()]
    assert sorted(kept) == sorted(want)
    assert "/static/kozel/app.css" in want and "/jsi18n/en/" in want
    assert not any(u.endswith(".map") for u in want)


def test_kept_pages_are_bounded_least_recently_used_first(page: Page, live_server, monkeypatch) -> None:
    monkeypatch.setattr(pwa, "KEPT_PAGES", 2)
    page.goto(live_server.url + "/")
    controlled(page)
    for path in ("/rules/", "/rules/glossary/", "/rules/referee/"):
        page.goto(live_server.url + path)
        until(page, f"p => caches.open('{PAGES}').then(c => c.match(p)).then(r => !!r)", path)
    until(
        page,
        f"() => caches.open('{PAGES}').then(c => c.keys()).then(k => k.length === 2)",
        what="the pages cache trimmed to two",
    )
    kept = page.evaluate(
        f"caches.open('{PAGES}').then(c => c.keys()).then(k => k.map(r => new URL(r.url).pathname))"
    )
    assert sorted(kept) == ["/rules/glossary/", "/rules/referee/"]


def test_a_new_release_takes_the_old_releases_files_off_the_phone(
    page: Page, live_server, monkeypatch
) -> None:
    page.goto(live_server.url + "/")
    controlled(page)
    precache = "() => caches.keys().then(n => caches.open(n.find(k => k.startsWith('kozel-precache-'))))"
    keys = f"({precache})().then(c => c.keys()).then(k => k.map(r => r.url.replace(location.origin, '')))"
    assert any(k.startswith("/static/rules/deal.js") for k in page.evaluate(keys))
    # the next release: deal.js is gone, app.css changed
    release = [e for e in pwa.precache_manifest() if e["url"] != "/static/rules/deal.js"]
    release = [{**e, "revision": "next"} if e["url"] == "/static/kozel/app.css" else e for e in release]
    monkeypatch.setattr(pwa, "precache_manifest", lambda: release)
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true)")
    until(
        page,
        f"() => {keys}.then(k => !k.some(u => u.startsWith('/static/rules/deal.js')))",
        what="the old release's file removed from the precache",
        timeout=20,
    )
    kept = page.evaluate(keys)
    assert "/static/kozel/app.css?__WB_REVISION__=next" in kept
    assert not any(k.startswith("/static/kozel/app.css") and "next" not in k for k in kept)
