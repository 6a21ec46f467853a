"""A company's pages cost the same at 10 matches and at 100: the same queries, each reading what
the page shows (the kept figures, the evenings and matches it lists), never the history, the
company's log or a match's own row with its snapshot. The companies are scripts/company_fixture's
(real matches played to their end, the figures kept as the app keeps them), as `make bench` reads
them at 10 and 1,000."""

from __future__ import annotations

import re
import time

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.company.models import Company
from scorekeeper.company.pages import recent_evenings, roster_of
from scripts.company_fixture import CompanyFixture, make_company

pytestmark = pytest.mark.django_db

# a read of the company's matches is bounded by what the page shows: a LIMIT, the rows of the
# evenings shown, this month's; or it counts them (the matches page's paginator)
BOUNDED = re.compile(r'LIMIT|"id" IN \(|"order" >=|COUNT\(')


def pages(fx: CompanyFixture) -> dict[str, str]:
    c = Company.objects.get(public_id=fx.public_id)
    day = recent_evenings(c, roster_of(c), count=1)[0].date.isoformat()
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
