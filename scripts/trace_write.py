"""The path of one write through the project's code: a hand recorded through the board (htmx),
traced from the request to the rendered fragment. Prints the project's modules the request
visited (the engine's apart), how often the running code moved from one module to another,
the SQL statements, and how many times the match's ruleset was resolved and its fold decoded.

    .venv/bin/python scripts/trace_write.py            # the summary
    .venv/bin/python scripts/trace_write.py --modules  # and every module, in the order first met
    .venv/bin/python scripts/trace_write.py --calls    # which module called which (the engine's apart)

A throwaway SQLite database in a temporary directory; nothing else is touched."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", action="store_true", help="list every module visited")
    parser.add_argument(
        "--calls", action="store_true", help="list which module called which, first seen first"
    )
    parser.add_argument("--hands", type=int, default=5, help="hands recorded before the traced one")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="kozel-trace-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/db.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kozel_site.settings")
    os.environ["KOZEL_RATELIMIT"] = "0"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    from rules.engine import fold as fold_module
    from rules.engine import variants

    client = Client()
    resp = client.post(
        "/m/new/", {"variant": "classic-sixes", "team_0": "A", "team_1": "B", "first_dealer": "0"}
    )
    edit = resp["Location"]
    for i in range(args.hands):
        client.post(edit + "hand/", {"points_0": 70, "version": i, "nonce": f"w{i}"})
    htmx = {"HTTP_HX_REQUEST": "true"}
    data = {"points_0": 60, "points_1": 60, "version": args.hands, "nonce": "traced"}

    counts = {"resolve": 0, "fold": 0}
    resolve, from_dict = variants.resolve, fold_module.Fold.from_dict.__func__  # type: ignore[attr-defined]

    def counted_resolve(*a, **kw):  # type: ignore[no-untyped-def]
        counts["resolve"] += 1
        return resolve(*a, **kw)

    def counted_from_dict(cls, *a, **kw):  # type: ignore[no-untyped-def]
        counts["fold"] += 1
        return from_dict(cls, *a, **kw)

    # the names modules hold: rules.engine re-exports resolve; the log imports it by name
    holders = [m for m in list(sys.modules.values()) if getattr(m, "resolve", None) is resolve]
    for m in holders:
        m.resolve = counted_resolve  # type: ignore[attr-defined]
    fold_module.Fold.from_dict = classmethod(counted_from_dict)  # type: ignore[method-assign, assignment]

    roots = {p: (ROOT / p) for p in ("scorekeeper", "common", "rules", "kozel_site", "company")}
    seen: dict[str, None] = {}
    calls: dict[tuple[str, str], None] = {}
    state = {"last": "", "switches": 0}

    def module_of(filename: str) -> str | None:
        path = Path(filename)
        for root in roots.values():
            if path.is_relative_to(root):
                return str(path.relative_to(ROOT))
        return None

    def profile(frame, event, arg):  # type: ignore[no-untyped-def]
        if event != "call":
            return
        name = module_of(frame.f_code.co_filename)
        if name is None:
            return
        seen.setdefault(name)
        caller = module_of(frame.f_back.f_code.co_filename) if frame.f_back else None
        if caller is not None and caller != name:
            calls.setdefault((caller, name))
        if name != state["last"]:
            state["switches"] += 1
            state["last"] = name

    with CaptureQueriesContext(connection) as queries:
        sys.setprofile(profile)
        try:
            resp = client.post(edit + "hand/", data, **htmx)
        finally:
            sys.setprofile(None)
    assert resp.status_code == 200, resp.status_code
    engine = [m for m in seen if m.startswith("rules/engine/")]
    app = [m for m in seen if m not in engine]
    print(f"modules visited: {len(seen)} ({len(app)} outside the engine, {len(engine)} of the engine)")
    print(f"switches between modules: {state['switches']}")
    print(f"SQL statements: {len(queries.captured_queries)}")
    print(f"rulesets resolved: {counts['resolve']}, folds decoded: {counts['fold']}")
    if args.calls:
        for caller, callee in calls:
            if not callee.startswith("rules/engine/"):
                print(f"  {caller} -> {callee}")
    if args.modules:
        for m in app:
            print("  ", m)
        print("   (engine)", " ".join(Path(m).stem for m in engine))
        for q in queries.captured_queries:
            print("  SQL", q["sql"][:110])


if __name__ == "__main__":
    main()
