"""The history page in pages: the newest :data:`PAGE` changes, and a link to the ones before.

A match may keep 5,000 changes (``scorekeeper.bounds``); one page of all of them took half a
second to draw, and a phone does not scroll through it. Each page costs the same at any length.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .log import Slot
from .models import Entry

PAGE = 200


def history_page(
    rows: Sequence[dict[str, Any]], before: int | None
) -> tuple[list[dict[str, Any]], int | None]:
    """``rows`` (newest first) with a seq below ``before``, at most :data:`PAGE` of them, and the
    ``before`` of the next page (None: this is the oldest)."""
    shown = [r for r in rows if before is None or r["entry"].seq < before]
    page = shown[:PAGE]
    return page, page[-1]["entry"].seq if len(shown) > PAGE else None


def _standing(slot: Slot, seq: int) -> dict[str, Any] | None:
    """The record ``slot`` held just before change ``seq`` (None: not in the match then)."""
    held = None
    for e in slot.versions:
        if e.seq >= seq:
            break
        held = None if e.action in (Entry.DELETE, Entry.UNDO) else e.record
    return held


def removed_hand(slots: Sequence[Slot], slot: Slot, seq: int) -> tuple[int | None, dict[str, Any] | None]:
    """What a delete or an undo took out: the hand's number then (its place among the hands
    in the match just before) and the record it held."""
    held = _standing(slot, seq)
    if held is None:
        return None, None
    return 1 + sum(1 for s in slots if s.slot < slot.slot and _standing(s, seq) is not None), held
