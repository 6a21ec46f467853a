"""Starting things from the company: a new company, and a new match of its players (the
scorekeeper's new-match page with the seats chosen on the company's page; the match made joins
the company, ``services.match_start``)."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from common.limits import limit_creation
from common.numbers import read_number

from ...forms.match import MatchForm
from ...views.common import edit_url as match_edit_url
from ...views.new import blank_form, new_page
from .. import forms, services
from ..log import roster_of
from ..models import Company
from ..selectors import company_get_for_edit
from ..zones import zone_labels
from .pages import edit_url
from .writes import refusal_message, refused_page


@require_http_methods(["GET", "HEAD", "POST"])
@limit_creation("company")
def company_new(request: HttpRequest) -> HttpResponse:
    # the zone is learnt on the phone: the page carries the words for each zone it may be
    zones = json.dumps(zone_labels(), ensure_ascii=False)
    if request.method != "POST":
        return render(request, "scorekeeper/company/new.html", {"form": forms.CompanyForm(), "zones": zones})
    form = forms.CompanyForm(request.POST)
    if form.is_valid():
        try:
            company, secret = services.company_create(
                name=form.cleaned_data["name"],
                # a phone without JavaScript sends none: the server's zone, shown on the page
                time_zone=form.cleaned_data["time_zone"] or settings.TIME_ZONE,
                players=form.player_names(),
            )
        except services.Invalid as refused:
            form.add_error(None, refused.error)
        else:
            return redirect(edit_url(company, secret))
    return render(request, "scorekeeper/company/new.html", {"form": form, "zones": zones}, status=422)


@require_http_methods(["GET", "HEAD", "POST"])
@limit_creation("match")  # a new match, as from /m/new/: in its bucket
def match_new(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """The new-match page with the seats chosen on the company's page (``?player_<n>=`` and
    ``?first_dealer=``, names of the company's players); the match made joins the company."""
    company = company_get_for_edit(public_id, secret)
    action, context = request.get_full_path(), {"company": company}
    preset = seats_chosen(request, company)
    if request.method != "POST":
        return new_page(request, blank_form(request, preset=preset), action=action, context=context)
    form = MatchForm(request.POST)
    if not form.is_valid():
        return new_page(request, form, status=422, action=action, context=context)
    try:
        match, match_secret = services.match_start(company=company, **form.match_fields())
    except services.WriteRefused as refused:
        # the company's page again with every choice as it was made, the one to change among them
        chosen = {
            "seats": [(i, request.GET.get(f"player_{i}", "")) for i in range(4)],
            "first_dealer": preset.get("first_dealer", 0),
        }
        return refused_page(request, company, secret, refusal_message(refused), refused.status, chosen)
    return redirect(match_edit_url(match, match_secret))


def seats_chosen(request: HttpRequest, company: Company) -> dict[str, Any]:
    """The seats and first dealer a link from the company's page chose: its players' names only."""
    roster = roster_of(company)
    known = {roster.names[p] for p in roster.players()}
    preset: dict[str, Any] = {}
    for i in range(4):
        name = request.GET.get(f"player_{i}", "")
        if name in known:
            preset[f"player_{i}"] = name
    dealer = read_number(request.GET.get("first_dealer"), 0, 3)
    if dealer is not None:
        preset["first_dealer"] = dealer
    return preset
