"""Writes to a company from its edit page. Each binds its form, calls one service and
redirects to the edit page; a write refused (:class:`~scorekeeper.errors.WriteRefused`) is the
page again with why: 422 when it does not fit, 409 when another phone changed the company first
or the form's nonce already did something else."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ...errors import Invalid, StaleForm, WriteRefused
from ...views.common import NONCE_REUSED
from .. import forms, services
from ..models import Company
from ..selectors import company_get_for_edit
from .pages import edit_url, page_context

COMPANY_STALE = gettext_lazy(
    "Another phone changed this company since your page was shown. Here it is as it stands now: "
    "check it and try again."
)


def refusal_message(refused: WriteRefused) -> str:
    if isinstance(refused, Invalid):
        return " ".join(refused.messages)
    return str(COMPANY_STALE if isinstance(refused, StaleForm) else NONCE_REUSED)


def refused_page(
    request: HttpRequest,
    company: Company,
    secret: str,
    message: str,
    status: int,
    chosen: dict[str, Any] | None = None,
) -> HttpResponse:
    """The edit page as the company stands now, saying why the write was not done (``chosen``:
    the page's choices as they were made)."""
    company.refresh_from_db()
    ctx = page_context(request, company, secret)
    ctx.update(chosen or {})
    ctx["message"] = message
    return render(request, "scorekeeper/company/edit.html", ctx, status=status)


@require_POST
def player_add(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """A new player of the company."""
    company = company_get_for_edit(public_id, secret)
    form = forms.NameForm(request.POST)
    if not form.is_valid():
        return refused_page(request, company, secret, form.message(), 422)
    d = form.cleaned_data
    try:
        services.player_add(company=company, name=d["name"], nonce=d["nonce"], version=d["version"])
    except WriteRefused as refused:
        return refused_page(request, company, secret, refusal_message(refused), refused.status)
    return redirect(edit_url(company, secret))


@require_POST
def player_rename(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """A player's new name (his matches keep the one they were played with)."""
    company = company_get_for_edit(public_id, secret)
    form = forms.RenameForm(request.POST)
    if not form.is_valid():
        return refused_page(request, company, secret, form.message(), 422)
    d = form.cleaned_data
    try:
        services.player_rename(
            company=company, player=d["player"], name=d["name"], nonce=d["nonce"], version=d["version"]
        )
    except WriteRefused as refused:
        return refused_page(request, company, secret, refusal_message(refused), refused.status)
    return redirect(edit_url(company, secret))


@require_POST
def players_merge(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """Two names of one person: the second counts as the first."""
    company = company_get_for_edit(public_id, secret)
    form = forms.MergeForm(request.POST)
    if not form.is_valid():
        return refused_page(request, company, secret, form.message(), 422)
    d = form.cleaned_data
    try:
        services.players_merge(
            company=company, keep=d["keep"], fold=d["fold"], nonce=d["nonce"], version=d["version"]
        )
    except WriteRefused as refused:
        return refused_page(request, company, secret, refusal_message(refused), refused.status)
    return redirect(edit_url(company, secret))


@require_POST
def merge_undo(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """A merge undone: the two count apart again."""
    company = company_get_for_edit(public_id, secret)
    form = forms.UnmergeForm(request.POST)
    if not form.is_valid():
        return refused_page(request, company, secret, form.message(), 422)
    d = form.cleaned_data
    try:
        services.merge_undo(company=company, merge=d["merge"], nonce=d["nonce"], version=d["version"])
    except WriteRefused as refused:
        return refused_page(request, company, secret, refusal_message(refused), refused.status)
    return redirect(edit_url(company, secret))


@require_POST
def match_add(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """A match joins by its edit link."""
    company = company_get_for_edit(public_id, secret)
    form = forms.LinkForm(request.POST)
    if not form.is_valid():
        return refused_page(request, company, secret, form.message(), 422)
    d = form.cleaned_data
    try:
        services.match_add(company=company, link=d["link"], nonce=d["nonce"], version=d["version"])
    except WriteRefused as refused:
        return refused_page(request, company, secret, refusal_message(refused), refused.status)
    return redirect(edit_url(company, secret))


@require_POST
def match_remove(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """A match leaves the company (its own board is unchanged)."""
    company = company_get_for_edit(public_id, secret)
    form = forms.RemoveForm(request.POST)
    if not form.is_valid():
        return refused_page(request, company, secret, form.message(), 422)
    d = form.cleaned_data
    try:
        services.match_remove(company=company, match=d["match"], nonce=d["nonce"], version=d["version"])
    except WriteRefused as refused:
        return refused_page(request, company, secret, refusal_message(refused), refused.status)
    return redirect(edit_url(company, secret))
