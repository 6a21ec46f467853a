"""A match's writes reach its companies only after they have committed: the match's write
path (``scorekeeper.services``) is unchanged and its lock is never held while the figures move.
A rematch of a company's match joins the company with the same players."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save

from ..errors import Invalid
from ..models import Entry, Match
from .models import CompanyMatch

log = logging.getLogger(__name__)


def _entry_saved(sender: Any, instance: Entry, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if created and not raw:
        from .figures import match_changed

        transaction.on_commit(partial(match_changed, instance.match_id))


def _rematch_in_company(match_id: int, previous_id: int) -> None:
    from .models import Company
    from .services import match_link

    match = Match.objects.get(pk=match_id)
    for cid in CompanyMatch.objects.filter(match_id=previous_id).values_list("company_id", flat=True):
        company = Company.objects.get(pk=cid)
        try:
            match_link(
                company=company, match=match, nonce=f"rematch-{match.public_id}", version=company.version
            )
        except Invalid:
            log.exception("company %s: rematch %s not added", cid, match.public_id)


def _match_saved(sender: Any, instance: Match, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if created and not raw and instance.previous_id is not None:
        transaction.on_commit(partial(_rematch_in_company, instance.pk, instance.previous_id))


def connect() -> None:
    post_save.connect(_entry_saved, sender=Entry, dispatch_uid="company_entry_saved")
    post_save.connect(_match_saved, sender=Match, dispatch_uid="company_match_saved")
