"""Writes to a company. Each is one new :class:`CompanyEntry` under the company row's lock:
a stale form (its ``version`` is not the log's last seq) is refused, a repeated ``nonce`` is
the same request answered as done, and a change that does not fit is a ``ValidationError``
with a code, nothing written. The kept figures move in the same transaction (a merge folds
them again from the kept outcomes; a match joining or leaving folds from its place on)."""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Callable, Sequence
from functools import partial

from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _

from ..models import Match
from ..selectors import match_get_for_edit, secret_hash
from ..services import NonceReused, StaleForm, new_public_id, new_secret
from . import figures
from .log import Roster, replay
from .models import Company, CompanyEntry

MAX_NAME = 30  # as a match's player names
MAX_PLAYERS = 40

__all__ = [
    "MAX_NAME",
    "NonceReused",
    "StaleForm",
    "company_create",
    "match_add",
    "match_link",
    "match_remove",
    "merge_undo",
    "player_add",
    "player_rename",
    "players_merge",
    "valid_time_zone",
]


def _error(message: str, code: str) -> ValidationError:
    return ValidationError(message, code=code)


def valid_time_zone(name: str) -> str:
    """An IANA time zone name zoneinfo knows, else a ValidationError."""
    name = (name or "").strip()
    if name not in zoneinfo.available_timezones():
        raise _error(_("Choose your time zone from the list."), "bad_time_zone")
    return name


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise _error(_("Type the player's name."), "name_required")
    if len(name) > MAX_NAME:
        raise _error(_("A name is at most %(n)s characters.") % {"n": MAX_NAME}, "name_too_long")
    return name


def _free(roster: Roster, name: str, but: int | None = None) -> None:
    found = roster.find(name)
    if found is not None and roster.canonical(found) != but and found in roster.players():
        raise _error(
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
        _append(company, f"create-{i}", company.version, CompanyEntry.PLAYER, partial(_with_name, player))
    # the roster and the figures of no match, stored as a rebuild stores them
    figures.rebuild(company)
    return company, secret


Change = Callable[[Roster], dict]


After = Callable[[CompanyEntry, Roster, Company], None]


def _append(
    company: Company, nonce: str, version: int, action: str, change: Change, after: After | None = None
) -> tuple[CompanyEntry, bool]:
    """Lock, answer a repeated nonce, refuse a stale form, check, append. ``change`` returns the
    entry's fields from the roster now (raising a ValidationError when it does not fit);
    ``after(entry, roster, company)`` moves the kept figures."""
    locked = Company.objects.select_for_update().get(pk=company.pk)
    existing = CompanyEntry.objects.filter(company=locked, nonce=nonce).first()
    if existing is not None:
        if existing.action == action:
            return existing, False
        raise NonceReused()
    entries = list(CompanyEntry.objects.filter(company=locked))
    roster = replay(entries)
    if version != locked.version:
        raise StaleForm(locked.version)
    fields = change(roster)
    seq = locked.version + 1
    entry = CompanyEntry.objects.create(company=locked, seq=seq, nonce=nonce, **fields)
    roster = replay([*entries, entry])
    locked.version, locked.roster = seq, roster.to_dict()
    locked.save(update_fields=["version", "roster"])
    if locked.stale:
        figures.rebuild(locked)
    elif after is not None:
        after(entry, roster, locked)
    company.version, company.figures, company.stale = locked.version, locked.figures, locked.stale
    company.roster = locked.roster
    return entry, True


def _player(roster: Roster, name: str) -> dict:
    name = _clean_name(name)
    _free(roster, name)
    if len(roster.players()) >= MAX_PLAYERS:
        raise _error(_("A company holds at most %(n)s players.") % {"n": MAX_PLAYERS}, "too_many_players")
    return {"action": CompanyEntry.PLAYER, "name": name}


def _with_name(name: str, roster: Roster) -> dict:
    return _player(roster, name)


def _shown(roster: Roster, pid: int | None) -> int:
    if pid is None or pid not in roster.players():
        raise _error(_("There is no such player in this company."), "no_player")
    return pid


@transaction.atomic
def player_add(*, company: Company, name: str, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    return _append(company, nonce, version, CompanyEntry.PLAYER, lambda r: _player(r, name))


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

    return _append(company, nonce, version, CompanyEntry.RENAME, change)


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
            raise _error(_("Choose two different players to merge."), "same_player")
        for mid in r.matches:
            seated = r.seated(mid)
            if a in seated and b in seated:
                raise _error(
                    _("%(a)s and %(b)s played in the same match: they are two people.")
                    % {"a": r.names[a], "b": r.names[b]},
                    "played_together",
                )
        return {"action": CompanyEntry.MERGE, "player": a, "other": b}

    return _append(company, nonce, version, CompanyEntry.MERGE, change, after=_refold_all)


@transaction.atomic
def merge_undo(*, company: Company, merge: int, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    """Undo the merge entry ``merge``: the two players count apart again, as before it."""

    def change(r: Roster) -> dict:
        if merge not in r.merges:
            raise _error(_("There is no such merge to undo."), "no_merge")
        kept, folded = r.merges[merge]
        return {"action": CompanyEntry.UNMERGE, "source": merge, "player": kept, "other": folded}

    return _append(company, nonce, version, CompanyEntry.UNMERGE, change, after=_refold_all)


EDIT_LINK = re.compile(r"/m/([A-Za-z0-9_-]{1,64})/e/([A-Za-z0-9_-]{1,64})/?")


def _linked(roster: Roster, match: Match) -> tuple[dict, list[str]]:
    """The entry adding ``match``: each seat's name is the company's player called so now (or
    once, merged in), else a new player; the new names come back to be added first."""
    if match.pk in roster.matches:
        raise _error(_("This match is already in the company."), "match_there")
    try:
        names = figures.seat_names(match)
    except figures.Unnamed as e:
        raise _error(
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
            _append(locked, f"{nonce}-p{i}", locked.version, CompanyEntry.PLAYER, partial(_with_name, name))
        version = locked.version

    def change(r: Roster) -> dict:
        fields, missing = _linked(r, match)
        if missing:
            raise StaleForm(locked.version)
        seats = [None if n is None else r.find(n) for n in fields["names"]]
        played = [r.canonical(p) for p in seats if p is not None]
        if len(set(played)) < len(played):
            raise _error(_("Two seats of this match are one player of the company."), "same_player_twice")
        return {"action": CompanyEntry.MATCH, "match": match, "seats": seats}

    def after(entry: CompanyEntry, r: Roster, c: Company) -> None:
        figures.link(c, r, match, entry.seats or [])

    entry = _append(locked, nonce, version, CompanyEntry.MATCH, change, after=after)
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
        raise _error(
            _("This is not the edit link of a match. Copy it from the match's page (“Share”)."),
            "not_edit_link",
        ) from e
    return match_link(company=company, match=match, nonce=nonce, version=version)


@transaction.atomic
def match_remove(*, company: Company, match: int, nonce: str, version: int) -> tuple[CompanyEntry, bool]:
    """The match leaves the company (its own board is unchanged; it can be added again)."""

    def change(r: Roster) -> dict:
        if match not in r.matches:
            raise _error(_("This match is not in the company."), "no_match")
        return {"action": CompanyEntry.UNMATCH, "match": Match.objects.get(pk=match)}

    def after(entry: CompanyEntry, r: Roster, c: Company) -> None:
        figures.unlink(c, r, match)

    return _append(company, nonce, version, CompanyEntry.UNMATCH, change, after=after)
