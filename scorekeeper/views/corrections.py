"""Corrections: change, dispute or delete an earlier hand, the history and a restore."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from common.numbers import optional_number, read_number
from rules.views.review import deal_review

from .. import reasons, services
from ..errors import Invalid, NotFound, StaleForm, WriteRefused
from ..forms.correction import HandChangeForm, hand_initial_from_query, hand_initial_from_record
from ..forms.hand import penalty_choices
from ..forms.write import WriteForm, new_nonce
from ..history import history_page, removed_hand
from ..models import Entry, Match
from ..presenters import BoardPage
from ..selectors import (
    Board,
    Slot,
    hand_numbers,
    match_board,
    match_get_for_edit,
    match_plain_board,
    match_slot,
    ruleset_of,
    slots_from_log,
)
from ..wording import record_summary
from . import outbox
from .board import board_refused, done, render_board
from .common import STALE_EDIT, SUIT_PICKS, common_of, edit_url, point_fields, refusal_message


@require_http_methods(["GET", "HEAD", "POST"])
@outbox.answers(outbox.hand_change)
def hand_change(request: HttpRequest, public_id: str, secret: str, slot: int) -> HttpResponse:
    """Edit an earlier hand. GET prefills from the query (the referee's return link) or the
    hand as it stands; POST records the correction with its reason."""
    match = match_get_for_edit(public_id=public_id, secret=secret)
    rs = ruleset_of(match)
    # the hand's own log entries and the snapshot: nothing replayed, the same work at any length
    board = match_plain_board(match=match, ruleset=rs)
    current = match_slot(match=match, slot=slot)
    if current is None:
        raise Http404("no such hand")
    if request.method != "POST":
        form = HandChangeForm(initial=_prefill(request, current.record or {}, board.version), ruleset=rs)
        return _hand_page(request, board, form, secret=secret, slot=slot, deleted=current.deleted)
    form = HandChangeForm(request.POST, ruleset=rs)
    if not form.is_valid():
        return _hand_page(request, board, form, secret=secret, slot=slot, deleted=current.deleted, status=422)
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
        return _refused(request, match, secret, board, current, form, refused)
    return done(request, edit_url(match, secret))


def _prefill(request: HttpRequest, record: dict[str, Any], version: int) -> dict[str, Any]:
    """The correction form as the hand stands, with what the referee's return link proposes."""
    from_query = hand_initial_from_query(request.GET)
    initial = {**hand_initial_from_record(record), **from_query, "version": version}
    if from_query and ("points_0" in from_query) != ("points_1" in from_query):
        # one side given by the referee: the other is 120 minus it, not the old value
        missing = "points_1" if "points_0" in from_query else "points_0"
        initial[missing] = None
    return initial


def _refused(
    request: HttpRequest,
    match: Match,
    secret: str,
    board: Board,
    current: Slot,
    form: HandChangeForm,
    refused: WriteRefused,
) -> HttpResponse:
    """A correction not saved: one the engine refuses keeps the form with the error beside its
    field; a stale form or a spent nonce shows the hand as it stands now in a fresh form (a
    stale one says what the other phones changed)."""
    slot = current.slot
    if isinstance(refused, NotFound):
        raise Http404("no such hand")
    if isinstance(refused, Invalid):
        form.add_refusal(refused.error)
        return _hand_page(
            request, board, form, secret=secret, slot=slot, deleted=current.deleted, status=refused.status
        )
    match.refresh_from_db()
    shown = match_plain_board(match=match, ruleset=board.ruleset)
    now = match_slot(match=match, slot=slot) or current
    initial = {**hand_initial_from_record(now.record or {}), "version": shown.version}
    fresh = HandChangeForm(initial=initial, ruleset=board.ruleset)
    message, changes = refusal_message(refused), []
    if isinstance(refused, StaleForm):  # the edit page says what changed, not «enter it again»
        replay = match_board(match=match, ruleset=board.ruleset)
        changes = _changes_since(replay, request.POST.get("version", ""))
        message = str(STALE_EDIT)
    return _hand_page(
        request,
        shown,
        fresh,
        secret=secret,
        slot=slot,
        deleted=now.deleted,
        message=message,
        changes=changes,
        status=refused.status,
    )


def _ends_sooner(match: Match, form: HandChangeForm) -> list[int]:
    """The hands a refused correction would leave after the match's end: the ones it offers to
    remove (none when it was refused for another reason)."""
    if not form.is_bound or not form.errors:
        return []
    for error in form.non_field_errors().as_data():
        first = services.first_hand_after_end(error)
        if first is not None:
            return [n for n, _slot in services.later_hands(match=match, first=first)]
    return []


def _proposed_reason(board: BoardPage, form: HandChangeForm) -> str:
    """The referee's coded reason, in the reader's language, for the notice above the form."""
    code = form["reason_code"].value() or ""
    params = reasons.parse_params(code, form["reason_params"].value() or "")
    if params is None:
        return ""
    return reasons.coded_line(code, params, reasons.seat_namer(board.match.player_names or []))


def _changes_since(board: Board, version: str) -> list[str]:
    """What other phones did to the match after ``version`` (the log seq the form was shown at),
    one line per log entry: «кон 2 записан», «кон 1 исправлен»."""
    seen = read_number(version, 0, 10**9) or 0
    numbers = {hand.slot: hand.number for hand in board.hands}
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
    data: Board,
    form: HandChangeForm,
    *,
    secret: str,
    slot: int,
    deleted: bool,
    message: str = "",
    status: int = 200,
    changes: Sequence[str] = (),
) -> HttpResponse:
    board = BoardPage(data)
    match = board.match
    number = hand_numbers(match=match, slot=slot).get(slot)
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
            "point_fields": point_fields(board, form),
            "suits": SUIT_PICKS,
            "from_referee": bool(request.GET.get("reason") or request.GET.get("reason_code"))
            or "points_0" in request.GET,
            "proposed": _proposed_reason(board, form),
            "ends_sooner": ", ".join(str(n) for n in ends) if (ends := _ends_sooner(match, form)) else "",
            "ends_sooner_count": len(ends),
            **common_of(board.match, board.ruleset),
        },
        status=status,
    )


