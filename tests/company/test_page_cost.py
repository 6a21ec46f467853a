"""A company's pages cost the same at 10 matches and at 100: the same queries, each reading what
the page shows (the kept figures, the evenings and matches it lists), never the history, the
company's log or a match's own row with its snapshot. The companies are scripts/company_fixture's
(real matches played to their end, the figures kept as the app keeps them), as `make bench` reads
them at 10 and 1,000."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.company.models import Company
from scorekeeper.company.selectors import recent_evenings, roster_of
from scripts.company_fixture import CompanyFixture, make_company

pytestmark = pytest.mark.django_db

# a read of the company's matches is bounded by what the page shows: a LIMIT, the rows of the
# evenings shown, this month's; or it counts them (the matches page's paginator)
BOUNDED = re.compile(r'LIMIT|"id" IN \(|"order" >=|COUNT\(')
# a fold's reads: the rows from a place on, the few since a checkpoint, a count, a match's rows
FOLD_BOUNDED = re.compile(r'LIMIT|COUNT\(|NOT \(\("scorekeeper_companymatch"\."order" <|"match_id" = ')


def pages(fx: CompanyFixture) -> dict[str, str]:
    c = Company.objects.get(public_id=fx.public_id)
    day = recent_evenings(c, roster_of(c), count=1)[0].date.isoformat()
    here = "&".join(f"p={p}" for p in roster_of(c).players()[:6])
    return {
        "edit link": fx.edit,
        "view link": fx.view,
        "this evening": fx.view + "?period=evening",
        "this month": fx.view + "?period=month",
        "one variant": fx.view + "?variant=penalty-goats",
        "one variant this evening": fx.edit + "?variant=classic-sixes&period=evening",
        "matches (view link)": fx.view + "matches/",
        "matches (edit link)": fx.edit + "matches/",
        "evenings": fx.view + f"evenings/?before={int(time.time())}",
        "the evening's image": fx.view + f"evening/{day}.png",
        "the seating's ticks": fx.edit + "seating/",
        "the seating drawn": fx.edit + f"seating/?{here}&seed=3",
    }


def queries(client: Client, url: str) -> list[str]:
    client.get(url)
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200, url
    return [q["sql"] for q in ctx.captured_queries]


def test_a_companys_pages_run_the_same_bounded_queries_at_10_and_at_100_matches(client: Client) -> None:
    small, big = make_company(10), make_company(100)
    seen = {}
    for name, url in pages(small).items():
        seen[name] = queries(client, url)
    for name, url in pages(big).items():
        sql = queries(client, url)
        assert len(sql) == len(seen[name]), (name, len(seen[name]), len(sql), sql)
        text = " ".join(sql)
        assert "companyentry" not in text, name  # the log is never read for a page
        assert '"snapshot"' not in text, name  # nor a match's row with its snapshot
        for q in sql:
            if "companymatch" in q:
                assert BOUNDED.search(q), (name, q)


def test_the_company_page_lists_its_latest_matches_and_evenings_and_links_to_the_rest(client: Client) -> None:
    fx = make_company(100)
    page = client.get(fx.edit).content.decode()
    assert page.count('class="company-match-list"') == 1
    assert page.count('<li>\n    <a href="/m/') == 10
    assert f'href="{fx.edit}matches/"' in page
    assert page.count('<article class="evening">') == 3
    earlier = re.search(r'href="(/c/[^"]+/evenings/\?before=\d+)"', page)
    assert earlier is not None
    older = client.get(earlier.group(1).replace("&amp;", "&")).content.decode()
    assert older.count('<article class="evening">') == 6
    shown = re.findall(r"<h3>([^<]+)</h3>", page)
    assert not set(shown) & set(re.findall(r"<h3>([^<]+)</h3>", older))  # the earlier ones only
    listing = client.get(fx.edit + "matches/?page=4").content.decode()
    assert listing.count('<li>\n    <a href="/m/') == 102 - 3 * 30  # 100 finished, 2 in play


def _hands_at_two_tables(fx: CompanyFixture, capture: Any) -> list[str]:
    """Two hands at each of the company's two tables in play, taking turns (each the newest in
    turn), the figures moved on each commit: the queries of the last two."""
    from rules.engine import HandRecord
    from scorekeeper import services
    from scorekeeper.models import Match

    tables = [Match.objects.get(public_id=pid) for pid, _s in fx.open]
    sql: list[str] = []
    for k in range(4):
        match = tables[k % 2]
        match.refresh_from_db()
        with CaptureQueriesContext(connection) as ctx, capture(execute=True):
            services.hand_record(
                match=match,
                record=HandRecord.from_dict({"points": [60, 60]}),
                nonce=f"cost-{k}",
                version=match.version,
            )
        if k >= 2:
            sql += [q["sql"] for q in ctx.captured_queries]
    return sql


def test_a_hand_at_two_tables_in_play_costs_the_same_at_10_and_at_100_matches(
    django_capture_on_commit_callbacks,
) -> None:  # type: ignore[no-untyped-def]
    """The figures' fold reads the rows from the earlier table's place on and the few since the
    nearest kept tally, never the history; a hand of a match in play counts in no figure, so
    the only company row written is its own."""
    small = _hands_at_two_tables(make_company(10), django_capture_on_commit_callbacks)
    big = _hands_at_two_tables(make_company(100), django_capture_on_commit_callbacks)
    assert len(big) == len(small), (small, big)
    for q in big:
        if "companymatch" in q and q.startswith("SELECT"):
            assert FOLD_BOUNDED.search(q), q
    writes = [q for q in big if q.startswith("UPDATE") and "companymatch" in q]
    assert len(writes) == 2, writes  # each hand: its own row only
