"""A company's links: the view link cannot write, a match's edit link does not open its
company's edit page, and a company is found only by its link."""

from __future__ import annotations

import pytest
from django.test import Client

from scorekeeper.company.models import Company, CompanyEntry
from tests.company.test_pages import FOUR, company_of, make, start_match

pytestmark = pytest.mark.django_db

WRITES = ["player/", "rename/", "merge/", "unmerge/", "match/", "match/remove/", "new-match/"]


def test_the_view_link_cannot_write(client: Client) -> None:
    edit = make(client)
    c = company_of(edit)
    before = CompanyEntry.objects.filter(company=c).count()
    view = f"/c/{c.public_id}/"
    for path in ["", *WRITES, "seating/", "e/", "qr.svg"]:
        r = client.post(view + path, {"name": "Хакер", "version": c.version, "nonce": "x"})
        assert r.status_code == 403, path
    page = client.get(view).content.decode()
    assert '<form method="post"' not in page.split("</header>", 1)[1]
    secret = edit.split("/")[4]
    assert secret not in page and "/e/" not in page
    assert CompanyEntry.objects.filter(company=c).count() == before


def test_a_matchs_edit_link_does_not_open_its_companys_edit_page(client: Client) -> None:
    edit = make(client)
    c = company_of(edit)
    table = start_match(client, edit, FOUR)
    match_secret = table.edit.split("/")[4]
    assert match_secret != edit.split("/")[4]
    for path in ["", *WRITES]:
        url = f"/c/{c.public_id}/e/{match_secret}/{path}"
        r = client.post(url, {"name": "x", "version": c.version, "nonce": "y"}) if path else client.get(url)
        assert r.status_code == 404, path
    assert client.get(f"/c/{c.public_id}/e/{match_secret}/seating/?p=1&p=2&p=3&p=4").status_code == 404
    # and the company's secret does not open the match
    assert client.get(f"/m/{table.public_id}/e/{edit.split('/')[4]}/").status_code == 404


def test_a_company_is_found_only_by_its_link(client: Client) -> None:
    edit = make(client)
    c = company_of(edit)
    assert client.get("/c/").status_code == 404
    assert client.get("/c/AAAAAAAAAAAA/").status_code == 404
    assert client.get(f"/c/{c.public_id[:-1]}/").status_code == 404
    wrong = "A" * 32
    assert client.get(f"/c/{c.public_id}/e/{wrong}/").status_code == 404
    assert client.get(f"/c/{c.public_id}/e/{wrong}/qr.svg").status_code == 404
    # a match's page does not name the company it belongs to
    table = start_match(client, edit, FOUR)
    assert c.public_id not in client.get(table.edit).content.decode()
    assert Company.objects.get(pk=c.pk).secret_hash not in client.get(edit).content.decode()


def test_the_edit_page_is_never_stored_and_its_secret_not_sent_on(client: Client) -> None:
    edit = make(client)
    r = client.get(edit)
    assert r["Cache-Control"] == "no-store, private"
    assert r["Referrer-Policy"] == "strict-origin"
    view = client.get(f"/c/{company_of(edit).public_id}/")
    assert "no-store" not in view.get("Cache-Control", "")
