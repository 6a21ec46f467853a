"""Limits on creation per client address (common.limits): 30 new matches or house sheets in
10 minutes, then 429 with Retry-After and a message in the page's language; the address from
the configured header only; writes to a match that exists never limited. The suite runs with
the limits off (tests/conftest.py); these tests turn them on. SQLite and PostgreSQL."""

from __future__ import annotations

import concurrent.futures
import http.client
import importlib.util
import os
import random
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.core.cache import caches
from django.test import Client

from rules.models import HouseRule
from scorekeeper.models import Match
from tests.servers import database_url, free_port, gunicorn

MATCH = {"variant": "classic-sixes", "team_0": "A", "team_1": "B", "first_dealer": "0"}


@pytest.fixture
def limits_on(settings):
    settings.RATELIMIT_ENABLE = True
    caches["ratelimit"].clear()
    yield settings
    caches["ratelimit"].clear()


def new_match(client: Client, **extra: str):
    return client.post("/m/new/", MATCH, **extra)


@pytest.mark.django_db
def test_the_31st_new_match_in_ten_minutes_is_a_429_in_the_page_language(limits_on) -> None:
    assert limits_on.RATELIMIT_CREATE_RATE == "30/10m"
    phone = Client()
    made = [new_match(phone) for _ in range(30)]
    assert [r.status_code for r in made] == [302] * 30
    refused = new_match(phone)
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 600
    page = refused.content.decode()
    assert "Слишком много новых матчей" in page and 'class="topbar"' in page
    assert Match.objects.count() == 30
    phone.cookies["kozel_lang"] = "en"
    english = new_match(phone, HTTP_HX_REQUEST="true")
    assert english.status_code == 429 and "Too many new matches" in english.content.decode()
    assert "<html" not in english.content.decode()  # htmx: the message alone
    # another address is not counted with this one
    assert new_match(Client(REMOTE_ADDR="203.0.113.7")).status_code == 302


@pytest.mark.django_db
def test_a_table_in_full_flow_never_meets_the_limit(limits_on) -> None:
    phone = Client()
    edit = ""
    for _ in range(31):
        resp = new_match(phone)
        edit = resp["Location"] if resp.status_code == 302 else edit
    assert new_match(phone).status_code == 429
    for n in range(10):  # hands, undo, a correction: writes to a match that exists
        points = "70" if n % 2 else "50"
        resp = phone.post(edit + "hand/", {"points_0": points, "version": str(n), "nonce": f"h{n}"})
        assert resp.status_code == 302, n
    assert phone.post(edit + "undo/", {"version": "10", "nonce": "u"}).status_code == 302
    assert phone.post(edit + "hand/1/", {"points_0": "80", "version": "11", "nonce": "e"}).status_code == 302
    version = 12
    while (
        phone.post(
            edit + "hand/", {"points_0": "72", "version": str(version), "nonce": f"w{version}"}
        ).status_code
        == 302
    ):
        version += 1  # team 0 wins on to the end of the match
    assert 12 < version < 30
    # a rematch is a new match: it counts with /m/new/ (tests/kozel_site/test_every_door_limited.py)
    made = Match.objects.count()
    assert phone.post(edit + "rematch/", {"version": str(version), "nonce": "r"}).status_code == 429
    assert Match.objects.count() == made


@pytest.mark.django_db
def test_house_sheets_are_limited_too(limits_on) -> None:
    phone = Client()
    for n in range(30):
        assert phone.post("/rules/house/", {"name": f"S{n}", "variant": "classic-sixes"}).status_code == 302
    refused = phone.post("/rules/house/", {"name": "one more", "variant": "classic-sixes"})
    assert refused.status_code == 429 and refused.has_header("Retry-After")
    assert HouseRule.objects.count() == 30
    assert phone.get("/rules/house/").status_code == 200  # reading is never limited


@pytest.mark.django_db
def test_companies_are_limited_too(limits_on) -> None:
    from scorekeeper.company.models import Company

    # django-ratelimit counts in fixed windows: a day's keeps a slow run's thirty posts in one
    limits_on.RATELIMIT_CREATE_RATE = "30/d"
    phone = Client()
    form = {"name": "Пятница", "players": "Аня\nБорис", "time_zone": "Europe/Moscow"}
    for _n in range(30):
        assert phone.post("/c/new/", form).status_code == 302
    refused = phone.post("/c/new/", form)
    assert refused.status_code == 429 and refused.has_header("Retry-After")
    assert Company.objects.count() == 30
    assert phone.get("/c/new/").status_code == 200  # reading is never limited


