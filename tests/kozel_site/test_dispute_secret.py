"""The edit secret never leaves the edit path: the whole «Спор» flow of a recorded hand, through a
real gunicorn with the production settings, from the board to «Записать в матч» and the saved
correction. Afterwards the secret is in no access-log line, in no query string, in no Location
outside the edit path, and no page under the edit path lets a browser send it as a Referer."""

from __future__ import annotations

import html
import http.client
import re
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import quote, urlencode, urljoin, urlsplit

import pytest

from tests.rules.helpers import revoke_deal
from tests.servers import gunicorn

ROOT = Path(__file__).resolve().parents[2]


class Browser:
    """Just enough of a browser: cookies, Location, the Referer it would send under the page's
    Referrer-Policy, and every response kept for the search afterwards."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.seen: list[tuple[str, int, dict[str, str], str]] = []  # url, status, headers, body
        self.referers: list[str] = []
        self.last: tuple[str, str] | None = None  # (url, referrer policy) of the page we are on

    def request(
        self, method: str, path: str, body: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        headers = {"Host": "kozel.test", "X-Forwarded-Proto": "https"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.last is not None:
            url, policy = self.last
            # same-origin requests: these policies send the whole URL, these only the origin
            full = (
                "unsafe-url",
                "same-origin",
                "no-referrer-when-downgrade",
                "strict-origin-when-cross-origin",
                "",
            )
            if policy != "no-referrer":
                referer = url if policy in full else urlsplit(url)._replace(path="/", query="").geturl()
                headers["Referer"] = referer
                self.referers.append(referer)
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = "https://kozel.test"
        conn.request(method, path, body=data, headers=headers)
        resp = conn.getresponse()
        text = resp.read().decode("utf-8", "replace")
        hdrs = {k.lower(): v for k, v in resp.getheaders()}
        for raw in resp.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(raw).items():
                self.cookies[name] = morsel.value
        url = "https://kozel.test" + path
        self.seen.append((url, resp.status, hdrs, text))
        self.last = (url, hdrs.get("referrer-policy", ""))
        conn.close()
        return resp.status, hdrs, text

    def get(self, path: str) -> tuple[int, dict[str, str], str]:
        status, hdrs, text = self.request("GET", path)
        while status in (301, 302, 303):
            path = urlsplit(urljoin("https://kozel.test" + path, hdrs["location"])).path
            status, hdrs, text = self.request("GET", path)
        return status, hdrs, text

    def post(self, path: str, body: dict[str, str]) -> tuple[int, dict[str, str], str]:
        status, hdrs, text = self.request("POST", path, body)
        if status in (301, 302, 303):
            loc = urlsplit(urljoin("https://kozel.test" + path, hdrs["location"]))
            return self.get(loc.path + ("?" + loc.query if loc.query else ""))
        return status, hdrs, text


def links(text: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'(?:href|action|hx-get|hx-post|src)="([^"]*)"', text)]


def form_fields(text: str, form_id: str) -> dict[str, str]:
    """What the browser would submit: inputs with their values (checked boxes only), selected options."""
    form = re.search(rf'<form[^>]*id="{form_id}".*?</form>', text, re.S)
    assert form, form_id
    out: dict[str, str] = {}
    for tag in re.findall(r"<input\b[^>]*>", form.group(0)):
        attrs = dict(re.findall(r'(\w+)(?:="([^"]*)")?', tag[6:]))
        if "name" not in attrs or (attrs.get("type") in ("checkbox", "radio") and "checked" not in attrs):
            continue
        out[attrs["name"]] = html.unescape(attrs.get("value", ""))
    for name, options in re.findall(r'<select[^>]*name="(\w+)"[^>]*>(.*?)</select>', form.group(0), re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', options)
        out[name] = html.unescape(chosen.group(1)) if chosen else ""
    return out


def csrf(text: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text).group(1)  # type: ignore[union-attr]


@pytest.fixture
def server(tmp_path: Path):
    production = {
        "DJANGO_ENV": "production",
        "DJANGO_SECRET_KEY": "x" * 60,
        "DJANGO_ALLOWED_HOSTS": "kozel.test,127.0.0.1",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://kozel.test",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
    }
    probe = {"Host": "kozel.test", "X-Forwarded-Proto": "https"}
    with gunicorn(tmp_path, production, collectstatic=True, probe_headers=probe) as (port, log):
        yield port, log


def test_the_dispute_flow_never_leaks_the_edit_secret(server) -> None:
    port, log = server
    b = Browser(port)
    _s, _h, page = b.get("/m/new/")
    _s, _h, board = b.post(
        "/m/new/",
        {
            "csrfmiddlewaretoken": csrf(page),
            "variant": "classic-sixes",
            "team_0": "Мы",
            "team_1": "Вы",
            "first_dealer": "0",
        },
    )
    edit = urlsplit(b.seen[-1][0]).path
    secret = edit.strip("/").split("/")[3]
    assert len(secret) >= 30
    fields = form_fields(board, "entry")
    _s, _h, board = b.post(edit + "hand/", {**fields, "csrfmiddlewaretoken": csrf(board), "points_0": "50"})

    # «Спор» on hand 1: the referee's deal review, under the edit path
    dispute = next(u for u in links(board) if u.endswith("/dispute/"))
    assert dispute.startswith(edit) and "?" not in dispute
    status, _h, review = b.get(dispute)
    assert status == 200
    # the review's own form is a GET form: it must carry no secret in a field
    form = re.search(r'<form[^>]*method="get".*?</form>', review, re.S).group(0)  # type: ignore[union-attr]
    assert secret not in re.sub(r'(action|hx-get)="[^"]*"', "", form)
    deal, _trick, _seat = revoke_deal()  # a whole deal with a revoke: what a dispute is about
    query = {k: v for k, v in deal.items() if k != "variant"}
    status, _h, review = b.get(dispute + "?" + urlencode(query))
    assert status == 200
    record = next(u for u in links(review) if "/hand/" in u and "points_" in u)  # «Записать в матч»
    assert "Записать в матч" in review
    status, _h, correction = b.get(record)
    assert status == 200
    fields = form_fields(correction, "correction")
    status, _h, board = b.post(urlsplit(record).path, {**fields, "csrfmiddlewaretoken": csrf(correction)})
    assert status == 200 and urlsplit(b.seen[-1][0]).path == edit
    assert "исправлен" in board or "corrected" in board

    # the search
    encoded = [secret, quote(secret, safe=""), "".join(f"%{ord(c):02X}" for c in secret)]
    text = log.read_text()
    assert text.count("/e/…") >= 6, text
    for form_of_secret in encoded:
        assert form_of_secret not in text
    for url, _status, headers, body in b.seen:
        assert secret not in urlsplit(url).query
        location = headers.get("location", "")
        if secret in location:
            assert urlsplit(location).path.startswith(edit) and secret not in urlsplit(location).query
        for link in links(body):
            if secret in link:
                split = urlsplit(link)
                assert split.path.startswith(edit) and secret not in split.query, link
        if secret in urlsplit(url).path:
            assert headers.get("referrer-policy") == "strict-origin", url
    assert not any(secret in r for r in b.referers)


def test_an_encoded_secret_in_the_path_is_masked_too(server) -> None:
    port, log = server
    secret = "S3cretS3cretS3cretS3cretS3cretS3"
    b = Browser(port)
    for path in (
        f"/m/abcdefgh/e/{secret}/",
        "/m/abcdefgh/e/" + "".join(f"%{ord(c):02X}" for c in secret) + "/",
        "/m/abcdefgh/e%2F" + secret + "/",
        "/m/abcdefgh/%65/" + secret[:5] + "%41" + secret[6:] + "/",
    ):
        b.last = None
        b.request("GET", path)
    text = log.read_text()
    assert secret not in text and secret[6:] not in text and "%53%33%63" not in text, text
