"""A correction of an earlier hand: its form, and the form's first values from the hand as
recorded or from the referee's return link."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from common.numbers import BadNumber, optional_number, read_number
from rules.engine import PENALTY_KINDS
from rules.engine.cards import SUITS
from rules.engine.options import TRUE_WORDS

from .. import reasons
from .hand import POINT_FIELDS, HandRecordForm


class HandChangeForm(HandRecordForm):
    """A correction of an earlier hand. «Save it and remove the later hands» on the correction
    page (and a phone's outbox repeating it) posts ``remove_later=1``: the hands after the
    match's new end go first (``services.hand_correct``)."""

    # a submit button's value, not a checkbox's: read as text, where absent, 0 or false is no
    remove_later = forms.BooleanField(required=False, widget=forms.HiddenInput)


def hand_initial_from_record(record: Mapping[str, Any]) -> dict[str, Any]:
    pts = record.get("points")
    pen = record.get("penalty") or {}
    return {
        **{name: pts[i] if pts and i < len(pts) else None for i, name in enumerate(POINT_FIELDS)},
        "last_suit": record.get("last_suit") or "",
        "lone": record.get("lone"),
        "all_tricks": bool(record.get("all_tricks")),
        "queen_capture": record.get("queen_capture"),
        "obyaz": record.get("obyaz"),
        "first_leader": record.get("first_leader"),
        "penalty_kind": pen.get("kind", ""),
        "penalty_against": pen.get("against"),
        "hvalyonka": bool(record.get("hvalyonka")),
        "revoke": record.get("revoke"),
        "note": record.get("note", ""),
    }


def hand_initial_from_query(query: Mapping[str, str]) -> dict[str, Any]:
    """Prefill from GET (the referee's return link): points_0..points_3, all_tricks, queen_capture,
    obyaz, penalty_kind, penalty_against, hvalyonka, lone, last_suit, note, reason. Bad values
    are dropped."""
    out: dict[str, Any] = {}
    for name in POINT_FIELDS:
        points = optional_number(query.get(name), name, 0, 120)
        if points is not None:
            out[name] = points
    for name in ("all_tricks", "hvalyonka"):
        if name in query:
            out[name] = query[name].lower() in TRUE_WORDS
    for name, last in (
        ("queen_capture", 1),
        ("obyaz", 1),
        ("penalty_against", 1),
        ("revoke", 1),
        ("lone", 3),
    ):
        team = read_number(query.get(name), 0, last)  # a team; ``lone``: the seat that played alone
        if team is not None:
            out[name] = team
    if query.get("last_suit") in SUITS:  # the duel: the suit of the deal's last card
        out["last_suit"] = query["last_suit"]
    if query.get("penalty_kind") in PENALTY_KINDS:
        out["penalty_kind"] = query["penalty_kind"]
    for name, size in (("note", 200), ("reason", 300)):
        if query.get(name):
            out[name] = query[name][:size]
    code = query.get("reason_code", "")
    if reasons.parse_params(code, query.get("reason_params", "")) is not None:
        out["reason_code"], out["reason_params"] = code, query["reason_params"]
    elif code in reasons.REASON_CODES:  # the referee's link came back with a broken number
        raise BadNumber("reason_params", 0, 999)
    return out
