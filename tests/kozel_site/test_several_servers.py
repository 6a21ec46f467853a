"""Several app servers on one PostgreSQL and one Redis (docs/operations.md#several-app-servers): a phone
may reach any of them. A hand recorded through one is on the other's view and edit links at
once, and an outbox entry whose answer was lost, sent again through the other, is stored once."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.servers import Phone, csrf, field, gunicorn, hand_lines, have_postgres_and_redis, postgres, redis

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not have_postgres_and_redis(), reason="needs PostgreSQL and redis-server (scripts/test.sh installs them)"
)


def redis_keys(url: str) -> int:
    where = urlsplit(url)
    with socket.create_connection((where.hostname, where.port), timeout=5) as s:
        s.sendall(b"DBSIZE\r\n")
        return int(s.recv(64).strip().lstrip(b":"))


@pytest.fixture
def two_servers(tmp_path: Path):
    with postgres() as db, redis(tmp_path) as cache:
        env = {"DATABASE_URL": db, "KOZEL_CACHE_URL": cache, "DJANGO_DEBUG": "0"}
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        with gunicorn(tmp_path / "a", env) as (a, _), gunicorn(tmp_path / "b", env) as (b, _):
            yield a, b, cache


def test_a_hand_through_one_server_is_at_once_on_the_others_links_and_a_retry_is_stored_once(
    two_servers,
) -> None:
    a, b, cache = two_servers
    phone = Phone()
    _s, _h, page = phone.request(a, "GET", "/m/new/")
    status, hdrs, _t = phone.request(
        a,
        "POST",
        "/m/new/",
        {
            "csrfmiddlewaretoken": csrf(page),
            "variant": "classic-sixes",
            "team_0": "Мы",
            "team_1": "Вы",
            "first_dealer": "0",
        },
    )
    assert status == 302, _t
    edit = urlsplit(hdrs["location"]).path
    view = edit.split("/e/")[0] + "/"

    # both links read through B first, so B's shared cache holds the match with no hands
    _s, _h, board = phone.request(b, "GET", edit)
    assert hand_lines(board) == []
    _s, _h, watched = phone.request(b, "GET", view)
    assert hand_lines(watched) == []
    assert redis_keys(cache) > 0  # the fragments went to Redis, not to the process's memory
    found = re.search(r'hx-get="([^"]*\?v=\d+)"', watched)
    assert found, watched
    live = found.group(1)
    assert phone.request(b, "GET", live, **{"HX-Request": "true"})[0] == 204

    # a hand through A: the same request a phone's form sends
    fields = {"csrfmiddlewaretoken": csrf(board), "nonce": field(board, "nonce"), "version": "0"}
    status, _h, _t = phone.request(a, "POST", edit + "hand/", {**fields, "points_0": "70", "points_1": "50"})
    assert status == 302, _t

    _s, _h, board = phone.request(b, "GET", edit)
    assert hand_lines(board) == ["1"]
    assert "70" in board
    assert hand_lines(phone.request(b, "GET", view)[2]) == ["1"]
    assert phone.request(b, "GET", live, **{"HX-Request": "true"})[0] == 200  # the poll sees it

    # an outbox entry sent through A whose answer the phone never got, sent again through B
    _s, _h, token = phone.request(a, "GET", "/csrf/")
    tok = json.loads(token)["token"]
    entry = {"csrfmiddlewaretoken": tok, "nonce": "o" + uuid.uuid4().hex, "version": "1", "hand": "2"}
    entry |= {"points_0": "40", "points_1": "80"}
    headers = {"X-CSRFToken": tok, "X-Kozel-Outbox": "1", "Accept": "application/json"}
    for port in (a, b):
        status, _h, answer = phone.request(port, "POST", edit + "hand/", entry, **headers)
        assert status == 200, answer
        assert json.loads(answer)["version"] == 2
    for port in (a, b):
        assert hand_lines(phone.request(port, "GET", edit)[2]) == ["2", "1"]
    exported = json.loads(phone.request(a, "GET", view + "export.json")[2])
    assert len(exported["hands"]) == 2


def _cache_backend(url: str) -> subprocess.CompletedProcess[str]:
    code = "from django.conf import settings; print(settings.CACHES['default']['BACKEND'])"
    env = {"KOZEL_CACHE_URL": url, "PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "kozel_site.settings"}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)


@pytest.mark.parametrize(
    ("url", "backend"),
    [
        ("", "django.core.cache.backends.locmem.LocMemCache"),
        ("locmem://", "django.core.cache.backends.locmem.LocMemCache"),
        ("redis://10.0.0.5:6379/1", "common.caches.FailSoftRedisCache"),
    ],
)
def test_the_cache_backend_comes_from_kozel_cache_url(url: str, backend: str) -> None:
    assert _cache_backend(url).stdout.strip() == backend


def test_a_cache_url_the_settings_cannot_use_stops_the_start() -> None:
    run = _cache_backend("memcached://127.0.0.1:11211")
    assert run.returncode != 0
    assert "KOZEL_CACHE_URL must be" in run.stderr
