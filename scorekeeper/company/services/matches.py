"""A company's matches: a match joins by its edit link, leaves, or is started from the company
with its players in their seats (:func:`match_start`); each change one entry through
:func:`.write.append`, the kept figures folded from the match's place on."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial

from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _

from ...errors import StaleForm
from ...models import Match
from ...selectors import match_get_for_edit
from ...services import match_create
from .. import figures
from ..log import Roster, replay
from ..models import Company, CompanyEntry
from .players import with_name
from .write import append, refused

EDIT_LINK = re.compile(r"/m/([A-Za-z0-9_-]{1,64})/e/([A-Za-z0-9_-]{1,64})/?")


def _linked(roster: Roster, match: Match) -> tuple[dict, list[str]]:
    """The entry adding ``match``: each seat's name is the company's player called so now (or
    once, merged in), else a new player; the new names come back to be added first."""
    if match.pk in roster.matches:
        raise refused(_("This match is already in the company."), "match_there")
    try:
        names = figures.seat_names(match)
    except figures.Unnamed as e:
        raise refused(
            _("Seat %(n)s of this match has no player's name: the company counts players by name.")
            % {"n": int(str(e)) + 1},
            "unnamed_seat",
        ) from e
    new = [n for n in names if n is not None and roster.find(n) is None]
    return {"names": names}, new


@transaction.atomic
def match_link(*, company: Company, match: Match, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    """Add ``match`` (its edit link already checked) to the company; players it names that the
    company does not know yet join it first, each an entry of its own."""
    locked = Company.objects.select_for_update().get(pk=company.pk)
    roster = replay(CompanyEntry.objects.filter(company=locked))
    done = CompanyEntry.objects.filter(company=locked, nonce=nonce).first()
    if done is None and version == locked.version:
        _fields, new = _linked(roster, match)
        for i, name in enumerate(new):
            append(locked, f"{nonce}-p{i}", locked.version, CompanyEntry.PLAYER, partial(with_name, name))
        version = locked.version

    def change(r: Roster) -> dict:
        fields, missing = _linked(r, match)
        if missing:
            raise StaleForm(locked.version)
        seats = [None if n is None else r.find(n) for n in fields["names"]]
        played = [r.canonical(p) for p in seats if p is not None]
        if len(set(played)) < len(played):
            raise refused(_("Two seats of this match are one player of the company."), "same_player_twice")
        return {"action": CompanyEntry.MATCH, "match": match, "seats": seats}

    def after(entry: CompanyEntry, r: Roster, c: Company) -> None:
        figures.link(c, r, match, entry.seats or [])

    entry = append(locked, nonce, version, CompanyEntry.MATCH, change, after=after)
    company.version, company.figures = locked.version, locked.figures
    return entry


@transaction.atomic
def match_add(*, company: Company, link: str, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    """Add a match by its edit link (the view link is not enough: adding changes whose it is)."""
    m = EDIT_LINK.search(link or "")
    try:
        if m is None:
            raise Http404
        match = match_get_for_edit(public_id=m.group(1), secret=m.group(2))
    except Http404 as e:
        raise refused(
            _("This is not the edit link of a match. Copy it from the match's page (“Share”)."),
            "not_edit_link",
        ) from e
    return match_link(company=company, match=match, nonce=nonce, version=version)


@transaction.atomic
def match_remove(*, company: Company, match: int, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    """The match leaves the company (its own board is unchanged; it can be added again)."""

    def change(r: Roster) -> dict:
        if match not in r.matches:
            raise refused(_("This match is not in the company."), "no_match")
        return {"action": CompanyEntry.UNMATCH, "match": Match.objects.get(pk=match)}

    def after(entry: CompanyEntry, r: Roster, c: Company) -> None:
        figures.unlink(c, r, match)

    return append(company, nonce, version, CompanyEntry.UNMATCH, change, after=after)


@transaction.atomic
def match_start(
    *,
    company: Company,
    variant: str,
    options: dict[str, object],
    team_names: Sequence[str],
    player_names: Sequence[str],
    seats: int | None,
    first_dealer: int = 0,
    first_leader: int | None = None,
    house: str = "",
) -> tuple[Match, str]:
    """A new match of the company's players, made and joined to the company in one transaction
    (a match that cannot join is not made). Returns the match and its edit secret."""
    match, secret = match_create(
        variant=variant,
        options=options,
        team_names=team_names,
        player_names=player_names,
        seats=seats,
        first_dealer=first_dealer,
        first_leader=first_leader,
        house=house,
    )
    # the company's version as it stands, read under its lock: two matches started at once
    # from it each join it (read before the lock, one of them met a stale version, a 500)
    locked = Company.objects.select_for_update().get(pk=company.pk)
    match_link(company=company, match=match, nonce=f"new-{match.public_id}", version=locked.version)
    return match, secret
