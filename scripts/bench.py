#!/usr/bin/env python
"""`make bench`: pages against a trivial view, the engine alone, page weight and SQL queries.

Everything runs in one process on one throwaway SQLite database (never db.sqlite3), through the
full middleware stack with Django's test client and CSRF enforced, so the figures are ratios on
the same machine. The benchmarks are interleaved in rounds, so a busy moment of the machine hits
all of them alike. The server under load (gunicorn, PostgreSQL) is `make load`.

Targets (issue 5): every page within 1.5x of the floor; the match page under 50 KB gzipped on
first load, scripts and styles included; SQL queries per page constant in the number of hands
(asserted in tests/scorekeeper/test_queries.py, shown here).
"""

from __future__ import annotations

import argparse
import gzip
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FLOOR_RATIO_TARGET = 1.5
MATCH_PAGE_KB_TARGET = 50
HANDS = 40


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))]


def setup_django(tmp: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "kozel_site.settings"
    os.environ["DJANGO_DEBUG"] = "0"  # DEBUG keeps every query in memory; production does not
    os.environ.pop("DJANGO_ENV", None)
    import django

    warnings.filterwarnings("ignore", message="No directory at")  # STATIC_ROOT: not collected here
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


# --- fixtures: a 40-hand match made through the real forms, then cloned -------------------------


def forty_hands() -> list[dict[str, Any]]:
    """penalty-goats, 40 hands that do not end the match: 10 decided (5 each, with spas) among
    30 eggs, so the board shows every kind of line."""
    decided = [{"points": [70, 50]}, {"points": [45, 75]}] * 5
    out: list[dict[str, Any]] = []
    for i in range(HANDS):
        out.append(decided[i // 4] if i % 4 == 0 else {"points": [60, 60]})
    return out


def csrf(client: Any) -> str:
    return client.cookies["csrftoken"].value


def make_match(client: Any) -> tuple[str, str]:
    """A new match through the form and 40 hands through the hand form; returns (view, edit) paths."""
    client.get("/m/new/")
    resp = client.post(
        "/m/new/",
        {
            "csrfmiddlewaretoken": csrf(client),
            "variant": "penalty-goats",
            "team_0": "Красные",
            "team_1": "Чёрные",
            "player_0": "Аня",
            "player_1": "Борис",
            "player_2": "Вера",
            "player_3": "Гена",
            "first_dealer": "0",
        },
    )
    assert resp.status_code == 302, resp.status_code
    edit = resp["Location"]
    public_id = edit.split("/")[2]
    for i, rec in enumerate(forty_hands()):
        page = client.get(edit).content.decode()
        version = re.search(r'data-version="(\d+)"', page).group(1)  # type: ignore[union-attr]
        r = client.post(
            edit + "hand/",
            {
                "csrfmiddlewaretoken": csrf(client),
                "points_0": rec["points"][0],
                "points_1": rec["points"][1],
                "version": version,
                "nonce": f"bench-{i}",
            },
        )
        assert r.status_code == 302, (r.status_code, r.content[:500])
    return f"/m/{public_id}/", edit


def clone_matches(public_id: str, count: int) -> list[str]:
    """``count`` copies of the match (same secret, same 40-entry log), for the POST benchmark:
    each timed POST records hand 41 on a match of 40 hands."""
    from scorekeeper.models import Entry, Match

    src = Match.objects.get(public_id=public_id)
    entries = list(Entry.objects.filter(match=src))
    ids = []
    for n in range(count):
        m = Match.objects.get(pk=src.pk)
        m.pk = None
        m.public_id = f"clone{n:06d}"
        m.series = m.public_id
        m.previous = None
        m.save()
        Entry.objects.bulk_create(
            [
                Entry(
                    match=m,
                    seq=e.seq,
                    action=e.action,
                    slot=e.slot,
                    record=e.record,
                    source=e.source,
                    reason=e.reason,
                    nonce=e.nonce,
                )
                for e in entries
            ]
        )
        ids.append(m.public_id)
    return ids


# --- page benchmarks ---------------------------------------------------------------------------


class Bench:
    def __init__(self, name: str, call: Callable[[], Any], expect: int = 200, target: bool = True) -> None:
        self.name, self.call, self.expect, self.target = name, call, expect, target
        self.samples: list[float] = []

    def run(self, n: int) -> None:
        for _ in range(n):
            t0 = time.perf_counter()
            resp = self.call()
            self.samples.append(time.perf_counter() - t0)
            if resp.status_code != self.expect:
                raise SystemExit(f"{self.name}: HTTP {resp.status_code} (expected {self.expect})")


def page_benches(rounds: int, batch: int) -> tuple[list[Bench], dict[str, str]]:
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    view, edit = make_match(client)
    public_id = edit.split("/")[2]
    token = csrf(client)
    pool = clone_matches(public_id, rounds * batch + batch)
    secret = edit.split("/")[4]
    htmx = {"HTTP_HX_REQUEST": "true", "HTTP_X_CSRFTOKEN": token}
    counter = iter(range(10**9))

    def record_hand() -> Any:
        n = next(counter)
        url = f"/m/{pool[n]}/e/{secret}/hand/"
        return client.post(url, {"points_0": 80, "points_1": 40, "version": HANDS, "nonce": f"b{n}"}, **htmx)

    referee = "/rules/referee/?variant=voon-series&leader=0&cards=AH+QD+10H+7C"
    sheet = "/rules/classic-sixes/"
    benches = [
        Bench("floor: /healthz (trivial view)", lambda: client.get("/healthz"), target=False),
        Bench(f"match page, {HANDS} hands (edit link)", lambda: client.get(edit)),
        Bench(f"view link, {HANDS} hands", lambda: client.get(view)),
        Bench("record a hand: htmx POST -> board", record_hand),
        Bench("referee answer (trick ruling)", lambda: client.get(referee)),
        Bench("rule sheet (classic-sixes)", lambda: client.get(sheet)),
        Bench("home page", lambda: client.get("/")),
        Bench(
            "API POST /api/v1/trick",
            lambda: client.post(
                "/api/v1/trick",
                '{"variant":"voon-series","leader":0,"cards":["AH","QD","10H","7C"]}',
                content_type="application/json",
            ),
        ),
    ]
    for b in benches:  # warm-up: imports, template loading, first connection
        b.run(max(5, batch // 3))
        b.samples.clear()
    for _ in range(rounds):
        for b in benches:
            b.run(batch)
    pages = {
        "match page (edit link)": edit,
        "view link": view,
        "home page": "/",
        "new match": "/m/new/",
        "referee answer": referee,
        "rule sheet": sheet,
    }
    return benches, pages


# --- page weight and queries -------------------------------------------------------------------

ASSET_RE = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"[^>]*>', re.I)


def page_weight(client: Any, path: str) -> tuple[int, int, list[str]]:
    """Gzipped bytes of the HTML and of each script, stylesheet and icon it links (lazy images left
    out: they are in closed panels). Static files are gzipped at level 9 as whitenoise stores them."""
    from django.contrib.staticfiles import finders
    from django.templatetags.static import static

    resp = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    body = resp.content if resp.get("Content-Encoding") == "gzip" else gzip.compress(resp.content, 6)
    html = gzip.decompress(body).decode() if resp.get("Content-Encoding") == "gzip" else resp.content.decode()
    total_assets, names = 0, []
    prefix = static("")
    for tag in ASSET_RE.finditer(html):
        tag_text, url = tag.group(0), tag.group(1)
        if "<link" in tag_text.lower() and not re.search(r'rel="(stylesheet|icon|preload)"', tag_text):
            continue
        if not url.startswith(prefix):
            continue
        found = finders.find(url[len(prefix) :].split("?")[0])
        if not found or url in names:
            continue
        names.append(url)
        total_assets += len(gzip.compress(Path(found).read_bytes(), 9))
    return len(body), total_assets, names


def query_counts(client: Any, pages: dict[str, str]) -> dict[str, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    out = {}
    for name, path in pages.items():
        with CaptureQueriesContext(connection) as ctx:
            client.get(path)
        out[name] = len(ctx.captured_queries)
    return out


# --- the engine alone --------------------------------------------------------------------------


def engine_benches(seconds: float) -> list[tuple[str, str]]:
    from rules import engine
    from rules.engine.tricks import legal_cards

    rng = random.Random(5)
    out: list[tuple[str, str]] = []

    # 1. replay a 1,000-hand match (penalty-goats never ends on eggs; 10 decided hands among them)
    records = [{"points": [60, 60]}] * 1000
    for i in range(0, 1000, 100):
        records[i] = {"points": [70, 50]} if i % 200 == 0 else {"points": [50, 70]}
    hr = [engine.HandRecord.from_dict(r) for r in records]
    times = []
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end or len(times) < 3:
        t0 = time.perf_counter()
        state = engine.replay("penalty-goats", None, hr)
        times.append(time.perf_counter() - t0)
    assert len(state.hands) == 1000 and not state.finished
    med = statistics.median(times)
    out.append(("replay a 1,000-hand match", f"{med * 1000:.1f} ms  ({1000 / med:,.0f} hands/s)"))
    rs40 = engine.resolve("penalty-goats")
    med40 = statistics.median(
        _time(
            lambda: engine.replay(rs40, None, [engine.HandRecord.from_dict(r) for r in forty_hands()]),
            seconds / 2,
        )
    )
    out.append((f"replay a {HANDS}-hand match (every page view does one)", f"{med40 * 1000:.2f} ms"))

    # 2. tricks resolved per second: random four-card tricks of every one-card variant
    one_card = [engine.resolve(k) for k in engine.VARIANTS if not engine.resolve(k).multi_card_leads]
    tricks = []
    for _ in range(2000):
        rs = rng.choice(one_card)
        tricks.append((rs, rng.randrange(4), rng.sample(list(rs.deck), 4)))
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for rs, leader, cards in tricks:
            engine.resolve_trick(rs, leader, cards)
        n += len(tricks)
    out.append(("resolve_trick (no hands given)", f"{n / (time.perf_counter() - t0):,.0f} tricks/s"))

    # 3. whole deals reviewed per second: random legal deals with the four hands given
    deals = []
    for _ in range(200):
        rs = rng.choice(one_card)
        deck = list(rs.deck)
        rng.shuffle(deck)
        hands = [deck[s * rs.hand_size : (s + 1) * rs.hand_size] for s in range(4)]
        held = [list(h) for h in hands]
        leader, plays = rng.randrange(4), []
        start = leader
        for _t in range(rs.hand_size):
            trick: list[Any] = []
            for i in range(4):
                seat = (leader + i) % 4
                legal = legal_cards(rs, held[seat], trick[0] if trick else None, seat=seat) or held[seat]
                c = rng.choice(legal)
                held[seat].remove(c)
                trick.append(c)
            leader = engine.resolve_trick(rs, leader, trick).winner
            plays.extend(trick)
        try:
            engine.play_deal(rs, start, hands, plays)
        except engine.KozelError:
            continue  # a queen capture ended the hand early (RULES.md §2.3, §2.4): not a whole deal
        deals.append((rs, start, hands, plays))
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for rs, leader, hands, plays in deals:
            engine.play_deal(rs, leader, hands, plays)
        n += len(deals)
    out.append(("play_deal (whole deal, hands checked)", f"{n / (time.perf_counter() - t0):,.0f} deals/s"))
    return out


def _time(fn: Callable[[], Any], seconds: float) -> list[float]:
    times: list[float] = []
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end or len(times) < 3:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


# --- report ------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=8, help="interleaved rounds (default 8)")
    parser.add_argument("--batch", type=int, default=25, help="requests per benchmark per round (default 25)")
    parser.add_argument("--engine-seconds", type=float, default=2.0, help="seconds per engine benchmark")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="kozel-bench-"))
    started = time.perf_counter()
    try:
        setup_django(tmp)
        from django.test import Client

        print(f"kozel bench: Django test client in one process, SQLite at {tmp}, DEBUG off, CSRF enforced")
        print(f"{args.rounds} interleaved rounds x {args.batch} requests per page\n")
        benches, pages = page_benches(args.rounds, args.batch)
        floor = statistics.median(benches[0].samples)
        missed = 0
        w = max(len(b.name) for b in benches) + 2
        print(f"{'PAGES':<{w}}{'median':>10}{'p99':>10}{'x floor':>9}   target")
        for b in benches:
            med, p99 = statistics.median(b.samples), pct(b.samples, 99)
            ratio = med / floor
            if b.target:
                ok = ratio <= FLOOR_RATIO_TARGET
                missed += not ok
                verdict = f"<= {FLOOR_RATIO_TARGET}x  {'PASS' if ok else 'MISS'}"
            else:
                verdict = "(floor)"
            print(f"{b.name:<{w}}{med * 1000:>8.2f}ms{p99 * 1000:>8.2f}ms{ratio:>8.1f}x   {verdict}")

        client = Client()
        print(f"\n{'PAGE WEIGHT (gzip, first load)':<34}{'html':>8}{'assets':>9}{'total':>9}   target")
        for name, path in pages.items():
            html, assets, names = page_weight(client, path)
            total = (html + assets) / 1024
            verdict = ""
            if name.startswith("match page"):
                ok = total < MATCH_PAGE_KB_TARGET
                missed += not ok
                verdict = f"< {MATCH_PAGE_KB_TARGET} KB  {'PASS' if ok else 'MISS'}"
            print(f"{name:<34}{html / 1024:>6.1f}KB{assets / 1024:>7.1f}KB{total:>7.1f}KB   {verdict}")
        print(
            f"  assets of the match page: {', '.join(page_weight(client, pages['match page (edit link)'])[2])}"
        )

        print(f"\n{'SQL QUERIES PER PAGE':<34}{'1 hand':>8}{f'{HANDS} hands':>10}   target")
        small_client = Client(enforce_csrf_checks=True)
        view1, edit1 = make_match_with(small_client, 1)
        q1 = query_counts(client, {"match page (edit link)": edit1, "view link": view1})
        qn = query_counts(client, {k: pages[k] for k in ("match page (edit link)", "view link")})
        for name in qn:
            ok = q1[name] == qn[name]
            missed += not ok
            print(f"{name:<34}{q1[name]:>8}{qn[name]:>10}   constant  {'PASS' if ok else 'MISS'}")
        for name, n in query_counts(client, {k: v for k, v in pages.items() if k not in qn}).items():
            print(f"{name:<34}{'':>8}{n:>10}")

        print("\nENGINE ALONE")
        for name, figure in engine_benches(args.engine_seconds):
            print(f"{name:<54}{figure}")
        print(f"\n{missed} target(s) missed; bench took {time.perf_counter() - started:.0f} s")
        return 1 if (missed and args.strict) else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def make_match_with(client: Any, hands: int) -> tuple[str, str]:
    """A match with ``hands`` hands through the forms (for the query-count comparison)."""
    global HANDS
    saved, HANDS = HANDS, hands
    try:
        return make_match(client)
    finally:
        HANDS = saved


if __name__ == "__main__":
    raise SystemExit(main())
