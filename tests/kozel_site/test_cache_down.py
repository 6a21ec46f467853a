"""A cache that fails is a miss (common.caches): with the shared Redis stopped under two app servers
on one PostgreSQL, every page still renders, every write answers what it did (an htmx hand or
undo that was stored answers 200, never 500, so a player never taps undo twice), the creation
limit lets creations through and says so in the log, and /healthz answers 200 «ok, cache
degraded». Redis back, the cache is used again. A Redis that takes connections and never answers
costs a request at most its half-second timeout, and the next requests nothing."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.core.cache import caches
from django.test import Client

from common import caches as soft
from kozel_site.settings import redis_cache
from tests.api.test_analyse import TWO_TRICKS
from tests.kozel_site.test_several_servers import redis_keys
from tests.rules.helpers import qs, table_deal
from tests.servers import (
    Phone,
    gunicorn,
    hand_lines,
    have_postgres_and_redis,
    postgres,
    redis,
    start_redis,
    stop_redis,
)

FOUR = {f"player_{i}": n for i, n in enumerate(["Аня", "Боря", "Вика", "Гоша"])}
MATCH = {"variant": "classic-sixes", "team_0": "Мы", "team_1": "Вы", "first_dealer": "0", **FOUR}
COMPANY = {"name": "Пятница", "players": "Аня\nБоря\nВика\nГоша", "time_zone": "Europe/Moscow"}
HX = {"HX-Request": "true"}


def hidden(page: str, action: str) -> dict[str, str]:
    """The hidden fields (CSRF token, version, nonce) of the form posting to ``action``."""
    at = page.index(f'action="{action}"')
    form = page[page.rindex("<form", 0, at) : page.index("</form>", at)]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


class Site:
    """Two app servers and one phone that goes to either, in turn; every answer is timed."""

    def __init__(self, ports: tuple[int, int]) -> None:
        self.ports, self.phone, self.turn, self.slowest = ports, Phone(), 0, 0.0

    def ask(self, method: str, path: str, body: dict[str, str] | str | None = None, **headers: str):
        self.turn += 1
        started = time.monotonic()
        got = self.phone.request(self.ports[self.turn % 2], method, path, body, **headers)
        self.slowest = max(self.slowest, time.monotonic() - started)
        return got

    def page(self, path: str, **headers: str) -> str:
        status, _h, text = self.ask("GET", path, **headers)
        assert status == 200, (path, status, text[:500])
        return text

    def made(self, path: str, data: dict[str, str]) -> str:
        """Post a creating form (its CSRF token from its page): the new thing's address."""
        form = self.page(path)
        status, headers, text = self.ask("POST", path, {"csrfmiddlewaretoken": csrf_of(form), **data})
        assert status == 302, (path, status, text[:500])
        return urlsplit(headers["location"]).path

    def write(self, page: str, action: str, data: dict[str, str] | None = None, **headers: str) -> str:
        """Post the form on ``page`` that posts to ``action``: 302, or 200 for htmx."""
        status, _h, text = self.ask(
            "POST", action, {**hidden(self.page(page), action), **(data or {})}, **headers
        )
        assert status == (200 if headers else 302), (action, status, text[:500])
        return text