@require_safe
def hand_dispute(request: HttpRequest, public_id: str, secret: str, slot: int) -> HttpResponse:
    """«Спор» on a recorded hand: the referee's deal review with this match's rules, served under
    the edit path. Its GET form submits here, so the secret is only ever in the path (masked in
    the logs, never sent as a Referer) and «Record in the match» leads to the hand's correction."""
    match = match_get_for_edit(public_id=public_id, secret=secret)
    hand = match_slot(match=match, slot=slot)
    if hand is None:
        raise Http404("no such hand")
    number = hand_numbers(match=match, slot=slot).get(slot)
    recorded = (
        record_summary(hand.record, match.team_names, match.player_names)
        if hand.record and not hand.deleted
        else ""
    )
    about = (
        _("Under review: hand %(n)s, recorded as %(record)s.") % {"n": number, "record": recorded}
        if number and recorded
        else ""
    )
    query: dict[str, str] = {
        k: str(v) for k, v in request.GET.items() if not k.startswith("opt_") and k not in ("variant", "was")
    }
    rs = ruleset_of(match)
    query["variant"] = match.variant
    query["seats"] = str(rs.seats)  # the match's table: 2, 3 or 4 seats
    for k, v in rs.options.items():  # as the engine reads the stored options today
        query[f"opt_{k}"] = rs.variant.option(k).to_text(v)
    return deal_review(
        request,
        query,
        action=reverse("scorekeeper:hand_dispute", args=[public_id, secret, slot]),
        record_to=reverse("scorekeeper:hand_change", args=[public_id, secret, slot]),
        fixed_rules=True,
        back=edit_url(match, secret),
        names=match.player_names or [],
        about=about,
    )


@require_POST
@outbox.answers(outbox.hand_remove)
def hand_remove(request: HttpRequest, public_id: str, secret: str, slot: int) -> HttpResponse:
    """«Удалить кон» on the board: the hand leaves the match (restorable from the history)."""
    match = match_get_for_edit(public_id=public_id, secret=secret)
    rs = ruleset_of(match)
    form = WriteForm(request.POST)
    if not form.is_valid():
        return render_board(request, match, secret, rs, message=form.message(), status=422)
    d = form.cleaned_data
    try:
        services.hand_delete(
            match=match,
            ruleset=rs,
            slot=slot,
            nonce=d["nonce"],
            version=d["version"],
            reason=d.get("reason", ""),
        )
    except WriteRefused as refused:
        return board_refused(request, match, secret, rs, refused)
    return done(request, edit_url(match, secret))


@require_safe
def history(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    match = match_get_for_edit(public_id=public_id, secret=secret)
    # every log entry is listed (the page is the log); the hands' numbers come from the stored
    # lines and the current records from the log itself: nothing is replayed
    board = BoardPage(match_plain_board(match=match))
    numbers = hand_numbers(match=match)
    slots = slots_from_log(Entry.objects.filter(match=match))
    current = {s.slot: (None if s.deleted else s.record) for s in slots}
    rows: list[dict[str, Any]] = []
    namer = reasons.seat_namer(match.player_names or [])
    for s in slots:
        for e in s.versions:
            rows.append(
                {
                    "entry": e,
                    "slot": s,
                    "reason": reasons.reason_text(e.reason, namer) if e.reason else "",
                    "number": numbers.get(e.slot),
                    "restorable": e.record is not None and current.get(e.slot) != e.record,
                    "summary": _summary(board, e.record),
                }
            )
    rows.sort(key=lambda r: -r["entry"].seq)
    rows, older = history_page(rows, optional_number(request.GET.get("before"), "before", 1, 10**9))
    for r in rows:  # a removal says which hand it took out and what it held: «удалён кон 9: 88:32»
        if r["entry"].action in (Entry.DELETE, Entry.UNDO):
            r["number"], held = removed_hand(slots, r["slot"], r["entry"].seq)
            r["summary"] = _summary(board, held)
    return render(
        request,
        "scorekeeper/history.html",
        {
            "board": board,
            "rows": rows,
            "older": older,
            "paged": "before" in request.GET,
            "secret": secret,
            "edit_url": edit_url(match, secret),
            "nonce": new_nonce(),
            **common_of(board.match, board.ruleset),
        },
    )


def _summary(board: BoardPage, record: dict[str, Any] | None) -> str:
    return record_summary(record, board.team_names, board.match.player_names) if record else ""


@require_POST
@outbox.answers(outbox.restore)
def restore(request: HttpRequest, public_id: str, secret: str, seq: int) -> HttpResponse:
    """«Вернуть» in the history: the version of a hand that log entry ``seq`` wrote, back."""
    match = match_get_for_edit(public_id=public_id, secret=secret)
    rs = ruleset_of(match)
    form = WriteForm(request.POST)
    if not form.is_valid():
        return render_board(request, match, secret, rs, message=form.message(), status=422)
    d = form.cleaned_data
    try:
        services.entry_restore(match=match, ruleset=rs, seq=seq, nonce=d["nonce"], version=d["version"])
    except WriteRefused as refused:
        return board_refused(request, match, secret, rs, refused)
    return done(request, edit_url(match, secret))
