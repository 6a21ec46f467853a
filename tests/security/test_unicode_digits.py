"""Numbers in requests are ASCII digits, bounded (``common.numbers``): «²» passed
``str.isdigit()`` and failed ``int()`` (a 500), ``int()`` took «１» and «٣» as digits and refused
5,000 nines (a 500). A bad number is a 400 whose message names the field, and nothing is stored.
Runs on SQLite and, in the second pass of ``scripts/test.sh``, on PostgreSQL."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from common.numbers import read_instant
from scorekeeper.models import Entry

from .helpers import start_match

pytestmark = pytest.mark.django_db

NINES = "9" * 5000
BAD = ["²", "①", "１", "٣", "1_0", NINES]


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize(
    "path",
    [
        "/rules/referee/?variant=solo-twelve&seats=",
        "/rules/solo-twelve/?seats=",
        "/rules/referee/deal/?variant=solo-twelve&seats=",
        "/rules/referee/hand/?variant=solo-twelve&seats=",
    ],
)
def test_a_bad_seat_count_is_a_400_naming_seats(client: Client, path: str, bad: str) -> None:
    resp = client.get(path + quote(bad))
    assert resp.status_code == 400, resp.content[:300]
    assert "«seats»" in resp.content.decode()


def test_ascii_seat_counts_still_work(client: Client) -> None:
    assert client.get("/rules/referee/?variant=solo-twelve&seats=3").status_code == 200
    assert client.get("/rules/solo-twelve/?seats=2").status_code == 200


@pytest.mark.parametrize("bad", BAD)
@pytest.mark.parametrize("page", ["", "deal/"])
@pytest.mark.parametrize("name", ["hand", "score"])
def test_referee_numbers_are_ascii(client: Client, page: str, name: str, bad: str) -> None:
    value = f"{bad}:1" if name == "score" else bad
    resp = client.get(f"/rules/referee/{page}?{name}={quote(value)}")
    assert resp.status_code == 400, (name, bad, resp.status_code)


@pytest.mark.parametrize("bad", BAD)
def test_the_correction_page_names_a_bad_prefill(client: Client, bad: str) -> None:
    view, edit, _secret = start_match(client)
    assert client.post(edit + "hand/", {"points_0": "70", "version": "0", "nonce": "a"}).status_code == 302
    resp = client.get(edit + "hand/1/?points_0=" + quote(bad))
    assert resp.status_code == 400 and "«points_0»" in resp.content.decode()
    resp = client.get(
        edit + "hand/1/?reason_code=review_revoke&reason_params=" + quote(f"seat={bad},trick=1")
    )
    assert resp.status_code == 400 and "«reason_params»" in resp.content.decode()
    assert client.get(edit + "hand/1/?points_0=72").status_code == 200


@pytest.mark.parametrize("bad", BAD)
def test_an_outbox_hand_number_is_a_400_naming_hand(client: Client, bad: str) -> None:
    view, edit, _secret = start_match(client)
    resp = client.post(
        edit + "hand/",
        {"points_0": "70", "version": "0", "nonce": "o1", "hand": bad},
        HTTP_X_KOZEL_OUTBOX="1",
    )
    assert resp.status_code == 400
    answer = json.loads(resp.content)
    assert answer["code"] == "bad_number" and answer["field"] == "hand" and "«hand»" in answer["message"]
    assert not Entry.objects.exists()


@pytest.mark.parametrize("bad", ["１", "٣", "1_0"])
def test_points_and_version_in_other_scripts_are_refused(client: Client, bad: str) -> None:
    view, edit, _secret = start_match(client)
    resp = client.post(
        edit + "hand/", {"points_0": bad, "version": "0", "nonce": "p"}, HTTP_HX_REQUEST="true"
    )
    assert resp.status_code == 422
    resp = client.post(
        edit + "hand/", {"points_0": "70", "version": bad, "nonce": "q"}, HTTP_HX_REQUEST="true"
    )
    assert resp.status_code == 422
    assert not Entry.objects.exists()


def test_a_poll_with_a_huge_version_is_not_a_server_error(client: Client) -> None:
    view, edit, _secret = start_match(client)
    for path in (view, edit):
        assert client.get(path + "?v=" + NINES, HTTP_HX_REQUEST="true").status_code == 200
        assert client.get(path + "?v=²", HTTP_HX_REQUEST="true").status_code == 200


def test_the_message_is_in_the_page_language(client: Client) -> None:
    ru = client.get("/rules/solo-twelve/?seats=²").content.decode()
    assert "«seats»: нужно целое число" in ru
    client.cookies["kozel_lang"] = "en"
    en = client.get("/rules/solo-twelve/?seats=²").content.decode()
    assert "“seats” must be a whole number" in en


@pytest.mark.parametrize("bad", [*BAD, "-5", "99999999999999", "1e9"])
def test_a_time_in_a_link_is_ascii_seconds_or_none(bad: str) -> None:
    """The evenings' «earlier» link: a time it cannot read shows the latest evenings."""
    assert read_instant(bad) is None
    good = read_instant("1767225600")
    assert good is not None and good.year == 2026


def test_one_field_reads_a_number_in_a_form() -> None:
    """common.numbers.WholeNumberField, the scorekeeper's and the referee's: ASCII digits within
    the bounds, each refusal in the page's own words, blank (or spaces) no number."""
    from common.numbers import WholeNumberField
    from rules.referee.forms import whole_number

    points = WholeNumberField(required=False, min_value=0, max_value=120, error_messages={"invalid": "bad"})
    assert points.clean(" 72 ") == 72 and points.clean("  ") is None
    hand = whole_number(1, 999)
    assert isinstance(hand, WholeNumberField) and hand.clean("") is None and hand.clean("12") == 12
    for bad, code in (("٣", "invalid"), ("0", "min_value"), ("1000", "max_value"), ("1" * 12, "max_value")):
        with pytest.raises(ValidationError) as e:
            hand.clean(bad)
        assert [err.code for err in e.value.error_list] == [code]
