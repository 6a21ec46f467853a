"""The match board behind the edit link: the page, a new hand, undo and a rematch."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.limits import limit_creation

from .. import services
from ..forms import HandForm, WriteForm
from ..selectors import match_get_for_edit, match_live_board, ruleset_of
from .common import edit_url, render_match
from .writes import board_write, on_board, outbox_hand, write


@require_safe
def edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return render_match(request, match, secret)


@require_POST
def hand_new(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return board_write(
        request,
        match,
        secret,
        HandForm(request.POST, ruleset=ruleset_of(match)),
        lambda d: services.hand_record(
            match=match,
            record=d["record"],
            nonce=d["nonce"],
            version=d["version"],
            hand=outbox_hand(request),
        ),
    )


@require_POST
def undo(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return board_write(
        request,
        match,
        secret,
        WriteForm(request.POST),
        lambda d: services.hand_undo(match=match, nonce=d["nonce"], version=d["version"]),
    )


@require_POST
@limit_creation("match")  # a new match, as from /m/new/: in its bucket
def rematch(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    board = match_live_board(match=match)
    if not board.state.finished:
        return render_match(
            request, match, secret, board=board, message=_("The match is not over yet."), status=409
        )
    return write(
        request,
        WriteForm(request.POST),
        lambda d: services.match_rematch(match=match, secret=secret, version=d["version"]),
        show_error=on_board(request, match, secret, fields=False),
        done_url=lambda new_match: edit_url(new_match, secret),
    )
