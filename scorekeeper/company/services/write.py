"""The one path of every change to a company: lock its row, answer a repeated nonce, refuse a
stale form, check the change against the roster, append one :class:`CompanyEntry` and move the
kept figures, all in the caller's transaction. A refusal is one of the scorekeeper's family
(:class:`~scorekeeper.errors.WriteRefused`): :class:`Invalid` when the change does not fit,
nothing written."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import ValidationError

from ...errors import Invalid, NonceReused, StaleForm
from .. import figures
from ..log import Roster, replay
from ..models import Company, CompanyEntry

# the entry's fields from the roster now (raising Invalid when the change does not fit)
Change = Callable[[Roster], dict]

# what moves the kept figures after the entry: (the entry, the roster after it, the locked company)
After = Callable[[CompanyEntry, Roster, Company], None]


def refused(message: str, code: str) -> Invalid:
    """A change that does not fit, said in ``message``, named by ``code``."""
    return Invalid(ValidationError(message, code=code))


def append(
    company: Company, nonce: str, version: int, action: str, change: Change, after: After | None = None
) -> tuple[CompanyEntry, bool]:
    """Lock, answer a repeated nonce, refuse a stale form, check, append. ``change`` returns the
    entry's fields from the roster now; ``after`` moves the kept figures. Returns the entry and
    whether it is new (not: the nonce's earlier answer)."""
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