@pytest.mark.django_db
def test_the_address_comes_from_the_configured_header_only(limits_on) -> None:
    limits_on.RATELIMIT_CREATE_RATE = "30/d"  # one fixed window for the whole run, as above
    phone = Client()
    for n in range(30):  # a forged X-Forwarded-For changes nothing while no header is configured
        assert new_match(phone, HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code == 302
    assert new_match(phone, HTTP_X_FORWARDED_FOR="198.51.100.200").status_code == 429
    limits_on.CLIENT_IP_HEADER = "X-Forwarded-For"
    # behind the proxy: its entry (the last) is the client, whatever the client wrote before it
    for n in range(30):
        assert new_match(phone, HTTP_X_FORWARDED_FOR=f"10.9.9.{n}, 192.0.2.1").status_code == 302
    assert new_match(phone, HTTP_X_FORWARDED_FOR="10.9.9.99, 192.0.2.1").status_code == 429
    assert new_match(phone, HTTP_X_FORWARDED_FOR="192.0.2.2").status_code == 302


@pytest.mark.django_db
def test_the_limit_can_be_turned_off(settings) -> None:
    settings.RATELIMIT_ENABLE = False
    phone = Client()
    assert all(new_match(phone).status_code == 302 for _ in range(35))


@contextmanager
def redis_server() -> Iterator[str]:
    if shutil.which("redis-server") is None or importlib.util.find_spec("redis") is None:
        pytest.skip("needs redis-server and the redis client")
    port = free_port()
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


@pytest.mark.parametrize(("store", "door"), [("database", "new"), ("redis", "new"), ("database", "company")])
def test_workers_count_together_under_concurrent_creation(
    transactional_db: None, tmp_path: Path, store: str, door: str
) -> None:
    """A real gunicorn, two workers of two threads, 30 creations at once from one address with a
    limit of 12: exactly 12 matches are made, whatever the interleaving (the count is atomic),
    with the counts in the database or in Redis (KOZEL_CACHE_URL), through /m/new/ or through a
    company's «new match» (one bucket for both). The server runs on the test database, so the
    PostgreSQL pass runs it on PostgreSQL."""
    env = {"KOZEL_RATELIMIT": "1", "KOZEL_RATELIMIT_RATE": "12/10m", "GUNICORN_WORKERS": "2"}
    env["KOZEL_CLIENT_IP_HEADER"] = "X-Real-IP"
    env["DATABASE_URL"] = database_url()
    client_ip = f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"
    with ExitStack() as stack:
        if store == "redis":
            env["KOZEL_CACHE_URL"] = stack.enter_context(redis_server())
        port, _log = stack.enter_context(gunicorn(tmp_path, env))
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/m/new/")
        first = conn.getresponse()
        first.read()
        token = re.search(r"csrftoken=([^;]+)", first.getheader("Set-Cookie") or "").group(1)
        path, players = "/m/new/", {}
        if door == "company":  # counts as a company, not as a match; its matches name their players
            players = {f"player_{i}": name for i, name in enumerate(["Аня", "Боря", "Вика", "Гоша"])}
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            form = {"name": "X", "players": "", "time_zone": "Europe/Moscow", "csrfmiddlewaretoken": token}
            headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={token}"}
            c.request("POST", "/c/new/", urlencode(form), {**headers, "X-Real-IP": client_ip})
            made = c.getresponse()
            assert made.status == 302
            path = made.getheader("Location", "") + "new-match/"

        def post(_n: int) -> int:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            body = urlencode({**MATCH, **players, "csrfmiddlewaretoken": token})
            headers = {
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"csrftoken={token}",
                "X-Real-IP": client_ip,
            }
            c.request("POST", path, body, headers)
            status = c.getresponse().status
            c.close()
            return status

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            statuses = list(pool.map(post, range(30)))
    assert sorted(statuses) == [302] * 12 + [429] * 18, statuses


def test_the_suite_runs_with_the_limit_off() -> None:
    from django.conf import settings

    assert settings.RATELIMIT_ENABLE is False and os.environ["KOZEL_RATELIMIT"] == "0"
