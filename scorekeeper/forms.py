"""Forms check the shape of what was sent; the engine checks the rules (ARCHITECTURE.md)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from common.numbers import BadNumber, WholeNumberField, optional_number, read_number
from rules.engine import PENALTY_KINDS, HandRecord, RecordError
from rules.engine.cards import SUITS
from rules.engine.options import TRUE_WORDS
from rules.engine.variants import ALL_VARIANTS, Ruleset, Variant
from rules.messages import option_label

from . import reasons
from .errors import as_validation_error
from .explain import PENALTY_NAMES

TEAM_CHOICES = [("", "—"), ("0", "0"), ("1", "1")]
SEAT_CHOICES = [(str(s), str(s + 1)) for s in range(4)]
NOT_AT_TABLE = {"invalid_choice": _("Choose one of the players at this table.")}


def _team(value: str) -> int | None:
    return None if value in ("", None) else int(value)


def penalty_kinds(rs: Ruleset) -> list[str]:
    """The penalty kinds this variant accepts (the engine's rule, docs/records.md; DECISIONS
    penalty_variants): misdeal/cheating/false accusation with pairs or goats; royal goat by option."""
    kinds = [k for k in PENALTY_KINDS if k != "royal_goat" and rs.penalties]
    if rs.royal_goat:
        kinds.append("royal_goat")
    return kinds


def new_nonce() -> str:
    """A fresh idempotency nonce for a write form (a retried POST with it is applied once)."""
    return secrets.token_urlsafe(12)


VERSION_MISSING = _(
    "This form did not say which state of the match it was filled in against. "
    "Reload the page and enter it again."
)


BAD_REASON = _("The review's reason came back damaged. Open the review again from the match.")


class WriteForm(forms.Form):
    """What every write sends: the log version the page showed, the nonce of this one action,
    maybe a reason. Without the version a write could overwrite what another phone changed."""

    version = WholeNumberField(
        min_value=0,
        widget=forms.HiddenInput,
        error_messages={
            "required": VERSION_MISSING,
            "invalid": VERSION_MISSING,
            "min_value": VERSION_MISSING,
        },
    )
    nonce = forms.CharField(max_length=64, widget=forms.HiddenInput)
    reason = forms.CharField(required=False, max_length=300)
    # a reason proposed by the referee, as a code with parameters (scorekeeper.reasons)
    reason_code = forms.CharField(required=False, max_length=32, widget=forms.HiddenInput)
    reason_params = forms.CharField(required=False, max_length=60, widget=forms.HiddenInput)
    # the coded reason in words as the reason field was filled in with it: kept as the code alone
    reason_shown = forms.CharField(required=False, max_length=300, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        # hidden fields: their errors are shown with the form's own, where the player sees them
        for name in ("version", "nonce"):
            if name in self.errors:
                errors = self.errors.pop(name)
                self.add_error(None, errors)
        code = data.get("reason_code") or ""
        if code:
            params = reasons.parse_params(code, data.get("reason_params") or "")
            if params is None:
                self.add_error(None, forms.ValidationError(BAD_REASON, code="bad_reason"))
            else:
                text = data.get("reason") or ""
                data["reason"] = reasons.encode(
                    code, params, "" if text == data.get("reason_shown") else text
                )
        return data

    def add_refusal(self, error: forms.ValidationError) -> None:
        """A refusal of the write (the engine's, a bound's) beside the field it names, else
        the form's own."""
        if hasattr(error, "error_dict"):
            for field, errors in error.error_dict.items():
                self.add_error(field if field in self.fields else None, errors)
        else:
            self.add_error(None, error)

    def message(self) -> str:
        """Every error of the form in one line: a control form (undo, delete, restore, rematch)
        has no fields to show its errors beside, so they are the page's message."""
        return " ".join(str(m) for errors in self.errors.values() for m in errors)


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


class HandChangeForm(HandRecordForm):
    """A correction of an earlier hand. «Save it and remove the later hands» on the correction
    page (and a phone's outbox repeating it) posts ``remove_later=1``: the hands after the
    match's new end go first (``services.hand_correct``)."""

    # a submit button's value, not a checkbox's: read as text, where absent, 0 or false is no
    remove_later = forms.BooleanField(required=False, widget=forms.HiddenInput)


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


def _name_field() -> forms.CharField:
    return forms.CharField(
        max_length=30,
        required=False,
        error_messages={"max_length": _("A name is at most %(limit_value)s characters.")},
    )


