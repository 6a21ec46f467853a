"""The match pages' one cache: Django's ``{% cache %}`` around the board, the chart and the hand
list, keyed on the match, its version, the language and the link (views.common.kept_context).
The forms, with their CSRF tokens and nonces, are rendered afresh for every request."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import snapshots

pytestmark = pytest.mark.django_db

NONCE = re.compile(r'name="nonce" value="([^"]+)"')
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def nonces(html: str) -> list[str]:
    return NONCE.findall(html)


def test_each_request_gets_its_own_nonces(start) -> None:
    table = start("penalty-goats")
    table.hand(points_0=70, points_1=50)
    first = table.client.get(table.edit).content.decode()
    second = table.client.get(table.edit).content.decode()  # the cached fragment
    third = table.client.get(table.edit, HTTP_HX_REQUEST="true").content.decode()
    for html in (first, second, third):
        assert len(nonces(html)) >= 3  # the hand form, the penalty forms, undo
        assert len(set(nonces(html))) == len(nonces(html))  # one nonce per form
    assert not set(nonces(first)) & set(nonces(second))
    assert not set(nonces(second)) & set(nonces(third))


def test_two_phones_on_the_same_version_record_two_hands(start) -> None:
    """The cached board must not hand both phones the same nonce: their two hands are two hands,
    not one hand and its retry."""
    table = start("penalty-goats")
    other = Client(enforce_csrf_checks=True)
    mine = Client(enforce_csrf_checks=True)
    pages = [c.get(table.edit).content.decode() for c in (mine, other)]
    for c, html in zip((mine, other), pages, strict=True):
        token = CSRF_INPUT.findall(html)[0]
        data = {"points_0": 60, "points_1": 60, "version": 0, "nonce": nonces(html)[0]}
        data["csrfmiddlewaretoken"] = token
        resp = c.post(table.edit + "hand/", data)
        assert resp.status_code in (302, 409), resp.status_code
    assert table.match.entries.count() == 1  # the second phone's form was stale: refused, not merged
    html = other.get(table.edit).content.decode()
    data = {"points_0": 70, "points_1": 50, "version": 1, "nonce": nonces(html)[0]}
    data["csrfmiddlewaretoken"] = CSRF_INPUT.findall(html)[0]
    assert other.post(table.edit + "hand/", data).status_code == 302
    assert table.match.entries.count() == 2


def test_the_cached_board_moves_on_with_the_log(start) -> None:
    table = start("penalty-goats")
    assert "(0)" in table.client.get(table.edit).content.decode()
    table.hand(points_0=70, points_1=50)
    html = table.client.get(table.edit).content.decode()
    assert 'data-version="1"' in html and '<li class="hand' in html
    table.post("undo/")
    html = table.client.get(table.edit).content.decode()
    assert 'data-version="2"' in html and '<li class="hand' not in html


# ---------------------------------------------------------------- each request's own values

HX_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
NEXT = re.compile(r'name="next" value="([^"]*)"')
RENDERED = re.compile(r'data-rendered="([^"]+)"')


@pytest.mark.parametrize("page", ["view", "edit"])
def test_a_page_gets_each_request_s_token_path_and_time(start, page) -> None:
    """With the board, chart and hand list kept, the CSRF token, the language form's return path
    and the time of the answer are each request's own, and the token is one the phone's own
    cookie accepts."""
    from datetime import datetime, timedelta

    from django.utils import timezone

    table = start("penalty-goats")
    table.hand(points_0=70, points_1=50)
    url = table.edit if page == "edit" else f"/m/{table.public_id}/"
    for query in ("", "?from=qr", "?from=qr"):  # the second and third with the board kept
        phone = Client(enforce_csrf_checks=True)
        before = timezone.now() - timedelta(seconds=1)
        html = phone.get(url + query).content.decode()
        assert NEXT.findall(html) == [url + query]
        assert datetime.fromisoformat(RENDERED.findall(html)[0]) >= before
        token = CSRF_INPUT.findall(html)[0]
        assert HX_TOKEN.findall(html) == [token]
        # the language form works with it from this phone (its cookie, the page's token)
        resp = phone.post(
            reverse("set_language"), {"language": "en", "next": url, "csrfmiddlewaretoken": token}
        )
        assert resp.status_code == 302


def test_the_view_page_moves_on_with_the_log(start) -> None:
    table = start("penalty-goats")
    watch = f"/m/{table.public_id}/"
    assert "(0)" in table.client.get(watch).content.decode()
    table.hand(points_0=70, points_1=50)
    html = table.client.get(watch).content.decode()
    assert f'hx-get="/m/{table.public_id}/?v=1"' in html and '<li class="hand' in html
    table.post("undo/")
    html = table.client.get(watch).content.decode()
    assert "?v=2" in html and '<li class="hand' not in html


def kept(name: str, table, version: int, link: str, *extra: object) -> str | None:  # type: ignore[no-untyped-def]
    from django.core.cache import cache
    from django.core.cache.utils import make_template_fragment_key

    return cache.get(
        make_template_fragment_key(name, [table.public_id, version, "ru", link, snapshots.WORDING, *extra])
    )


@pytest.mark.parametrize("hands", ["", "?hands=all"])
def test_nothing_kept_for_the_edit_link_is_served_to_the_view_link(start, hands) -> None:
    """The edit link's hand list carries the secret in its links: what the edit link keeps is
    under keys of its own, and the view link, read after it at the same version, never shows it."""
    table = start("penalty-goats")
    secret = table.edit.rstrip("/").split("/")[-1]
    for n in range(35):  # mostly eggs: the match is not over
        pts = [70, 50] if n % 8 == 0 else [45, 75] if n % 8 == 4 else [60, 60]
        assert table.hand(points_0=pts[0], points_1=pts[1]).status_code == 200
    edit = table.client.get(table.edit + hands).content.decode()
    assert f"/e/{secret}/hand/" in edit
    every = bool(hands)
    kept_edit = kept("hands", table, 35, "edit", every)
    assert kept_edit and secret in kept_edit and kept_edit in edit  # kept, and with the secret
    for name in ("board", "chart"):
        assert kept(name, table, 35, "edit") in edit
    for query in (hands, hands + ("&" if hands else "?") + "from=qr"):
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            view = table.client.get(f"/m/{table.public_id}/{query}", **htmx).content.decode()
            assert secret not in view and "hand-actions" not in view
            assert 'data-hand="35"' in view
    kept_view = kept("hands", table, 35, "view", every)
    assert kept_view and secret not in kept_view


def test_the_kept_board_follows_the_version_and_the_language(start) -> None:
    table = start("penalty-goats")
    table.hand(points_0=70, points_1=50)
    assert '<b class="team1">2</b>' in table.client.get(table.edit).content.decode()
    assert kept("board", table, 1, "edit")
    table.client.cookies["kozel_lang"] = "en"
    english = table.client.get(table.edit).content.decode()
    assert "Hands" in english and "Коны" not in english
    table.client.cookies["kozel_lang"] = "ru"
    table.hand(points_0=70, points_1=50)
    assert '<b class="team1">4</b>' in table.client.get(table.edit).content.decode()


def test_a_finished_match_keeps_nothing(start) -> None:
    """A match that is over shows its rematch too, which its own version does not follow."""
    table = start("penalty-goats")
    for _ in range(6):
        table.hand(points_0=120, points_1=0, all_tricks="")
    page = table.client.get(table.edit).content.decode()
    assert "finale" in page
    version = table.match.version
    assert kept("board", table, version, "edit") is None


def test_the_view_link_answers_a_conditional_get(start) -> None:
    table = start("penalty-goats")
    table.hand(points_0=70, points_1=50)
    watch = f"/m/{table.public_id}/"
    first = table.client.get(watch)
    etag = first["ETag"]
    assert first.status_code == 200 and etag and "HX-Request" in first["Vary"]
    again = table.client.get(watch, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content
    fragment = table.client.get(watch, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and fragment["ETag"] != etag  # the fragment is not the page
    table.hand(points_0=70, points_1=50)
    moved = table.client.get(watch, HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200 and moved["ETag"] != etag and 'data-hand="2"' in moved.content.decode()
    table.client.cookies["kozel_lang"] = "en"
    english = table.client.get(watch, HTTP_IF_NONE_MATCH=moved["ETag"])
    assert english.status_code == 200 and "Hands" in english.content.decode()


CACHE_TAG = re.compile(r"{%\s*cache\s+(.*?)\s*%}")
TEMPLATES = Path(__file__).resolve().parents[2] / "scorekeeper" / "templates"


def test_every_kept_fragment_of_a_match_keys_on_its_link() -> None:
    """A fragment a match page keeps (the board and its players' names, the chart, the hand list)
    is kept per link kind, edit or view, as the hand list's is: whatever it holds now or later
    (an edit fragment's /e/<secret>/ URLs), the view link never gets the edit link's copy."""
    tags = [
        (path.relative_to(TEMPLATES), key.split())
        for path in TEMPLATES.rglob("*.html")
        for key in CACHE_TAG.findall(path.read_text(encoding="utf-8"))
    ]
    assert len(tags) >= 5  # the board and the chart on both pages, the hand list
    for where, key in tags:
        assert {"board.match.public_id", "board.version", "LANGUAGE_CODE", "link"} <= set(key), where


def test_a_board_with_the_players_names_is_kept_apart_for_each_link(start) -> None:
    table = start("penalty-goats", player_0="Аня", player_1="Борис", player_2="Вика", player_3="Гоша")
    table.hand(points_0=70, points_1=50)
    assert "Аня и Вика" in table.client.get(table.edit).content.decode()
    assert "Аня и Вика" in table.client.get(f"/m/{table.public_id}/").content.decode()
    edit, view = kept("board", table, 1, "edit"), kept("board", table, 1, "view")
    assert edit and view and "Аня и Вика" in edit and "Аня и Вика" in view
