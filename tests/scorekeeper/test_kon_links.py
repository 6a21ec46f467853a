"""A hand's links use the number the board shows (``kon/3/`` is «Кон 3», after undos and deletes
too); ``hand/<slot>/`` keeps working exactly as before (phones' kept corrections hold it)."""

from __future__ import annotations

import re

import pytest

from scorekeeper.models import Entry

pytestmark = pytest.mark.django_db


def _links(html: str) -> list[str]:
    return re.findall(r'<a class="btn btn-small"\s+href="([^"]+)">', html)


def test_the_hand_list_links_by_number_and_the_number_follows_a_delete(start, client):
    table = start("classic-sixes")
    for p in (72, 95, 30):
        table.hand(points_0=p)
    html = client.get(table.edit).content.decode()
    assert _links(html)[:2] == [f"{table.edit}kon/3/", f"{table.edit}kon/3/dispute/"]
    slots = list(
        Entry.objects.filter(match=table.match, action=Entry.ADD)
        .order_by("seq")
        .values_list("slot", flat=True)
    )
    page = client.get(f"{table.edit}kon/2/").content.decode()
    assert "Исправить кон 2" in page and 'value="95"' in page
    # the form still posts to the slot: a number that moves meanwhile cannot redirect a correction
    assert f'action="{table.edit}hand/{slots[1]}/"' in page
    # delete hand 1: the hand that was 2 is now shown as «Кон 1», and kon/1/ is it
    assert table.post(f"hand/{slots[0]}/delete/", htmx=False).status_code == 302
    page = client.get(f"{table.edit}kon/1/").content.decode()
    assert "Исправить кон 1" in page and 'value="95"' in page
    assert client.get(f"{table.edit}kon/3/").status_code == 404
    dispute = client.get(f"{table.edit}kon/1/dispute/")
    assert dispute.status_code == 200 and f"{table.edit}hand/{slots[1]}/" in dispute.content.decode()


def test_hand_slot_paths_work_as_before(start, client):
    table = start("classic-sixes")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    assert client.get(f"{table.edit}hand/{slot}/").status_code == 200
    resp = table.post("kon/1/", {"points_0": 80, "points_1": 40}, htmx=False)
    assert resp.status_code == 302
    assert Entry.objects.filter(match=table.match, action=Entry.EDIT).count() == 1


def test_a_number_needs_the_edit_secret(start, client):
    table = start("classic-sixes")
    table.hand(points_0=72)
    assert client.get(f"/m/{table.public_id}/e/wrongsecretwrongsecret/kon/1/").status_code == 404
