"""The write path every form of the match goes through: bind, run the service with the form's
log version and nonce, answer with the fresh board, a 409 or a 422, and the same writes sent
later by a phone's outbox (static/scorekeeper/outbox.js), answered in JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

from common.http import htmx, url
from common.numbers import optional_number
from rules.counting import count

from .. import services
from ..forms import HandForm, WriteForm
from ..models import Match
from ..selectors import record_summary
from .common import NONCE_REUSED, STALE, edit_url, render_match


def _apply_errors(form: WriteForm, exc: ValidationError) -> None:
    if hasattr(exc, "error_dict"):
        for field, errors in exc.error_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc)


def _form_message(form: WriteForm) -> str:
    """A control form (undo, delete, restore, rematch) has no fields to show errors beside:
    its errors become the page's message."""
    return " ".join(str(m) for errors in form.errors.values() for m in errors)


# how a failed write is shown: (the form with its errors or None, a message, the status)
ShowError = Callable[[WriteForm | None, str, int], HttpResponse]


def write(
    request: HttpRequest,
    form: WriteForm,
    do: Callable[[dict[str, Any]], object],
    *,
    show_error: ShowError,
    done_url: str | Callable[[Any], str],
    board: Callable[[], HttpResponse] | None = None,
) -> HttpResponse:
    """The one path of every write: bind, run the service with the form's version and nonce,
    and answer. A stale form or a nonce spent on another action is a 409 with the fresh state;
    a record the engine refuses is a 422 with the engine's message beside the field. On success
    htmx gets ``board()`` in place (when given), anything else a redirect to ``done_url``."""
    if _from_outbox(request):
        return _outbox_write(request, form, do)
    if not form.is_valid():
        return show_error(form, "", 422)
    try:
        result = do(form.cleaned_data)
    except services.StaleForm:
        return show_error(None, str(STALE), 409)
    except services.NonceReused:
        return show_error(None, str(NONCE_REUSED), 409)
    except services.NotFound:
        raise Http404("no such hand") from None
    except ValidationError as exc:
        _apply_errors(form, exc)
        return show_error(form, "", 422)
    if htmx(request) and board is not None:
        return board()
    url = done_url(result) if callable(done_url) else done_url
    return HttpResponseClientRedirect(url) if htmx(request) else redirect(url)


# ---------------------------------------------------------------- the phone's outbox (static/scorekeeper/outbox.js)


def _from_outbox(request: HttpRequest) -> bool:
    """A write a phone kept while offline and sends now: it is answered in JSON."""
    return request.headers.get("X-Kozel-Outbox") == "1"


def outbox_hand(request: HttpRequest) -> int | None:
    """The hand number an outbox entry was entered for (only an outbox sends it)."""
    if not _from_outbox(request):
        return None
    return optional_number(request.POST.get("hand"), "hand", 1, 99_999)


def _outbox_write(
    request: HttpRequest, form: WriteForm, do: Callable[[dict[str, Any]], object]
) -> HttpResponse:
    """The same write as the form's, answered for the outbox: ``{"ok", "version"}``; 409
    ``hand_conflict`` with both records (the players choose) and the correction page of the hand
    already there (``replace_url``, for «Заменить на мой»), ``stale`` or ``nonce_reused``; 422
    ``invalid``; 404 ``not_found``."""

    def answer(status: int, **data: Any) -> JsonResponse:
        resp = JsonResponse(data, status=status, json_dumps_params={"ensure_ascii": False})
        resp["Cache-Control"] = "no-store"
        return resp

    if not form.is_valid():
        return answer(422, code="invalid", message=_form_message(form))
    try:
        result = do(form.cleaned_data)
    except services.HandConflict as c:
        names = c.match.team_names
        mine = record_summary(c.mine, names)
        theirs = record_summary(c.theirs, names) if c.theirs is not None else ""
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
        link = request.resolver_match.kwargs if request.resolver_match else {}
        replace_url = (
            url("scorekeeper:hand_change", link["public_id"], link["secret"], c.slot) if c.slot else None
        )
        return answer(
            409,
            code="hand_conflict",
            hand=c.hand,
            slot=c.slot,
            replace_url=replace_url,
            theirs=theirs,
            mine=mine,
            message=message,
            version=c.version,
            next_hand=c.hands + 1,
        )
    except services.StaleForm as stale:
        return answer(409, code="stale", message=str(STALE), version=stale.version)
    except services.NonceReused:
        return answer(409, code="nonce_reused", message=str(NONCE_REUSED))
    except services.NotFound:
        return answer(404, code="not_found", message=_("This hand is no longer in the match."))
    except ValidationError as exc:
        return answer(422, code="invalid", message=" ".join(exc.messages))
    entry = result[0] if isinstance(result, tuple) else None
    version = (
        Match.objects.values_list("version", flat=True).get(pk=entry.match_id) if entry is not None else None
    )
    return answer(200, ok=True, version=version)


def on_board(request: HttpRequest, match: Match, secret: str, *, fields: bool) -> ShowError:
    """Failed writes from the board: a hand form keeps its fields and errors; a control form's
    errors become the message above the board."""

    def show(form: WriteForm | None, message: str, status: int) -> HttpResponse:
        if form is not None and not fields:
            message, form = _form_message(form), None
        return render_match(request, match, secret, form=form, message=message, status=status)  # type: ignore[arg-type]

    return show


def board_write(
    request: HttpRequest, match: Match, secret: str, form: WriteForm, do: Callable[[dict[str, Any]], object]
) -> HttpResponse:
    """A write from the board: htmx gets the fresh board in place."""
    return write(
        request,
        form,
        do,
        show_error=on_board(request, match, secret, fields=isinstance(form, HandForm)),
        done_url=edit_url(match, secret),
        board=lambda: render_match(request, match, secret),
    )
