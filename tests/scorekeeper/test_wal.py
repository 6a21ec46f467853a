"""What one hand writes to SQLite's WAL does not grow with the match (docs/operations.md#reliability-what-is-bounded-and-limited):
hands with a 200-character note recorded at hand 21 and at hand 981, the WAL emptied before and
not checkpointed meanwhile, measured by the bench's own code (scripts/bench_bounds.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import connection

from scripts.bench_bounds import wal_per_hand

# A b-tree page split now and then costs a page more (how often depends on what else the file
# holds); what must not be is a cost that grows with the hands.
TOLERANCE = 1.25


@pytest.mark.django_db(transaction=True)
def test_wal_bytes_per_hand_do_not_grow_with_the_match() -> None:
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's WAL")
    db = Path(connection.settings_dict["NAME"])
    small, pages_small = wal_per_hand(db, 20)
    big, pages_big = wal_per_hand(db, 980)
    assert big <= small * TOLERANCE, (small, big, pages_small, pages_big)
    for name, pages in pages_big.items():
        assert pages <= pages_small.get(name, 0) + 0.75, (name, pages_small, pages_big)
    assert small < 64 * 1024, pages_small  # about twelve pages a hand: one row or index entry each
    assert set(pages_big) <= set(pages_small) | {"sqlite_schema"}, (pages_small, pages_big)
