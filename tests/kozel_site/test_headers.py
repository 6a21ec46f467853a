"""Security headers on every kind of page: a Content-Security-Policy with no inline code allowed
(django-csp), a Permissions-Policy, no caching and no Referer for edit-link responses, and a
language cookie with SameSite=Lax (Secure in production)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tests.scorekeeper.conftest import Table

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


@pytest.fixture
def site(client: Client):
    """A match with a hand, a finished-deal-free edit link, and a house-rule sheet."""
    client.get("/m/new/")
    resp = client.post(
        "/m/new/", {"variant": "classic-sixes", "team_0": "Мы", "team_1": "Вы", "first_dealer": "0"}
    )
    table = Table(client, resp["Location"])
    table.hand(points_0=70)
    house = client.post("/rules/house/", {"name": "Наши", "variant": "classic-sixes", "opt_trump_suit": "D"})
    return table, house["Location"]


def pages(table: Table, house: str) -> dict[str, tuple[str, str, dict]]:
    """Every kind of response: (method, path, data)."""
    view = f"/m/{table.public_id}/"
    return {
        "home": ("get", "/", {}),
        "new match": ("get", "/m/new/", {}),
        "board (edit link)": ("get", table.edit, {}),
        "hand correction": ("get", table.edit + "hand/1/", {}),
        "dispute": ("get", table.edit + "hand/1/dispute/", {}),
        "history": ("get", table.edit + "history/", {}),
        "edit QR": ("get", table.edit + "qr.svg", {}),
        "write (edit link)": (
            "post",
            table.edit + "hand/",
            {"points_0": 60, "version": table.version, "nonce": "h1"},
        ),
        "view link": ("get", view, {}),
        "view QR": ("get", view + "qr.svg", {}),
        "CSV": ("get", view + "export.csv", {}),
        "JSON export": ("get", view + "export.json", {}),
        "rules": ("get", "/rules/", {}),
        "sheet": ("get", "/rules/classic-sixes/", {}),
        "referee": ("get", "/rules/referee/", {}),
        "deal review": ("get", "/rules/referee/deal/", {}),
        "hand check": ("get", "/rules/referee/hand/", {}),
        "compare": ("get", "/rules/compare/", {}),
        "glossary": ("get", "/rules/glossary/", {}),
        "house form": ("get", "/rules/house/", {}),
        "house sheet": ("get", house, {}),
        "API": ("get", "/api/v1/variants", {}),
        "not found": ("get", "/nothing/", {}),
        "forbidden": ("post", view, {}),
        "static": ("get", "/static/kozel/app.css", {}),
        "health": ("get", "/healthz", {}),
    }


def test_every_page_kind_has_the_headers(site) -> None:
    table, house = site
    for name, (method, path, data) in pages(table, house).items():
        resp = getattr(table.client, method)(path, data)
        assert resp.status_code < 500, name
        csp = resp.get("Content-Security-Policy", "")
        assert "default-src 'self'" in csp and "script-src 'self'" in csp and "style-src 'self'" in csp, name
        assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp, name
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, name
        assert "camera=()" in resp.get("Permissions-Policy", ""), name
        assert resp.get("X-Content-Type-Options") == "nosniff", name
        if path.startswith(table.edit):
            assert resp.get("Cache-Control") == "no-store, private", name
            assert resp.get("Referrer-Policy") == "strict-origin", name
        else:
            assert "no-store" not in resp.get("Cache-Control", ""), name
            assert resp.get("Referrer-Policy", "same-origin") == "same-origin", name


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "inline script"),
    (re.compile(r"<style\b", re.I), "style element"),
    (re.compile(r"\sstyle=\"", re.I), "style attribute"),
    (re.compile(r"\son[a-z]+=\"", re.I), "event handler attribute"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


def test_no_page_needs_inline_code(site) -> None:
    """What the policy forbids is not in any page, so nothing is blocked in the browser."""
    table, house = site
    for name, (method, path, data) in pages(table, house).items():
        resp = getattr(table.client, method)(
            path, data, **({"HTTP_HX_REQUEST": "true"} if method == "post" else {})
        )
        if not resp.get("Content-Type", "").startswith("text/html"):
            continue
        html = resp.content.decode()
        for pattern, what in INLINE:
            assert not pattern.search(html), (name, what, pattern.search(html).group(0))  # type: ignore[union-attr]
    base = table.client.get("/").content.decode()
    assert '"includeIndicatorStyles":false' in base and base.count("htmx-config") == 1


def test_language_cookie_is_samesite_lax(client: Client) -> None:
    resp = client.post("/lang/", {"language": "en", "next": "/"})
    cookie = resp.cookies["kozel_lang"]
    assert cookie.value == "en" and cookie["samesite"] == "Lax"


def test_production_language_cookie_is_secure_and_lax() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"}
    code = (
        "import django; django.setup(); from django.test import Client;"
        "r = Client().post('/lang/', {'language': 'en', 'next': '/'}, secure=True, HTTP_HOST='example.org');"
        "c = r.cookies['kozel_lang']; print(c['samesite'], bool(c['secure']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={
            **env,
            "DJANGO_SETTINGS_MODULE": "kozel_site.settings",
            "DJANGO_ENV": "production",
            "DJANGO_SECRET_KEY": "k" * 60,
            "DJANGO_ALLOWED_HOSTS": "example.org",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.split() == ["Lax", "True"], done.stdout + done.stderr
