"""The match board behind the edit link: the page, a new hand, undo and a rematch.

A write binds its form, calls one service and answers with the fresh board in place (htmx) or
a redirect to the page; a write the service refuses (:class:`~scorekeeper.errors.WriteRefused`)
is the board again with why, at the refusal's status. The match's ruleset is resolved once per
request and its fold decoded once, under the write's lock: the service hands it back
(:class:`~scorekeeper.services.Written`) and the board is drawn from it. A phone's outbox sends
the same writes and is answered in JSON (:mod:`.outbox`)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from common.http import as_htmx
from common.limits import limit_creation
from rules.engine import Fold
from rules.engine.variants import Ruleset

from .. import services
from ..errors import Invalid, NotFound, WriteRefused
from ..forms.hand import HandRecordForm, penalty_choices
from ..forms.write import WriteForm, new_nonce
from ..models import Match
from ..presenters import BoardPage
from ..selectors import Board, match_get_for_edit, match_live_board, match_next, ruleset_of
from . import outbox
from .common import (
    SUIT_PICKS,
    common_of,
    counter_context,
    edit_url,
    kept_context,
    point_fields,
    refusal_message,
    wants_all_hands,
)


@require_safe
def edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return render_board(request, match, secret, ruleset_of(match))


@require_POST
@outbox.answers(outbox.hand_new)
def hand_new(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    rs = ruleset_of(match)
    form = HandRecordForm(request.POST, ruleset=rs)
    if not form.is_valid():
        return render_board(request, match, secret, rs, form=form, status=422)
    d = form.cleaned_data
    try:
        written = services.hand_record(
            match=match, ruleset=rs, record=d["record"], nonce=d["nonce"], version=d["version"]
        )
    except WriteRefused as refused:
        return board_refused(request, match, secret, rs, refused, form)
    return board_written(request, match, secret, rs, written.fold)


@require_POST
@outbox.answers(outbox.undo)
def undo(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    rs = ruleset_of(match)
    form = WriteForm(request.POST)
    if not form.is_valid():
        return render_board(request, match, secret, rs, message=form.message(), status=422)
    try:
        written = services.hand_undo(
            match=match, ruleset=rs, nonce=form.cleaned_data["nonce"], version=form.cleaned_data["version"]
        )
    except WriteRefused as refused:
        return board_refused(request, match, secret, rs, refused)
    return board_written(request, match, secret, rs, written.fold)


@require_POST
@limit_creation("match")  # a new match, as from /m/new/: in its bucket
def rematch(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    rs = ruleset_of(match)
    board = match_live_board(match=match, ruleset=rs)
    if not board.state.finished:
        message = _("The match is not over yet.")
        return render_board(request, match, secret, rs, board=board, message=message, status=409)
    form = WriteForm(request.POST)
    if not form.is_valid():
        return render_board(request, match, secret, rs, message=form.message(), status=422)
    try:
        new = services.match_rematch(
            match=match, secret=secret, version=form.cleaned_data["version"], ruleset=rs
        )
    except WriteRefused as refused:
        return board_refused(request, match, secret, rs, refused)
    return done(request, edit_url(new, secret))


# ---------------------------------------------------------------- the answers


def done(request: HttpRequest, url: str) -> HttpResponse:
    """A write done where the page moves on: htmx is told to go there, a plain post redirected."""
    return HttpResponseClientRedirect(url) if as_htmx(request).htmx else redirect(url)


def board_written(request: HttpRequest, match: Match, secret: str, rs: Ruleset, fold: Fold) -> HttpResponse:
    """A write done from the board: htmx gets the fresh board in place, drawn from the fold the
    write ended with; a plain post is redirected to the page."""
    if as_htmx(request).htmx:
        return render_board(request, match, secret, rs, fold=fold)
    return redirect(edit_url(match, secret))


def board_refused(
    request: HttpRequest,
    match: Match,
    secret: str,
    rs: Ruleset,
    refused: WriteRefused,
    form: HandRecordForm | None = None,
) -> HttpResponse:
    """A write refused from the board: the board again, at the refusal's status. A hand the
    engine refuses keeps the form with the error beside its field; any other refusal is said
    above the board, with a fresh form."""
    if isinstance(refused, NotFound):
        raise Http404("no such hand")
    if isinstance(refused, Invalid) and form is not None:
        form.add_refusal(refused.error)
        return render_board(request, match, secret, rs, form=form, status=refused.status)
    return render_board(request, match, secret, rs, message=refusal_message(refused), status=refused.status)


def render_board(
    request: HttpRequest,
    match: Match,
    secret: str,
    rs: Ruleset,
    *,
    status: int = 200,
    board: Board | None = None,
    fold: Fold | None = None,
    form: HandRecordForm | None = None,
    message: str = "",
) -> HttpResponse:
    """The #match fragment for htmx, else the whole edit page. ``fold``: the match's, when the
    request holds it (a write's), so that nothing is decoded again."""
    all_hands = wants_all_hands(request)
    board = board or match_live_board(match=match, all_hands=all_hands, ruleset=rs, fold=fold)
    page = BoardPage(board)
    edit = edit_url(match, secret)
    ctx: dict[str, Any] = {
        "match": match,
        "board": page,
        "secret": secret,
        "message": message,
        "editable": True,
        "penalty_nonce": new_nonce(),
        "all_hands": all_hands,
        "edit_url": edit,
        "next_match": match_next(match=match) if page.state.finished else None,
        "view_url": SimpleLazyObject(
            lambda: request.build_absolute_uri(reverse("scorekeeper:watch", args=[match.public_id]))
        ),
        "edit_abs": SimpleLazyObject(lambda: request.build_absolute_uri(edit)),
        **kept_context(page, "edit"),
        **common_of(match, rs),
    }
    if page.next is not None and not page.broken:
        ctx.update(_entry_context(page, form))
    template = "scorekeeper/match.html#match" if as_htmx(request).htmx else "scorekeeper/match.html"
    return render(request, template, ctx, status=status)


def _entry_context(board: BoardPage, form: HandRecordForm | None) -> dict[str, Any]:
    """What the hand entry form (_entry.html) needs beside the board."""
    if form is None:
        form = HandRecordForm(initial={"version": board.version, "nonce": new_nonce()}, ruleset=board.ruleset)
    return {
        "form": form,
        "penalties": penalty_choices(board.ruleset),
        # a misdeal has its own button, already against the dealing team; these take a team
        "other_penalties": [(k, label) for k, label in penalty_choices(board.ruleset) if k != "misdeal"],
        "point_fields": point_fields(board, form),
        "suits": SUIT_PICKS,
        **counter_context(board),
    }
