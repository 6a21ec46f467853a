"""A hand record against the variant's rules (docs/records.md): events that exclude each other,
the table's sides and seats, events the variant does not know, and the card points of a hand
played out. The record's shape is :mod:`.records`' (checked when it is read)."""

from __future__ import annotations

from .records import HandRecord, RecordError, check_shape, field_path, record_error
from .variants import Ruleset

__all__ = ["validate_record"]


def _not_in_variant(rs: Ruleset, event: str, field_name: str) -> RecordError:
    return record_error(
        "event_not_in_variant", f"{rs.key} has no {event}", field_name, event=event, variant=rs.key
    )


def _conflict(p: str, name: str, *events: str) -> RecordError:
    return record_error(
        "conflicting_events",
        f"{' and '.join(events)} cannot be in one record",
        field_path(p, name),
        events=list(events),
    )


def validate_record(rs: Ruleset, record: HandRecord, *, index: int = 0, shape_checked: bool = False) -> None:
    """Reject a record that is malformed or contradicts the rules (docs/records.md). Fields are
    named ``hands[index].…``. ``shape_checked``: the record was just read by
    :meth:`HandRecord.from_dict` with the same field prefix (its shape needs no second check)."""
    _validate(rs, record, index, shape_checked)


def _validate(rs: Ruleset, record: HandRecord, index: int, shape_checked: bool) -> None:
    p = f"hands[{index}]"
    if not isinstance(record, HandRecord):
        raise record_error("bad_record", "not a hand record", p)
    if not shape_checked:
        check_shape(record, p)
    pen = record.penalty
    cap = record.queen_capture
    # Events that exclude each other, in any variant.
    if pen is not None:
        if cap is not None:
            raise _conflict(p, "queen_capture", "penalty", "queen_capture")
        if record.points is not None:
            raise _conflict(p, "points", "penalty", "points")
        if record.all_tricks:
            raise _conflict(p, "all_tricks", "penalty", "all_tricks")
        if record.hvalyonka and pen.kind == "misdeal":
            raise _conflict(p, "hvalyonka", "misdeal", "hvalyonka")
    if cap is not None and record.all_tricks:
        raise _conflict(p, "all_tricks", "queen_capture", "all_tricks")
    # The table (docs/tables.md#sides): points per side, seats of this table, the table's own facts.
    if record.points is not None and len(record.points) != len(rs.sides):
        raise record_error(
            "bad_points",
            f"points must be {len(rs.sides)} numbers, one per side",
            field_path(p, "points"),
            token=repr(list(record.points)),
            sides=len(rs.sides),
        )
    for name in ("dealer", "lone", "first_leader"):
        value = getattr(record, name)
        if value is not None and value >= rs.seats:
            raise record_error(
                "bad_seat",
                f"{name} must be a seat of this table",
                field_path(p, name),
                token=repr(value),
                seats=rs.seats,
            )
    if record.all_tricks and not rs.lyusya:
        raise _not_in_variant(rs, "all_tricks", field_path(p, "all_tricks"))
    if record.last_suit is not None and not rs.trump_from_last_card:
        raise _not_in_variant(rs, "last_suit", field_path(p, "last_suit"))
    if record.lone is not None and rs.lone_queen is None:
        raise _not_in_variant(rs, "lone", field_path(p, "lone"))
    if record.first_leader is not None:
        if rs.first_lead_card is None:
            raise _not_in_variant(rs, "first_leader", field_path(p, "first_leader"))
        if index:
            raise record_error(
                "first_leader_not_first_hand",
                "only hand 1 names its first leader",
                field_path(p, "first_leader"),
            )
    # Events the variant does not know.
    if cap is not None and rs.capture is None:
        raise _not_in_variant(rs, "queen_capture", field_path(p, "queen_capture"))
    if record.obyaz is not None and not rs.obyaz:
        raise _not_in_variant(rs, "obyaz", field_path(p, "obyaz"))
    if record.hvalyonka and not rs.hvalyonka:
        raise _not_in_variant(rs, "hvalyonka", field_path(p, "hvalyonka"))
    if record.revoke is not None:
        if not rs.revoke_points:
            raise _not_in_variant(rs, "revoke", field_path(p, "revoke"))
        if pen is not None:
            raise _conflict(p, "revoke", "penalty", "revoke")
    if pen is not None:
        if pen.kind == "royal_goat":
            if not rs.royal_goat:
                raise _not_in_variant(rs, "royal_goat", field_path(p, "penalty.kind"))
        elif not rs.penalties:
            raise _not_in_variant(rs, pen.kind, field_path(p, "penalty.kind"))
    if pen is not None:
        return
    if cap is not None:
        if record.points is not None and sum(record.points) > 120:
            raise record_error(
                "points_sum",
                "card points of a captured hand cannot exceed 120",
                field_path(p, "points"),
                total=sum(record.points),
            )
        return
    # A hand played out.
    pts = record.points
    if pts is None:
        raise record_error(
            "points_required", "a played hand needs the card points of both teams", field_path(p, "points")
        )
    if sum(pts) != 120:
        raise record_error(
            "points_sum", "card points must sum to 120", field_path(p, "points"), total=sum(pts)
        )
    if record.all_tricks and max(pts) != 120:
        raise record_error(
            "all_tricks_mismatch",
            "all tricks means the winners have all 120 points",
            field_path(p, "all_tricks"),
            points=list(pts),
        )
    if rs.obyaz and record.obyaz is None and pts[0] != pts[1]:
        raise record_error(
            "obyaz_required", "Belka scores by the obyaz team: say which team held JC", field_path(p, "obyaz")
        )
