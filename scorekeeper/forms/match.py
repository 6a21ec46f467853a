"""A new match: the variant, its options, the names and the first dealer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.engine.variants import ALL_VARIANTS, Variant
from rules.messages import option_label

from .write import NOT_AT_TABLE, SEAT_CHOICES


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
