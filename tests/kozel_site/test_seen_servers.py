"""The review by what was seen across servers (docs/api.md#the-review-by-what-was-seen): two app servers and one worker
on one PostgreSQL, the queue in a Redis of its own; a review asked through one server is polled
and answered through the other (tests/api/test_seen_api.py holds the rest, on one process)."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.api.test_seen_api import JUDGED
from tests.servers import gunicorn, have_postgres_and_redis, postgres, redis

ROOT = Path(__file__).resolve().parents[2]
SEEN = "/api/v1/analyse/seen"


def call(port: int, method: str, path: str, body: Any = None) -> tuple[int, dict[str, str], Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    data = None if body is None else json.dumps(body)
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
    resp = conn.getresponse()
    answer = json.loads(resp.read().decode())
    headers = {k.lower(): v for k, v in resp.getheaders()}
    conn.close()
    return resp.status, headers, answer


pytestmark = pytest.mark.skipif(
    not have_postgres_and_redis(), reason="needs PostgreSQL and redis-server (scripts/test.sh installs them)"
)


def test_a_review_asked_on_one_server_is_read_on_the_other(tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    (tmp_path / "queue").mkdir()
    with postgres() as db, redis(tmp_path / "cache") as cache, redis(tmp_path / "queue") as queue:
        env = {"DATABASE_URL": db, "KOZEL_CACHE_URL": cache, "KOZEL_TASKS_URL": queue, "DJANGO_DEBUG": "0"}
        (tmp_path / "a").mkdir()
        (tmp_path / "b").mkdir()
        with gunicorn(tmp_path / "a", env) as (a, _), gunicorn(tmp_path / "b", env) as (b, _):
            worker = subprocess.Popen(
                [sys.executable, "manage.py", "worker"],
                cwd=ROOT,
                env={**os.environ, **env},
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            try:
                status, headers, asked = call(a, "POST", SEEN, JUDGED)
                assert status == 202 and asked["status"] == "queued", asked
                deadline = time.time() + 120
                while True:
                    status, _h, polled = call(b, "GET", asked["url"])
                    assert status == 200
                    if polled["status"] in ("done", "failed") or time.time() > deadline:
                        break
                    time.sleep(0.5)
                assert polled["status"] == "done", polled
                verdicts = [p["verdict"] for p in polled["result"]["plays"]]
                assert verdicts == ["no_way_to_know", "mistake"]
                # asked again through the other server: answered at once, the same
                status, _h, again = call(b, "POST", SEEN, JUDGED)
                assert status == 200 and again == polled
            finally:
                worker.terminate()
                worker.wait(20)
