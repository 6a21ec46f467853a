"""The site shell: home page, language, health."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_home_links_to_the_three_areas(client: Client) -> None:
    page = client.get("/")
    assert page.status_code == 200
    html = page.content.decode()
    for href in ('href="/m/new/"', 'href="/rules/referee/"', 'href="/rules/"'):
        assert href in html
    assert '<html lang="ru">' in html


def test_russian_is_the_default_even_for_an_english_browser(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert '<html lang="ru">' in page.content.decode()


def test_language_switch_to_english_and_back(client: Client) -> None:
    resp = client.post("/lang/", {"language": "en", "next": "/"})
    assert resp.status_code == 302
    assert '<html lang="en">' in client.get("/").content.decode()
    client.post("/lang/", {"language": "ru", "next": "/"})
    assert '<html lang="ru">' in client.get("/").content.decode()


def test_language_switch_needs_csrf() -> None:
    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/lang/", {"language": "en", "next": "/"}).status_code == 403


def test_unknown_page_is_a_friendly_404(client: Client) -> None:
    resp = client.get("/no/such/page/")
    assert resp.status_code == 404


def test_healthz(client: Client) -> None:
    assert client.get("/healthz").content == b"ok"


def test_the_bench_floor_is_not_served_by_default(client: Client) -> None:
    assert client.get("/bench/floor/?rows=20").status_code == 404


def test_the_bench_floor_renders_base_html_with_n_static_rows(rf) -> None:  # type: ignore[no-untyped-def]
    from kozel_site.views import bench_floor

    html = bench_floor(rf.get("/bench/floor/", {"rows": "30"})).content.decode()
    assert html.count('<li class="hand"') == 30
    assert '<header class="topbar">' in html  # base.html, as every page
    assert (
        bench_floor(rf.get("/bench/floor/", {"rows": "x"})).content.decode().count('<li class="hand"') == 20
    )
