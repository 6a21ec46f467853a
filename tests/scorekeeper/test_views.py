"""The match pages: fragments vs full pages, idempotency, stale forms, the read-only view link,
corrections kept in history, exports, and a constant number of queries."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from rules.engine.variants import VARIANTS, Option
from scorekeeper.models import Entry, Match
from scorekeeper.selectors import match_board


@pytest.mark.django_db
def test_new_match_form_preselects_from_a_house_rule_link(client):
    html = client.get(
        "/m/new/?variant=penalty-goats&opt_eggs_double=1&opt_royal_goat=true&house=У Пети"
    ).content.decode()
    assert re.search(r'value="penalty-goats" checked', html)
    block = html.split('data-variant="penalty-goats"')[1].split("</fieldset>")[0]
    assert re.search(r'name="opt_eggs_double" value="1" checked', block)
    assert re.search(r'name="opt_royal_goat" value="1" checked', block)
    assert not re.search(r'name="opt_shutout_marks" value="1" checked', block)
    assert "У Пети" in html and "Красные" in html and "Чёрные" in html
    assert 'href="/rules/voon-series/"' in html


@pytest.mark.django_db
def test_create_freezes_every_option_and_hides_the_secret(client, start, monkeypatch):
    table = start("yc-hvalyony")
    m = table.match
    assert m.options == {
        "sevens": False,
        "six_of_clubs": True,
        "lyusya": "instant-win",
        "blind_seats": "none",
    }
    secret = table.edit.split("/")[4]
    assert len(secret) >= 32 and secret not in m.secret_hash
    # a later change of the variant's defaults does not touch the match already played
    v = VARIANTS["yc-hvalyony"]
    opts = tuple(
        Option("lyusya", "choice", "reset", ("instant-win", "reset")) if o.key == "lyusya" else o
        for o in v.options
    )
    monkeypatch.setitem(VARIANTS, "yc-hvalyony", type(v)(v.key, v.source, v.seeds, opts, v.build))
    table.hand(points_0=95)
    table.hand(points_1=120, all_tricks="1")
    state = match_board(match=m).state
    assert state.winner == 1 and state.score == (4, 0)  # still the instant win it was created with
    view = client.get(f"/m/{m.public_id}/").content.decode()
    assert secret not in view and "/e/" not in view


@pytest.mark.django_db
def test_htmx_gets_the_fragment_and_a_plain_post_redirects(start):
    table = start()
    resp = table.hand(points_0=72)
    assert resp.status_code == 200
    html = resp.content.decode()
    assert "<html" not in html and html.lstrip().startswith('<div id="match"')
    resp = table.hand(htmx=False, points_0=72)
    assert resp.status_code == 302 and resp["Location"] == table.edit
    page = table.client.get(table.edit).content.decode()
    assert "<html" in page and 'id="match"' in page
    assert Entry.objects.count() == 2


@pytest.mark.django_db
def test_a_double_tap_records_one_hand(start):
    table = start()
    data = {"points_0": 72, "version": 0, "nonce": "same-tap"}
    r1 = table.client.post(table.edit + "hand/", data, HTTP_HX_REQUEST="true")
    r2 = table.client.post(table.edit + "hand/", data, HTTP_HX_REQUEST="true")
    assert r1.status_code == r2.status_code == 200
    assert Entry.objects.count() == 1
    assert match_board(match=table.match).state.score == (1, 0)


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [True, False])
def test_a_stale_form_is_refused_with_the_fresh_board(start, htmx):
    table = start()
    table.hand(points_0=72)  # another phone recorded hand 1 after our form was shown at version 0
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    resp = table.client.post(table.edit + "hand/", {"points_0": 95, "version": 0, "nonce": "x"}, **headers)
    assert resp.status_code == 409
    html = resp.content.decode()
    assert "матч изменили с другого телефона" in html
    assert "72:48" in html  # the fresh board
    assert ("<html" in html) is not htmx
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_view_link_is_read_only(client, start):
    table = start()
    table.hand(points_0=72)
    pid = table.public_id
    client.cookies.clear()
    page = client.get(f"/m/{pid}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "72:48" in html and 'id="entry"' not in html and "Отменить" not in html
    for path in (f"/m/{pid}/", f"/m/{pid}/hand/", f"/m/{pid}/undo/", f"/m/{pid}/export.csv"):
        assert client.post(path, {"points_0": 72}).status_code == 403
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_wrong_secret_is_404_and_changes_nothing(client, start):
    table = start()
    pid = table.public_id
    bad = "A" * 32
    assert client.get(f"/m/{pid}/e/{bad}/").status_code == 404
    assert (
        client.post(f"/m/{pid}/e/{bad}/hand/", {"points_0": 72, "version": 0, "nonce": "n"}).status_code
        == 404
    )
    assert client.post(f"/m/{pid}/e/{bad}/undo/", {"version": 0, "nonce": "n"}).status_code == 404
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_view_poll_answers_204_while_nothing_changed(client, start):
    table = start()
    table.hand(points_0=72)
    pid = table.public_id
    assert client.get(f"/m/{pid}/?v=1", HTTP_HX_REQUEST="true").status_code == 204
    table.hand(points_0=95)
    resp = client.get(f"/m/{pid}/?v=1", HTTP_HX_REQUEST="true")
    assert resp.status_code == 200 and "<html" not in resp.content.decode()
    assert "95:25" in resp.content.decode() and "?v=2" in resp.content.decode()


@pytest.mark.django_db
def test_undo_edit_delete_restore_keep_every_version(start):
    table = start("classic-sixes")
    table.hand(points_0=72)
    table.hand(points_0=95)
    table.hand(points_1=95)
    m = table.match
    slots = [ln.slot for ln in match_board(match=m).hands]
    assert match_board(match=m).state.score == (3, 2)
    table.post("undo/")
    assert match_board(match=m).state.score == (3, 0)
    resp = table.post(f"hand/{slots[0]}/", {"points_0": 40, "reason": "пересчитали"}, htmx=False)
    assert resp.status_code == 302
    assert match_board(match=m).state.score == (2, 1)  # hand 1 now to the blacks, hand 2 recomputed
    table.post(f"hand/{slots[1]}/delete/", {"reason": "лишний"}, htmx=False)
    assert match_board(match=m).state.score == (0, 1)
    assert Entry.objects.filter(match=m).count() == 6  # 3 adds, undo, edit, delete; nothing removed
    history = table.client.get(table.edit + "history/").content.decode()
    assert "пересчитали" in history and "лишний" in history and "отменён" in history
    # restore hand 2 as first recorded, and hand 1's original version
    table.post("history/2/restore/", htmx=False)
    table.post("history/1/restore/", htmx=False)
    assert match_board(match=m).state.score == (3, 0)
    assert [e.action for e in Entry.objects.filter(match=m)] == [
        "add",
        "add",
        "add",
        "undo",
        "edit",
        "delete",
        "restore",
        "restore",
    ]


@pytest.mark.django_db
def test_edit_page_prefills_from_the_referee_return_link(start):
    table = start("voon-series")
    table.hand(points_0=72)
    m = table.match
    slot = match_board(match=m).hands[0].slot
    url = (
        f"{table.edit}hand/{slot}/?points_0=40&points_1=80&all_tricks=0&queen_capture=1&reason=взятка 5 не та"
    )
    html = table.client.get(url).content.decode()
    assert (
        'name="points_0" type="text" inputmode="numeric" maxlength="3" autocomplete="off" value="40"' in html
    )
    assert '<option value="1" selected>Чёрные</option>' in html
    assert 'value="взятка 5 не та"' in html and "Предложено разбором судьи" in html


@pytest.mark.django_db
def test_dispute_is_under_the_edit_path_with_the_match_rules(start):
    from tests.rules.helpers import revoke_deal

    table = start("classic-sixes")
    html = table.hand(points_0=72).content.decode()
    slot = match_board(match=table.match).hands[0].slot
    dispute = f"{table.edit}hand/{slot}/dispute/"
    # the row links by the number shown (views.kon); the slot path answers as before
    assert f'href="{table.edit}kon/1/dispute/"' in html and "/rules/referee/deal/" not in html
    page = table.client.get(dispute).content.decode()
    # the match's rules are fixed: no variant to choose, the form submits to the dispute path
    assert f'action="{dispute}"' in page and 'name="variant"' not in page
    assert "return_to" not in page
    deal, _trick, _seat = revoke_deal()  # a whole deal under the default rules
    query = {k: v for k, v in deal.items() if k != "variant"}
    resp = table.client.get(dispute, {**query, "variant": "voon-series"})
    link = re.search(r'id="record-link" href="([^"]+)"', resp.content.decode()).group(1).replace("&amp;", "&")
    parts = urlparse(link)
    assert parts.path == f"{table.edit}hand/{slot}/"
    q = parse_qs(parts.query)
    assert int(q["points_0"][0]) + int(q["points_1"][0]) == 120 and q["reason_code"] == ["review_revoke"]
    assert not any(table.edit.split("/")[4] in v for vs in q.values() for v in vs)


@pytest.mark.django_db
def test_dispute_judges_by_the_match_options_whatever_the_query_says(start):
    from tests.rules.helpers import revoke_deal

    table = start("classic-sixes", opt_trump_suit="D")
    table.hand(points_0=72)
    deal, _trick, _seat = revoke_deal()  # played as if clubs were trumps
    query = {k: v for k, v in deal.items() if k != "variant"}
    resp = table.client.get(f"{table.edit}hand/1/dispute/", {**query, "opt_trump_suit": "C"})
    html = resp.content.decode()
    assert "Взятка 2: У игрока не было" in html and 'id="record-link"' not in html


@pytest.mark.django_db
def test_dispute_of_a_missing_hand_or_with_a_wrong_secret_is_404(start):
    table = start()
    table.hand(points_0=72)
    assert table.client.get(f"{table.edit}hand/99/dispute/").status_code == 404
    wrong = table.edit.replace(table.edit.split("/")[4], "x" * 32)
    assert table.client.get(f"{wrong}hand/1/dispute/").status_code == 404


@pytest.mark.django_db
def test_match_page_queries_do_not_grow_with_hands(start):
    table = start("penalty-goats")

    def count() -> int:
        with CaptureQueriesContext(connection) as ctx:
            assert table.client.get(table.edit).status_code == 200
            assert table.client.get(f"/m/{table.public_id}/").status_code == 200
        return len(ctx)

    table.hand(points_0=70)
    few = count()
    for _ in range(4):
        table.hand(points_0=70)
    assert count() == few


@pytest.mark.django_db
def test_exports(client, start):
    table = start("voon-series")
    table.hand(points_0=72)
    table.hand(eggs="1")
    data = json.loads(client.get(f"/m/{table.public_id}/export.json").content)
    assert data["variant"] == "voon-series" and data["score"] == [2, 0]
    assert data["hands"][1]["record"] == {"points": [60, 60]} and data["pending"] == {"bonus": 2}
    csv_text = client.get(f"/m/{table.public_id}/export.csv").content.decode("utf-8-sig")
    lines = csv_text.strip().splitlines()
    assert len(lines) == 3 and lines[1].startswith("1,72,48,")


@pytest.mark.django_db
def test_rematch_keeps_teams_rules_and_a_tally(start):
    table = start("voon-series")
    table.hand(queen_capture=1)
    resp = table.post("rematch/", htmx=False)
    assert resp.status_code == 302
    new_edit = resp["Location"]
    assert table.post("rematch/", htmx=False)["Location"] == new_edit  # one rematch per match
    m2 = Match.objects.get(public_id=new_edit.split("/")[2])
    assert (
        m2.variant == "voon-series"
        and m2.team_names == ["Красные", "Чёрные"]
        and m2.previous_id == table.match.pk
    )
    second = type(table)(table.client, new_edit)
    html = second.hand(queen_capture=0).content.decode()
    assert "Счёт матчей" in html and '<b class="team0">1</b> : <b class="team1">1</b>' in html


@pytest.mark.django_db
def test_qr_codes_are_svg(client, start):
    table = start()
    assert client.get(f"/m/{table.public_id}/qr.svg")["Content-Type"] == "image/svg+xml"
    assert client.get(table.edit + "qr.svg").content.lstrip().startswith(b"<?xml")


@pytest.mark.django_db
def test_csv_header_speaks_the_players_language(client, start):
    table = start("voon-series")
    table.hand(points_0=72)
    header = client.get(f"/m/{table.public_id}/export.csv").content.decode("utf-8-sig").splitlines()[0]
    assert header.startswith("кон,очки: Красные,очки: Чёрные,события,")
    client.cookies["kozel_lang"] = "en"
    header = client.get(f"/m/{table.public_id}/export.csv").content.decode("utf-8-sig").splitlines()[0]
    assert header.startswith("hand,points Reds,points Blacks,events,")  # the default names, in English too


@pytest.mark.django_db
def test_a_blind_table_names_the_blind_seat(client, start):
    """Three players with a blind partner (docs/tables.md#blind-seat): the seat is «слепой»."""
    table = start("classic-sixes", opt_blind_seat="2", player_0="Аня", player_1="Боря", player_3="Вера")
    assert table.match.options["blind_seats"] == "2"  # the older field read as the option it names
    html = client.get(table.edit).content.decode()
    assert "Аня и слепой" in html  # the team line: the blind seat is named, not a player
    plain = start("classic-sixes", player_2="Гена")
    assert "и слепой" not in client.get(plain.edit).content.decode()
