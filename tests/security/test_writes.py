"""Only the edit link writes, only with a CSRF token; the secret is strong, compared in constant
time, and never shown on the view page or written to a log, README «Pages»)."""

from __future__ import annotations

import hmac
import io
import logging
import re

import pytest
from django.test import Client
from django.urls import resolve

from scorekeeper import services
from scorekeeper.models import Entry, Match

from .helpers import start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def phone() -> Client:
    return Client(enforce_csrf_checks=True)


@pytest.fixture
def table(phone: Client) -> dict[str, str]:
    view, edit, secret = start_match(phone)
    token = phone.cookies["csrftoken"].value
    for i, pts in enumerate([(70, 50), (40, 80)]):
        r = phone.post(
            edit + "hand/",
            {
                "csrfmiddlewaretoken": token,
                "points_0": pts[0],
                "points_1": pts[1],
                "version": i,
                "nonce": f"setup{i}",
            },
        )
        assert r.status_code == 302
    return {"view": view, "edit": edit, "secret": secret, "token": token, "public_id": view.split("/")[2]}


def snapshot(public_id: str) -> list[tuple[int, str, int, object]]:
    return [(e.seq, e.action, e.slot, e.record) for e in Entry.objects.filter(match__public_id=public_id)]


def write_paths(base: str) -> list[str]:
    """Every write under an edit-style base path (the edit link, or a forged one)."""
    return [
        base + p for p in ("hand/", "undo/", "hand/1/", "hand/1/delete/", "history/1/restore/", "rematch/")
    ]


HAND = {"points_0": "90", "points_1": "30", "version": "2", "nonce": "attack"}


def test_the_view_link_cannot_write(phone: Client, table: dict[str, str]) -> None:
    before = snapshot(table["public_id"])
    view = table["view"]
    for path in [view, view + "hand/", view + "undo/", view + "hand/1/", view + "e/", view + "export.json"]:
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            resp = phone.post(path, {**HAND, "csrfmiddlewaretoken": table["token"]}, **htmx)
            assert resp.status_code == 403, (path, resp.status_code)  # the view link is read-only
    assert snapshot(table["public_id"]) == before


def refusal(path: str) -> int:
    """The one right refusal of a write to ``path`` that does not carry the match's edit secret:
    a write route with a well-formed but wrong secret is 404 (no such edit link); a path the edit
    routes do not parse falls under the view link, which is read-only, 403; and a path that parses
    as the edit page itself (``e/hand/``: «hand» read as the secret) is GET-only, 405."""
    name = resolve(path).url_name
    if name == "read_only_rest":
        return 403
    if name == "edit":
        return 405
    return 404


def test_the_refusal_rules_name_each_kind_of_path() -> None:
    assert refusal("/m/AAAAAAAAAAAA/e/" + "B" * 32 + "/hand/") == 404
    assert refusal("/m/AAAAAAAAAAAA/e/%00/hand/") == 403
    assert refusal("/m/AAAAAAAAAAAA/e/hand/") == 405


def _forged_secrets(secret: str, other_secret: str, public_id: str) -> list[str]:
    flipped = ("A" if secret[0] != "A" else "B") + secret[1:]
    return [
        flipped,
        secret[:-1],
        secret + "x",
        secret.upper() if secret.upper() != secret else secret.lower(),
        other_secret,
        public_id,
        "0" * len(secret),
        "%00",
        "..",
        " " + secret,
    ]


def test_a_wrong_or_missing_edit_secret_cannot_write(phone: Client, table: dict[str, str]) -> None:
    other = start_match(Client(enforce_csrf_checks=True))[2]
    before = snapshot(table["public_id"])
    pid = table["public_id"]
    for forged in _forged_secrets(table["secret"], other, pid):
        for path in write_paths(f"/m/{pid}/e/{forged}/"):
            resp = phone.post(path, {**HAND, "csrfmiddlewaretoken": table["token"]}, HTTP_HX_REQUEST="true")
            assert resp.status_code == refusal(path), (forged, path, resp.status_code)
            if table["secret"] not in forged:  # (the 404 page echoes the path it was given)
                assert table["secret"] not in resp.content.decode(errors="replace")
    for path in write_paths(f"/m/{pid}/e/") + write_paths(f"/m/{pid}/e//"):  # no secret at all
        resp = phone.post(path, {**HAND, "csrfmiddlewaretoken": table["token"]})
        assert resp.status_code == refusal(path), (path, resp.status_code)
    assert snapshot(table["public_id"]) == before
    assert Match.objects.count() == 2  # nothing created by a forged rematch