class MatchForm(forms.Form):
    """A new match: variant, its options (``opt_<name>``), team and player names, first dealer.
    Every refusal is said in the project's words (``error_messages``), beside its field."""

    variant = forms.ChoiceField(
        choices=[(k, k) for k in ALL_VARIANTS],
        error_messages={"invalid_choice": _("Choose one of the variants.")},
    )
    # how many play, where the variant allows several counts (solo-twelve: 2, 3 or 4)
    seats = forms.TypedChoiceField(
        choices=[(str(n), str(n)) for n in (2, 3, 4)],
        coerce=int,
        empty_value=None,
        required=False,
        error_messages={"invalid_choice": _("Choose how many play.")},
    )
    team_0 = _name_field()
    team_1 = _name_field()
    player_0 = _name_field()
    player_1 = _name_field()
    player_2 = _name_field()
    player_3 = _name_field()
    first_dealer = forms.TypedChoiceField(
        choices=SEAT_CHOICES, coerce=int, initial=0, error_messages=NOT_AT_TABLE
    )
    first_leader = forms.TypedChoiceField(
        choices=[("", "—")] + SEAT_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        error_messages=NOT_AT_TABLE,
    )
    house = forms.CharField(
        max_length=80,
        required=False,
        error_messages={"max_length": _("A house rule's name is at most %(limit_value)s characters.")},
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        key = data.get("variant")
        if not key:
            return data
        v = ALL_VARIANTS[key]
        data["options"] = options_from_query(v, self.data, checkbox_form=True)
        seats = data.get("seats")
        if seats is None or len(v.seats) == 1:
            seats = v.seats[-1]
        if seats not in v.seats:
            self.add_error("seats", forms.ValidationError(_("Choose how many play."), code="bad_seats"))
            return data
        data["seats"] = seats
        for key, counts in v.seat_options.items():
            if data["options"].get(key) and seats not in counts:
                self.add_error(
                    "seats",
                    forms.ValidationError(
                        _("“%(option)s” is played by %(n)s players.")
                        % {"option": option_label(key), "n": " / ".join(map(str, counts))},
                        code="option_needs_seats",
                    ),
                )
                return data
        for name in ("first_dealer", "first_leader"):
            if data.get(name) is not None and data[name] >= seats:
                self.add_error(
                    name,
                    forms.ValidationError(_("Choose one of the players at this table."), code="bad_seat"),
                )
                return data
        players = [(data.get(f"player_{i}") or "").strip() for i in range(seats)]
        blind = str(data["options"].get("blind_seats", "none"))
        for seat in blind.split(",") if blind != "none" else ():
            players[int(seat)] = ""  # nobody sits at a blind seat (docs/tables.md#blind-seat)
        data["player_names"] = players
        if v.build_for is not None:  # one seat per side: the sides are the players
            names = [p or str(_("Player %(n)s") % {"n": i + 1}) for i, p in enumerate(players)]
            if len({n.lower() for n in names}) < len(names):
                self.add_error(
                    "player_1",
                    forms.ValidationError(_("Each player needs a different name."), code="same_names"),
                )
            data["team_names"] = names
            return data
        data["team_names"] = [data.get("team_0") or str(_("Reds")), data.get("team_1") or str(_("Blacks"))]
        if data["team_names"][0].strip().lower() == data["team_names"][1].strip().lower():
            self.add_error(
                "team_1", forms.ValidationError(_("The two teams need different names."), code="same_names")
            )
        return data

    def match_fields(self) -> dict[str, Any]:
        """What ``services.match_create`` takes, from the cleaned form."""
        d = self.cleaned_data
        return {
            "variant": d["variant"],
            "options": d["options"],
            "team_names": d["team_names"],
            "player_names": d["player_names"],
            "seats": d["seats"],
            "first_dealer": d["first_dealer"],
            "first_leader": d["first_leader"],
            "house": d.get("house", ""),
        }


def options_from_query(
    variant: Variant, query: Mapping[str, str], *, checkbox_form: bool = False
) -> dict[str, object]:
    """``opt_<name>`` values for a variant. A bool is ``1/true/on`` or ``0/false/off``; in the
    submitted form an unchecked box is absent (False); in a link an absent option is its default.
    A value the option does not take falls back to the default; an older value (``multi_leads=1``)
    and an alias (``opt_blind_seat``, one blind seat) read as the option reads them."""
    out: dict[str, object] = {}
    for o in variant.options:
        raw = query.get(f"opt_{o.key}")
        for alias in variant.aliases:  # read where the option itself says nothing but its default
            said = query.get(f"opt_{alias.key}")
            if alias.alias_of == o.key and said is not None and raw in (None, o.default):
                raw = said
        if o.kind == "bool":
            if raw is None:
                out[o.key] = False if checkbox_form else o.default
            else:
                out[o.key] = o.from_text(str(raw)) is True
        else:
            value = o.from_text(str(raw)) if raw is not None else None
            out[o.key] = value if value in o.choices else o.default
    return out


def penalty_choices(rs: Ruleset) -> list[tuple[str, str]]:
    """The penalties the rules know, each in the rule sheet's word; where a proven revoke counts
    as cheating (classic option revoke_penalty), the cheating one says so."""
    names = {k: str(PENALTY_NAMES[k]) for k in penalty_kinds(rs)}
    if "cheating" in names and rs.options.get("revoke_penalty") == "cheating":
        names["cheating"] = str(_("cheating (a proven revoke too)"))
    return list(names.items())
