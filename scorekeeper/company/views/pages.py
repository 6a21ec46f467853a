"""The company's pages: made without sign-up, an edit link and a view link like a match's.
Plain ``render()``; every read is what is kept (``selectors``); the writes are :mod:`.writes`."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from common.numbers import read_instant
from rules.engine.variants import ALL_VARIANTS, DEFAULT_VARIANT
from rules.evening_card import evening_png, evening_texts
from rules.messages import variant_name
from rules.stats import Evening

from ...forms.write import new_nonce
from ...names import shown_names
from ...views.common import VIEW_LINK_READ_ONLY, read_only
from ...views.readonly import qr_svg
from ..figures import ALL
from ..log import Roster
from ..models import Company
from ..selectors import (
    EARLIER_EVENINGS,
    LATEST_EVENINGS,
    PERIODS,
    biggest_wins_teams,
    company_get,
    company_get_for_edit,
    evening_on,
    evenings_page,
    figures_page,
    match_rows,
    roster_of,
)

LATEST_MATCHES = 10  # the company's page lists its newest matches; the matches page has them all
MATCHES_PER_PAGE = 30


def edit_url(company: Company, secret: str) -> str:
    return reverse("company:edit", args=[company.public_id, secret])


def view_url(company: Company) -> str:
    return reverse("company:view", args=[company.public_id])


# ---------------------------------------------------------------- the pages


def _filters(request: HttpRequest) -> tuple[str | None, str]:
    variant = request.GET.get("variant") or None
    if variant not in ALL_VARIANTS:
        variant = None
    period = request.GET.get("period", "all")
    return variant, period if period in PERIODS else "all"


def _matches(roster: Roster, rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for row in rows:
        o = row["outcome"]
        sides = [" + ".join(roster.name(int(p)) for p in side) for side in o["sides"]]
        out.append(
            {
                "pk": row["match_id"],
                "url": reverse("scorekeeper:watch", args=[row["match__public_id"]]),
                "variant": variant_name(row["variant"]),
                "sides": sides,
                "score": ":".join(str(x) for x in o["score"]),
                "winner": sides[o["winner"]] if o["winner"] is not None else None,
                "when": row["order"],
            }
        )
    return out


def _evenings(
    company: Company, roster: Roster, count: int, before: datetime | None = None
) -> tuple[list[dict[str, Any]], str | None]:
    """The evenings as the page shows them, and the link to the earlier ones (None: none)."""
    found, more = evenings_page(company, roster, count=count, before=before)
    teams = _teams(found)
    out = []
    for e in found:
        title, rows = evening_texts(e, teams)
        out.append({"title": title, "rows": rows, "day": e.date.isoformat()})
    if not (found and more):
        return out, None
    first = found[-1].outcomes[0].match
    start = first.started or first.ended
    assert start is not None  # an evening's matches all have a time
    url = reverse("company:evenings", args=[company.public_id])
    return out, f"{url}?before={int(start.timestamp())}"


def _teams(found: list[Evening]) -> dict[str, list[str]]:
    """The sides' names of the evenings' biggest wins, as the reader's language shows them."""
    return {key: shown_names(names) for key, names in biggest_wins_teams(found).items()}


def _matches_url(company: Company, secret: str | None) -> str:
    if secret is None:
        return reverse("company:matches", args=[company.public_id])
    return reverse("company:matches_edit", args=[company.public_id, secret])


