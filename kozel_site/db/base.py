"""SQLite that still reads when it cannot write.

In WAL mode even a reader creates ``db.sqlite3-shm`` beside the database, so a read-only
directory (a full disk, a read-only mount, a backup copy) would fail every request. When the
normal connection cannot read, this backend opens the file read-only (``mode=ro``), and if the
directory does not allow even that, as an immutable file: reads go on, and every write fails with
SQLite's «readonly database» error, which the site answers with a 503 (``kozel_site.middleware``).

Such a fallback connection never outlives its request: the next one tries the normal connection
again, so writes resume as soon as space returns. An immutable file is read without its WAL, so
it is used only when the WAL holds nothing: otherwise it would show the match as it was before
its latest hands (or not at all), and the read is refused instead (a 503). A busy or locked
database is not a reason to fall back: that error is the request's, and the next one retries.
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any
from urllib.parse import quote

from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteWrapper


class DatabaseWrapper(SQLiteWrapper):
    read_only = False

    def get_new_connection(self, conn_params: dict[str, Any]) -> sqlite3.Connection:
        normal: sqlite3.Connection | None = None
        try:
            normal = super().get_new_connection(conn_params)
            normal.execute("SELECT count(*) FROM sqlite_master").fetchone()
            self.read_only = False
            return normal
        except sqlite3.OperationalError as exc:
            if normal is not None:
                normal.close()
            name = str(conn_params["database"])
            if name.startswith("file:") or name == ":memory:" or _busy(exc):
                raise
        last: sqlite3.OperationalError | None = None
        for flags in ("mode=ro", "mode=ro&immutable=1"):
            if "immutable" in flags and _wal_holds_data(name):
                break
            params = {**conn_params, "database": f"file:{quote(name)}?{flags}", "uri": True}
            try:
                # Django's own connection on the read-only file: its SQL functions and pragmas
                # (a read-only file keeps the journal mode it has: setting it changes nothing)
                conn = super().get_new_connection(params)
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.OperationalError as exc:
                last = exc
                continue
            self.read_only = True
            return conn
        assert last is not None
        raise last

    def close_if_unusable_or_obsolete(self) -> None:
        if self.connection is not None and self.read_only:
            self.close()
            return
        super().close_if_unusable_or_obsolete()


def _busy(exc: sqlite3.OperationalError) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _wal_holds_data(name: str) -> bool:
    try:
        return os.path.getsize(f"{name}-wal") > 0
    except OSError:
        return False
