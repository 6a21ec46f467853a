"""voon and Belka started without their first leader: hand 1's form asks once who held the ace of
diamonds (voon-series#leading) or the jack of clubs (yc-belka#scoring), so that from hand 2 on the
banner names the leader, the seats' suits and the team that may lead trumps. The answer is hand
1's record field ``first_leader``, in the log like the rest of the record (edit, undo, history);
anything else is refused beside the field and nothing is stored."""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command

from scorekeeper.models import Entry

NAMES = {"player_0": "Аня", "player_1": "Борис", "player_2": "Вика", "player_3": "Гоша"}


def banner(html: str) -> str:
    found = re.search(r'<p class="nextdeal">(.*?)</p>', html, re.S)
    assert found
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", found.group(1))).strip()


def asks(html: str) -> str | None:
    """The legend of hand 1's question, or None."""
    found = re.search(r'<fieldset class="first-leader" data-first-leader>\s*<legend>([^<]*)</legend>', html)
    return found.group(1) if found else None


def errors(resp) -> str:  # type: ignore[no-untyped-def]
    return " ".join(re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', resp.content.decode(), re.S))


@pytest.mark.django_db
def test_voons_hand_1_asks_who_held_the_ace_of_diamonds_and_hand_2_names_the_leader(start, client):
    table = start("voon-series", **NAMES)
    html = client.get(table.edit).content.decode()
    assert asks(html) == "У кого был туз ♦?"
    assert re.findall(r'name="first_leader" value="(\d)"\s*> (\w+)</label>', html) == [
        ("0", "Аня"),
        ("1", "Борис"),
        ("2", "Вика"),
        ("3", "Гоша"),
    ]
    assert table.hand(points_0=72, first_leader="1").status_code == 200
    assert Entry.objects.get(match=table.match).record == {"points": [72, 48], "first_leader": 1}
    html = client.get(table.edit).content.decode()
    assert asks(html) is None  # asked once
    line = banner(html)
    assert "заходит Вика: заход перешёл на одно место по часовой" in line
    assert "с козыря заходит только команда «Красные»" in line
    # the hand's line says it, and so does the history
    assert "первый заход: Борис" in html
    assert "первый заход: Борис" in client.get(table.edit + "history/").content.decode()
    call_command("check_snapshots")  # the stored snapshot is what the log gives


@pytest.mark.django_db
def test_belkas_hand_1_asks_for_the_jack_of_clubs_and_the_seats_own_their_suits(start, client):
    table = start("yc-belka", **NAMES)
    assert asks(client.get(table.edit).content.decode()) == "У кого был валет ♣?"
    assert table.hand(points_0=70, obyaz="1", first_leader="3").status_code == 200
    line = banner(client.get(table.edit).content.decode())
    assert "козыри по валету ♣: Гоша ♣ · Борис ♠ · Вика ♥ · Аня ♦" in line


@pytest.mark.django_db
def test_the_answer_is_corrected_undone_and_kept_in_the_history(start, client):
    table = start("voon-series", **NAMES)
    table.hand(points_0=72, first_leader="1")
    table.hand(points_1=90)
    slot = table.match.lines.get(number=1).slot
    page = client.get(f"{table.edit}hand/{slot}/").content.decode()
    assert asks(page) == "У кого был туз ♦?"
    assert re.search(r'value="1"\s+checked> Борис', page)
    assert table.post(f"hand/{slot}/", {"points_0": 72, "first_leader": "3"}, htmx=False).status_code == 302
    # hand 1 went to the Reds, hand 2 to the Blacks: two moves on from Гоша
    assert "заходит Борис" in banner(client.get(table.edit).content.decode())
    history = client.get(table.edit + "history/").content.decode()
    assert "первый заход: Гоша" in history and "первый заход: Борис" in history
    # hand 2's correction page does not ask
    later = table.match.lines.get(number=2).slot
    assert asks(client.get(f"{table.edit}hand/{later}/").content.decode()) is None
    # undo both: hand 1's form asks again
    table.post("undo/")
    table.post("undo/")
    assert asks(client.get(table.edit).content.decode()) == "У кого был туз ♦?"


@pytest.mark.django_db
def test_a_first_leader_given_at_the_start_is_not_asked_and_not_told_again(start, client):
    table = start("voon-series", first_leader="2", **NAMES)
    assert asks(client.get(table.edit).content.decode()) is None
    resp = table.hand(points_0=72, first_leader="1")
    assert resp.status_code == 422
    assert "Кто заходит первым, уже сказано при создании матча." in errors(resp)
    assert not Entry.objects.filter(match=table.match).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "hands", "fields", "message"),
    [
        # only hand 1
        (
            "voon-series",
            [{"points_0": 72}],
            {"points_0": 72, "first_leader": "1"},
            "Кто заходил первым, указывают только в первом коне.",
        ),
        # only voon and Belka
        ("classic-sixes", [], {"points_0": 72, "first_leader": "1"}, "В этом варианте такого события нет."),
        # a seat of the table
        (
            "voon-series",
            [],
            {"points_0": 72, "first_leader": "7"},
            "Выберите одного из игроков за этим столом.",
        ),
    ],
)
def test_a_first_leader_out_of_place_is_refused_beside_its_field(start, variant, hands, fields, message):
    table = start(variant, **NAMES)
    for h in hands:
        table.hand(**h)
    before = Entry.objects.filter(match=table.match).count()
    resp = table.hand(**fields)
    assert resp.status_code == 422
    assert message in errors(resp)
    assert Entry.objects.filter(match=table.match).count() == before


@pytest.mark.django_db
def test_the_score_api_takes_the_first_leader_and_refuses_it_out_of_place(client):
    def score(body):  # type: ignore[no-untyped-def]
        return client.post("/api/v1/score", json.dumps(body), content_type="application/json")

    r = score({"variant": "voon-series", "hands": [{"points": [72, 48], "first_leader": 1}]})
    assert r.status_code == 200
    assert r.json()["next"] == {
        "dealer": 1,
        "leader": 2,
        "leader_team": None,
        "lead_rule": "rotates",
        "trump_suit": None,
    }
    assert (
        r.json()["score"]
        == score({"variant": "voon-series", "hands": [{"points": [72, 48]}]}).json()["score"]
    )
    for body, code, field in (
        (
            {
                "variant": "voon-series",
                "hands": [{"points": [72, 48]}, {"points": [72, 48], "first_leader": 1}],
            },
            "first_leader_not_first_hand",
            "hands[1].first_leader",
        ),
        (
            {"variant": "classic-sixes", "hands": [{"points": [72, 48], "first_leader": 1}]},
            "event_not_in_variant",
            "hands[0].first_leader",
        ),
        (
            {"variant": "yc-belka", "hands": [{"points": [60, 60], "first_leader": -1}]},
            "bad_seat",
            "hands[0].first_leader",
        ),
    ):
        r = score(body)
        assert r.status_code == 400, body
        assert (r.json()["error"], r.json()["field"]) == (code, field)
