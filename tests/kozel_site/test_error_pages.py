"""No failure shows a raw page: 400, 403, 404 and 500 come in the site's design and the visitor's
language; an htmx request gets a short message (a fragment the page shows next to the control);
the JSON API answers JSON, 413 ``body_too_large`` at every size, and bounds the work of a request."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from scorekeeper.models import Match

pytestmark = pytest.mark.django_db

TITLES = {
    400: ("Неверный запрос", "Bad request"),
    403: ("Нельзя", "Not allowed"),
    404: ("Не найдено", "Not found"),
    500: ("Что-то пошло не так", "Something went wrong"),
}


def phone(lang: str, **kwargs) -> Client:
    c = Client(raise_request_exception=False, **kwargs)
    if lang == "en":
        c.cookies["kozel_lang"] = "en"
    return c


def broken_match(client: Client) -> str:
    """A match whose stored variant the engine no longer knows: reading it fails inside the app."""
    client.get("/m/new/")
    resp = client.post(
        "/m/new/", {"variant": "classic-sixes", "team_0": "Мы", "team_1": "Вы", "first_dealer": "0"}
    )
    public_id = resp["Location"].split("/")[2]
    Match.objects.filter(public_id=public_id).update(variant="retired-variant")
    return f"/m/{public_id}/"


def request_for(status: int, c: Client, **headers):
    if status == 400:
        return c.get("/", HTTP_HOST="not-our-host.example", **headers)  # DisallowedHost
    if status == 403:
        return c.post("/m/new/", {"variant": "classic-sixes"}, **headers)  # no CSRF token
    if status == 404:
        return c.get("/m/nothing-here/", **headers)
    return c.get(broken_match(Client()), **headers)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("status", [400, 403, 404, 500])
def test_error_pages_in_the_site_design_and_the_visitors_language(status: int, lang: str) -> None:
    c = phone(lang, enforce_csrf_checks=True)
    resp = request_for(status, c)
    assert resp.status_code == status
    html = resp.content.decode()
    assert 'class="topbar"' in html and "kozel/app.css" in html  # the site's own layout
    assert f'<html lang="{lang}">' in html
    title = TITLES[status][0 if lang == "ru" else 1]
    assert f"<h1>{title}</h1>" in html
    assert "Server Error" not in html and "Bad Request (400)" not in html and "Forbidden" not in html


@pytest.mark.parametrize("status", [400, 403, 404, 500])
def test_an_htmx_request_gets_the_message_alone(status: int) -> None:
    c = phone("ru", enforce_csrf_checks=True)
    resp = request_for(status, c, HTTP_HX_REQUEST="true")
    assert resp.status_code == status
    html = resp.content.decode().strip()
    assert "<html" not in html and html.startswith('<p class="errorlist" role="alert"')
    assert len(html) < 400 and len(html.split(">", 1)[1]) > 20  # a short sentence, not a page


def test_a_forbidden_write_on_a_view_link_says_why() -> None:
    c = phone("ru")
    view = broken_match(Client()).rstrip("/")
    Match.objects.update(variant="classic-sixes")
    resp = c.post(view + "/", HTTP_HX_REQUEST="true")
    assert (
        resp.status_code == 403 and "ссылка для просмотра: менять матч по ней нельзя" in resp.content.decode()
    )


def test_the_csrf_page_explains_what_to_do() -> None:
    resp = phone("en", enforce_csrf_checks=True).post("/m/new/", {"variant": "classic-sixes"})
    assert resp.status_code == 403 and "Reload the page and try again" in resp.content.decode()


@pytest.mark.parametrize("size", [64 * 1024 + 1, 1024 * 1024, 3 * 1024 * 1024, 12 * 1024 * 1024])
@pytest.mark.parametrize("url", ["/api/v1/trick", "/api/v1/deal", "/api/v1/score"])
def test_a_body_of_any_size_over_the_limit_is_a_json_413(url: str, size: int) -> None:
    body = json.dumps({"variant": "classic-sixes", "pad": "x" * size})
    resp = phone("en").post(url, body, content_type="application/json")
    assert resp.status_code == 413 and resp["Content-Type"].startswith("application/json")
    data = resp.json()
    assert data["error"] == "body_too_large" and "65536" in data["message"]


def test_api_errors_outside_the_endpoints_are_json() -> None:
    resp = phone("en").get("/api/v1/nothing")
    assert resp.status_code == 404 and resp.json()["error"] == "not_found"


def test_the_work_of_one_request_is_bounded() -> None:
    c = phone("en")
    records = [{"points": [60, 60]}] * 2001
    resp = c.post(
        "/api/v1/score",
        json.dumps({"variant": "classic-sixes", "hands": records}),
        content_type="application/json",
    )
    assert resp.status_code == 400
    assert (
        resp.json()["error"] == "too_many"
        and "2000" in resp.json()["message"]
        and resp.json()["field"] == "hands"
    )
    assert (
        c.post(
            "/api/v1/score",
            json.dumps({"variant": "classic-sixes", "hands": records[:2000]}),
            content_type="application/json",
        ).status_code
        == 200
    )
    hands = [["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]] * 4
    resp = c.post(
        "/api/v1/deal",
        json.dumps({"variant": "classic-sixes", "leader": 0, "hands": hands, "plays": ["7C"] * 201}),
        content_type="application/json",
    )
    assert resp.status_code == 400
    assert (
        resp.json()["error"] == "too_many"
        and "200" in resp.json()["message"]
        and resp.json()["field"] == "plays"
    )
