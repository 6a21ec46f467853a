"""Thin views: bind a form, call a service, render the board (a fragment for htmx)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from typing import Any

import segno
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from kozel_site.http import htmx
from rules.engine.variants import DEFAULT_VARIANT, VARIANTS
from rules.messages import VARIANT_BLURBS, lang, option_label, option_value, variant_name
from rules.views import deal_review

from . import reasons, services
from .forms import (
    HandForm,
    MatchForm,
    WriteForm,
    hand_initial_from_query,
    hand_initial_from_record,
    new_nonce,
    options_from_query,
    penalty_choices,
)
from .models import Entry, Match
from .selectors import (
    Board,
    match_board,
    match_get,
    match_get_for_edit,
    match_live_board,
    match_next,
    match_public_version,
    record_summary,
    ruleset_of,
    slots_from_log,
)

STALE_EDIT = gettext_lazy(
    "Another phone changed this match while the form was open. Below is the hand as it stands now: "
    "check it and correct it again if it still needs it."
)
STALE = gettext_lazy(
    "Another phone changed this match since your form was shown. Here is the fresh board: "
    "check it and enter the hand again if it is still missing."
)
VIEW_LINK_READ_ONLY = gettext_lazy("This is a view link: it cannot change the match.")
NONCE_REUSED = gettext_lazy(
    "This form was already used for a different change, so nothing was done now. "
    "Here is the fresh board: check it and try again."
)


def rules_sheet_url(key: str) -> str:
    return reverse("rules:sheet", args=[key])


def edit_url(match: Match, secret: str) -> str:
    return reverse("scorekeeper:edit", args=[match.public_id, secret])


def _read_only(view):  # type: ignore[no-untyped-def]
    """View-link pages: GET/HEAD only; any write through them is refused with 403."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            raise PermissionDenied(VIEW_LINK_READ_ONLY)
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


# ---------------------------------------------------------------- new match


def _variant_cards(selected: str, query: Any) -> list[dict[str, Any]]:
    cards = []
    for key, v in VARIANTS.items():
        chosen = options_from_query(v, query) if key == selected else v.defaults
        cards.append(
            {
                "key": key,
                "name": variant_name(key),
                "blurb": VARIANT_BLURBS.get(key, ""),
                "sheet": rules_sheet_url(key),
                "selected": key == selected,
                "options": [
                    {
                        "key": o.key,
                        "kind": o.kind,
                        "label": option_label(o.key),
                        "value": chosen.get(o.key, o.default),
                        "default": o.default,
                        "default_label": option_value(o.key, o.default),
                        "choices": [(c, option_value(o.key, c)) for c in o.choices],
                        # an option of one scoring system only (draw-four): say which
                        "when": option_value(o.when[0], o.when[1]) if o.when else "",
                    }
                    for o in v.options
                ],
            }
        )
    return cards


def _variant_key(query: Any) -> str:
    """The variant a query names, or the default one."""
    key = query.get("variant")
    return key if isinstance(key, str) and key in VARIANTS else DEFAULT_VARIANT


