"""SQLite that still reads when it cannot write.

In WAL mode even a reader creates ``db.sqlite3-shm`` beside the database, so a read-only
directory (a full disk, a read-only mount, a backup copy) would fail every request. When the
normal connection cannot read, this backend opens the file read-only (``mode=ro``), and if the
directory does not allow even that, as an immutable file: reads go on, and every write fails with
SQLite's «readonly database» error, which the site answers with a 503 (``kozel_site.middleware``).
"""

from __future__ import annotations

import sqlite3
from typing import Any
from urllib.parse import quote

from django.db.backends.sqlite3._functions import (  # type: ignore[import-untyped]
    register as register_functions,
)
from django.db.backends.sqlite3.base import DatabaseWrapper as SQLiteWrapper


class DatabaseWrapper(SQLiteWrapper):
    read_only = False

    def get_new_connection(self, conn_params: dict[str, Any]) -> sqlite3.Connection:
        try:
            conn = super().get_new_connection(conn_params)
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            self.read_only = False
            return conn
        except sqlite3.OperationalError:
            name = str(conn_params["database"])
            if name.startswith("file:") or name == ":memory:":
                raise
        last: sqlite3.OperationalError | None = None
        for flags in ("mode=ro", "mode=ro&immutable=1"):
            params = {**conn_params, "database": f"file:{quote(name)}?{flags}", "uri": True}
            try:
                conn = sqlite3.connect(**params)
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.OperationalError as exc:
                last = exc
                continue
            register_functions(conn)
            conn.execute("PRAGMA foreign_keys = ON")
            self.read_only = True
            return conn
        assert last is not None
        raise last
