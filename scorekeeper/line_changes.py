"""What a replay changes on the board: which replayed lines differ from the stored ones, and the
stored lines addressed by their numbers (:mod:`scorekeeper.snapshots` writes the plan)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import Q, QuerySet

from .models import Line, Match

# A line's fields as stored; the words (``texts``), the longest, apart
STORED = (
    "number",
    "slot",
    "record",
    "winner",
    "score0",
    "score1",
    "score2",
    "score3",
    "edited",
    "restored",
    "fold",
)

SCORES = ("score0", "score1", "score2", "score3")


def _shift(old: dict[str, Any], new: dict[str, Any]) -> tuple[int, ...] | None:
    """How far each side's score moved from the stored line to the replayed one when nothing
    else of it differs (no shift: all zeros), else None."""
    if any(old[name] != new[name] for name in STORED if name not in SCORES):
        return None
    if any((old[name] is None) != (new[name] is None) for name in SCORES):
        return None
    return tuple(new[name] - old[name] if new[name] is not None else 0 for name in SCORES)


def changes(
    match: Match,
    stored: Sequence[dict[str, Any]],
    rows: Sequence[dict[str, Any]],
    texts: Sequence[dict[str, dict[str, Any]]],
) -> tuple[list[Line], list[int], dict[tuple[int, ...], list[int]]]:
    """Of the replayed lines (``rows`` with their words, ``texts``): those to write whole, the numbers of the stored lines to delete (those and
    any left past the new last line), and the lines to shift instead, by shift. The stored
    words (the longest field) are read only for the lines that could be kept."""
    old = {row["number"]: row for row in stored}
    kept: dict[int, tuple[int, ...]] = {}
    for row in rows:
        if row["number"] in old:
            moved = _shift(old[row["number"]], row)
            if moved is not None:
                kept[row["number"]] = moved
    if kept:
        words = dict(
            Line.objects.filter(match=match, number__range=(min(kept), max(kept))).values_list(
                "number", "texts"
            )
        )
        new_words = {row["number"]: w for row, w in zip(rows, texts, strict=True)}
        kept = {n: moved for n, moved in kept.items() if words.get(n) == new_words[n]}
    shifts: dict[tuple[int, ...], list[int]] = {}
    for n, moved in sorted(kept.items()):
        if any(moved):
            shifts.setdefault(moved, []).append(n)
    for moved, numbers in list(shifts.items()):
        if len(numbers) == 1:  # a statement of its own costs more than the line in the insert
            del shifts[moved], kept[numbers[0]]
    changed = [
        Line(match=match, **row, texts=words)
        for row, words in zip(rows, texts, strict=True)
        if row["number"] not in kept
    ]
    return changed, sorted(n for n in old if n not in kept), shifts


def _runs(numbers: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted numbers as ranges of consecutive ones: a correction of hand k usually changes
    every line from k on, one range."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def numbered(match: Match, numbers: Sequence[int]) -> Iterable[QuerySet[Line]]:
    """The match's lines of these numbers, as ranges (in groups, so a scattered set stays a
    short statement each)."""
    runs = _runs(numbers)
    for i in range(0, len(runs), _RUNS_PER_STATEMENT):
        where = Q()
        for lo, hi in runs[i : i + _RUNS_PER_STATEMENT]:
            where |= Q(number=lo) if lo == hi else Q(number__range=(lo, hi))
        yield Line.objects.filter(where, match=match)


_RUNS_PER_STATEMENT = 100