def csrf_of(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def play_out(site: Site, edit: str) -> None:
    for _ in range(3):
        site.write(edit, edit + "hand/", {"points_0": "100", "points_1": "20"})


def every_page(site: Site, edit: str, company: str, house: str) -> None:
    view = edit.split("/e/")[0] + "/"
    company_view = company.split("/e/")[0] + "/"
    for path in [
        "/",
        "/rules/",
        "/rules/classic-sixes/",
        "/rules/compare/",
        "/rules/glossary/",
        "/rules/disputes/",
        "/rules/referee/",
        "/rules/house/",
        house,
        "/m/new/",
        "/c/new/",
        view,
        edit,
        edit + "history/",
        view + "export.csv",
        view + "export.json",
        view + "qr.svg",
        edit + "qr.svg",
        company,
        company + "matches/",
        company + "seating/",
        company_view,
        company_view + "matches/",
        company_view + "evenings/",
        "/sw.js",
        "/manifest.webmanifest",
        "/offline/",
        "/jsi18n/ru/",
        "/csrf/",
    ]:
        site.page(path)
    version = re.search(r'hx-get="[^"]*\?v=(\d+)"', site.page(view)).group(1)  # type: ignore[union-attr]
    assert site.ask("GET", f"{view}?v={version}", **HX)[0] == 204  # the poll: nothing new
    assert site.ask("GET", f"{view}?v=0", **HX)[0] == 200
    # the referee's best play, asked for by the deal review once it is shown
    params, _hands = table_deal("classic-sixes")
    best = site.page(f"/rules/referee/deal/?{qs(params)}&best=1", **HX, **{"HX-Target": "best"})
    assert "Разбор с лучшей игрой" in best
    # and a recorded hand's dispute, under the edit link, with the match's rules
    site.page(edit + "kon/1/dispute/")
    deal = qs({k: v for k, v in params.items() if k != "variant"})
    best = site.page(edit + f"kon/1/dispute/?{deal}&best=1", **HX, **{"HX-Target": "best"})
    assert "Разбор с лучшей игрой" in best
    status, _h, answer = site.ask(
        "POST", "/api/v1/analyse", json.dumps(TWO_TRICKS), **{"Content-Type": "application/json"}
    )
    assert status == 200 and "goals" in json.loads(answer)


@pytest.mark.skipif(not have_postgres_and_redis(), reason="needs PostgreSQL and redis-server")
def test_with_redis_stopped_every_page_and_write_answers_and_nothing_is_stored_twice(tmp_path: Path) -> None:
    with postgres() as db, redis(tmp_path) as cache:
        env = {"DATABASE_URL": db, "KOZEL_CACHE_URL": cache, "DJANGO_DEBUG": "0", "KOZEL_RATELIMIT": "1"}
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        with gunicorn(tmp_path / "a", env) as (a, _), gunicorn(tmp_path / "b", env) as (b, _):
            site = Site((a, b))
            edit = site.made("/m/new/", MATCH)
            company = site.made("/c/new/", COMPANY)
            house = site.made("/rules/house/", {"name": "Дома", "variant": "classic-sixes"})
            site.write(edit, edit + "hand/", {"points_0": "80", "points_1": "40"})
            every_page(site, edit, company, house)
            assert redis_keys(cache) > 0 and site.page("/healthz") == "ok"

            stop_redis(cache)
            site.slowest = 0.0
            assert site.page("/healthz") == "ok, cache degraded"
            every_page(site, edit, company, house)
            # writes, each answered as what it did; the hand list through the other server after each
            site.write(edit, edit + "hand/", {"points_0": "70", "points_1": "50"}, **HX)
            assert hand_lines(site.page(edit)) == ["2", "1"]
            site.write(edit, edit + "hand/", {"points_0": "60", "points_1": "60"}, **HX)
            site.write(edit, edit + "undo/", **HX)
            assert hand_lines(site.page(edit)) == ["2", "1"]
            correction = site.page(edit + "kon/2/")
            change, delete = (
                re.search(rf'action="({edit}[^"]*{end})"', correction).group(1) for end in ("/", "delete/")
            )  # type: ignore[union-attr]
            site.write(edit + "kon/2/", change, {"points_0": "75", "points_1": "45"})
            site.write(edit + "kon/2/", delete)
            history = site.page(edit + "history/")
            restore = re.findall(rf'action="({edit}history/\d+/restore/)"', history)[0]
            site.write(edit + "history/", restore)
            assert len(hand_lines(site.page(edit))) == 2
            # creations: the limit cannot count, so it lets them through
            for path, data in [("/m/new/", MATCH), ("/c/new/", COMPANY)]:
                site.made(path, data)
            site.made("/rules/house/", {"name": "Дача", "variant": "classic-sixes"})
            site.write(company, company + "player/", {"name": "Дима"})
            status, headers, _t = site.ask(
                "POST",
                company + "new-match/",
                {**hidden(site.page(company + "new-match/"), company + "new-match/"), **MATCH},
            )
            assert status == 302, status
            other = urlsplit(headers["location"]).path
            play_out(site, other)
            site.write(other, other + "rematch/")
            exported = json.loads(site.page(edit.split("/e/")[0] + "/export.json"))
            # each write once: the undone hand gone, the deleted one back as corrected
            assert [h["record"]["points"] for h in exported["hands"]] == [[80, 40], [75, 45]]
            # a refused Redis answers at once: no request waited on it
            assert site.slowest < 3, site.slowest

            logged = (tmp_path / "a" / "server.log").read_text() + (tmp_path / "b" / "server.log").read_text()
            assert "Traceback" not in logged and "Internal Server Error" not in logged, logged[-3000:]
            assert "the creation limit could not count (match): not applied" in logged
            assert "cache FailSoftRedisCache(kozel) failed (ConnectionError" in logged

            # Redis back: the health check says so once the caches' rest is over, and pages use it
            start_redis(int(cache.rsplit(":", 1)[1].split("/")[0]), tmp_path)
            deadline = time.monotonic() + soft.REST + 10
            while not all(Phone().request(p, "GET", "/healthz")[2] == "ok" for p in (a, b)):
                assert time.monotonic() < deadline, "the health check still says the cache is degraded"
                time.sleep(0.5)
            site.page(edit)
            assert redis_keys(cache) > 0


@pytest.fixture
def silent_redis() -> Iterator[str]:
    """A server that takes connections and never answers: a Redis behind a dead network."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    held: list[socket.socket] = []
    stop = threading.Event()

    def take() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                pass

    thread = threading.Thread(target=take, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    stop.set()
    thread.join()
    for s in held:
        s.close()
    listener.close()


@pytest.mark.django_db
def test_a_redis_that_never_answers_costs_one_short_timeout(
    settings, silent_redis: str, client: Client
) -> None:
    settings.CACHES = {alias: redis_cache(alias, silent_redis) for alias in ("default", "ratelimit")}
    soft._rest_until.clear()
    assert caches["default"].get("x", "miss") == "miss"  # django's cache handler took the new settings
    soft._rest_until.clear()
    started = time.monotonic()
    assert client.get("/rules/classic-sixes/").status_code == 200
    first = time.monotonic() - started
    started = time.monotonic()
    for _ in range(5):
        assert client.get("/rules/classic-sixes/").status_code == 200
    rest = time.monotonic() - started
    assert 0.5 <= first < 2.5, first  # one read timed out, then the cache rested
    assert rest < 2.5, rest  # resting: not asked again
    assert client.get("/healthz").content == b"ok, cache degraded"