def page_context(request: HttpRequest, company: Company, secret: str | None) -> dict[str, Any]:
    """The context of the company's page (the edit link's with its forms)."""
    roster = roster_of(company)
    variant, period = _filters(request)
    evenings, earlier = _evenings(company, roster, LATEST_EVENINGS)
    players = [(pid, roster.names[pid]) for pid in roster.players()]
    merges = [
        {"seq": seq, "keep": roster.names[a], "fold": roster.names[b]}
        for seq, (a, b) in roster.merges.items()
    ]
    ctx: dict[str, Any] = {
        "company": company,
        "secret": secret,
        "editable": secret is not None,
        "version": company.version,
        "roster_players": players,
        "merges": merges,
        "matches": _matches(roster, match_rows(company)[:LATEST_MATCHES]),
        "all_matches": company.figures.get("scopes", {}).get(ALL, {}).get("count", 0),
        "matches_url": _matches_url(company, secret),
        "evenings": evenings,
        "earlier": earlier,
        "view_abs": request.build_absolute_uri(view_url(company)),
        "filter_url": edit_url(company, secret) if secret else view_url(company),
        "periods": [("evening", _("This evening")), ("month", _("This month")), ("all", _("All time"))],
        "all_variants": [(k, variant_name(k)) for k in ALL_VARIANTS],
        "default_variant": DEFAULT_VARIANT,
        **figures_page(company, roster, variant, period),
    }
    if secret is not None:
        ctx["edit_abs"] = request.build_absolute_uri(edit_url(company, secret))
        ctx["nonces"] = {k: new_nonce() for k in ("player", "rename", "merge", "link")}
        # each seat with the player chosen for it: at first the roster's first four
        ctx["seats"] = [(i, players[i][1] if i < len(players) else "") for i in range(4)]
        ctx["first_dealer"] = 0
    return ctx


@require_safe
def company_edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    company = company_get_for_edit(public_id, secret)
    return render(request, "scorekeeper/company/edit.html", page_context(request, company, secret))


@read_only
def company_view(request: HttpRequest, public_id: str) -> HttpResponse:
    company = company_get(public_id)
    return render(request, "scorekeeper/company/view.html", page_context(request, company, None))


def _matches_page(request: HttpRequest, company: Company, secret: str | None) -> HttpResponse:
    """Every match of the company, the newest first, a page at a time."""
    page = Paginator(match_rows(company), MATCHES_PER_PAGE).get_page(request.GET.get("page"))
    ctx = {
        "company": company,
        "secret": secret,
        "editable": secret is not None,
        "version": company.version,
        "page": page,
        "matches": _matches(roster_of(company), page.object_list),
        "matches_url": _matches_url(company, secret),
        "company_url": edit_url(company, secret) if secret else view_url(company),
    }
    return render(request, "scorekeeper/company/matches.html", ctx)


@read_only
def evenings_view(request: HttpRequest, public_id: str) -> HttpResponse:
    """The evenings begun before ``?before=`` (seconds since the epoch), the newest first."""
    company = company_get(public_id)
    before = read_instant(request.GET.get("before"))
    evenings, earlier = _evenings(company, roster_of(company), EARLIER_EVENINGS, before)
    ctx = {"company": company, "evenings": evenings, "earlier": earlier, "company_url": view_url(company)}
    return render(request, "scorekeeper/company/evenings.html", ctx)


@require_safe
def matches_edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    return _matches_page(request, company_get_for_edit(public_id, secret), secret)


@read_only
def matches_view(request: HttpRequest, public_id: str) -> HttpResponse:
    return _matches_page(request, company_get(public_id), None)


@read_only
def evening_image(request: HttpRequest, public_id: str, day: str) -> HttpResponse:
    """The evening's PNG in the reader's language, to share in a chat."""
    company = company_get(public_id)
    evening = evening_on(company, roster_of(company), day)
    if evening is None:
        raise Http404("no such evening")
    resp = HttpResponse(evening_png(evening, company.name, _teams([evening])), content_type="image/png")
    resp["Content-Disposition"] = f'inline; filename="kozel-{day}-{get_language()}.png"'
    return resp


@read_only
def qr_view(request: HttpRequest, public_id: str) -> HttpResponse:
    return qr_svg(request.build_absolute_uri(view_url(company_get(public_id))))


@require_safe
def qr_edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    company = company_get_for_edit(public_id, secret)
    return qr_svg(request.build_absolute_uri(edit_url(company, secret)))


def read_only_rest(request: HttpRequest, public_id: str, rest: str) -> HttpResponse:
    """Anything else under a view link: a write is 403, a read is 404."""
    if request.method not in ("GET", "HEAD"):
        raise PermissionDenied(VIEW_LINK_READ_ONLY)
    raise Http404("no such page")
