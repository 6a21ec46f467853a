"""The scorekeeper at the short-handed and individual tables (docs/tables.md): a blind seat, the
duel, each for himself with 2, 3 or 4 players; through the real views and a real database."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.core.management import call_command

from scorekeeper import snapshots
from scorekeeper.models import Entry, Match

pytestmark = pytest.mark.django_db


def scores(html: str) -> list[int]:
    return [int(x) for x in re.findall(r'data-score="\d">(-?\d+)<', html)]


def solo(start, seats: int = 3, **fields):  # type: ignore[no-untyped-def]
    names = ["Аня", "Боря", "Вера", "Гена"][:seats]
    return start("solo-twelve", seats=str(seats), **{f"player_{i}": n for i, n in enumerate(names)}, **fields)


def test_new_match_asks_how_many_play_and_offers_every_table(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/m/new/?variant=solo-twelve").content.decode()
    for key in ("classic-sixes", "yc-duel", "solo-twelve"):
        assert f'value="{key}"' in html
    # the seat count only where the variant allows several: solo-twelve's 2, 3 or 4
    assert html.count('name="seats"') == 3
    assert 'name="opt_blind_seats"' in html  # every four-seat team game may be played blind
    assert re.search(r'<fieldset class="team-names" hidden disabled>', html)  # players name the sides


def test_solo_twelve_three_players_marks_and_the_rest(start) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 3)
    m = t.match
    assert (m.seats, m.team_names) == (3, ["Аня", "Боря", "Вера"])
    html = t.client.get(t.edit).content.decode()
    assert scores(html) == [12, 12, 12]
    assert 'name="points_2"' in html and 'name="points_3"' not in html
    assert "Кон 1: сдаёт Аня · заходит Боря" in html  # the player after the dealer leads
    # two numbers typed, the third is the rest of 120; Боря 70 takes 2 from Вера, 1 from the dealer
    resp = t.hand(points_0="30", points_1="70")
    assert resp.status_code == 200, resp.content.decode()[:500]
    assert scores(resp.content.decode()) == [11, 15, 10]
    assert Entry.objects.get(match=m).record == {"points": [30, 70, 20], "dealer": 0}
    # the deal passes over the seats present: seat 1, then seat 2, then seat 0 again
    t.hand(points_0="20", points_1="30")  # Вера 70, Боря dealt: Боря -1, Аня -2
    html = t.client.get(t.edit).content.decode()
    assert scores(html) == [9, 14, 13]
    assert "Кон 3: сдаёт Вера · заходит Аня" in html
    assert [e.record["dealer"] for e in Entry.objects.filter(match=m)] == [0, 1]
    assert snapshots.check(t.match) == []


def test_solo_twelve_refuses_points_it_cannot_complete(start) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 4)
    resp = t.hand(points_0="30")
    assert resp.status_code == 422 and "кроме одного" in resp.content.decode()
    resp = t.hand(points_0="80", points_1="50", points_2="0")
    assert resp.status_code == 422 and "130" in resp.content.decode()
    resp = t.hand(points_0="10", points_1="10", points_2="10", points_3="10")
    assert resp.status_code == 422
    assert not Entry.objects.filter(match=t.match).exists()


def test_solo_twelve_to_the_goat_with_undo_edit_export_and_rematch(start, client) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 2)
    for _ in range(3):
        assert t.hand(points_0="100").status_code == 200
    html = t.client.get(t.edit).content.decode()
    # 2 players, the dealer alternates: Аня takes 2 from Боря when Аня deals (Боря is not the
    # dealer), 1 when Боря deals
    assert scores(html) == [12 + 2 + 1 + 2, 12 - 2 - 1 - 2]
    assert t.post("undo/").status_code == 200
    assert scores(t.client.get(t.edit).content.decode()) == [15, 9]
    # a correction keeps the dealer the hand was recorded with
    slot = Entry.objects.filter(match=t.match, action="add").order_by("seq")[1].slot
    resp = t.post(f"hand/{slot}/", {"points_0": "20", "points_1": "100", "reason": "перепутали"}, htmx=False)
    assert resp.status_code == 302
    edit = Entry.objects.filter(match=t.match, action="edit").get()
    assert edit.record == {"points": [20, 100], "dealer": 1}
    for _ in range(10):
        if t.match.snapshot["finished"]:
            break
        t.hand(points_1="100")
    snap = t.match.snapshot
    assert snap["finished"] and snap["score"][1] == 24 - snap["score"][0] and snap["score"][0] <= 0
    html = t.client.get(t.edit).content.decode()
    assert "Победа: Боря" in html and "Аня — <strong>козёл</strong>" in html
    assert 'class="marks-row goat"' in html
    view = f"/m/{t.public_id}/"
    assert client.get(view).status_code == 200
    rows = list(csv.reader(io.StringIO(client.get(view + "export.csv").content.decode("utf-8-sig"))))
    assert rows[0][1:3] == ["очки: Аня", "очки: Боря"]
    data = json.loads(client.get(view + "export.json").content)
    assert data["seats"] == 2 and data["teams"] == ["Аня", "Боря"] and data["loser"] == 0
    resp = t.post("rematch/", htmx=False)
    new = Match.objects.get(previous=t.match)
    assert (new.seats, new.variant, new.team_names) == (2, "solo-twelve", ["Аня", "Боря"])
    hands = len(data["hands"])
    assert new.first_dealer == hands % 2
    assert new.snapshot["score"] == [12, 12]


def test_two_against_one_records_the_lone_player(start) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 3, opt_spades_queen=True, opt_trump_suit="C")
    html = t.client.get(t.edit).content.decode()
    assert 'name="lone"' in html and "дама пик" in html
    resp = t.hand(points_0="64", points_1="26", lone="0")
    assert resp.status_code == 200
    assert Entry.objects.get(match=t.match).record == {"points": [64, 26, 30], "dealer": 0, "lone": 0}
    assert "один против двоих: Аня" in resp.content.decode()


def test_two_against_one_needs_three_players(client) -> None:  # type: ignore[no-untyped-def]
    data = {"variant": "solo-twelve", "seats": "2", "opt_spades_queen": "1", "opt_trump_suit": "C"}
    resp = client.post("/m/new/", {**data, "first_dealer": "0"})
    assert resp.status_code == 422 and "играют 3 игрока" in resp.content.decode()
    assert not Match.objects.exists()
    resp = client.post("/m/new/", {**data, "seats": "3", "first_dealer": "3"})
    assert resp.status_code == 422 and not Match.objects.exists()


def test_duel_changing_trump_suit(start) -> None:  # type: ignore[no-untyped-def]
    t = start("yc-duel", player_0="Аня", player_1="Боря")
    html = t.client.get(t.edit).content.decode()
    assert "козыри: ♣" in html and 'name="last_suit"' in html
    assert t.match.team_names == ["Аня", "Боря"]
    resp = t.hand(points_0="95", last_suit="H")
    html = resp.content.decode()
    assert scores(html)[:2] == [4, 0]
    assert "козыри: ♥" in html and "последняя карта ♥" in html
    assert "Кон 2: сдаёт Боря · заходит Аня" in html
    t.hand(points_1="70", last_suit="S")
    assert "козыри: ♠" in t.client.get(t.edit).content.decode()
    t.post("undo/")
    assert "козыри: ♥" in t.client.get(t.edit).content.decode()
    assert t.match.snapshot["last_suit"] == "H"


def test_blind_table_names_three_players(start) -> None:  # type: ignore[no-untyped-def]
    t = start(
        "classic-sixes", opt_blind_seat="2", player_0="Аня", player_1="Боря", player_2="Зоя", player_3="Вера"
    )
    assert t.match.player_names == ["Аня", "Боря", "", "Вера"]
    html = t.client.get(t.edit).content.decode()
    assert "Аня и слепой" in html


def test_blind_seats_partner_deals_in_its_turn(start) -> None:  # type: ignore[no-untyped-def]
    t = start(
        "classic-sixes",
        opt_blind_seat="2",
        first_dealer="1",
        player_0="Аня",
        player_1="Боря",
        player_3="Вера",
    )
    assert "Кон 1: сдаёт Боря" in t.client.get(t.edit).content.decode()
    t.hand(points_0="70")
    html = t.client.get(t.edit).content.decode()
    assert "Кон 2: сдаёт Аня за слепого" in html  # the third seat is blind: its partner deals, not «слепой»
    assert "Этот кон сдаёт Аня за слепого" in html
    t.hand(points_0="70")
    assert "Кон 3: сдаёт Вера" in t.client.get(t.edit).content.decode()


def test_check_snapshots_over_every_table(start) -> None:  # type: ignore[no-untyped-def]
    a = solo(start, 4)
    a.hand(points_0="61", points_1="20", points_2="19")
    b = start("yc-duel")
    b.hand(points_0="30", last_suit="D")
    c = start("classic-sixes")
    c.hand(points_0="72")
    before = {m.pk: m.snapshot for m in Match.objects.all()}
    call_command("check_snapshots")  # exit status 0: every stored snapshot is what its log gives
    assert {m.pk: m.snapshot for m in Match.objects.all()} == before
    assert Match.objects.get(pk=c.match.pk).snapshot["score"] == [1, 0]
    assert "seats" not in c.match.snapshot and a.match.snapshot["seats"] == 4


def test_view_link_history_and_correction_page_at_a_table_of_three(start, client) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 3, opt_spades_queen=True, opt_trump_suit="C")
    t.hand(points_0="64", points_1="26", lone="0")
    t.hand(points_0="10", points_1="20")
    view = client.get(f"/m/{t.public_id}/").content.decode()
    assert 'class="marks-list"' in view and scores(view) == [14, 9, 13]
    assert 'name="points_0"' not in view  # the view link shows, never writes
    history = t.client.get(t.edit + "history/").content.decode()
    assert "64:26:30" in history and "10:20:90" in history
    slot = Entry.objects.filter(match=t.match).order_by("seq")[0].slot
    page = t.client.get(f"{t.edit}hand/{slot}/").content.decode()
    assert 'value="64"' in page and 'value="26"' in page and 'value="30"' in page
    assert re.search(r'<option value="0" selected>Аня</option>', page)
    assert 'name="penalty_kind"' not in page and 'name="all_tricks"' not in page
    # the correction moves who played alone; the dealer stays the one the hand was dealt by
    resp = t.post(f"hand/{slot}/", {"points_0": "64", "points_1": "26", "lone": "1"}, htmx=False)
    assert resp.status_code == 302
    assert Entry.objects.filter(match=t.match).order_by("seq").last().record == {
        "points": [64, 26, 30],
        "dealer": 0,
        "lone": 1,
    }
    assert snapshots.check(t.match) == []


def test_a_lone_seat_is_refused_without_two_against_one(start) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 3)
    resp = t.hand(points_0="64", points_1="26", lone="0")
    assert resp.status_code == 422
    assert not Entry.objects.filter(match=t.match).exists()


def test_a_series_of_three_counts_each_players_wins(start) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 3)
    while not t.match.snapshot["finished"]:
        t.hand(points_0="0", points_1="0")  # Вера takes every deal
    t.post("rematch/", htmx=False)
    new = Match.objects.get(previous=t.match)
    assert (new.seats, new.first_dealer) == (3, t.match.snapshot["hands"] % 3)
    html = t.client.get(t.edit).content.decode()
    assert "Аня 0 · Боря 0 · Вера 1" in html


def test_a_link_with_two_against_one_preselects_three_players(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/m/new/?variant=solo-twelve&opt_spades_queen=1").content.decode()
    assert re.search(r'name="seats" value="3" checked', html)
    assert not re.search(r'name="seats" value="4" checked', html)


def test_the_deal_reviews_return_link_fills_who_played_alone_and_the_last_suit(start) -> None:  # type: ignore[no-untyped-def]
    t = solo(start, 3, opt_spades_queen=True, opt_trump_suit="C")
    t.hand(points_0="64", points_1="26", lone="0")
    slot = Entry.objects.filter(match=t.match).order_by("seq")[0].slot
    page = t.client.get(f"{t.edit}hand/{slot}/?points_0=20&points_1=70&points_2=30&lone=2").content.decode()
    assert re.search(r'<option value="2" selected>Вера</option>', page)
    assert 'value="20"' in page and 'value="70"' in page
    junk = t.client.get(f"{t.edit}hand/{slot}/?lone=7").content.decode()  # a bad value is dropped
    assert re.search(r'<option value="0" selected>Аня</option>', junk)
    d = start("yc-duel")
    d.hand(points_0="30", last_suit="D")
    slot = Entry.objects.filter(match=d.match).order_by("seq")[0].slot
    page = d.client.get(f"{d.edit}hand/{slot}/?points_0=50&points_1=70&last_suit=S").content.decode()
    assert re.search(r'<option value="S" selected>', page)
