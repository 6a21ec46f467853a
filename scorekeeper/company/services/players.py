"""A company and its players: making one, adding, renaming and merging players (each change one
entry through :func:`.write.append`; a merge folds the kept figures again from the kept
outcomes)."""

from __future__ import annotations

import zoneinfo
from collections.abc import Sequence
from functools import partial

from django.db import transaction
from django.utils.translation import gettext as _

from ...selectors import secret_hash
from ...services import new_public_id, new_secret
from .. import figures
from ..log import Roster
from ..models import Company, CompanyEntry
from .write import append, refused

MAX_NAME = 30  # as a match's player names
MAX_PLAYERS = 40


def valid_time_zone(name: str) -> str:
    """An IANA time zone name zoneinfo knows, else :class:`~scorekeeper.errors.Invalid`."""
    name = (name or "").strip()
    if name not in zoneinfo.available_timezones():
        raise refused(_("Choose your time zone from the list."), "bad_time_zone")
    return name


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise refused(_("Type the player's name."), "name_required")
    if len(name) > MAX_NAME:
        raise refused(_("A name is at most %(n)s characters.") % {"n": MAX_NAME}, "name_too_long")
    return name


def _free(roster: Roster, name: str, but: int | None = None) -> None:
    found = roster.find(name)
    if found is not None and roster.canonical(found) != but and found in roster.players():
        raise refused(
            _("“%(name)s” is already a player here: to make two names one person, merge them.")
            % {"name": name},
            "name_taken",
        )


@transaction.atomic
def company_create(*, name: str, time_zone: str, players: Sequence[str] = ()) -> tuple[Company, str]:
    """A company with its edit secret (shown once, stored as its hash) and its first players."""
    name = " ".join((name or "").split())[:60] or _("Our company")
    tz = valid_time_zone(time_zone)
    secret = new_secret()
    company = Company.objects.create(
        public_id=new_public_id(), secret_hash=secret_hash(secret), name=name, time_zone=tz
    )
    for i, player in enumerate(p for p in players if p.strip()):
        append(company, f"create-{i}", company.version, CompanyEntry.PLAYER, partial(with_name, player))
    # the roster and the figures of no match, stored as a rebuild stores them
    figures.rebuild(company)
    return company, secret


def _player(roster: Roster, name: str) -> dict:
    name = _clean_name(name)
    _free(roster, name)
    if len(roster.players()) >= MAX_PLAYERS:
        raise refused(_("A company holds at most %(n)s players.") % {"n": MAX_PLAYERS}, "too_many_players")
    return {"action": CompanyEntry.PLAYER, "name": name}


def with_name(name: str, roster: Roster) -> dict:
    """A new player called ``name`` (the entry's fields), checked against the roster."""
    return _player(roster, name)


def _shown(roster: Roster, pid: int | None) -> int:
    if pid is None or pid not in roster.players():
        raise refused(_("There is no such player in this company."), "no_player")
    return pid


@transaction.atomic
def player_add(*, company: Company, name: str, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    return append(company, nonce, version, CompanyEntry.PLAYER, lambda r: _player(r, name))


@transaction.atomic
def player_rename(
    *, company: Company, player: int, name: str, nonce: str, version: int
) -> tuple[CompanyEntry, bool]:
    """A new name for a player: the company's pages show it, his matches keep the old one."""

    def change(r: Roster) -> dict:
        pid = _shown(r, player)
        new = _clean_name(name)
        _free(r, new, but=pid)
        return {"action": CompanyEntry.RENAME, "player": pid, "name": new}

    return append(company, nonce, version, CompanyEntry.RENAME, change)


def _refold_all(entry: CompanyEntry, roster: Roster, company: Company) -> None:
    figures.refold(company, roster, None)


@transaction.atomic
def players_merge(
    *, company: Company, keep: int, fold: int, nonce: str, version: int
) -> tuple[CompanyEntry, bool]:
    """``fold`` is the same person as ``keep`` (his name typed twice): his matches count as
    ``keep``'s. Undone by :func:`merge_undo`; two players who sat in one match are two people."""

    def change(r: Roster) -> dict:
        a, b = _shown(r, keep), _shown(r, fold)
        if a == b:
            raise refused(_("Choose two different players to merge."), "same_player")
        for mid in r.matches:
            seated = r.seated(mid)
            if a in seated and b in seated:
                raise refused(
                    _("%(a)s and %(b)s played in the same match: they are two people.")
                    % {"a": r.names[a], "b": r.names[b]},
                    "played_together",
                )
        return {"action": CompanyEntry.MERGE, "player": a, "other": b}

    return append(company, nonce, version, CompanyEntry.MERGE, change, after=_refold_all)


@transaction.atomic
def merge_undo(*, company: Company, merge: int, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    """Undo the merge entry ``merge``: the two players count apart again, as before it."""

    def change(r: Roster) -> dict:
        if merge not in r.merges:
            raise refused(_("There is no such merge to undo."), "no_merge")
        kept, folded = r.merges[merge]
        return {"action": CompanyEntry.UNMERGE, "source": merge, "player": kept, "other": folded}

    return append(company, nonce, version, CompanyEntry.UNMERGE, change, after=_refold_all)
