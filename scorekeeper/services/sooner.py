"""A correction after which the match ends sooner: the hands after the new end no longer fit
(``match_finished``). Instead of only refusing it, the players may save it and remove the later
hands: each removal is a delete entry in the log (restorable from the history), then the
correction, all in one transaction, so nothing is half done."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from rules.engine import HandRecord
from rules.engine.variants import Ruleset

from .. import reasons
from ..errors import Invalid
from ..log import ruleset_of
from ..models import Match
from ..selectors import hand_numbers
from .corrections import hand_delete, hand_edit
from .write import Written


def first_hand_after_end(exc: ValidationError) -> int | None:
    """The number of the first later hand the correction leaves after the match's end, when
    that is why it was refused; None for any other refusal."""
    for error in exc.error_list if not hasattr(exc, "error_dict") else []:
        if error.code == "match_finished" and error.params and "hand" in error.params:
            return int(error.params["hand"])
    return None


def later_hands(*, match: Match, first: int) -> list[tuple[int, int]]:
    """``(number, slot)`` of the hands shown as ``first`` and after, in the board's order."""
    return sorted((n, s) for s, n in hand_numbers(match=match).items() if n >= first)


def hand_correct(
    *,
    match: Match,
    slot: int,
    record: HandRecord,
    nonce: str,
    version: int,
    reason: str = "",
    ruleset: Ruleset | None = None,
    remove_later: bool = False,
) -> Written:
    """The correction page's save (and the outbox's): :func:`.corrections.hand_edit`; with
    ``remove_later`` («Save it and remove the later hands»), when the correction ends the match
    before later hands, those hands are removed first (newest first, each its own delete entry)
    and the correction saved."""
    edit = _edit_removing_later if remove_later else hand_edit
    return edit(
        match=match,
        slot=slot,
        record=record,
        nonce=nonce,
        version=version,
        reason=reason,
        ruleset=ruleset or ruleset_of(match),
    )


@transaction.atomic
def _edit_removing_later(
    *, match: Match, slot: int, record: HandRecord, nonce: str, version: int, reason: str, ruleset: Ruleset
) -> Written:
    rs = ruleset
    try:
        with transaction.atomic():
            return hand_edit(
                match=match, slot=slot, record=record, nonce=nonce, version=version, reason=reason, ruleset=rs
            )
    except Invalid as refused:
        first = first_hand_after_end(refused.error)
        if first is None:
            raise
    edited = hand_numbers(match=match, slot=slot).get(slot, 0)
    why = reasons.encode("ended_sooner", {"n": edited})
    for _number, later in reversed(later_hands(match=match, first=first)):
        match.refresh_from_db()
        hand_delete(
            match=match,
            slot=later,
            nonce=f"{nonce[:48]}:rm{later}",
            version=match.version,
            reason=why,
            ruleset=rs,
        )
    match.refresh_from_db()
    return hand_edit(
        match=match, slot=slot, record=record, nonce=nonce, version=match.version, reason=reason, ruleset=rs
    )
