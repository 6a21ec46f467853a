"""A new match: the variant cards and the form that starts a table."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from common.limits import limit_creation
from common.numbers import read_number
from rules.engine.variants import ALL_VARIANTS, DEFAULT_VARIANT
from rules.messages import VARIANT_BLURBS, option_label, option_value, variant_name

from .. import services
from ..forms.match import MatchForm, options_from_query
from .common import edit_url, rules_sheet_url

# ---------------------------------------------------------------- new match


def _variant_cards(selected: str, query: Any) -> list[dict[str, Any]]:
    cards = []
    for key, v in ALL_VARIANTS.items():
        chosen = options_from_query(v, query) if key == selected else v.defaults
        asked = read_number(query.get("seats"), 2, 4) if key == selected else None
        seats = asked if asked in v.seats else v.seats[-1]
        for option, counts in v.seat_options.items():  # a link with two against one: three play
            if chosen.get(option) and seats not in counts:
                seats = counts[0]
        cards.append(
            {
                "key": key,
                "name": variant_name(key),
                "blurb": VARIANT_BLURBS.get(key, ""),
                "sheet": rules_sheet_url(key),
                "selected": key == selected,
                # a table of one seat per side: the sides are the players (no team names)
                "solo": v.build_for is not None,
                "seat_counts": list(v.seats) if len(v.seats) > 1 else [],
                "seats": seats,
                "options": [
                    {
                        "key": o.key,
                        "kind": o.kind,
                        "label": option_label(o.key),
                        "value": chosen.get(o.key, o.default),
                        "default": o.default,
                        "default_label": option_value(o.key, o.default),
                        "choices": [(c, option_value(o.key, c)) for c in o.choices],
                        # an option of one scoring system only (draw-four), or that comes with
                        # another (penalty goats' trump leads with its khvalyonki): say which
                        "when": when_note(o.when) if o.when else "",
                        # an option of one seat count only (two against one: three players)
                        "seat_counts": " / ".join(map(str, v.seat_options.get(o.key, ()))),
                        "needs_seats": (v.seat_options.get(o.key) or ("",))[0],
                    }
                    for o in v.options
                ],
            }
        )
    return cards


def when_note(when: tuple[str, object]) -> str:
    """The words after an option that applies only with another option's value."""
    key, value = when
    if key == "scoring":
        return _("with the score “%(score)s”") % {"score": option_value(key, value)}
    return _("with “%(option)s”") % {"option": option_label(key)}


def _variant_key(query: Any) -> str:
    """The variant a query names, or the default one."""
    key = query.get("variant")
    return key if isinstance(key, str) and key in ALL_VARIANTS else DEFAULT_VARIANT


@require_http_methods(["GET", "HEAD", "POST"])
@limit_creation("match")
def new(request: HttpRequest) -> HttpResponse:
    """Start a match; GET ``?variant=&opt_<name>=&house=`` preselects (house-rule sheets link here)."""
    if request.method != "POST":
        return new_page(request, blank_form(request))
    form = MatchForm(request.POST)
    if not form.is_valid():
        return new_page(request, form, status=422)
    match, secret = services.match_create(**form.match_fields())
    return redirect(edit_url(match, secret))


def blank_form(request: HttpRequest, preset: dict[str, Any] | None = None) -> MatchForm:
    """The new-match form as a link opens it (``?variant=``, ``?house=``), filled with
    ``preset`` (a company's players in their seats, the first dealer)."""
    return MatchForm(
        initial={
            "variant": _variant_key(request.GET),
            "house": request.GET.get("house", "")[:80],
            "team_0": _("Reds"),
            "team_1": _("Blacks"),
            "first_dealer": 0,
            **(preset or {}),
        }
    )


def new_page(
    request: HttpRequest,
    form: MatchForm,
    *,
    status: int = 200,
    action: str | None = None,
    context: dict[str, Any] | None = None,
) -> HttpResponse:
    """The new-match page with ``form`` (bound: sent and refused), posting to ``action`` (this
    page by default), ``context`` beside it (a company's page adds itself)."""
    query: Any = request.POST if form.is_bound else request.GET
    selected = _variant_key(query)
    cards = _variant_cards(selected, query)
    chosen = next(c for c in cards if c["selected"])
    players = [(f"player_{i}", form[f"player_{i}"].value(), form[f"player_{i}"].errors) for i in range(4)]
    numbers = [_("Seat %(n)s") % {"n": i + 1} for i in range(4)]
    # who deals and leads first, by the names as sent (seats.js follows the typing)
    seat_options = [
        (str(i), (value or "").strip() or numbers[i], numbers[i]) for i, (_n, value, _e) in enumerate(players)
    ]
    return render(
        request,
        "scorekeeper/new.html",
        {
            "form": form,
            "variants": cards,
            "selected": selected,
            "chosen": chosen,
            "player_fields": players,
            "seat_options": seat_options,
            "players_refused": any(errors for _n, _v, errors in players)
            or form["first_dealer"].errors
            or form["first_leader"].errors,
            "top_errors": _top_errors(form, chosen),
            "form_action": action or reverse("scorekeeper:new"),
            **(context or {}),
        },
        status=status,
    )


def _top_errors(form: MatchForm, chosen: dict[str, Any]) -> list[str]:
    """The refusals said at the top of the form: of no field, or of a field the page does not
    show for the chosen game (how many play, at a table of one count; the team names and who
    leads first, at a table of one seat per side)."""
    unseen = [] if chosen["seat_counts"] else ["seats"]
    if chosen["solo"]:
        unseen += ["team_0", "team_1", "first_leader"]
    return [*form.non_field_errors(), *(e for name in unseen for e in form.errors.get(name, []))]
