"""The view link (read only): the match page, its exports and the QR codes."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import segno
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from common.http import as_htmx
from common.numbers import read_number

from ..models import Match
from ..names import shown_names
from ..presenters import BoardPage
from ..selectors import (
    Board,
    match_board,
    match_get,
    match_get_for_edit,
    match_live_board,
    match_next,
    match_public_version,
)
from .common import VIEW_LINK_READ_ONLY, common_of, edit_url, kept_context, read_only, wants_all_hands


def qr_svg(url: str) -> HttpResponse:
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    resp = HttpResponse(buf.getvalue(), content_type="image/svg+xml")
    resp["Cache-Control"] = "private, max-age=3600"
    return resp


@require_safe
def qr_edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return qr_svg(request.build_absolute_uri(edit_url(match, secret)))


# ---------------------------------------------------------------- view link (read only)


@read_only
def watch(request: HttpRequest, public_id: str) -> HttpResponse:
    """The live board without controls; htmx polls it with ``?v=<version>`` (204 = unchanged).
    A match that continues no other and is not over answers a conditional GET: its ETag is its
    version with what else the page hangs on (:func:`_etag`)."""
    request = as_htmx(request)
    shown = read_number(request.GET.get("v", ""), 0, 10**9)
    if request.htmx and shown is not None:
        current = match_public_version(public_id=public_id)  # one indexed query
        if current is None:
            raise Http404("no such match")
        if shown == current:
            return HttpResponse(status=204)
    match = match_get(public_id=public_id)
    all_hands = wants_all_hands(request)
    etag = _etag(match, all_hands, fragment=bool(request.htmx))
    if etag is not None:
        unchanged = get_conditional_response(request, etag=etag)
        if unchanged is not None:
            return unchanged
    board = BoardPage(match_live_board(match=match, all_hands=all_hands))
    ctx = {
        "match": match,
        "board": board,
        "editable": False,
        "all_hands": all_hands,
        "next_match": match_next(match=match) if board.state.finished else None,
        **kept_context(board, "view"),
        **common_of(match, board.ruleset),
    }
    response = render(
        request, "scorekeeper/watch.html#live" if request.htmx else "scorekeeper/watch.html", ctx
    )
    if etag is not None:
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache"  # kept by the browser, asked again each time
        patch_vary_headers(response, ("HX-Request",))
    return response


def _etag(match: Match, all_hands: bool, *, fragment: bool) -> str | None:
    """The view page of a match on its own that is not over is a function of its version, the
    wording of its stored lines, the language, the hands asked for and whether it is the fragment."""
    snap = match.snapshot or {}
    if match.previous_id is not None or snap.get("finished"):
        return None
    parts = [match.public_id, match.version, snap.get("texts"), get_language(), int(all_hands), int(fragment)]
    return '"' + "-".join(map(str, parts)) + '"'


@read_only
def qr_view(request: HttpRequest, public_id: str) -> HttpResponse:
    match = match_get(public_id=public_id)
    return qr_svg(request.build_absolute_uri(reverse("scorekeeper:watch", args=[match.public_id])))


def _export_rows(board: Board) -> list[dict[str, Any]]:
    return [
        {
            "hand": ln.number,
            "record": ln.result.record.to_dict(),
            "delta": list(ln.result.delta),
            "score": list(ln.result.score),
            "notes": [n.to_dict() for n in ln.result.notes],
            "explained": ln.notes,
        }
        for ln in board.hands
    ]


@read_only
def export_json(request: HttpRequest, public_id: str) -> HttpResponse:
    match = match_get(public_id=public_id)
    board = match_board(match=match)
    st = board.state
    data = {
        "match": match.public_id,
        "variant": match.variant,
        "options": match.options,
        "teams": match.team_names,
        "players": match.player_names,
        "first_dealer": match.first_dealer,
        **({"seats": match.seats} if match.seats != 4 else {}),
        "created_at": match.created_at.isoformat(),
        "score": list(st.score),
        "finished": st.finished,
        "winner": st.winner,
        "loser": st.loser,
        "titles": list(st.titles),
        "pending": dict(st.pending),
        "hands": _export_rows(board),
    }
    resp = HttpResponse(_one_hand_a_line(data), content_type="application/json")
    resp["Content-Disposition"] = f'attachment; filename="kozel-{match.public_id}.json"'
    return resp


def _one_hand_a_line(data: dict[str, Any]) -> str:
    """The export as JSON with one hand on each line: still readable, and written by json's C
    encoder (an ``indent`` makes it use the pure-Python one, most of a long match's export)."""
    hands = data.pop("hands")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    rows = ",\n ".join(json.dumps(h, ensure_ascii=False) for h in hands)
    return f'{head}, "hands": [\n {rows}\n]}}\n' if hands else f'{head}, "hands": []}}\n'


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A text cell a spreadsheet would run as a formula gets a leading ``'`` (the OWASP rule for
    CSV injection): a team named ``=HYPERLINK(…)`` stays text. Numbers are left as numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


@read_only
def export_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    match = match_get(public_id=public_id)
    board = match_board(match=match)
    names = shown_names(match.team_names)  # one per side: two teams, or each player at a short table
    # the header in the player's language, like the events and reasons in the rows
    rows: list[list[object]] = [
        [
            _("hand"),
            *(_("points %(team)s") % {"team": t} for t in names),
            _("events"),
            *(_("delta %(team)s") % {"team": t} for t in names),
            *(_("score %(team)s") % {"team": t} for t in names),
            _("why"),
            _("record"),
        ]
    ]
    for ln in board.hands:
        r = ln.result
        pts = r.record.points or ("",) * len(names)
        rows.append(
            [
                ln.number,
                *pts,
                "; ".join(ln.events),
                *r.delta,
                *r.score,
                "; ".join(ln.notes),
                json.dumps(r.record.to_dict(), ensure_ascii=False),
            ]
        )
    out = io.StringIO()
    csv.writer(out).writerows([csv_cell(v) for v in row] for row in rows)
    resp = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    resp["Content-Disposition"] = f'attachment; filename="kozel-{match.public_id}.csv"'
    return resp


def read_only_rest(request: HttpRequest, public_id: str, rest: str) -> HttpResponse:
    """Anything else under a view link: a write is 403, a read is 404."""
    if request.method not in ("GET", "HEAD"):
        raise PermissionDenied(VIEW_LINK_READ_ONLY)
    raise Http404("no such page")
