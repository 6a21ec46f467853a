"""Reads of a match and its log: the lookups (the edit secret checked in constant time), the
hands as the log made them, the versions the pages poll and the rematch."""

from __future__ import annotations

import hmac

from django.http import Http404

from ..log import Slot, live_records, ruleset_of, secret_hash, slots_from_log
from ..models import Entry, Match


def secret_matches(stored_hash: str, secret: str) -> bool:
    """Is ``secret`` the one ``stored_hash`` was made from? In constant time (a match's edit
    link and a company's alike)."""
    return hmac.compare_digest(stored_hash, secret_hash(secret))


__all__ = [
    "Slot",
    "live_records",
    "match_get",
    "match_get_for_edit",
    "match_next",
    "match_public_version",
    "match_slot",
    "match_version",
    "ruleset_of",
    "secret_hash",
    "secret_matches",
    "slots_from_log",
]


def match_get(*, public_id: str) -> Match:
    """The match behind a link, 404 when there is none."""
    match = Match.objects.filter(public_id=public_id).first()
    if match is None:
        raise Http404("no such match")
    return match


def match_get_for_edit(*, public_id: str, secret: str) -> Match:
    """The match if ``secret`` is its edit secret; 404 otherwise (the same for both cases)."""
    match = match_get(public_id=public_id)
    if not secret_matches(match.secret_hash, secret):
        raise Http404("no such match")
    return match


def match_slot(*, match: Match, slot: int) -> Slot | None:
    """One hand as the log made it: only the entries that touched its slot are read."""
    found = slots_from_log(Entry.objects.filter(match=match, slot=slot))
    return found[0] if found else None


def match_version(*, match: Match) -> int:
    return match.version


def match_public_version(*, public_id: str) -> int | None:
    """The view link's poll: one indexed query for the match's version (None: no such match)."""
    return Match.objects.filter(public_id=public_id).values_list("version", flat=True).first()


def match_next(*, match: Match) -> Match | None:
    return Match.objects.filter(previous=match).first()
