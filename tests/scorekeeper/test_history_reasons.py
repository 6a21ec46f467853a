"""History: the referee's reasons are stored as codes with parameters and shown in the reader's
language (an English history never shows Russian), with the players' names; a restored hand is
labelled «восстановлен», not «исправлен»."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.models import Entry

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _main(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html.split('<main id="main"')[1].split("</main>")[0])


@pytest.mark.django_db
def test_a_review_reason_is_a_code_shown_in_each_language(start, client):
    table = start("classic-sixes", team_0="Reds", team_1="Blacks", player_1="Bob")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    # the referee's return link proposes 40:80 because seat 2 (Bob) revoked in trick 3
    link = f"hand/{slot}/?points_0=40&points_1=80&reason_code=review_revoke&reason_params=seat=1,trick=3"
    page = client.get(table.edit + link).content.decode()
    assert "Разбор: взятка 3, ход не в масть — Bob" in page
    assert "Предложено разбором судьи: Разбор" not in page  # the coded reason says where it comes from
    resp = table.post(
        f"hand/{slot}/",
        {"points_0": 40, "points_1": 80, "reason_code": "review_revoke", "reason_params": "seat=1,trick=3"},
        htmx=False,
    )
    assert resp.status_code == 302
    stored = json.loads(Entry.objects.get(match=table.match, action=Entry.EDIT).reason)
    assert stored == {"code": "review_revoke", "params": {"seat": 1, "trick": 3}, "text": ""}
    ru = _main(client.get(table.edit + "history/").content.decode())
    assert "Разбор: взятка 3, ход не в масть — Bob" in ru
    client.post("/lang/", {"language": "en", "next": "/"})
    en = _main(client.get(table.edit + "history/").content.decode())
    assert "Review: Bob did not follow in trick 3" in en
    assert not CYRILLIC.search(en), CYRILLIC.findall(en)


@pytest.mark.django_db
def test_a_forged_reason_code_is_refused_and_changes_nothing(start):
    table = start("classic-sixes")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    resp = table.post(
        f"hand/{slot}/",
        {"points_0": 40, "reason_code": "review_revoke", "reason_params": "seat=x"},
        htmx=False,
    )
    assert resp.status_code == 422
    assert not Entry.objects.filter(match=table.match, action=Entry.EDIT).exists()


@pytest.mark.django_db
def test_a_restored_hand_is_labelled_restored(start, client):
    table = start("classic-sixes")
    table.hand(points_0=72)
    table.post("undo/")
    table.post("history/1/restore/", htmx=False)
    hands = client.get(table.edit).content.decode().split('id="hands"')[1]
    assert "(восстановлен)" in hands and "(исправлен)" not in hands
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    table.post(f"hand/{slot}/", {"points_0": 80}, htmx=False)
    hands = client.get(table.edit).content.decode().split('id="hands"')[1]
    assert "(исправлен)" in hands and "(восстановлен)" not in hands


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("post", "code", "ru", "en"),
    [
        (
            "restore",
            {"code": "restored", "params": {"n": 1}, "text": ""},
            "восстановлена версия из изменения №1",
            "restored the version of change #1",
        ),
        (
            "replace",
            {"code": "replaced_offline", "params": {}, "text": ""},
            "Заменён коном, записанным на другом телефоне без сети",
            "Replaced by the hand kept on the other phone while it was offline",
        ),
    ],
)
def test_the_apps_own_reasons_are_codes_too(start, client, post, code, ru, en):
    """A restore and an offline «Replace with mine» say why in the reader's language, whoever's
    phone made the change."""
    table = start("classic-sixes", team_0="Reds", team_1="Blacks")
    table.hand(points_0=72)
    slot = Entry.objects.get(match=table.match, action=Entry.ADD).slot
    if post == "restore":
        table.post("undo/")
        table.post("history/1/restore/", htmx=False)
        entry = Entry.objects.get(match=table.match, action=Entry.RESTORE)
    else:  # what outbox.js sends for «Заменить на мой»
        data = {"points_0": 80, "reason_code": "replaced_offline", "reason_params": ""}
        assert table.post(f"hand/{slot}/", data, htmx=False).status_code == 302
        entry = Entry.objects.get(match=table.match, action=Entry.EDIT)
    assert json.loads(entry.reason) == code
    assert ru in _main(client.get(table.edit + "history/").content.decode())
    client.post("/lang/", {"language": "en", "next": "/"})
    page = _main(client.get(table.edit + "history/").content.decode())
    assert en in page
    assert not CYRILLIC.search(page), CYRILLIC.findall(page)
