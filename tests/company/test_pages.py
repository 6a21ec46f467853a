"""The company's pages through the real views: made with the phone's time zone, a match
started from it with its seats chosen, hands recorded, the figures and the evening's image;
renames, merges and their undo by the forms; a rematch stays in the company."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scorekeeper.company.log import replay
from scorekeeper.company.models import Company, CompanyEntry
from scorekeeper.models import Match
from tests.scorekeeper.conftest import Table

pytestmark = pytest.mark.django_db

FOUR = ["Аня", "Боря", "Вика", "Гоша"]


def make(client: Client, players: list[str] = FOUR, tz: str = "Europe/Moscow") -> str:
    r = client.post("/c/new/", {"name": "Пятница", "players": "\n".join(players), "time_zone": tz})
    assert r.status_code == 302, r.content.decode()[:2000]
    return r["Location"]


def form_fields(html: str, action: str) -> dict[str, str]:
    """The hidden fields of the form posting to ``action`` (its version and nonce)."""
    form = html[html.index(f'action="{action}"') :]
    form = form[: form.index("</form>")]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def company_of(edit: str) -> Company:
    return Company.objects.get(public_id=edit.split("/")[2])


def start_match(client: Client, edit: str, seats: list[str], dealer: int = 0) -> Table:
    query = "&".join(f"player_{i}={n}" for i, n in enumerate(seats)) + f"&first_dealer={dealer}"
    page = client.get(f"{edit}new-match/?{query}")
    assert page.status_code == 200
    html = page.content.decode()
    for n in seats:
        assert f'value="{n}"' in html
    action = re.search(r'<form method="post" action="([^"]+)" class="newmatch"', html).group(1)
    data = {"variant": "classic-sixes", "team_0": "Красные", "team_1": "Чёрные", "first_dealer": str(dealer)}
    data.update({f"player_{i}": n for i, n in enumerate(seats)})
    data.update({"opt_blind_seat": "none"})
    r = client.post(action.replace("&amp;", "&"), data)
    assert r.status_code == 302, r.content.decode()[:3000]
    return Table(client, r["Location"])


def win(table: Table, capture) -> None:  # type: ignore[no-untyped-def]
    with capture(execute=True):
        for _ in range(3):
            assert table.hand(points_0=90).status_code == 200


def test_the_company_is_made_in_the_phones_time_zone(client: Client) -> None:
    edit = make(client, tz="Asia/Vladivostok")
    assert company_of(edit).time_zone == "Asia/Vladivostok"
    r = client.post("/c/new/", {"name": "x", "players": "", "time_zone": "Nowhere/Land"})
    assert r.status_code == 422 and Company.objects.count() == 1
    assert "time zone" in r.content.decode() or "часовой пояс" in r.content.decode()


@pytest.mark.parametrize("tz", ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_the_evenings_picture_of_a_day_at_the_ends_of_the_calendar_is_not_found(
    client: Client, tz: str
) -> None:
    """The window searched around a date runs past the calendar's first or last day (in the
    company's zone or in UTC): no evening, not a server error."""
    company = company_of(make(client, tz=tz))
    days = ["0001-01-01", "0001-01-02", "9999-12-29", "9999-12-30", "9999-12-31", "2024-02-30", "2024-05-01"]
    for day in days:
        assert client.get(f"/c/{company.public_id}/evening/{day}.png").status_code == 404, day


