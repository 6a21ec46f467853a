"""The outbox's conflicts: a hand a phone kept while offline arrives for a hand number another
phone has since recorded (the match row is locked by the caller)."""

from __future__ import annotations

from ..errors import WriteRefused
from ..log import slots_from_log
from ..models import Entry, Match


class HandConflict(WriteRefused):
    """A hand kept on a phone while offline, for a hand number another phone has since recorded
    with a different record (or that no longer fits: hands were taken back meanwhile). Nothing is
    written; the players choose: keep theirs, replace it with mine, or record mine as the next hand.
    """

    code = "hand_conflict"

    def __init__(
        self,
        *,
        match: Match,
        hand: int,
        slot: int | None,
        theirs: dict | None,
        mine: dict,
        hands: int,
        version: int,
    ):
        super().__init__(f"hand {hand} conflicts")
        self.match, self.hand, self.slot, self.theirs, self.mine = match, hand, slot, theirs, mine
        self.hands, self.version = hands, version


def by_hand_number(match: Match, *, hand: int, mine: dict) -> Entry | None:
    """An add entered for hand ``hand`` on a log that moved on since the phone saw it. The next
    hand number: None, appended (the phone's own earlier entries moved the version, or another
    phone changed an earlier hand). A hand number already recorded with the same record: the same
    hand, answered as done (the entry that wrote it). Anything else raises :class:`HandConflict`
    with both records, for the players to decide."""
    entries = list(Entry.objects.filter(match=match))
    live = [s for s in slots_from_log(entries) if not s.deleted]
    if hand == len(live) + 1:
        return None
    theirs = live[hand - 1] if 1 <= hand <= len(live) else None
    if theirs is not None and theirs.record == mine:
        return max(
            (e for e in entries if e.slot == theirs.slot and e.record is not None), key=lambda e: e.seq
        )
    raise HandConflict(
        match=match,
        hand=hand,
        slot=theirs.slot if theirs else None,
        theirs=theirs.record if theirs else None,
        mine=mine,
        hands=len(live),
        version=match.version,
    )
