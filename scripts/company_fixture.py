#!/usr/bin/env python
"""A company with a long history, for `make bench` (scripts/bench_company.py) and the tests.

Six friends, four matches a Friday evening, week after week back from today: the newest ``n``
matches of one schedule, so a company of 10 matches holds the same latest evenings as one of
1,000 (this evening and this month show the same matches; only the history behind differs).
Each match is a real one (classic sixes, every fourth penalty goats) played to its end: its log
is written in bulk with the times it would have been written at, its snapshot and lines built
from the log by the code ``manage.py check_snapshots --fix`` uses. The company's log gets a
«match» entry per match and its kept figures are rebuilt from the logs by the code
``manage.py check_companies --fix`` uses. Run on its own it makes one in ``DATABASE_URL`` and
prints its edit path.
"""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = ["Аня", "Борис", "Вера", "Гена", "Дима", "Женя"]
PER_EVENING = 4
MATCH_MINUTES, HAND_MINUTES = 45, 4
POINTS = [[70, 50], [45, 75], [95, 25], [25, 95], [60, 60], [90, 30], [30, 90], [120, 0]]


@dataclass
class CompanyFixture:
    public_id: str
    secret: str
    matches: int  # finished matches
    open: list[tuple[str, str]]  # (public id, secret) of its matches in play, for writes

    @property
    def view(self) -> str:
        return f"/c/{self.public_id}/"

    @property
    def edit(self) -> str:
        return f"/c/{self.public_id}/e/{self.secret}/"


def variant_of(i: int) -> str:
    return "penalty-goats" if i % PER_EVENING == PER_EVENING - 1 else "classic-sixes"


def seating(i: int) -> list[str]:
    """Four of the six at the table of match ``i`` (counted back from the newest)."""
    rng = random.Random(7000 + i)
    return rng.sample(PLAYERS, 4)


def records(i: int) -> list[dict[str, Any]]:
    """The hands of match ``i`` (counted back from the newest): random hands to its end."""
    from rules import engine

    rng = random.Random(9000 + i)
    out: list[dict[str, Any]] = []
    while True:
        out.append({"points": rng.choice(POINTS)})
        try:
            state = engine.replay(variant_of(i), None, out)
        except engine.KozelError:
            out.pop()
            continue
        if state.finished:
            return out


def started_at(i: int, newest: datetime) -> datetime:
    """Evening ``i // 4`` back from the newest, a week apart; the matches of an evening
    45 minutes apart."""
    evening, place = divmod(i, PER_EVENING)
    return newest - timedelta(days=7 * evening, minutes=MATCH_MINUTES * place)


def make_company(n: int, open_matches: int = 2) -> CompanyFixture:
    """A company of ``n`` finished matches and ``open_matches`` matches started now."""
    from django.db import transaction
    from django.utils import timezone

    from scorekeeper import services, snapshots
    from scorekeeper.company import figures
    from scorekeeper.company import services as company_services
    from scorekeeper.company.models import Company, CompanyEntry
    from scorekeeper.models import Entry, Match

    company, secret = company_services.company_create(
        name="Пятница", time_zone="Europe/Moscow", players=PLAYERS
    )
    pid = {name: seq for seq, name in enumerate(PLAYERS, start=1)}  # a player's id: his entry's seq
    # the newest finished match started three hours ago: this evening's, with the open ones
    newest = timezone.now() - timedelta(hours=3, minutes=MATCH_MINUTES * (PER_EVENING - 1))
    made: list[tuple[Match, list[str]]] = []
    entries: list[Entry] = []
    times: list[datetime] = []
    for i in reversed(range(n)):  # the oldest first, as they were played
        names = seating(i)
        match, _secret = services.match_create(
            variant=variant_of(i), options={}, team_names=["Красные", "Чёрные"], player_names=names
        )
        start = started_at(i, newest)
        match.created_at = start
        made.append((match, names))
        hands = records(i)
        entries += [
            Entry(
                match=match,
                seq=k + 1,
                action="add",
                slot=k + 1,
                record=rec,
                nonce=f"fx-{k}",
            )
            for k, rec in enumerate(hands)
        ]
        times += [start + timedelta(minutes=HAND_MINUTES * (k + 1)) for k in range(len(hands))]
    Match.objects.bulk_update([m for m, _names in made], ["created_at"], batch_size=500)
    Entry.objects.bulk_create(entries, batch_size=500)
    # auto_now_add stamped them now: the times they would have been written at
    for entry, at in zip(entries, times, strict=True):
        entry.created_at = at
    Entry.objects.bulk_update(entries, ["created_at"], batch_size=500)
    with transaction.atomic():
        for match, _names in made:
            snapshots.rebuild(match)
        seq = company.version
        log = []
        for match, names in made:
            seq += 1
            seats = [pid[name] for name in names]
            log.append(
                CompanyEntry(
                    company=company,
                    seq=seq,
                    action=CompanyEntry.MATCH,
                    match=match,
                    seats=seats,
                    nonce=f"fx-{seq}",
                )
            )
        CompanyEntry.objects.bulk_create(log, batch_size=500)
        Company.objects.filter(pk=company.pk).update(version=seq)
    company.refresh_from_db()
    figures.check(company, fix=True)  # the kept figures from the logs: check_companies --fix
    fx = CompanyFixture(company.public_id, secret, n, [])
    fx.open = [open_match(fx, k) for k in range(open_matches)]
    return fx


def open_match(fx: CompanyFixture, k: int) -> tuple[str, str]:
    """A match of penalty goats started now from the company (its ``k``-th table), no hand
    yet: (public id, edit secret)."""
    from scorekeeper import services
    from scorekeeper.company import services as company_services
    from scorekeeper.company.models import Company

    company = Company.objects.get(public_id=fx.public_id)
    match, secret = services.match_create(
        variant="penalty-goats", options={}, team_names=["Красные", "Чёрные"], player_names=seating(-1 - k)
    )
    company_services.match_link(
        company=company, match=match, nonce=f"open-{match.public_id}", version=company.version
    )
    return match.public_id, secret


def add_finished(fx: CompanyFixture, i: int) -> None:
    """One more match joins the company now and is played to its end through the app's own
    write path (the figures move on each hand's commit); ``i`` picks its seats and hands."""
    from rules.engine import HandRecord
    from scorekeeper import services
    from scorekeeper.company import services as company_services
    from scorekeeper.company.models import Company

    company = Company.objects.get(public_id=fx.public_id)
    match, _secret = services.match_create(
        variant=variant_of(i), options={}, team_names=["Красные", "Чёрные"], player_names=seating(i)
    )
    company_services.match_link(company=company, match=match, nonce=f"grow-{i}", version=company.version)
    for k, rec in enumerate(records(i)):
        services.hand_record(match=match, record=HandRecord.from_dict(rec), nonce=f"grow-{i}-{k}", version=k)
    fx.matches += 1


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kozel_site.settings")
    import django

    django.setup()
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(make_company(size).edit)
