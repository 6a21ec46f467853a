"""A database that cannot be written: reads keep working, every write is a 503 with Retry-After and
a message in the page, and nothing is half-written. The database is a real copy in a directory
made read-only (``chattr +i`` for root, who ignores file modes; ``chmod`` otherwise)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.servers import migrated_sqlite

ROOT = Path(__file__).resolve().parents[2]

# Runs in a fresh process on the copy: the real app, the real file, Django's test client.
PROBE = r"""
import json, re, sys
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
edit = sys.argv[1]
view = "/m/" + edit.split("/")[2] + "/"
c = Client(raise_request_exception=False)
out = {}
for name, path in [("view", view), ("edit", edit), ("csv", view + "export.csv"), ("history", edit + "history/"),
                   ("hand", edit + "hand/1/"), ("home", "/"), ("sheet", "/rules/classic-sixes/")]:
    r = c.get(path)
    out[name] = [r.status_code, r.content.decode("utf-8", "replace")]
page = out["edit"][1]
version = re.search(r'data-version="(\d+)"', page).group(1)
writes = {
    "hand": (edit + "hand/", {"points_0": "80", "version": version, "nonce": "ro1"}),
    "undo": (edit + "undo/", {"version": version, "nonce": "ro2"}),
    "edit": (edit + "hand/1/", {"points_0": "10", "version": version, "nonce": "ro3"}),
    "delete": (edit + "hand/1/delete/", {"version": version, "nonce": "ro4"}),
    "new match": ("/m/new/", {"variant": "classic-sixes", "team_0": "A", "team_1": "B", "first_dealer": "0"}),
    "house": ("/rules/house/", {"name": "X", "variant": "classic-sixes"}),
}
for name, (path, data) in writes.items():
    for htmx in (False, True):
        r = c.post(path, data, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
        out[f"POST {name}{' htmx' if htmx else ''}"] = [r.status_code, r.content.decode("utf-8", "replace"), r.get("Retry-After")]
print(json.dumps(out))
"""


def env_for(db: Path) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    # the limit on creation on, as deployed: it must not hide what failed
    return {
        **base,
        "DATABASE_URL": f"sqlite:///{db}",
        "DJANGO_SETTINGS_MODULE": "kozel_site.settings",
        "KOZEL_RATELIMIT": "1",
    }


def run(code: str, db: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env_for(db),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def lock(path: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", str(path)], check=True)
    else:
        path.chmod(0o555 if path.is_dir() else 0o444)


def unlock(path: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(path)], check=False)
    path.chmod(0o755 if path.is_dir() else 0o644)


@pytest.fixture
def read_only_copy(tmp_path: Path):
    """A database with one match and one hand, copied into a directory nobody can write."""
    if os.geteuid() == 0 and shutil.which("chattr") is None:
        pytest.skip("root needs chattr to make a directory read-only")
    made = tmp_path / "made" / "db.sqlite3"
    made.parent.mkdir()
    migrated_sqlite(made)
    edit = run(
        "import django; django.setup(); from django.test import Client; c = Client(); c.get('/m/new/');"
        "r = c.post('/m/new/', {'variant': 'classic-sixes', 'team_0': 'Мы', 'team_1': 'Вы', 'first_dealer': '0'});"
        "e = r['Location']; c.post(e + 'hand/', {'points_0': '70', 'version': '0', 'nonce': 'one'}); print(e)",
        made,
    ).strip()
    copy_dir = tmp_path / "copy"
    copy_dir.mkdir()
    copy = copy_dir / "db.sqlite3"
    # a backup of a live WAL database: the main file after a checkpoint, without -wal and -shm
    subprocess.run(["sqlite3", str(made), f".backup '{copy}'"], check=False)
    if not copy.exists():
        run(
            f"import sqlite3; s = sqlite3.connect({str(made)!r}); d = sqlite3.connect({str(copy)!r}); s.backup(d)",
            made,
        )
    lock(copy)
    lock(copy_dir)
    try:
        probe = run("import os", copy)  # the app starts on it at all
        assert probe == ""
        with pytest.raises(OSError):
            (copy_dir / "probe").write_text("x")
        yield copy, edit
    finally:
        unlock(copy_dir)
        unlock(copy)


def test_reads_work_and_writes_are_503_on_a_read_only_database(read_only_copy) -> None:
    db, edit = read_only_copy
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    out = json.loads(run(PROBE, db, edit))
    for name in ("view", "edit", "csv", "history", "hand", "home", "sheet"):
        assert out[name][0] == 200, (name, out[name][0], out[name][1][:500])
    assert "70:50" in out["edit"][1] and "70" in out["csv"][1]
    writes = {k: v for k, v in out.items() if k.startswith("POST")}
    assert len(writes) == 12
    for name, (status, body, retry_after) in writes.items():
        assert status == 503, (name, status, body[:500])
        assert retry_after == "60", name
        said = {
            "POST new match": "Новый матч не начат: база данных сейчас не принимает записи",
            "POST house": "Лист домашних правил не сохранён: база данных сейчас не принимает записи",
        }
        assert (
            said.get(name.removesuffix(" htmx"), "Сейчас матч нельзя изменить: ничего не записано") in body
        ), name
        if "htmx" in name:
            assert "<html" not in body, name
        else:
            assert 'class="topbar"' in body, name
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before  # nothing half-written
    assert sorted(p.name for p in db.parent.iterdir()) == ["db.sqlite3"]


def test_a_full_database_answers_503_and_keeps_what_it_had(tmp_path: Path) -> None:
    """SQLite's «database or disk is full», made real with a page limit on the connection."""
    db = tmp_path / "db.sqlite3"
    migrated_sqlite(db)
    out = run(
        "import django, json; django.setup(); from django.db import connection; from django.test import Client;"
        "from scorekeeper.models import Entry;"
        "c = Client(raise_request_exception=False); c.get('/m/new/');"
        "e = c.post('/m/new/', {'variant': 'classic-sixes', 'team_0': 'A', 'team_1': 'B', 'first_dealer': '0'})['Location'];"
        "c.post(e + 'hand/', {'points_0': '70', 'version': '0', 'nonce': 'one'});"
        "cur = connection.cursor(); n = cur.execute('PRAGMA page_count').fetchone()[0];"
        "cur.execute(f'PRAGMA max_page_count = {n}');"
        "rs = [c.post(e + 'hand/', {'points_0': '60', 'note': 'x' * 200, 'version': str(i + 1), 'nonce': f'n{i}'}) for i in range(200)];"
        "full = [r for r in rs if r.status_code != 302];"
        "print(json.dumps([full[0].status_code, full[0].get('Retry-After'), full[0].content.decode()[:3000],"
        " Entry.objects.count(), c.get(e).status_code]))",
        db,
    )
    status, retry_after, body, entries, read = json.loads(out)
    assert status == 503 and retry_after == "60" and "ничего не записано" in body
    assert read == 200 and entries >= 1


def test_a_creation_refused_by_a_down_database_says_what_failed() -> None:
    """PostgreSQL gone (nothing listens on its port), the limit on creation on: a new match and a
    house sheet each answer 503 saying what was not done, not «the match cannot be changed»; a
    match's page answers 503 saying the database cannot be read."""
    from tests.servers import free_port

    code = (
        "import django, json; django.setup(); from django.test import Client;"
        "from django.test.utils import setup_test_environment; setup_test_environment();"
        "c = Client(raise_request_exception=False); out = {};"
        "out['match'] = c.post('/m/new/', {'variant': 'classic-sixes', 'team_0': 'A', 'team_1': 'B', 'first_dealer': '0'});"
        "out['house'] = c.post('/rules/house/', {'name': 'X', 'variant': 'classic-sixes'});"
        "out['read'] = c.get('/m/1/');"
        "print(json.dumps({k: [r.status_code, r.get('Retry-After'), r.content.decode()] for k, r in out.items()}))"
    )
    env = {
        **env_for(Path("/nonexistent")),
        "DATABASE_URL": f"postgres://kozel@127.0.0.1:{free_port()}/kozel",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout)
    assert out["match"][:2] == [503, "60"] and "Новый матч не начат" in out["match"][2]
    assert out["house"][:2] == [503, "60"] and "Лист домашних правил не сохранён" in out["house"][2]
    # a read fails too, and says so in Russian
    assert out["read"][:2] == [503, "60"] and "База данных сейчас недоступна для чтения" in out["read"][2]
    for _status, _retry, body in out.values():
        assert "матч нельзя изменить" not in body


READS = r"""
import json, sys
import django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
edit = sys.argv[1]
view = "/m/" + edit.split("/")[2] + "/"
c = Client(raise_request_exception=False)
out = {}
for name, path in [("view", view), ("edit", edit), ("csv", view + "export.csv"), ("json", view + "export.json")]:
    r = c.get(path)
    out[name] = [r.status_code, r.content.decode("utf-8", "replace")]
print(json.dumps(out))
"""


def a_release(tmp_path: Path, name: str, change) -> Path:  # type: ignore[no-untyped-def]
    """The source tree as a new release would ship it, with ``change`` applied to it."""
    tree = tmp_path / name
    shutil.copytree(
        ROOT,
        tree,
        ignore=shutil.ignore_patterns(".venv", ".git", "node_modules", "__pycache__", "*.sqlite3*"),
    )
    change(tree)
    return tree


def run_in(tree: Path, code: str, db: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=tree,
        env=env_for(db),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def comments_changed(tree: Path) -> None:
    for path in ("scorekeeper/snapshots.py", "scorekeeper/wording.py", "scorekeeper/explain.py"):
        with (tree / path).open("a", encoding="utf-8") as f:
            f.write("\n# a comment a release changed\n")


def wording_bumped(tree: Path) -> None:
    path = tree / "scorekeeper/snapshots.py"
    text = path.read_text(encoding="utf-8")
    from scorekeeper import snapshots

    old = f"WORDING = {snapshots.WORDING}\n"
    assert old in text
    path.write_text(text.replace(old, f"WORDING = {snapshots.WORDING + 1}\n"), encoding="utf-8")


@pytest.mark.parametrize("change", [comments_changed, wording_bumped])
def test_a_new_release_reads_a_read_only_database(read_only_copy, tmp_path: Path, change) -> None:  # type: ignore[no-untyped-def]
    """A release that changes comments, or one that bumps the wording version, still serves the
    view link, the edit link and the exports of a database it cannot write: a read never writes
    (the stored texts are shown until ``check_snapshots --fix`` rewords them)."""
    db, edit = read_only_copy
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    tree = a_release(tmp_path, change.__name__, change)
    out = json.loads(run_in(tree, READS, db, edit))
    for name in ("view", "edit", "csv", "json"):
        assert out[name][0] == 200, (name, out[name][0], out[name][1][:500])
    assert "70:50" in out["edit"][1] and "70:50" in out["view"][1] and "70" in out["csv"][1]
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
