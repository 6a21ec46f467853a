"""The phone's outbox (static/scorekeeper/outbox.js): the writes a phone kept while offline,
sent later to the form URLs they were made on with the header ``X-Kozel-Outbox: 1``, are
answered in JSON by the views here. :func:`answers` puts each one in front of its form view;
phones keep posting to the URLs they stored, so those stay the outbox's way in.

The answers: ``{"ok": true, "version"}``; 409 ``hand_conflict`` with both records (the players
choose) and the correction page of the hand already there (``replace_url``, for «Заменить на
мой»), ``stale`` (with the version now) or ``nonce_reused``; 422 ``invalid``; 404
``not_found``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.http import url
from common.numbers import optional_number
from rules.counting import count

from .. import services
from ..errors import NonceReused, NotFound, StaleForm, WriteRefused
from ..forms.correction import HandChangeForm
from ..forms.hand import HandRecordForm
from ..forms.write import WriteForm
from ..models import Match
from ..selectors import match_get_for_edit, match_slot, ruleset_of
from ..wording import record_summary
from .common import NONCE_REUSED, STALE

HEADER = "X-Kozel-Outbox"

View = Callable[..., HttpResponse]


def from_outbox(request: HttpRequest) -> bool:
    """A write a phone kept while offline and sends now: it is answered in JSON."""
    return request.headers.get(HEADER) == "1"


def answers(json_view: View) -> Callable[[View], View]:
    """The form view, whose POSTs from a phone's outbox ``json_view`` answers."""

    def decorator(view: View) -> View:
        @wraps(view)
        def outbox_or_form(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST" and from_outbox(request):
                return json_view(request, *args, **kwargs)
            return view(request, *args, **kwargs)

        return outbox_or_form

    return decorator


# ---------------------------------------------------------------- the writes


@require_POST
def hand_new(request: HttpRequest, public_id: str, secret: str) -> JsonResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    rs = ruleset_of(match)
    form = HandRecordForm(request.POST, ruleset=rs)
    if not form.is_valid():
        return invalid(form)
    d = form.cleaned_data
    # the hand number the entry was made for: it decides when the log moved on meanwhile
    hand = optional_number(request.POST.get("hand"), "hand", 1, 99_999)
    try:
        services.hand_record(
            match=match, ruleset=rs, record=d["record"], nonce=d["nonce"], version=d["version"], hand=hand
        )
    except WriteRefused as refused:
        return refusal(refused, public_id, secret)
    return written(match)


@require_POST
def undo(request: HttpRequest, public_id: str, secret: str) -> JsonResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    form = WriteForm(request.POST)
    if not form.is_valid():
        return invalid(form)
    d = form.cleaned_data
    try:
        services.hand_undo(match=match, nonce=d["nonce"], version=d["version"])
    except WriteRefused as refused:
        return refusal(refused, public_id, secret)
    return written(match)


@require_POST
def hand_change(request: HttpRequest, public_id: str, secret: str, slot: int) -> JsonResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    if match_slot(match=match, slot=slot) is None:
        raise Http404("no such hand")
    rs = ruleset_of(match)
    form = HandChangeForm(request.POST, ruleset=rs)
    if not form.is_valid():
        return invalid(form)
    d = form.cleaned_data
    try:
        services.hand_correct(
            match=match,
            ruleset=rs,
            slot=slot,
            record=d["record"],
            nonce=d["nonce"],
            version=d["version"],
            reason=d.get("reason", ""),
            remove_later=d["remove_later"],
        )
    except WriteRefused as refused:
        return refusal(refused, public_id, secret)
    return written(match)


@require_POST
def hand_remove(request: HttpRequest, public_id: str, secret: str, slot: int) -> JsonResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    form = WriteForm(request.POST)
    if not form.is_valid():
        return invalid(form)
    d = form.cleaned_data
    try:
        services.hand_delete(
            match=match, slot=slot, nonce=d["nonce"], version=d["version"], reason=d.get("reason", "")
        )
    except WriteRefused as refused:
        return refusal(refused, public_id, secret)
    return written(match)


@require_POST
def restore(request: HttpRequest, public_id: str, secret: str, seq: int) -> JsonResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    form = WriteForm(request.POST)
    if not form.is_valid():
        return invalid(form)
    d = form.cleaned_data
    try:
        services.entry_restore(match=match, seq=seq, nonce=d["nonce"], version=d["version"])
    except WriteRefused as refused:
        return refusal(refused, public_id, secret)
    return written(match)


# ---------------------------------------------------------------- the answers


def answer(status: int, **data: Any) -> JsonResponse:
    resp = JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})
    resp["Cache-Control"] = "no-store"
    return resp


def written(match: Match) -> JsonResponse:
    """Done (or done already: a repeated nonce): the match's version after it."""
    return answer(200, ok=True, version=match.version)


def invalid(form: WriteForm) -> JsonResponse:
    return answer(422, code="invalid", message=form.message())


def refusal(refused: WriteRefused, public_id: str, secret: str) -> JsonResponse:
    """A write not done, by its code."""
    if isinstance(refused, services.HandConflict):
        return conflict(refused, public_id, secret)
    if isinstance(refused, StaleForm):
        return answer(refused.status, code=refused.code, message=str(STALE), version=refused.version)
    if isinstance(refused, NonceReused):
        return answer(refused.status, code=refused.code, message=str(NONCE_REUSED))
    if isinstance(refused, NotFound):
        return answer(refused.status, code=refused.code, message=_("This hand is no longer in the match."))
    assert isinstance(refused, services.Invalid)
    return answer(refused.status, code=refused.code, message=" ".join(refused.messages))


def conflict(c: services.HandConflict, public_id: str, secret: str) -> JsonResponse:
    """The hand kept on the phone and the one another phone recorded for its number: both, for
    the players to choose."""
    names = c.match.team_names
    players = c.match.player_names
    mine = record_summary(c.mine, names, players)
    theirs = record_summary(c.theirs, names, players) if c.theirs is not None else ""
    if c.theirs is not None:
        message = _("Hand %(n)s was already recorded from another phone: %(theirs)s. Yours: %(mine)s") % {
            "n": c.hand,
            "theirs": theirs,
            "mine": mine,
        }
    else:
        message = _("The match was changed from another phone: it now has %(hands)s. Yours: %(mine)s") % {
            "hands": count(c.hands, "hand"),
            "mine": mine,
        }
    return answer(
        c.status,
        code=c.code,
        hand=c.hand,
        slot=c.slot,
        replace_url=url("scorekeeper:hand_change", public_id, secret, c.slot) if c.slot else None,
        theirs=theirs,
        mine=mine,
        message=message,
        version=c.version,
        next_hand=c.hands + 1,
    )
