"""A company's pages cost the same at sixty matches and at three hundred: the same queries, each
reading what the page shows (the kept figures, the evenings it lists), never the history."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rules.stats import MatchInput
from scorekeeper.company import figures as kept
from scorekeeper.company.models import Company, CompanyEntry, CompanyMatch
from scorekeeper.models import Match
from tests.company.test_kept_figures import company_of

pytestmark = pytest.mark.django_db


def grow(company: Company, n: int) -> None:
    """``n`` more matches like the company's one, four an evening, a week apart (rows written
    as the figures would keep them; the figures then folded from scratch)."""
    proto = company.rows.get()
    m0 = proto.match
    Match.objects.bulk_create(
        Match(
            public_id=f"g{company.pk}x{i}",
            secret_hash=m0.secret_hash,
            variant=m0.variant,
            options=m0.options,
            team_names=m0.team_names,
            player_names=m0.player_names,
            series=f"g{company.pk}x{i}",
            snapshot=m0.snapshot,
        )
        for i in range(n)
    )
    entries, rows, seq = [], [], company.version
    for i, m in enumerate(Match.objects.filter(public_id__startswith=f"g{company.pk}x")):
        seq += 1
        at = proto.order - timedelta(days=7 * ((i + 1) // 4), minutes=40 * ((i + 1) % 4))
        entries.append(
            CompanyEntry(company=company, seq=seq, action="match", match=m, seats=proto.seats, nonce=f"g{i}")
        )
        outcome = {**proto.outcome, "key": m.public_id, "started": at.isoformat(), "ended": at.isoformat()}
        rows.append(
            CompanyMatch(
                company=company,
                match=m,
                seats=proto.seats,
                variant=proto.variant,
                started=at,
                ended=at,
                order=at,
                match_version=0,
                outcome=outcome,
            )
        )
    CompanyEntry.objects.bulk_create(entries)
    CompanyMatch.objects.bulk_create(rows)
    Company.objects.filter(pk=company.pk).update(version=seq)
    company.refresh_from_db()
    from scorekeeper.company.log import replay

    roster = replay(CompanyEntry.objects.filter(company=company))
    Company.objects.filter(pk=company.pk).update(roster=roster.to_dict())
    company.refresh_from_db()
    kept.refold(company, roster, 0)


def queries(client: Client, url: str) -> list[str]:
    client.get(url)
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize("period", ["all", "month", "evening"])
def test_the_pages_run_the_same_queries_at_sixty_and_at_three_hundred_matches(
    client: Client, django_capture_on_commit_callbacks, period: str
) -> None:  # type: ignore[no-untyped-def]
    hands = [{"points": [90, 30]}] * 3
    counts = {}
    for n in (59, 299):
        c = company_of(
            [MatchInput("classic-sixes", ["Аня", "Боря", "Вика", "Гоша"], hands, seats=4)],
            django_capture_on_commit_callbacks,
        )
        grow(c, n)
        assert c.rows.count() == n + 1
        sql = queries(client, f"/c/{c.public_id}/?period={period}")
        counts[n] = len(sql)
        assert "companyentry" not in " ".join(sql)  # the log is never read for a page
        for q in sql:  # every read of the matches is bounded by what the page shows
            if "companymatch" in q:
                assert "LIMIT" in q or '"order" >=' in q or 'public_id" IN' in q, q
    assert counts[59] == counts[299], counts