@require_http_methods(["GET", "HEAD", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    """Start a match; GET ``?variant=&opt_<name>=&house=`` preselects (house-rule sheets link here)."""
    if request.method == "POST":
        form = MatchForm(request.POST)
        if form.is_valid():
            d = form.cleaned_data
            match, secret = services.match_create(
                variant=d["variant"],
                options=d["options"],
                team_names=d["team_names"],
                player_names=d["player_names"],
                first_dealer=d["first_dealer"],
                first_leader=d["first_leader"],
                house=d.get("house", ""),
            )
            return redirect(edit_url(match, secret))
        selected = _variant_key(request.POST)
        query: Any = request.POST
        status = 422
    else:
        selected = _variant_key(request.GET)
        house = request.GET.get("house", "")[:80]
        form = MatchForm(
            initial={
                "variant": selected,
                "house": house,
                "team_0": _("Reds"),
                "team_1": _("Blacks"),
                "first_dealer": 0,
            }
        )
        query = request.GET
        status = 200
    return render(
        request,
        "scorekeeper/new.html",
        {"form": form, "variants": _variant_cards(selected, query), "selected": selected},
        status=status,
    )


# ---------------------------------------------------------------- the match (edit link)


def _hand_rows(board: Board, secret: str | None) -> list[dict[str, Any]]:
    """The hand list, newest first, as flat rows of ready strings: the template only prints them.
    The texts were built when each hand was written (stored per language with its line).

    With ``secret`` (the edit link) each row carries its «Edit» and «Dispute» links, both under
    the edit path (``…/hand/<slot>/`` and ``…/hand/<slot>/dispute/``): the secret travels only in
    a path, never in a query string. The hand URL is reversed once per page, the slot appended."""
    hand_prefix = ""
    if secret is not None:
        probe = reverse("scorekeeper:hand_change", args=[board.match.public_id, secret, 0])
        hand_prefix = probe[:-2]  # ".../hand/"
    language = lang()
    rows = []
    for ln in board.rows:
        texts = ln.texts.get(language) or ln.texts[settings.LANGUAGE_CODE]
        row = {
            "number": str(ln.number),
            "points": texts["points"],
            "events": texts["events"],
            "won": "" if ln.winner is None else f" won-{ln.winner}",
            "score0": str(ln.score0),
            "score1": str(ln.score1),
            "deltas": ", ".join(texts["deltas"]),
            "notes": " · ".join(texts["notes"]),
            "edited": ln.edited,
            "restored": ln.restored,
        }
        if secret is not None:
            row["edit"] = f"{hand_prefix}{ln.slot}/"
            row["dispute"] = f"{hand_prefix}{ln.slot}/dispute/"
        rows.append(row)
    return rows


def _lazy_rows(board: Board, secret: str | None) -> SimpleLazyObject:
    """The hand rows, built only when the template's fragment cache misses (_hands.html is cached
    per match, log version, language, mode and page)."""
    return SimpleLazyObject(lambda: _hand_rows(board, secret))


def _all_hands(request: HttpRequest) -> bool:
    """«All hands»: the page was asked for every hand, not only the latest ones."""
    return request.GET.get("hands") == "all"


def _match_context(
    request: HttpRequest,
    match: Match,
    secret: str,
    *,
    board: Board | None = None,
    form: HandForm | None = None,
    message: str = "",
) -> dict[str, Any]:
    board = board or match_live_board(match=match, all_hands=_all_hands(request))
    if form is None:
        form = HandForm(initial={"version": board.version}, ruleset=board.ruleset)
    edit = edit_url(match, secret)
    return {
        "board": board,
        "form": form,
        "secret": secret,
        "message": message,
        "editable": True,
        "penalties": penalty_choices(board.ruleset),
        # a misdeal has its own button, already against the dealing team; these take a team
        "other_penalties": [(k, label) for k, label in penalty_choices(board.ruleset) if k != "misdeal"],
        "penalty_nonce": new_nonce(),
        "lines": _lazy_rows(board, secret),
        "all_hands": _all_hands(request),
        # a match on its own (no rematch series, not over): its board is cached per log version
        "cacheable": match.previous_id is None and not board.state.finished,
        "edit_url": edit,
        "view_url": request.build_absolute_uri(reverse("scorekeeper:watch", args=[match.public_id])),
        "edit_abs": request.build_absolute_uri(edit),
        "next_match": match_next(match=match) if board.state.finished else None,
        **_common(board),
    }


def _common(board: Board) -> dict[str, Any]:
    return _common_of(board.match)


def _common_of(match: Match) -> dict[str, Any]:
    return {
        "variant_name": variant_name(match.variant),
        "sheet_url": rules_sheet_url(match.variant),
        "options": SimpleLazyObject(
            lambda: [(option_label(k), option_value(k, v)) for k, v in match.options.items()]
        ),
    }


def _render_match(
    request: HttpRequest, match: Match, secret: str, *, status: int = 200, **kwargs: Any
) -> HttpResponse:
    ctx = _match_context(request, match, secret, **kwargs)
    template = "scorekeeper/match.html#match" if htmx(request) else "scorekeeper/match.html"
    return render(request, template, ctx, status=status)


@require_safe
def edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return _render_match(request, match, secret)


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


def _write(
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
        return _outbox_write(form, do)
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
    value = request.POST.get("hand", "")
    if not _from_outbox(request) or not value.isdigit() or not 0 < int(value) < 100_000:
        return None
    return int(value)


def _outbox_write(form: WriteForm, do: Callable[[dict[str, Any]], object]) -> HttpResponse:
    """The same write as the form's, answered for the outbox: ``{"ok", "version"}``; 409
    ``hand_conflict`` with both records (the players choose), ``stale`` or ``nonce_reused``;
    422 ``invalid``; 404 ``not_found``."""

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
            message = _(
                "The match was changed from another phone: it now has %(count)s hands. Yours: %(mine)s"
            ) % {
                "count": c.hands,
                "mine": mine,
            }
        return answer(
            409,
            code="hand_conflict",
            hand=c.hand,
            slot=c.slot,
            theirs=theirs,
            mine=mine,
            message=message,
            version=c.version,
            next_hand=c.hands + 1,
        )
    except services.StaleForm:
        return answer(409, code="stale", message=str(STALE))
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


def _on_board(request: HttpRequest, match: Match, secret: str, *, fields: bool) -> ShowError:
    """Failed writes from the board: a hand form keeps its fields and errors; a control form's
    errors become the message above the board."""

    def show(form: WriteForm | None, message: str, status: int) -> HttpResponse:
        if form is not None and not fields:
            message, form = _form_message(form), None
        return _render_match(request, match, secret, form=form, message=message, status=status)  # type: ignore[arg-type]

    return show


def _board_write(
    request: HttpRequest, match: Match, secret: str, form: WriteForm, do: Callable[[dict[str, Any]], object]
) -> HttpResponse:
    """A write from the board: htmx gets the fresh board in place."""
    return _write(
        request,
        form,
        do,
        show_error=_on_board(request, match, secret, fields=isinstance(form, HandForm)),
        done_url=edit_url(match, secret),
        board=lambda: _render_match(request, match, secret),
    )


@require_POST
def hand_new(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return _board_write(
        request,
        match,
        secret,
        HandForm(request.POST, ruleset=ruleset_of(match)),
        lambda d: services.hand_record(
            match=match,
            record=services.record_from_fields(d),
            nonce=d["nonce"],
            version=d["version"],
            hand=outbox_hand(request),
        ),
    )


@require_POST
def undo(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return _board_write(
        request,
        match,
        secret,
        WriteForm(request.POST),
        lambda d: services.hand_undo(match=match, nonce=d["nonce"], version=d["version"]),
    )


@require_http_methods(["GET", "HEAD", "POST"])
def hand_change(request: HttpRequest, public_id: str, secret: str, slot: int) -> HttpResponse:
    """Edit an earlier hand. GET prefills from the query (the referee's return link) or the
    hand as it stands; POST records the correction with its reason."""
    match = match_get_for_edit(public_id=public_id, secret=secret)
    board = match_board(match=match)
    current = next((s for s in board.slots if s.slot == slot), None)
    if current is None:
        raise Http404("no such hand")

    def page(form: HandForm | None, message: str = "", status: int = 200) -> HttpResponse:
        shown, deleted, changes = board, current.deleted, []
        if form is None:  # stale or spent: a fresh form of the hand as it stands now
            shown = match_board(match=match)
            now = next((s for s in shown.slots if s.slot == slot), current)
            deleted = now.deleted
            form = HandForm(
                initial={**hand_initial_from_record(now.record or {}), "version": shown.version},
                ruleset=board.ruleset,
            )
            if message == str(STALE):  # the edit page says what changed, not «enter it again»
                changes = _changes_since(shown, request.POST.get("version", ""))
                message = str(STALE_EDIT)
        return _hand_page(
            request,
            shown,
            form,
            secret=secret,
            slot=slot,
            deleted=deleted,
            message=message,
            changes=changes,
            status=status,
        )

    if request.method == "POST":
        return _write(
            request,
            HandForm(request.POST, ruleset=board.ruleset),
            lambda d: services.hand_edit(
                match=match,
                slot=slot,
                record=services.record_from_fields(d),
                nonce=d["nonce"],
                version=d["version"],
                reason=d.get("reason", ""),
            ),
            show_error=page,  # type: ignore[arg-type]
            done_url=edit_url(match, secret),
        )
    from_query = hand_initial_from_query(request.GET)
    initial = {**hand_initial_from_record(current.record or {}), **from_query, "version": board.version}
    if from_query and ("points_0" in from_query) != ("points_1" in from_query):
        # one side given by the referee: the other is 120 minus it, not the old value
        missing = "points_1" if "points_0" in from_query else "points_0"
        initial[missing] = None
    return page(HandForm(initial=initial, ruleset=board.ruleset))


def _proposed_reason(board: Board, form: HandForm) -> str:
    """The referee's coded reason, in the reader's language, for the notice above the form."""
    code = form["reason_code"].value() or ""
    params = reasons.parse_params(code, form["reason_params"].value() or "")
    if params is None:
        return ""
    return reasons.coded_line(code, params, reasons.seat_namer(board.match.player_names or []))


def _changes_since(board: Board, version: str) -> list[str]:
    """What other phones did to the match after ``version`` (the log seq the form was shown at),
    one line per log entry: «кон 2 записан», «кон 1 исправлен»."""
    seen = int(version) if version.isdigit() else 0
    numbers = {ln.slot: ln.number for ln in board.lines}
    words = {
        Entry.ADD: _("hand %(n)s recorded"),
        Entry.EDIT: _("hand %(n)s corrected"),
        Entry.DELETE: _("hand %(n)s deleted"),
        Entry.UNDO: _("hand %(n)s undone"),
        Entry.RESTORE: _("hand %(n)s restored"),
    }
    entries = sorted((e for s in board.slots for e in s.versions if e.seq > seen), key=lambda e: e.seq)
    gone = _("a hand that is no longer in the list was changed")
    return [words[e.action] % {"n": numbers[e.slot]} if e.slot in numbers else gone for e in entries]


def _hand_page(
    request: HttpRequest,
    board: Board,
    form: HandForm,
    *,
    secret: str,
    slot: int,
    deleted: bool,
    message: str,
    status: int,
    changes: Sequence[str] = (),
) -> HttpResponse:
    match = board.match
    number = next((ln.number for ln in board.lines if ln.slot == slot), None)
    return render(
        request,
        "scorekeeper/hand_edit.html",
        {
            "board": board,
            "form": form,
            "slot": slot,
            "number": number,
            "secret": secret,
            "deleted": deleted,
            "message": message,
            "changes": changes,
            "edit_url": edit_url(match, secret),
            "penalties": penalty_choices(board.ruleset),
            "from_referee": bool(request.GET.get("reason") or request.GET.get("reason_code"))
            or "points_0" in request.GET,
            "proposed": _proposed_reason(board, form),
            **_common(board),
        },
        status=status,
    )


@require_safe
def hand_dispute(request: HttpRequest, public_id: str, secret: str, slot: int) -> HttpResponse:
    """«Спор» on a recorded hand: the referee's deal review with this match's rules, served under
    the edit path. Its GET form submits here, so the secret is only ever in the path (masked in
    the logs, never sent as a Referer) and «Record in the match» leads to the hand's correction."""
    match = match_get_for_edit(public_id=public_id, secret=secret)
    if not any(s.slot == slot for s in slots_from_log(match.entries.all())):
        raise Http404("no such hand")
    query: dict[str, str] = {
        k: str(v) for k, v in request.GET.items() if not k.startswith("opt_") and k not in ("variant", "was")
    }
    rs = ruleset_of(match)
    query["variant"] = match.variant
    for k, v in match.options.items():
        query[f"opt_{k}"] = rs.variant.option(k).to_text(v)
    return deal_review(
        request,
        query,
        action=reverse("scorekeeper:hand_dispute", args=[public_id, secret, slot]),
        record_to=reverse("scorekeeper:hand_change", args=[public_id, secret, slot]),
        fixed_rules=True,
        back=edit_url(match, secret),
        names=match.player_names or [],
    )


@require_POST
def hand_remove(request: HttpRequest, public_id: str, secret: str, slot: int) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return _write(
        request,
        WriteForm(request.POST),
        lambda d: services.hand_delete(
            match=match, slot=slot, nonce=d["nonce"], version=d["version"], reason=d.get("reason", "")
        ),
        show_error=_on_board(request, match, secret, fields=False),
        done_url=edit_url(match, secret),
    )


@require_safe
def history(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    board = match_board(match=match)
    numbers = {ln.slot: ln.number for ln in board.lines}
    current = {s.slot: (None if s.deleted else s.record) for s in board.slots}
    rows: list[dict[str, Any]] = []
    namer = reasons.seat_namer(match.player_names or [])
    for s in board.slots:
        for e in s.versions:
            rows.append(
                {
                    "entry": e,
                    "reason": reasons.reason_text(e.reason, namer) if e.reason else "",
                    "number": numbers.get(e.slot),
                    "restorable": e.record is not None and current.get(e.slot) != e.record,
                    "summary": _summary(board, e.record),
                }
            )
    rows.sort(key=lambda r: -r["entry"].seq)
    return render(
        request,
        "scorekeeper/history.html",
        {
            "board": board,
            "rows": rows,
            "secret": secret,
            "edit_url": edit_url(match, secret),
            "nonce": new_nonce(),
            **_common(board),
        },
    )


def _summary(board: Board, record: dict[str, Any] | None) -> str:
    return record_summary(record, board.team_names) if record else ""


@require_POST
def restore(request: HttpRequest, public_id: str, secret: str, seq: int) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return _write(
        request,
        WriteForm(request.POST),
        lambda d: services.entry_restore(match=match, seq=seq, nonce=d["nonce"], version=d["version"]),
        show_error=_on_board(request, match, secret, fields=False),
        done_url=edit_url(match, secret),
    )


@require_POST
def rematch(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    board = match_live_board(match=match)
    if not board.state.finished:
        return _render_match(
            request, match, secret, board=board, message=_("The match is not over yet."), status=409
        )
    return _write(
        request,
        WriteForm(request.POST),
        lambda d: services.match_rematch(match=match, secret=secret, version=d["version"]),
        show_error=_on_board(request, match, secret, fields=False),
        done_url=lambda new_match: edit_url(new_match, secret),
    )


def _qr(url: str) -> HttpResponse:
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", scale=6, border=2, dark="#000", light="#fff")
    resp = HttpResponse(buf.getvalue(), content_type="image/svg+xml")
    resp["Cache-Control"] = "private, max-age=3600"
    return resp


@require_safe
def qr_edit(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    return _qr(request.build_absolute_uri(edit_url(match, secret)))


# ---------------------------------------------------------------- view link (read only)


@_read_only
def watch(request: HttpRequest, public_id: str) -> HttpResponse:
    """The live board without controls; htmx polls it with ``?v=<version>`` (204 = unchanged)."""
    shown = request.GET.get("v", "")
    if htmx(request) and shown.isascii() and shown.isdigit():
        current = match_public_version(public_id=public_id)  # one indexed query
        if current is None:
            raise Http404("no such match")
        if int(shown) == current:
            return HttpResponse(status=204)
    match = match_get(public_id=public_id)
    all_hands = _all_hands(request)
    snap = match.snapshot or {}
    # The live board of a match on its own (no rematch series, not over) is a pure function of
    # its log version and the language: its HTML is cached under them (a write moves the version
    # on, so a read after a change always renders afresh).
    cacheable = match.previous_id is None and not snap.get("finished") and snap.get("tag") == match.version
    board = SimpleLazyObject(lambda: match_live_board(match=match, all_hands=all_hands))
    ctx = {
        "match": match,
        "version": match.version,
        "board": board,
        "editable": False,
        "lines": _lazy_rows(board, None),  # type: ignore[arg-type]
        "all_hands": all_hands,
        "cacheable": cacheable,
        "next_match": SimpleLazyObject(lambda: match_next(match=match) if board.state.finished else None),
        **_common_of(match),
    }
    template = "scorekeeper/watch.html#live" if htmx(request) else "scorekeeper/watch.html"
    return render(request, template, ctx)


@_read_only
def qr_view(request: HttpRequest, public_id: str) -> HttpResponse:
    match = match_get(public_id=public_id)
    return _qr(request.build_absolute_uri(reverse("scorekeeper:watch", args=[match.public_id])))


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
        for ln in board.lines
    ]


@_read_only
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
        "created_at": match.created_at.isoformat(),
        "score": list(st.score),
        "finished": st.finished,
        "winner": st.winner,
        "loser": st.loser,
        "titles": list(st.titles),
        "pending": dict(st.pending),
        "hands": _export_rows(board),
    }
    resp = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    resp["Content-Disposition"] = f'attachment; filename="kozel-{match.public_id}.json"'
    return resp


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A text cell a spreadsheet would run as a formula gets a leading ``'`` (the OWASP rule for
    CSV injection): a team named ``=HYPERLINK(…)`` stays text. Numbers are left as numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


@_read_only
def export_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    match = match_get(public_id=public_id)
    board = match_board(match=match)
    t0, t1 = match.team_names
    # the header in the player's language, like the events and reasons in the rows
    rows: list[list[object]] = [
        [
            _("hand"),
            *(_("points %(team)s") % {"team": t} for t in (t0, t1)),
            _("events"),
            *(_("delta %(team)s") % {"team": t} for t in (t0, t1)),
            *(_("score %(team)s") % {"team": t} for t in (t0, t1)),
            _("why"),
            _("record"),
        ]
    ]
    for ln in board.lines:
        r = ln.result
        pts = r.record.points or ("", "")
        rows.append(
            [
                ln.number,
                pts[0],
                pts[1],
                "; ".join(ln.events),
                r.delta[0],
                r.delta[1],
                r.score[0],
                r.score[1],
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
