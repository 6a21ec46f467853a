"""No URL a stranger can type answers 5xx: every id and parameter that reaches a query is checked
first (a NUL byte used to raise PostgreSQL's DataError on ``/m/%00/``). Runs on SQLite and, in
the second pass of ``scripts/test.sh``, on PostgreSQL."""

from __future__ import annotations

import re
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import start_match

pytestmark = pytest.mark.django_db

PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def routes(patterns=None, prefix: str = "") -> list[str]:
    """Every route of the site as written in the urlconfs (``m/<token:public_id>/…``)."""
    out: list[str] = []
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        here = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            out += routes(p.url_patterns, here)
        elif isinstance(p, URLPattern) and PARAM.search(here):
            out.append(here)
    return out


ROUTES = routes()

nasty = st.one_of(
    st.sampled_from(
        [
            "\x00",
            "a\x00b",
            "%00",
            "\ud7ff",
            "..",
            "0" * 300,
            "9" * 5000,
            "-1",
            "²",
            "①",
            "１",
            "٣",
            "' OR 1=1 --",
        ]
    ),
    st.sampled_from(["seat=²,trick=1", "a=①,b=1", "n=" + "9" * 5000, "²:1", "1:" + "9" * 5000]),
    st.text(min_size=1, max_size=40),
    st.binary(min_size=1, max_size=20).map(lambda b: b.decode("latin-1")),
)
QUERY_NAMES = [
    "v", "variant", "house", "return_to", "opt_target", "points_0", "reason", "seat", "cards",
    "seats", "hand", "trick", "score", "n", "rows", "leader", "dealer", "reason_params", "version",
]  # fmt: skip


def test_every_route_with_a_parameter_is_covered() -> None:
    assert any("public_id" in r for r in ROUTES) and any("slug" in r for r in ROUTES), ROUTES


def test_no_parameter_gives_a_server_error() -> None:
    phone = Client()
    view, edit, secret = start_match(phone)
    real = {
        "public_id": view.split("/")[2],
        "secret": secret,
        "slot": "1",
        "seq": "1",
        "key": "classic-sixes",
    }

    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        route=st.sampled_from(ROUTES),
        fuzzed=st.data(),
        query=st.dictionaries(st.sampled_from(QUERY_NAMES), nasty, max_size=3),
        method=st.sampled_from(["get", "post"]),
    )
    def one(route: str, fuzzed: st.DataObject, query: dict[str, str], method: str) -> None:
        def fill(m: re.Match[str]) -> str:
            name = m.group(2)
            keep = name in real and fuzzed.draw(st.booleans())
            return real[name] if keep else quote(fuzzed.draw(nasty), safe="")

        path = "/" + PARAM.sub(fill, route)
        qs = urlencode(query)
        resp = getattr(phone, method)(path + ("?" + qs if qs else ""), query if method == "post" else None)
        assert resp.status_code < 500, (method, path, query, resp.status_code)

    one()


@pytest.mark.parametrize(
    "path",
    ["/m/%00/", "/m/a%00b/", "/m/%00/export.csv", "/m/%00/qr.svg", "/m/%00/export.json", "/m/x/e/%00/"],
)
def test_a_nul_byte_in_a_match_id_is_not_found(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


# pages without a path parameter whose query string reaches a number (the referee, a sheet, a new match)
QUERY_PAGES = [
    "/rules/referee/",
    "/rules/referee/deal/",
    "/rules/referee/hand/",
    "/rules/solo-twelve/",
    "/m/new/",
]


def test_no_query_string_gives_a_server_error() -> None:
    phone = Client()

    @settings(
        max_examples=120,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(
        page=st.sampled_from(QUERY_PAGES),
        variant=st.sampled_from(["solo-twelve", "yc-duel", "classic-sixes"]),
        query=st.dictionaries(st.sampled_from(QUERY_NAMES), nasty, max_size=3),
    )
    def one(page: str, variant: str, query: dict[str, str]) -> None:
        resp = phone.get(page + "?" + urlencode({"variant": variant, **query}))
        assert resp.status_code < 500, (page, variant, query, resp.status_code)

    one()
