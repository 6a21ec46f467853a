"""Reads of a company: the company behind a link (the edit secret checked in constant time, as
a match's) and the list of its matches."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404

from ...selectors import secret_matches
from ..models import Company


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


def match_rows(company: Company) -> QuerySet[Any]:
    """The company's matches, the newest first: what the list shows of each, nothing more (not
    the match row with its snapshot)."""
    return company.rows.order_by("-order", "-match_id").values(
        "match_id", "match__public_id", "variant", "outcome", "order"
    )
