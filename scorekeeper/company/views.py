"""The company's pages: made without sign-up, an edit link and a view link like a match's.

Plain ``render()``; every write is a POST with the CSRF token, the log version the page showed
and a one-time nonce (a double tap writes once), answered by a redirect to the edit page, or
the page again with the error (422: it does not fit; 409: another phone changed it first)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from django import forms as djforms
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from common.limits import limit_creation
from rules.engine.variants import ALL_VARIANTS, DEFAULT_VARIANT
from rules.evening_card import evening_png, evening_texts
from rules.messages import variant_name

from ..forms import new_nonce
from ..models import Match
from ..selectors import secret_matches
from ..services import NonceReused, StaleForm
from ..views.common import NONCE_REUSED, VIEW_LINK_READ_ONLY, read_only
from ..views.new import new_page
from ..views.readonly import qr_svg
from . import forms, services
from .figures import ALL
from .log import Roster
from .models import Company
from .pages import (
    EARLIER_EVENINGS,
    LATEST_EVENINGS,
    PERIODS,
    evening_on,
    evenings_page,
    figures_page,
    roster_of,
)
from .zones import zone_labels

LATEST_MATCHES = 10  # the company's page lists its newest matches; the matches page has them all
MATCHES_PER_PAGE = 30

COMPANY_STALE = gettext_lazy(
    "Another phone changed this company since your page was shown. Here it is as it stands now: "
    "check it and try again."
)


def company_get(public_id: str) -> Company:
    company = Company.objects.filter(public_id=public_id).first()
    if company is None:
        raise Http404("no such company")
    return company


def company_get_for_edit(public_id: str, secret: str) -> Company:
    """The company if ``secret`` is its edit secret; 404 otherwise (the same for both)."""
    company = company_get(public_id)
    if not secret_matches(company.secret_hash, secret):
        raise Http404("no such company")
    return company


def edit_url(company: Company, secret: str) -> str:
    return reverse("company:edit", args=[company.public_id, secret])


def view_url(company: Company) -> str:
    return reverse("company:view", args=[company.public_id])


# ---------------------------------------------------------------- making one


@require_http_methods(["GET", "HEAD", "POST"])
@limit_creation("company")
def company_new(request: HttpRequest) -> HttpResponse:
    form = forms.CompanyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            company, secret = services.company_create(
                name=form.cleaned_data["name"],
                # a phone without JavaScript sends none: the server's zone, shown on the page
                time_zone=form.cleaned_data["time_zone"] or settings.TIME_ZONE,
                players=form.player_names(),
            )
        except ValidationError as e:
            form.add_error(None, e)
        else:
            return redirect(edit_url(company, secret))
    status = 422 if request.method == "POST" else 200
    # the zone is learnt on the phone: the page carries the words for each zone it may be
    zones = json.dumps(zone_labels(), ensure_ascii=False)
    return render(request, "scorekeeper/company/new.html", {"form": form, "zones": zones}, status=status)


# ---------------------------------------------------------------- the pages


def _filters(request: HttpRequest) -> tuple[str | None, str]:
    variant = request.GET.get("variant") or None
    if variant not in ALL_VARIANTS:
        variant = None
    period = request.GET.get("period", "all")
    return variant, period if period in PERIODS else "all"


def _match_rows(company: Company) -> QuerySet[Any]:
    """The company's matches, the newest first: what the list shows of each, nothing more (not
    the match row with its snapshot)."""
    return company.rows.order_by("-order", "-match_id").values(
        "match_id", "match__public_id", "variant", "outcome", "order"
    )


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
    out = []
    for e in found:
        title, rows = evening_texts(e)
        out.append({"title": title, "rows": rows, "day": e.date.isoformat()})
    if not (found and more):
        return out, None
    first = found[-1].outcomes[0].match
    start = first.started or first.ended
    assert start is not None  # an evening's matches all have a time
    url = reverse("company:evenings", args=[company.public_id])
    return out, f"{url}?before={int(start.timestamp())}"


def _matches_url(company: Company, secret: str | None) -> str:
    if secret is None:
        return reverse("company:matches", args=[company.public_id])
    return reverse("company:matches_edit", args=[company.public_id, secret])


def _context(request: HttpRequest, company: Company, secret: str | None) -> dict[str, Any]:
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
        "matches": _matches(roster, _match_rows(company)[:LATEST_MATCHES]),
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
    return render(request, "scorekeeper/company/edit.html", _context(request, company, secret))


@read_only
def company_view(request: HttpRequest, public_id: str) -> HttpResponse:
    company = company_get(public_id)
    return render(request, "scorekeeper/company/view.html", _context(request, company, None))


def _matches_page(request: HttpRequest, company: Company, secret: str | None) -> HttpResponse:
    """Every match of the company, the newest first, a page at a time."""
    page = Paginator(_match_rows(company), MATCHES_PER_PAGE).get_page(request.GET.get("page"))
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
    try:
        before = datetime.fromtimestamp(int(request.GET.get("before", "")), tz=UTC)
    except (ValueError, OverflowError, OSError):
        before = None
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
    resp = HttpResponse(evening_png(evening, company.name), content_type="image/png")
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


# ---------------------------------------------------------------- writes


def _write(
    request: HttpRequest,
    public_id: str,
    secret: str,
    form_class: type[djforms.Form],
    call: Callable[[Company, dict[str, Any]], object],
) -> HttpResponse:
    company = company_get_for_edit(public_id, secret)
    form = form_class(request.POST)
    message, status = "", 422
    if form.is_valid():
        try:
            call(company, form.cleaned_data)
        except ValidationError as e:
            message = " ".join(e.messages)
        except StaleForm:
            message, status = str(COMPANY_STALE), 409
        except NonceReused:
            message, status = str(NONCE_REUSED), 409
        else:
            return redirect(edit_url(company, secret))
    else:
        message = " ".join(str(m) for errs in form.errors.values() for m in errs)
    company.refresh_from_db()
    ctx = _context(request, company, secret)
    ctx["message"] = message
    return render(request, "scorekeeper/company/edit.html", ctx, status=status)


def _common(d: dict[str, Any]) -> dict[str, Any]:
    return {"nonce": d["nonce"], "version": d["version"]}


@require_POST
def player_add(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    return _write(
        request,
        public_id,
        secret,
        forms.NameForm,
        lambda c, d: services.player_add(company=c, name=d["name"], **_common(d)),
    )


@require_POST
def player_rename(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    return _write(
        request,
        public_id,
        secret,
        forms.RenameForm,
        lambda c, d: services.player_rename(company=c, player=d["player"], name=d["name"], **_common(d)),
    )


@require_POST
def players_merge(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    return _write(
        request,
        public_id,
        secret,
        forms.MergeForm,
        lambda c, d: services.players_merge(company=c, keep=d["keep"], fold=d["fold"], **_common(d)),
    )


@require_POST
def merge_undo(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    return _write(
        request,
        public_id,
        secret,
        forms.UnmergeForm,
        lambda c, d: services.merge_undo(company=c, merge=d["merge"], **_common(d)),
    )


@require_POST
def match_add(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    return _write(
        request,
        public_id,
        secret,
        forms.LinkForm,
        lambda c, d: services.match_add(company=c, link=d["link"], **_common(d)),
    )


@require_POST
def match_remove(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    return _write(
        request,
        public_id,
        secret,
        forms.RemoveForm,
        lambda c, d: services.match_remove(company=c, match=d["match"], **_common(d)),
    )


@require_http_methods(["GET", "HEAD", "POST"])
@limit_creation("match")  # a new match, as from /m/new/: in its bucket
def match_new(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """The new-match page with the seats chosen on the company's page (``?player_<n>=`` and
    ``?first_dealer=``, names of the company's players); the match made joins the company."""
    company = company_get_for_edit(public_id, secret)
    roster = roster_of(company)
    known = {roster.names[p] for p in roster.players()}
    preset: dict[str, Any] = {}
    for i in range(4):
        name = request.GET.get(f"player_{i}", "")
        if name in known:
            preset[f"player_{i}"] = name
    dealer = request.GET.get("first_dealer", "")
    if dealer in ("0", "1", "2", "3"):
        preset["first_dealer"] = int(dealer)

    def created(match: Match, _secret: str) -> None:
        # the company's version as it stands, read under its lock: two matches started at once
        # from it each join it (read before the lock, one of them met a stale version, a 500)
        locked = Company.objects.select_for_update().get(pk=company.pk)
        services.match_link(
            company=company, match=match, nonce=f"new-{match.public_id}", version=locked.version
        )

    try:
        return new_page(
            request,
            action=request.get_full_path(),
            preset=preset,
            created=created,
            context={"company": company},
        )
    except ValidationError as e:
        company.refresh_from_db()
        ctx = _context(request, company, secret)
        ctx["message"] = " ".join(e.messages)
        # the page again with every choice as it was made, the one to change among them
        ctx["seats"] = [(i, request.GET.get(f"player_{i}", "")) for i in range(4)]
        ctx["first_dealer"] = preset.get("first_dealer", 0)
        return render(request, "scorekeeper/company/edit.html", ctx, status=422)
