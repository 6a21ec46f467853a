"""Two blind seats, khvalyonki in penalty goats and matches stored before multi_leads was a choice,
through the scorekeeper's own views (classic-sixes#blind, penalty-goats#leading, classic-sixes#options)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db


def test_two_blind_seats_name_two_players(start) -> None:  # type: ignore[no-untyped-def]
    """classic-sixes#blind: two people, each with a blind partner opposite."""
    t = start(
        "classic-sixes",
        opt_blind_seats="0,1",
        first_dealer="0",
        player_0="Зоя",
        player_1="Лёва",
        player_2="Аня",
        player_3="Боря",
    )
    assert t.match.options["blind_seats"] == "0,1"
    assert t.match.player_names == ["", "", "Аня", "Боря"]  # nobody sits at a blind seat
    html = t.client.get(t.edit).content.decode()
    assert "слепой и Аня" in html and "слепой и Боря" in html
    assert "Кон 1: сдаёт Аня за слепого" in html  # the first dealer's seat is blind: its partner deals
    t.hand(points_0="70")
    assert "Кон 2: сдаёт Боря за слепого" in t.client.get(t.edit).content.decode()
    assert t.match.snapshot["score"] == [1, 0]


def test_the_new_match_page_offers_two_blind_seats_and_the_khvalyonki(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/m/new/?variant=penalty-goats").content.decode()
    assert re.search(r'<select id="opt-classic-sixes-blind_seats" name="opt_blind_seats" data-blind>', html)
    assert '<option value="0,1">двое слепых: места 1 и 2</option>' in html
    assert 'name="opt_hvalyonki"' in html
    # penalty goats' trump leads come with its khvalyonki: the field says so
    field = re.search(r'<label for="opt-penalty-goats-trump_lead">(.*?)</label>', html, re.S)
    assert field and "с настройкой «Хвалёнки: сдачи с правом ходить козырями»" in field.group(1)


def test_a_khvalyonka_is_recorded_in_penalty_goats(start) -> None:  # type: ignore[no-untyped-def]
    """penalty-goats#leading: the entry form offers the tick, and the record keeps it."""
    plain = start("penalty-goats")
    assert 'name="hvalyonka"' not in plain.client.get(plain.edit).content.decode()
    t = start("penalty-goats", opt_hvalyonki=True, opt_trump_lead="hvalyonka_only")
    assert t.match.options["trump_lead"] == "hvalyonka_only"
    assert 'name="hvalyonka"' in t.client.get(t.edit).content.decode()
    t.hand(points_0="62", hvalyonka="1")
    assert t.match.snapshot["score"] == [0, 2]
    assert "хвалёнка" in t.client.get(t.edit).content.decode()


def test_a_match_stored_before_multi_leads_was_a_choice_keeps_working(start) -> None:  # type: ignore[no-untyped-def]
    """classic-sixes#options: a match stored with ``multi_leads: true`` and ``blind_seat`` reads as
    «of one suit» and one blind seat; it replays, shows and links the referee as it did."""
    t = start("classic-sixes", player_0="Аня", player_1="Боря", player_3="Вера")
    m = t.match
    old = {k: v for k, v in m.options.items() if k not in ("multi_leads", "blind_seats")}
    m.options = {**old, "multi_leads": True, "blind_seat": "2"}  # as the match was stored
    m.save(update_fields=["options"])
    t.hand(points_0="70")
    html = t.client.get(t.edit).content.decode()
    assert "Аня и слепой" in html
    assert "одной масти" in html  # the options line: leads of several cards of one suit
    assert "opt_multi_leads=suit" in html and "opt_blind_seats=2" in html  # the referee links
    assert t.match.snapshot["score"] == [1, 0]
    assert t.match.options == {**old, "multi_leads": True, "blind_seat": "2"}  # kept as stored
