"""HandRecord.from_dict reads a record strictly: a value of another type is never taken for a
good one (``True`` is not ``1``, ``1.0`` is not ``1``), and reading the same record twice gives
the same answer."""

from __future__ import annotations

import pytest

from rules.engine import HandRecord, RecordError


@pytest.mark.parametrize(
    ("good", "bad"),
    [
        ({"points": [70, 50], "obyaz": 1}, {"points": [70, 50], "obyaz": True}),
        ({"points": [70, 50]}, {"points": [70.0, 50]}),
        ({"points": [70, 50]}, {"points": [True, 50]}),
        ({"points": [60, 60], "hvalyonka": True}, {"points": [60, 60], "hvalyonka": 1}),
        ({"points": [60, 60], "note": "x"}, {"points": [60, 60], "note": 5}),
    ],
)
def test_a_kept_record_never_stands_for_a_bad_one(good: dict, bad: dict) -> None:
    first = HandRecord.from_dict(good)
    assert HandRecord.from_dict(dict(good)) == first  # the kept one, equal to a fresh reading
    with pytest.raises(RecordError):
        HandRecord.from_dict(bad, field_prefix="hands[2]")
    with pytest.raises(RecordError):  # refused again: a refusal is not kept
        HandRecord.from_dict(bad)


def test_errors_still_name_the_hand_when_the_shape_was_read_before() -> None:
    with pytest.raises(RecordError) as err:
        HandRecord.from_dict({"points": [60, 60], "bogus": 1}, field_prefix="hands[7]")
    assert err.value.field == "hands[7].bogus"


def test_a_record_valid_under_one_ruleset_is_still_checked_under_another() -> None:
    """The same record object under another ruleset, or at another place in a match, is judged
    on its own."""
    from rules.engine import validate_record
    from rules.engine.variants import resolve

    rec = HandRecord.from_dict({"points": [70, 50], "obyaz": 0})
    belka, classic = resolve("yc-belka"), resolve("classic-sixes")
    validate_record(belka, rec, index=3)
    validate_record(belka, rec, index=7)  # still fine anywhere in a Belka match
    with pytest.raises(RecordError) as exc:
        validate_record(classic, rec, index=4)
    assert exc.value.code == "event_not_in_variant" and exc.value.field == "hands[4].obyaz"
    with pytest.raises(RecordError):  # refused again
        validate_record(classic, rec, index=4)
