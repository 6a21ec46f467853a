"""The edit link's board is rendered once per log version and cached with holes for what each
request must get afresh (views.kept): the CSRF token and the forms' nonces."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.views import kept

pytestmark = pytest.mark.django_db

NONCE = re.compile(r'name="nonce" value="([^"]+)"')
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def nonces(html: str) -> list[str]:
    return NONCE.findall(html)


def test_each_request_gets_its_own_nonces_and_no_hole_is_left(start) -> None:
    table = start("penalty-goats")
    table.hand(points_0=70, points_1=50)
    first = table.client.get(table.edit).content.decode()
    second = table.client.get(table.edit).content.decode()  # the cached fragment
    third = table.client.get(table.edit, HTTP_HX_REQUEST="true").content.decode()
    for html in (first, second, third):
        for hole in (kept.CSRF_HOLE, kept.NONCE_HOLE, kept.OTHER_HOLE, "kzcsrf", "kznonce", "kzother"):
            assert hole not in html
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


def test_a_new_version_drops_the_board_of_the_one_before(start) -> None:
    """The board at an old version is never asked for again: it leaves the cache when the next
    one is rendered, instead of filling the worker's memory."""
    from django.core.cache import cache

    from scorekeeper.selectors import match_get

    table = start("penalty-goats")
    table.client.get(table.edit)
    table.client.get(table.edit + "?hands=all")
    match = match_get(public_id=table.public_id)
    old = [kept.fragment_key(match, 0, mode) for mode in ("latest", "all")]
    assert all(cache.get(k) for k in old)
    table.hand(points_0=70, points_1=50)  # its answer renders version 1
    assert not any(cache.get(k) for k in old)
    assert cache.get(kept.fragment_key(match_get(public_id=table.public_id), 1, "latest"))


# ---------------------------------------------------------------- whole pages kept per version

HX_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
NEXT = re.compile(r'name="next" value="([^"]*)"')
RENDERED = re.compile(r'data-rendered="([^"]+)"')


@pytest.mark.parametrize("page", ["view", "edit"])
def test_a_kept_page_gets_each_request_s_token_path_and_time(start, page) -> None:
    """The view link's page and the edit link's page are kept whole per version; the CSRF token,
    the language form's return path and the time of the answer are each request's own, and the
    kept token is one the phone's own cookie accepts."""
    from datetime import datetime, timedelta

    from django.utils import timezone

    table = start("penalty-goats")
    table.hand(points_0=70, points_1=50)
    url = table.edit if page == "edit" else f"/m/{table.public_id}/"
    for query in ("", "?from=qr", "?from=qr"):  # the second and third from what was kept
        phone = Client(enforce_csrf_checks=True)
        before = timezone.now() - timedelta(seconds=1)
        html = phone.get(url + query).content.decode()
        for hole in (kept.CSRF_HOLE, kept.PATH_HOLE, kept.NOW_HOLE, "kzcsrf", "kzpath", "kznow"):
            assert hole not in html
        assert NEXT.findall(html) == [url + query]
        assert datetime.fromisoformat(RENDERED.findall(html)[0]) >= before
        token = CSRF_INPUT.findall(html)[0]
        assert HX_TOKEN.findall(html) == [token]
        # the language form works with it from this phone (its cookie, the page's token)
        resp = phone.post(
            reverse("set_language"), {"language": "en", "next": url, "csrfmiddlewaretoken": token}
        )
        assert resp.status_code == 302


def test_the_kept_view_page_moves_on_with_the_log(start) -> None:
    from django.core.cache import cache

    table = start("penalty-goats")
    watch = f"/m/{table.public_id}/"
    assert "(0)" in table.client.get(watch).content.decode()
    table.hand(points_0=70, points_1=50)
    html = table.client.get(watch).content.decode()
    assert f'hx-get="/m/{table.public_id}/?v=1"' in html and '<li class="hand' in html
    assert cache.get(f"kz-live:{table.public_id}:1:ru:latest") in html  # #live kept per version
    assert cache.get(f"kz-watch:{table.public_id}:ru")  # the page around it, once per match
    table.post("undo/")
    html = table.client.get(watch).content.decode()
    assert "?v=2" in html and '<li class="hand' not in html
    assert cache.get(f"kz-live:{table.public_id}:1:ru:latest") is None  # dropped


def test_one_kept_copy_of_the_board_per_match(start) -> None:
    """What is kept for a match is its latest version only, each part once: the edit fragment
    and the view link's #live per version; the pages around them once per match (a worker's
    memory does not grow with the hands played)."""
    from django.core.cache import cache
    from django.core.cache.utils import make_template_fragment_key

    from scorekeeper.selectors import match_get

    table = start("penalty-goats")
    watch = f"/m/{table.public_id}/"
    for n in range(1, 6):
        table.hand(points_0=70 if n % 2 else 45, points_1=50 if n % 2 else 75)
        table.client.get(table.edit)
        table.client.get(watch)
        table.client.get(watch + "?v=0", HTTP_HX_REQUEST="true")
    match = match_get(public_id=table.public_id)
    assert match.version == 5
    for v in range(0, 5):
        old = [kept.fragment_key(match, v, mode) for mode in ("latest", "all")]
        old += [f"kz-live:{table.public_id}:{v}:ru:{mode}" for mode in ("latest", "all")]
        old += [
            make_template_fragment_key(name, [f"{table.public_id}:{v}", "ru"]) for name in ("board", "chart")
        ]
        assert not any(cache.get(k) for k in old), v
    assert cache.get(kept.fragment_key(match, 5, "latest")) and cache.get(
        f"kz-live:{table.public_id}:5:ru:latest"
    )
    # the hand list is part of the kept fragments, not kept a second time on its own
    for editable in (True, False):
        key = make_template_fragment_key("hands", [table.public_id, 5, "ru", editable, False])
        assert cache.get(key) is None


def test_the_view_link_shows_the_board_the_write_rendered(start) -> None:
    """The board and the chart are kept per version under one key for both links: the view link
    read after a write takes what the write's answer rendered, and the same markup shows on both."""
    from django.core.cache import cache
    from django.core.cache.utils import make_template_fragment_key

    table = start("penalty-goats")
    table.hand(points_0=70, points_1=50)
    edit = table.hand(points_0=45, points_1=75).content.decode()
    keys = [f"{table.public_id}:2", "ru"]
    board, chart = (cache.get(make_template_fragment_key(name, keys)) for name in ("board", "chart"))
    assert board and chart and board in edit and chart in edit
    view = table.client.get(f"/m/{table.public_id}/").content.decode()
    assert board in view and chart in view
    old = [make_template_fragment_key(name, [f"{table.public_id}:1", "ru"]) for name in ("board", "chart")]
    assert not any(cache.get(k) for k in old)  # the version before: dropped
