"""Every endpoint of the JSON API asked with a method it does not take answers 405 with ``Allow``,
as a client that sends no CSRF token meets it (the API takes none): not CSRF's 403."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver

ALLOWED = {
    "variants": "GET, HEAD",
    "trick": "POST",
    "deal": "POST",
    "score": "POST",
    "analyse": "POST",
    "stats": "POST",
    "analyse_seen": "POST",
    "analyse_seen_poll": "GET, HEAD",
}
# where an endpoint's path is not its name
PATHS = {"analyse_seen": "analyse/seen", "analyse_seen_poll": "analyse/seen/" + "0" * 64}


def test_the_table_covers_every_endpoint() -> None:
    api = next(p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/")
    assert {p.name for p in api.url_patterns if isinstance(p, URLPattern)} == set(ALLOWED)  # type: ignore[attr-defined]


REFUSED = [
    (name, method)
    for name in sorted(ALLOWED)
    for method in ("GET", "POST", "PUT", "PATCH", "DELETE")
    if method not in ALLOWED[name].split(", ")
]


@pytest.mark.parametrize(("name", "method"), REFUSED)
def test_a_method_an_endpoint_does_not_take_is_405_with_allow(name: str, method: str) -> None:
    resp = Client(enforce_csrf_checks=True).generic(method, f"/api/v1/{PATHS.get(name, name)}")
    assert resp.status_code == 405, (name, method, resp.status_code)
    assert resp["Allow"] == ALLOWED[name]
