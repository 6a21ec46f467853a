"""Random and hostile hand forms (hypothesis): every answer is a clean 2xx/4xx, never a 500; a
refused hand stores nothing and leaves the match as it was; an accepted one is one valid hand."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import replay
from scorekeeper.models import Entry, Match

from .helpers import start_match

pytestmark = pytest.mark.django_db

HOSTILE = settings(
    max_examples=70,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

nasty_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            " ",
            "-0",
            "+60",
            " 60 ",
            "60.0",
            "1e400",
            "NaN",
            "inf",
            "0x3c",
            "١٢٠",
            "１２０",
            "120" * 40,
            "9" * 400,
            "-1",
            "121",
            "999999999999999999999999",
            "true",
            "null",
            "[]",
            "<script>alert(1)</script>",
            "'; DROP TABLE scorekeeper_entry; --",
            "\u202e06",
            "🂡",
            "Д♠",
            "x" * 5000,
        ]
    ),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)
team = st.one_of(st.sampled_from(["", "0", "1", "2", "-1", "01", "１"]), nasty_text)
hand_form = st.fixed_dictionaries(
    {},
    optional={
        "points_0": st.one_of(st.integers(0, 120).map(str), nasty_text),
        "points_1": st.one_of(st.integers(0, 120).map(str), nasty_text),
        "all_tricks": st.one_of(st.sampled_from(["1", "on", "0", ""]), nasty_text),
        "queen_capture": team,
        "obyaz": team,
        "penalty_against": team,
        "penalty_kind": st.one_of(
            st.sampled_from(["", "misdeal", "cheating", "false_accusation", "royal_goat", "rudeness"]),
            nasty_text,
        ),
        "eggs": st.one_of(st.sampled_from(["1", ""]), nasty_text),
        "hvalyonka": st.one_of(st.sampled_from(["1", ""]), nasty_text),
        "note": nasty_text,
        "version": st.one_of(st.sampled_from(["CURRENT", "", "-1", "0"]), nasty_text),
        "nonce": st.one_of(st.uuids().map(str), nasty_text),
        "extra_field": nasty_text,
    },
)


def state(public_id: str) -> list[tuple[int, str, Any]]:
    return [(e.seq, e.action, e.record) for e in Entry.objects.filter(match__public_id=public_id)]


@pytest.mark.parametrize("variant", ["classic-sixes", "yc-belka"])
def test_hostile_hand_forms(variant: str) -> None:
    phone = Client()
    view, edit, _secret = start_match(phone, variant)
    public_id = view.split("/")[2]

    @HOSTILE
    @given(form=hand_form, htmx=st.booleans())
    def post_one(form: dict[str, Any], htmx: bool) -> None:
        before = state(public_id)
        if form.get("version") == "CURRENT":
            form["version"] = str(before[-1][0] if before else 0)
        resp = phone.post(edit + "hand/", form, **({"HTTP_HX_REQUEST": "true"} if htmx else {}))
        assert resp.status_code < 500
        after = state(public_id)
        if resp.status_code in (200, 302) and after != before:
            assert after[:-1] == before and after[-1][1] == "add", "one new hand, nothing else changed"
            match = Match.objects.get(public_id=public_id)
            replay(match.variant, match.options, [r for _s, a, r in after if a == "add"])  # all valid
        else:
            assert after == before, (resp.status_code, form)

    post_one()
