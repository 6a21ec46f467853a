"""The edit link beside ten solving clients (`make bench`, scripts/bench.py): the same run's
gunicorn, the edit link timed by wrk as the bench's other rows, in interleaved rounds alone (idle)
and while ten clients keep asking ``POST /api/v1/analyse`` for whole deals of draw-four from the
first lead, the heaviest table of ``make bench-analyse``.

Every request of a client is a deal no one asked before (a seeded deal, the seed counted up across
the clients), so it misses the analysis cache and really solves. A client asks again at once after
an answer (``200``, ``422 too_complex``, ``503 solver_timeout``: the next deal, not the same one
again) and after ``503 solver_busy`` waits the ``Retry-After`` it was told, as a client that reads
the answer does. A worker runs one solve at a time, so at most one solve per worker is under way;
the others are refused at once. The clients' answers are counted by outcome with their latency.
"""

from __future__ import annotations

import http.client
import itertools
import json
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from scripts.bench_http import Result, pct

CLIENTS = 10
TABLE = "draw-four"
RATIO = 1.5  # the edit link's p50 beside the solving clients vs idle: a player should not feel them
FIRST_SEED = 10_000  # past the seeds `make bench-analyse` times, so the figures are of other deals


def deal_body(seed: int) -> dict[str, Any]:
    """A whole deal of draw-four from its first lead, as ``/api/v1/analyse`` takes it."""
    from rules.engine import resolve
    from scripts.bench_analyse import random_deal

    d = random_deal(resolve(TABLE), seed)
    return {
        "variant": TABLE,
        "leader": d.leader,
        "hands": [[c.code for c in h] for h in d.hands],  # type: ignore[union-attr]
        "stock": [c.code for c in d.stock or []],  # type: ignore[union-attr]
        "plays": [],
    }


def outcome(status: int, body: bytes) -> str:
    """``200``, or the status and the API's error code (``422 too_complex``, ``503 solver_busy``…)."""
    if status == 200:
        return "200"
    try:
        code = json.loads(body).get("error")
    except ValueError:
        code = None
    return f"{status} {code or '?'}"


@dataclass
class Solvers:
    """Ten clients asking for solves until stopped; their answers by outcome, in ms."""

    base: str
    clients: int = CLIENTS
    answers: dict[str, list[float]] = field(default_factory=dict)
    _seeds: itertools.count[int] = field(default_factory=lambda: itertools.count(FIRST_SEED))
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    def _client(self) -> None:
        url = urlsplit(self.base)
        while not self._stop.is_set():
            with self._lock:
                seed = next(self._seeds)
            body = json.dumps(deal_body(seed))
            conn = http.client.HTTPConnection(url.hostname or "127.0.0.1", url.port, timeout=60)
            t0 = time.perf_counter()
            try:
                conn.request(
                    "POST", "/api/v1/analyse", body=body, headers={"Content-Type": "application/json"}
                )
                resp = conn.getresponse()
                answer = resp.read()
                kind, wait = outcome(resp.status, answer), resp.getheader("Retry-After")
            except OSError as e:
                kind, wait = f"error {type(e).__name__}", None
            finally:
                conn.close()
            ms = (time.perf_counter() - t0) * 1000
            with self._lock:
                self.answers.setdefault(kind, []).append(ms)
            if kind == "503 solver_busy" and wait:
                self._stop.wait(float(wait))

    def start(self) -> None:
        self._stop.clear()
        self._threads = [threading.Thread(target=self._client, daemon=True) for _ in range(self.clients)]
        for t in self._threads:
            t.start()

    def stop(self) -> None:
        """Stop asking; returns once every solve in flight has answered (at most the deadline)."""
        self._stop.set()
        for t in self._threads:
            t.join()


@dataclass
class Beside:
    """The edit link's latencies (ms) idle and beside the solvers, pooled over the rounds, the
    per-round p50s, and the solvers' answers."""

    idle: list[float] = field(default_factory=list)
    busy: list[float] = field(default_factory=list)
    idle_secs: float = 0.0
    busy_secs: float = 0.0
    rounds: list[tuple[float, float]] = field(default_factory=list)  # (idle p50, beside p50)
    answers: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0  # how long the solvers ran in all

    def ratio(self) -> float:
        """The median over the rounds of the p50 beside the solvers over the p50 idle."""
        return statistics.median(b / a for a, b in self.rounds)


def edit_beside_solvers(base: str, get: Callable[[], Result], rounds: int) -> Beside:
    """``rounds`` interleaved rounds: ``get()`` (wrk on the edit link) alone, then with the ten
    clients solving (started first, and timed once their first solve has been under way a
    moment), so a busy moment of the shared machine hits both alike."""
    out = Beside()
    solvers = Solvers(base)
    for _ in range(rounds):
        res = get()
        out.idle += res.lat["get"]
        out.idle_secs += res.seconds
        idle_p50 = res.p(50, "get")
        started = time.perf_counter()
        solvers.start()
        time.sleep(1.0)  # every worker into a solve
        busy = get()
        solvers.stop()
        out.seconds += time.perf_counter() - started
        if busy.bad("get") or res.bad("get") or busy.socket_errors or res.socket_errors:
            raise SystemExit(f"edit link beside the solvers: unexpected answers {busy.status} {res.status}")
        out.busy += busy.lat["get"]
        out.busy_secs += busy.seconds
        out.rounds.append((idle_p50, busy.p(50, "get")))
    out.answers = solvers.answers
    return out


def answer_lines(b: Beside) -> list[str]:
    """One line per outcome of the solving clients: how many, a second, p50, p95 and max."""
    total = sum(len(v) for v in b.answers.values())
    lines = [
        f"{CLIENTS} clients asking POST /api/v1/analyse ({TABLE} from the first lead, a new deal each "
        f"time) for {b.seconds:.0f} s in all: {total} answers"
    ]
    for kind in sorted(b.answers):
        ms = b.answers[kind]
        lines.append(
            f"  {kind:<22}{len(ms):>6}  {len(ms) / b.seconds:>6.2f}/s  p50 {pct(ms, 50):>7.0f} ms"
            f"  p95 {pct(ms, 95):>7.0f} ms  max {max(ms):>7.0f} ms"
        )
    return lines