def test_every_write_needs_the_csrf_token(phone: Client, table: dict[str, str]) -> None:
    before = snapshot(table["public_id"])
    fresh = Client(enforce_csrf_checks=True)  # a page on another site posting to ours: no token
    fresh.cookies["csrftoken"] = table["token"]  # even with the cookie, the token must be sent
    for path in write_paths(table["edit"]):
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            assert fresh.post(path, HAND, **htmx).status_code == 403, path
            assert phone.post(path, {**HAND, "csrfmiddlewaretoken": "x" * 32}, **htmx).status_code == 403
            assert phone.post(path, HAND, HTTP_X_CSRFTOKEN="forged" * 6, **htmx).status_code == 403
    assert fresh.post("/m/new/", {"variant": "classic-sixes"}).status_code == 403
    assert fresh.post("/lang/", {"language": "en"}).status_code == 403
    assert snapshot(table["public_id"]) == before
    assert Match.objects.count() == 1


def test_htmx_writes_carry_the_token_in_a_header(phone: Client, table: dict[str, str]) -> None:
    page = phone.get(table["edit"]).content.decode()
    header = re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'", page)
    assert header, "the CSRF token rides on hx-headers on <body>"
    resp = phone.post(
        table["edit"] + "hand/",
        {"points_0": 90, "points_1": 30, "version": 2, "nonce": "ok"},
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=header.group(1),
    )
    assert resp.status_code == 200
    assert len(snapshot(table["public_id"])) == 3


@pytest.mark.parametrize("page", ["edit", "history", "hand_edit", "new", "view"])
def test_every_post_form_has_a_csrf_token(phone: Client, table: dict[str, str], page: str) -> None:
    path = {
        "edit": table["edit"],
        "history": table["edit"] + "history/",
        "hand_edit": table["edit"] + "hand/1/",
        "new": "/m/new/",
        "view": table["view"],
    }[page]
    html = phone.get(path).content.decode()
    forms = re.findall(r"<form\b[^>]*>.*?</form>", html, re.S | re.I)
    posting = [f for f in forms if re.search(r'method="post"|hx-post=', f, re.I)]
    if page != "view":
        assert posting
    for form in posting:
        assert 'name="csrfmiddlewaretoken"' in form, form[:200]


def test_the_edit_secret_has_at_least_128_bits() -> None:
    secrets_ = {services.new_secret() for _ in range(200)}
    assert len(secrets_) == 200
    for s in secrets_:
        assert re.fullmatch(r"[A-Za-z0-9_-]+", s)
        assert len(s) * 6 >= 128  # URL-safe base64: 6 bits a character


def test_the_secret_is_not_stored_and_is_compared_in_constant_time(
    phone: Client, table: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match.objects.get(public_id=table["public_id"])
    for value in Match.objects.filter(pk=match.pk).values().get().values():
        assert table["secret"] not in str(value)
    calls = []
    real = hmac.compare_digest

    def spy(a: str, b: str) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    assert phone.get(table["edit"]).status_code == 200
    assert phone.get(f"/m/{table['public_id']}/e/{'A' * len(table['secret'])}/").status_code == 404
    assert len(calls) == 2, "the secret check goes through hmac.compare_digest"


def test_the_view_page_never_shows_the_secret(phone: Client, table: dict[str, str]) -> None:
    pid = table["public_id"]
    for path, extra in [
        (table["view"], {}),
        (table["view"] + "?v=0", {"HTTP_HX_REQUEST": "true"}),
        (f"/m/{pid}/export.json", {}),
        (f"/m/{pid}/export.csv", {}),
        (f"/m/{pid}/qr.svg", {}),
    ]:
        resp = Client().get(path, **extra)
        assert resp.status_code == 200, path
        assert table["secret"] not in resp.content.decode(errors="replace"), path
        assert "/e/" not in resp.content.decode(errors="replace"), path


def test_the_edit_page_keeps_the_secret_out_of_referers(phone: Client, table: dict[str, str]) -> None:
    assert phone.get(table["edit"])["Referrer-Policy"] == "strict-origin"


def test_secrets_never_reach_the_logs(phone: Client, table: dict[str, str]) -> None:
    """Requests that Django logs (404 on a wrong link, 4xx on a refused hand) go through the
    configured console handler; its output never holds an edit secret."""
    handler = next(
        h
        for h in logging.getLogger().handlers
        if any(type(f).__name__ == "StripSecretsFilter" for f in h.filters)
    )
    stream = io.StringIO()
    old = handler.setStream(stream)
    try:
        edit, secret = table["edit"], table["secret"]
        phone.post(
            edit + "hand/",
            {"csrfmiddlewaretoken": table["token"], "points_0": 300, "version": 2, "nonce": "bad"},
        )  # 422
        phone.post(edit + "hand/", {"points_0": 60})  # 403 CSRF
        phone.get(edit + "hand/999/")  # 404
        phone.get(edit.replace(secret, secret[::-1]))  # 404, a near-miss secret
        logging.getLogger("django.server").info('"GET %s HTTP/1.1" 200 1', edit)
        logging.getLogger("gunicorn.error").warning(f"slow request {edit}")
    finally:
        handler.setStream(old)
    out = stream.getvalue()
    assert "/e/" in out, "the requests above were logged"
    assert secret not in out and secret[::-1] not in out