def test_a_match_started_from_the_company_counts_and_the_pages_show_it(
    client: Client, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    edit = make(client)
    table = start_match(client, edit, ["Аня", "Боря", "Вика", "Гоша"], dealer=2)
    assert table.match.first_dealer == 2 and table.match.player_names == FOUR
    company = company_of(edit)
    assert company.rows.count() == 1
    win(table, django_capture_on_commit_callbacks)
    company.refresh_from_db()
    assert company.figures["scopes"]["*"]["count"] == 1
    page = client.get(edit).content.decode()
    assert "Аня" in page and "rating-chart" not in page  # one match: no line to draw yet
    view = client.get(f"/c/{company.public_id}/").content.decode()
    assert "Вечер" in view or "Evening" in view
    day = re.search(r"/evening/(\d{4}-\d\d-\d\d)\.png", view).group(1)
    png = client.get(f"/c/{company.public_id}/evening/{day}.png")
    assert png.status_code == 200 and png["Content-Type"] == "image/png"
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get(f"/c/{company.public_id}/evening/1999-01-01.png").status_code == 404
    # a second match, its rematch: stays in the company, and the chart has two points
    with django_capture_on_commit_callbacks(execute=True):
        r = table.post("rematch/", htmx=False)
    assert r.status_code == 302
    rematch = Table(client, r["Location"])
    assert company.rows.count() == 2
    win(rematch, django_capture_on_commit_callbacks)
    page = client.get(edit + "?period=evening").content.decode()
    assert "rating-chart" in page
    assert 'aria-current="true" href="' in page


def test_rename_merge_and_undo_by_the_forms(client: Client) -> None:
    edit = make(client, ["Аня", "Вася", "Василий"])
    c = company_of(edit)
    path = edit[:-1] if edit.endswith("/") else edit
    html = client.get(edit).content.decode()
    ids = {name: pid for pid, name in replay(CompanyEntry.objects.filter(company=c)).names.items()}
    r = client.post(
        f"{path}/merge/", {**form_fields(html, f"{path}/merge/"), "keep": ids["Василий"], "fold": ids["Вася"]}
    )
    assert r.status_code == 302
    html = client.get(edit).content.decode()
    assert "Вася counts as Василий" in html or "Вася считается как Василий" in html
    again = client.post(
        f"{path}/merge/", {**form_fields(html, f"{path}/merge/"), "keep": ids["Аня"], "fold": ids["Аня"]}
    )
    assert again.status_code == 422
    undo = form_fields(html, f"{path}/unmerge/")
    assert client.post(f"{path}/unmerge/", undo).status_code == 302
    assert client.post(f"{path}/unmerge/", undo).status_code == 302  # a double tap: done once
    assert CompanyEntry.objects.filter(company=c, action="unmerge").count() == 1
    stale = {**form_fields(html, f"{path}/rename/"), "player": ids["Аня"], "name": "Анна"}
    assert client.post(f"{path}/rename/", stale).status_code == 409  # the page was two changes ago
    html = client.get(edit).content.decode()
    fresh = {**form_fields(html, f"{path}/rename/"), "player": ids["Аня"], "name": "Анна"}
    assert client.post(f"{path}/rename/", fresh).status_code == 302
    names = replay(CompanyEntry.objects.filter(company=c)).names
    assert sorted(names.values()) == ["Анна", "Василий", "Вася"]


def test_a_match_is_added_by_its_edit_link(client: Client, start, django_capture_on_commit_callbacks) -> None:  # type: ignore[no-untyped-def]
    edit = make(client, [])
    path = edit.rstrip("/")
    table = start(player_0="Аня", player_1="Боря", player_2="Вика", player_3="Гоша")
    win(table, django_capture_on_commit_callbacks)
    html = client.get(edit).content.decode()
    fields = form_fields(html, f"{path}/match/")
    r = client.post(f"{path}/match/", {**fields, "link": "http://testserver" + table.edit})
    assert r.status_code == 302
    c = company_of(edit)
    assert c.rows.count() == 1 and c.figures["scopes"]["*"]["count"] == 1
    assert Match.objects.get(public_id=table.public_id).player_names == FOUR


def test_the_pages_tell_times_in_the_companys_zone(
    client: Client, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    from zoneinfo import ZoneInfo

    from django.utils import timezone
    from django.utils.dateformat import format as date_format

    edit = make(client, tz="Asia/Vladivostok")
    table = start_match(client, edit, FOUR)
    win(table, django_capture_on_commit_callbacks)
    row = company_of(edit).rows.get()
    local = date_format(timezone.localtime(row.order, ZoneInfo("Asia/Vladivostok")), "H:i")
    utc = date_format(timezone.localtime(row.order, ZoneInfo("UTC")), "H:i")
    page = client.get(edit).content.decode()
    assert local in page and (utc == local or utc not in page.split('id="matches"')[1])


def test_the_evenings_biggest_win_names_each_team_with_its_players(
    client: Client, django_capture_on_commit_callbacks
) -> None:  # type: ignore[no-untyped-def]
    """«Красные (Аня и Вика) — победа …; Чёрные (Боря и Гоша) — козлы»: the teams as the match
    named them, each with who played for it, in the reader's language."""
    edit = make(client)
    table = start_match(client, edit, FOUR)
    win(table, django_capture_on_commit_callbacks)
    page = client.get(edit).content.decode()
    big = re.search(r"<dt>Самая крупная победа</dt><dd>([^<]*)</dd>", page).group(1)
    assert big == "Красные (Аня и Вика) — победа 6:0; Чёрные (Боря и Гоша) — козлы"
    client.cookies["kozel_lang"] = "en"
    page = client.get(edit).content.decode()
    big = re.search(r"<dt>The biggest win</dt><dd>([^<]*)</dd>", page).group(1)
    assert big == "Reds (Аня and Вика) beat Blacks (Боря and Гоша) 6:0 — goats"
