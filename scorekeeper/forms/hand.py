"""A hand's form: the card points and the events of one hand, made into a :class:`HandRecord`
(the engine checks it against the rules), and the penalties a variant offers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from common.numbers import WholeNumberField
from rules.engine import PENALTY_KINDS, HandRecord, RecordError
from rules.engine.cards import SUITS
from rules.engine.variants import Ruleset

from ..errors import as_validation_error
from ..explain import PENALTY_NAMES
from .write import NOT_AT_TABLE, SEAT_CHOICES, WriteForm, new_nonce

TEAM_CHOICES = [("", "—"), ("0", "0"), ("1", "1")]


def penalty_kinds(rs: Ruleset) -> list[str]:
    """The penalty kinds this variant accepts (the engine's rule, docs/records.md; DECISIONS
    penalty_variants): misdeal/cheating/false accusation with pairs or goats; royal goat by option."""
    kinds = [k for k in PENALTY_KINDS if k != "royal_goat" and rs.penalties]
    if rs.royal_goat:
        kinds.append("royal_goat")
    return kinds


POINT_FIELDS = ("points_0", "points_1", "points_2", "points_3")
SUIT_CHOICES = [("", "—")] + [(s, s) for s in SUITS]


class HandRecordForm(WriteForm):
    """One hand. The UI sends the card points of every side but one; the last is what is left
    of 120 (two sides: one number, the other its complement)."""

    points_0 = WholeNumberField(required=False, min_value=0, max_value=120)
    points_1 = WholeNumberField(required=False, min_value=0, max_value=120)
    points_2 = WholeNumberField(required=False, min_value=0, max_value=120)
    points_3 = WholeNumberField(required=False, min_value=0, max_value=120)
    # the duel: the suit of the deal's last card, the next deal's trump suit
    last_suit = forms.ChoiceField(choices=SUIT_CHOICES, required=False)
    # two against one: the seat that played alone
    lone = forms.TypedChoiceField(choices=SEAT_CHOICES, coerce=int, empty_value=None, required=False)
    # hand 1 of voon and Belka: the seat that held the card whose holder leads it
    first_leader = forms.TypedChoiceField(
        choices=SEAT_CHOICES, coerce=int, empty_value=None, required=False, error_messages=NOT_AT_TABLE
    )
    all_tricks = forms.BooleanField(required=False)
    queen_capture = forms.TypedChoiceField(choices=TEAM_CHOICES, coerce=int, empty_value=None, required=False)
    obyaz = forms.TypedChoiceField(choices=TEAM_CHOICES, coerce=int, empty_value=None, required=False)
    penalty_kind = forms.ChoiceField(choices=[("", "—")] + [(k, k) for k in PENALTY_KINDS], required=False)
    penalty_against = forms.TypedChoiceField(
        choices=TEAM_CHOICES, coerce=int, empty_value=None, required=False
    )
    eggs = forms.BooleanField(required=False)
    hvalyonka = forms.BooleanField(required=False)
    # classic option revoke_penalty=four_points: the team at fault of a proven revoke
    revoke = forms.TypedChoiceField(choices=TEAM_CHOICES, coerce=int, empty_value=None, required=False)
    note = forms.CharField(required=False, max_length=200)

    error_messages = {
        "points_required": _("Enter one team's card points (0-120)."),
        "points_required_sides": _("Enter the card points of every player but one (0-120 each)."),
        "points_over": _("The points typed add up to %(sum)s, more than 120."),
        "against_required": _("Say which team is at fault."),
        "eggs_with_points": _(
            "The points say %(points)s, not 60:60. Clear them to record eggs, or record the hand."
        ),
    }

    def __init__(self, *args: Any, ruleset: Ruleset | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        for name in POINT_FIELDS:
            self.fields[name].error_messages.update(
                {
                    "invalid": _("Card points are whole numbers from 0 to 120."),
                    "min_value": _("Card points are whole numbers from 0 to 120."),
                    "max_value": _("Card points are whole numbers from 0 to 120."),
                }
            )
        if not self.is_bound and not self.initial.get("nonce"):
            self.initial["nonce"] = new_nonce()

    def clean(self) -> dict[str, Any]:
        """The fields' shape, then the :class:`HandRecord` they make (``cleaned_data["record"]``;
        one the engine refuses to build is an error on the field it names)."""
        data = self._clean_points()
        if not self.errors:
            try:
                data["record"] = record_from_fields(data)
            except forms.ValidationError as exc:
                self.add_error(None, exc)
        return data

    def _clean_points(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        p0, p1 = data.get("points_0"), data.get("points_1")
        penalty = data.get("penalty_kind")
        if penalty:
            if data.get("penalty_against") is None:
                self.add_error(
                    "penalty_against",
                    forms.ValidationError(self.error_messages["against_required"], code="bad_team"),
                )
            data["points"] = None
            return data
        sides = len(self.ruleset.sides) if self.ruleset is not None else 2
        if sides > 2:
            return self._clean_sides(data, sides)
        if data.get("eggs"):
            # what is stored is what was shown: typed points other than 60 are never replaced
            if any(p is not None and p != 60 for p in (p0, p1)):
                shown = f"{'' if p0 is None else p0}:{'' if p1 is None else p1}"
                self.add_error(
                    "points_0",
                    forms.ValidationError(
                        self.error_messages["eggs_with_points"],
                        code="eggs_with_points",
                        params={"points": shown},
                    ),
                )
                return data
            data["points"] = (60, 60)
            data["all_tricks"] = False
            return data
        if p0 is None and p1 is None:
            if data.get("queen_capture") is None:
                self.add_error(
                    "points_0",
                    forms.ValidationError(self.error_messages["points_required"], code="points_required"),
                )
            data["points"] = None
            return data
        if p0 is None:
            assert p1 is not None  # both missing was answered above
            p0 = 120 - p1
        elif p1 is None:
            p1 = 120 - p0
        data["points"] = (p0, p1)
        return data

    def _clean_sides(self, data: dict[str, Any], sides: int) -> dict[str, Any]:
        """Three or four sides: every number but one typed; the one left empty is the rest of 120."""
        typed = [data.get(name) for name in POINT_FIELDS[:sides]]
        missing = [i for i, p in enumerate(typed) if p is None]
        if len(missing) > 1:
            self.add_error(
                POINT_FIELDS[missing[0]],
                forms.ValidationError(self.error_messages["points_required_sides"], code="points_required"),
            )
            data["points"] = None
            return data
        if missing:
            rest = 120 - sum(p for p in typed if p is not None)
            if rest < 0:
                self.add_error(
                    POINT_FIELDS[missing[0]],
                    forms.ValidationError(
                        self.error_messages["points_over"], code="points_sum", params={"sum": 120 - rest}
                    ),
                )
                data["points"] = None
                return data
            typed[missing[0]] = rest
        data["points"] = tuple(typed)
        data["all_tricks"] = False
        return data


def record_from_fields(data: Mapping[str, Any]) -> HandRecord:
    """A record from a hand form's cleaned data (its shape checked by the form); a record the
    engine refuses to build is a ``ValidationError`` with the engine's code."""
    d: dict[str, Any] = {}
    if data.get("penalty_kind"):
        d["penalty"] = {"kind": data["penalty_kind"], "against": data["penalty_against"]}
    else:
        if data.get("points") is not None:
            d["points"] = list(data["points"])
        if data.get("all_tricks"):
            d["all_tricks"] = True
        if data.get("queen_capture") is not None:
            d["queen_capture"] = data["queen_capture"]
        if data.get("last_suit"):
            d["last_suit"] = data["last_suit"]
        if data.get("lone") is not None:
            d["lone"] = data["lone"]
        if data.get("revoke") is not None:
            d["revoke"] = data["revoke"]
    if data.get("obyaz") is not None:
        d["obyaz"] = data["obyaz"]
    if data.get("first_leader") is not None:
        d["first_leader"] = data["first_leader"]
    if data.get("hvalyonka"):
        d["hvalyonka"] = True
    if data.get("note"):
        d["note"] = data["note"]
    try:
        return HandRecord.from_dict(d)
    except RecordError as exc:
        raise as_validation_error(exc, -1) from exc


def penalty_choices(rs: Ruleset) -> list[tuple[str, str]]:
    """The penalties the rules know, each in the rule sheet's word; where a proven revoke counts
    as cheating (classic option revoke_penalty), the cheating one says so."""
    names = {k: str(PENALTY_NAMES[k]) for k in penalty_kinds(rs)}
    if "cheating" in names and rs.options.get("revoke_penalty") == "cheating":
        names["cheating"] = str(_("cheating (a proven revoke too)"))
    return list(names.items())
