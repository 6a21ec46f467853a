#!/usr/bin/env python
"""A match at the bound (scorekeeper.bounds.MAX_HANDS hands), for `make bench` and `make load`.

Penalty goats that never end: eggs, with six decided hands spread over the log (eight goats to
each team, so a correction of hand 1 that gives a team two more still leaves the match open),
every hand with a 200-character note, as a long evening would leave them.
The log is written in bulk and the snapshot and lines built from it by the code
``manage.py check_snapshots --fix`` uses. Run on its own it makes one in ``DATABASE_URL`` and
prints its edit path.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NOTE = ("Сдавал Борис, козыри крести; спорили о последней взятке, решили по правилам листа. " * 3)[:200]
DECIDED = [[70, 50], [45, 75], [95, 25], [25, 95], [70, 50], [45, 75]]


def records_for(n: int) -> list[dict[str, Any]]:
    step = max(1, n // 8)
    out: list[dict[str, Any]] = []
    used = 0
    for i in range(n):
        if i % step == step // 2 and used < len(DECIDED):
            out.append({"points": DECIDED[used], "note": NOTE})
            used += 1
        else:
            out.append({"points": [60, 60], "note": NOTE})
    return out


def match_of(records: list[dict[str, Any]]) -> tuple[str, str]:
    """A penalty-goats match whose log holds ``records``, one hand each, written in bulk, its
    snapshot and lines built from the log; returns (public id, edit secret)."""
    from django.db import transaction

    from scorekeeper import services, snapshots
    from scorekeeper.models import Entry

    match, secret = services.match_create(
        variant="penalty-goats",
        options={},
        team_names=["Красные", "Чёрные"],
        player_names=["Аня", "Борис", "Вера", "Гена"],
    )
    Entry.objects.bulk_create(
        [
            Entry(match=match, seq=i + 1, action="add", slot=i + 1, record=rec, nonce=f"fx-{i}")
            for i, rec in enumerate(records)
        ]
    )
    with transaction.atomic():
        snapshots.rebuild(match)
    return match.public_id, secret


def make_match(hands: int) -> tuple[str, str]:
    """A penalty-goats match of ``hands`` hands; returns (view path, edit path)."""
    public_id, secret = match_of(records_for(hands))
    return f"/m/{public_id}/", f"/m/{public_id}/e/{secret}/"


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kozel_site.settings")
    import django

    django.setup()
    from scorekeeper.bounds import MAX_HANDS

    print(make_match(MAX_HANDS)[1])
