"""The referee reads its query string through Django forms: one base form of the shared fields,
extended by the trick, deal and hand forms; bad input is the form's errors and a 400."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from rules.engine.cards import Card
from rules.referee import read_deal, read_hand, read_rules, read_trick
from rules.referee.forms import DealForm, HandForm, RefereeForm, TrickForm
from tests.rules.helpers import text

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def cards(codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes.split()]


def test_the_three_forms_extend_one_base_of_the_shared_fields() -> None:
    for form in (TrickForm, DealForm, HandForm):
        assert issubclass(form, RefereeForm)
    assert {"variant", "hand"} <= set(TrickForm({}).fields) & set(DealForm({}).fields) & set(
        HandForm({}).fields
    )
    assert {"leader", "cards", "score"} <= set(TrickForm({}).fields)
    assert "cards" not in DealForm({}).fields  # a deal's cards are the four hands and the plays
    assert "leader" not in HandForm({}).fields and "score" not in HandForm({}).fields
    # options are fields too, one per opt_ parameter given
    assert "opt_trump_suit" in HandForm({"opt_trump_suit": "X"}).fields


def test_trick_form_errors_are_per_field_and_keep_the_good_cards() -> None:
    query = {
        "variant": "classic-sixes",
        "leader": "7",
        "cards": "AH ZZ AH QD",
        "hand": "x",
        "score": "ten",
        "led": "HZ",
        "trick": "99",
        "h1": "-",
        "h2": "KH 1X",
    }
    form = TrickForm(query)
    assert set(form.errors) == {"leader", "cards", "hand", "score", "led", "trick", "h2"}
    assert form.errors["leader"] == ["Not a seat at this table: seats are numbered from 0, one per player."]
    assert form.errors["trick"] == ["The number must be between 1 and 18."]  # the duel with sevens: 18 tricks
    assert len(form.errors["cards"]) == 2  # the bad code and the repeated card, each said
    q = read_trick(query)
    assert [(p.field, p.message) for p in q.problems] == [
        (name, message) for name, messages in form.errors.items() for message in messages
    ]
    assert q.cards == cards("AH QD") and q.held == {1: [], 2: cards("KH")}
    assert q.led_suits == "H" and q.leader == 0 and q.hand_number is None
    assert q.rules.problems == []  # the rules themselves were fine


def test_cards_per_play_only_for_draw_four() -> None:
    assert read_trick({"variant": "classic-sixes", "n": "9"}).problems == []
    q = read_trick({"variant": "draw-four", "n": "9"})
    assert [p.field for p in q.problems] == ["n"] and q.n == 1
    q = read_trick({"variant": "draw-four", "n": "2", "cards": "AH KH QH JH 10H 9H 8H 7H AS"})
    assert q.n == 2 and len(q.cards) == 8
    assert [p.field for p in q.problems] == ["cards"]  # more than four plays of two


def test_a_switched_variant_drops_the_old_options() -> None:
    kept = read_rules({"variant": "classic-sixes", "opt_trump_suit": "X"})
    assert [p.field for p in kept.problems] == ["opt_trump_suit"]
    switched = read_rules({"variant": "classic-sixes", "was": "draw-four", "opt_trump_suit": "X"})
    assert switched.problems == [] and switched.options == {}


def test_deal_and_hand_forms_read_their_own_fields() -> None:
    d = read_deal({"variant": "classic-sixes", "leader": "2", "h0": "AH KH", "step": "41", "score": "3:5"})
    assert d.leader == 2 and d.hands_text[0] == "AH KH" and d.score == (3, 5)
    assert [(p.field, p.message) for p in d.problems] == [("step", "The number must be between 0 and 40.")]
    h = read_hand({"variant": "yc-belka", "leader": "9", "jc": "5", "first_jc": "1", "cards": "JC"})
    assert [p.field for p in h.problems] == ["jc"]  # a hand check has no leader to be wrong
    assert h.first_jc == 1 and h.jc is None and h.cards == cards("JC")


@pytest.mark.parametrize(
    "path,message",
    [
        (
            "/rules/referee/?variant=classic-sixes&leader=7",
            "Not a seat at this table: seats are numbered from 0, one per player.",
        ),
        ("/rules/referee/?variant=classic-sixes&trick=99", "The number must be between 1 and 18."),
        ("/rules/referee/?variant=classic-sixes&score=ten", "Write the score as two numbers"),
        ("/rules/referee/deal/?variant=classic-sixes&h0=AH&step=x", "expected a whole number"),
        ("/rules/referee/hand/?variant=classic-sixes&cards=AH+AH", "The card A♥ appears twice."),
        ("/rules/referee/hand/?variant=nope", "Unknown variant"),
    ],
)
def test_bad_referee_input_answers_400_with_the_form_error(en: Client, path: str, message: str) -> None:
    resp = en.get(path)
    assert resp.status_code == 400
    assert message in text(resp)
