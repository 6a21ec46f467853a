"""The edit link beside a review in progress (``make bench-seen``): gunicorn with the production
config and the background worker niced beside it, as ``make run`` starts them, on a throwaway
SQLite database. While the worker judges a first lead (200 placements, each a whole deal solved),
the edit link of a 300-hand match is timed in alternate rounds with the worker stopped (idle) and
running (beside the review), so both meet the same load of the machine; the figure is the median
beside the review over the median idle (target: at most 1.5)."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_http import Server, pct, production_env  # noqa: E402

TARGET = 1.5
ROUNDS = 20

SETUP = """
import django
django.setup()
from django.core.management import call_command
call_command("collectstatic", interactive=False, verbosity=0)
call_command("migrate", interactive=False, verbosity=0)
from scripts.bench import make_matches
print(make_matches(300, 1)[0].edit)
"""


def _first_lead_review() -> dict[str, Any]:
    """The body of a review of one first lead (the bench's first classic-sixes deal)."""
    from rules.engine import resolve
    from scripts.bench_analyse import played, random_deal

    rs = resolve("classic-sixes")
    d = random_deal(rs, 0)
    line = played(d, 0, -1)
    assert line is not None
    return {
        "variant": "classic-sixes",
        "leader": d.leader,
        "hands": [[getattr(c, "code", c) for c in h] for h in d.hands],
        "plays": line[0],
        "judge": [0],
    }


def _times(port: int, path: str, n: int) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    out = []
    for _ in range(n):
        t = time.perf_counter()
        conn.request("GET", path, headers={"Accept-Encoding": "gzip"})
        resp = conn.getresponse()
        resp.read()
        out.append(time.perf_counter() - t)
        assert resp.status == 200, resp.status
    conn.close()
    return out


def _call(port: int, method: str, path: str, body: Any = None) -> dict[str, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(
        method,
        path,
        body=None if body is None else json.dumps(body),
        headers={"Content-Type": "application/json"},
    )
    answer: dict[str, Any] = json.loads(conn.getresponse().read())
    conn.close()
    return answer


def edit_link_beside_review(n: int = 200) -> str:
    """The edit link's figures, idle and beside a review, as a few printed lines."""
    tmp = Path(tempfile.mkdtemp(prefix="kozel-bench-seen-"))
    env = production_env(tmp)
    server = worker = None
    try:
        edit = subprocess.run(
            [sys.executable, "-c", SETUP], cwd=ROOT, env=env, check=True, capture_output=True, text=True
        ).stdout.split()[-1]
        server = Server(env, tmp / "gunicorn.log")
        worker = subprocess.Popen(
            ["nice", "-n", "19", sys.executable, "manage.py", "worker"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _times(server.port, edit, 20)  # warm
        asked = _call(server.port, "POST", "/api/v1/analyse/seen", _first_lead_review())
        deadline = time.time() + 60
        while _call(server.port, "GET", asked["url"])["status"] == "queued" and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(1)  # the worker past its exact review, into the placements
        # idle and busy in alternate rounds under the same load of the machine: the worker
        # stopped for the idle ones, running for the others
        idle: list[float] = []
        busy: list[float] = []
        for _ in range(ROUNDS):
            os.kill(worker.pid, signal.SIGSTOP)
            idle += _times(server.port, edit, n // ROUNDS)
            os.kill(worker.pid, signal.SIGCONT)
            busy += _times(server.port, edit, n // ROUNDS)
        still = _call(server.port, "GET", asked["url"])["status"]
        ratio = statistics.median(busy) / statistics.median(idle)
        verdict = "PASS" if ratio <= TARGET and still == "running" else "MISS"
        return (
            f"edit link of a 300-hand match, {n} sequential GETs each: idle median {statistics.median(idle) * 1000:.1f} ms"
            f" (p95 {pct(idle, 95) * 1000:.1f}); beside a review in progress median {statistics.median(busy) * 1000:.1f} ms"
            f" (p95 {pct(busy, 95) * 1000:.1f}); ratio {ratio:.2f} (target ≤ {TARGET}) {verdict}"
            + ("" if still == "running" else f" — the review was {still} before the last GET")
        )
    finally:
        if worker is not None:  # running again, then a second TERM drops the review in progress
            os.kill(worker.pid, signal.SIGCONT)
            worker.terminate()
            time.sleep(0.5)
            worker.terminate()
            try:
                worker.wait(10)
            except subprocess.TimeoutExpired:
                worker.kill()
        if server is not None:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    print(edit_link_beside_review())
