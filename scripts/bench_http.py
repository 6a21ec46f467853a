"""The HTTP side of the benchmarks (`make bench`: scripts/bench.py, scripts/bench_company.py):
gunicorn with the production config on a loopback port, and wrk driving it with a Lua script
that times every request by kind."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

CSRF = "benchcsrf" + "0123456789abcdefghijklmnopqrstuvw"[:23]  # 32 characters, a well-formed secret


def free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))]


# --- wrk ----------------------------------------------------------------------------------------

LUA = r"""
local ffi = require("ffi")
ffi.cdef[[ typedef struct { long tv_sec; long tv_nsec; } kz_ts; int clock_gettime(int, kz_ts*); ]]
local ts = ffi.new("kz_ts")
local function now() ffi.C.clock_gettime(1, ts); return tonumber(ts.tv_sec) * 1e6 + tonumber(ts.tv_nsec) / 1e3 end

local CONF = %(conf)s
local threads = {}
local n_threads = 0

function setup(thread)
  thread:set("tid", n_threads)
  n_threads = n_threads + 1
  table.insert(threads, thread)
end

local my, seq, t0, pending_kind, errors, wseq
samples = {}  -- globals: done() reads them from each thread
version = 0
function init(args)
  my = CONF.matches[(tid %% #CONF.matches) + 1]
  version = my.version
  seq, wseq, samples, errors = 0, 0, {}, 0
  math.randomseed(1000 + tid)
end

local function get(path, htmx)
  local h = {["Accept-Encoding"] = "gzip", ["Cookie"] = "csrftoken=" .. CONF.csrf}
  if htmx then h["HX-Request"] = "true" end
  return wrk.format("GET", path, h)
end

local function post(path, body)
  return wrk.format("POST", path, {
    ["Accept-Encoding"] = "gzip", ["Cookie"] = "csrftoken=" .. CONF.csrf, ["X-CSRFToken"] = CONF.csrf,
    ["HX-Request"] = "true", ["Content-Type"] = "application/x-www-form-urlencoded",
  }, body)
end

local function pick()
  if CONF.mode == "alternate" then  -- a write, then a read of the changed match, and again
    seq = seq + 1
    if seq %% 2 == 1 then return "write" else return CONF.read end
  end
  if CONF.mode == "api" then return "api" end
  if CONF.mode == "mixed" then
    local r = math.random()
    if r < CONF.write_share then return "write" end
    local k = math.random(3)
    if k == 1 then return "view" elseif k == 2 then return "edit" else return "poll" end
  end
  return CONF.mode
end

function request()
  pending_kind = pick()
  t0 = now()
  if pending_kind == "write" then
    wseq = wseq + 1
    return post(my.write, "points_0=60&points_1=60&version=" .. version .. "&nonce=b" .. CONF.run .. "-" .. tid .. "-" .. wseq)
  elseif pending_kind == "view" then return get(my.view, false)
  elseif pending_kind == "edit" then return get(my.edit, false)
  elseif pending_kind == "fragment" then return get(my.edit, true)
  elseif pending_kind == "poll" then return get(my.view .. "?v=" .. version, true)
  elseif pending_kind == "api" then
    return wrk.format("POST", CONF.path, {["Accept-Encoding"] = "gzip", ["Content-Type"] = "application/json"}, CONF.body)
  else return get(pending_kind, false) end
end

function response(status, headers, body)
  local us = now() - t0
  if pending_kind == "write" and status == 200 then version = version + 1 end
  local ok = status == 200 or (pending_kind == "poll" and status == 204)
  if not ok then errors = errors + 1 end
  local k = pending_kind
  if k ~= "write" and k ~= "view" and k ~= "edit" and k ~= "poll" and k ~= "fragment" then k = "get" end
  samples[#samples + 1] = k .. " " .. string.format("%%.0f", us) .. " " .. status
end

function done(summary, latency, requests)
  io.write("KZ-SUMMARY ", summary.requests, " ", summary.duration, " ", summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout, "\n")
  for _, t in ipairs(threads) do
    io.write("KZ-VERSION ", t:get("tid"), " ", t:get("version"), "\n")
    local s = t:get("samples")
    for _, line in ipairs(s) do io.write("KZ ", line, "\n") end
  end
end
"""


@dataclass
class Result:
    seconds: float
    total: int
    socket_errors: int
    lat: dict[str, list[float]] = field(default_factory=dict)  # kind -> ms
    status: dict[str, dict[int, int]] = field(default_factory=dict)
    versions: dict[int, int] = field(default_factory=dict)  # connection -> its match's version

    def rps(self, kind: str | None = None) -> float:
        n = self.total if kind is None else len(self.lat.get(kind, []))
        return n / self.seconds

    def p(self, q: float, kind: str | None = None) -> float:
        values = [v for vs in self.lat.values() for v in vs] if kind is None else self.lat[kind]
        return pct(values, q)

    def bad(self, kind: str) -> int:
        ok = {200, 204} if kind == "poll" else {200}
        return sum(n for code, n in self.status.get(kind, {}).items() if code not in ok)


def lua_table(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"[{json.dumps(k)}] = {lua_table(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "{" + ", ".join(lua_table(v) for v in value) + "}"
    return json.dumps(value)


def wrk(
    base: str,
    tmp: Path,
    *,
    mode: str,
    matches: list[dict[str, Any]],
    seconds: float,
    conns: int = 4,
    **conf: Any,
) -> Result:
    """wrk with ``conns`` connections (one thread each, so each connection owns its match when
    ``matches`` has one per connection) for ``seconds``; per-request latency by kind."""
    script = tmp / "bench.lua"
    # a fresh run id: a nonce belongs to one write, whatever run it comes from
    config = {"mode": mode, "matches": matches, "csrf": CSRF, "run": secrets.token_hex(4), **conf}
    script.write_text(LUA % {"conf": lua_table(config)})
    out = subprocess.run(
        [
            "wrk",
            f"-t{conns}",
            f"-c{conns}",
            f"-d{max(1, round(seconds))}s",
            "--timeout",
            "10s",
            "-s",
            str(script),
            base + "/",
        ],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
    )
    res: Result | None = None
    lat: dict[str, list[float]] = {}
    status: dict[str, dict[int, int]] = {}
    versions: dict[int, int] = {}
    for line in out.stdout.splitlines():
        if line.startswith("KZ-SUMMARY "):
            _, total, duration_us, errs = line.split()
            res = Result(seconds=int(duration_us) / 1e6, total=int(total), socket_errors=int(errs))
        elif line.startswith("KZ-VERSION "):
            _, tid, v = line.split()
            versions[int(tid)] = int(v)
        elif line.startswith("KZ "):
            _, kind, us, code = line.split()
            lat.setdefault(kind, []).append(int(us) / 1000)
            st = status.setdefault(kind, {})
            st[int(code)] = st.get(int(code), 0) + 1
    if res is None:
        raise SystemExit(f"wrk failed:\n{out.stdout}\n{out.stderr}")
    res.lat, res.status, res.versions = lat, status, versions
    return res


# --- the server ---------------------------------------------------------------------------------


class Server:
    """gunicorn with the production config on a free loopback port; ``app_log``: the app's own log
    (Django's, on the workers' stderr) goes to ``log`` too instead of the terminal, where every
    refusal of a busy solver would be a line."""

    def __init__(self, env: dict[str, str], log: Path, app_log: bool = False) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        out = log.open("ab") if app_log else None
        self.proc = subprocess.Popen(
            [
                str(BIN / "gunicorn"),
                "-c",
                "kozel_site/gunicorn.conf.py",
                "kozel_site.wsgi:application",
                "--error-logfile",
                str(log),
            ],
            cwd=ROOT,
            env={**env, "GUNICORN_BIND": f"127.0.0.1:{self.port}"},
            stdout=out,
            stderr=out,
        )
        if out is not None:
            out.close()  # gunicorn holds its own copy
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit(f"gunicorn did not start; see {log}")

    def workers(self) -> list[int]:
        kids = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
        return [int(k) for k in kids]

    def worker_mb(self) -> list[float]:
        out = []
        for pid in self.workers():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out.append(int(line.split()[1]) / 1024)
        return out

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def production_env(tmp: Path) -> dict[str, str]:
    """The environment of a benchmark's server: production settings on a fresh SQLite file in
    ``tmp``, the floor page on."""
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",  # loopback is plain HTTP
        "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        "KOZEL_BENCH_FLOOR": "1",
        "DJANGO_SETTINGS_MODULE": "kozel_site.settings",
    }
