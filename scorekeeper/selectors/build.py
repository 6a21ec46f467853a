"""Building the board: from the log (every hand replayed by the engine) or from the stored
snapshot (the same work at hand 1 and at hand 1,000)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from django.db.models import F, JSONField
from django.db.models.expressions import Case, When
from django.utils.functional import SimpleLazyObject

from rules.engine import (
    Fold,
    MatchState,
    RecordError,
    new_match,
    next_deal_after,
    score_hand,
)
from rules.engine.variants import Ruleset

from .. import chart as chart_mod
from .. import explain, snapshots
from ..log import live_records, ruleset_of, slots_from_log
from ..models import Entry, Match
from ..models import Line as LineRow
from ..names import shown_name
from ..wording import line_parts
from .board import Board, Line, Replay, ShownLine


def replay_slots(
    ruleset: Ruleset, records: Sequence[tuple[int, dict[str, Any]]]
) -> tuple[MatchState, list[int], str]:
    """Replay hand by hand; a stored hand the engine refuses stops the replay (reported)."""
    state = new_match(ruleset)
    done: list[int] = []
    for slot, record in records:
        try:
            state = score_hand(state, record)
        except RecordError as exc:
            return state, done, explain.error_message(exc.code)
        done.append(slot)
    return state, done, ""


def board_build(match: Match, entries: Sequence[Entry], series: Sequence[Match] = ()) -> Replay:
    ruleset = ruleset_of(match)
    slots = slots_from_log(entries)
    state, done, broken = replay_slots(ruleset, live_records(slots))
    by_slot = {s.slot: s for s in slots}
    names = match.team_names
    lines = []
    for result, slot in zip(state.hands, done, strict=True):
        lines.append(
            Line(
                number=result.hand_number,
                slot=slot,
                result=result,
                **line_parts(result, names, ruleset),
                edited=len(by_slot[slot].versions) > 1,
                restored=by_slot[slot].versions[-1].action == Entry.RESTORE,
            )
        )
    nd = None
    if not state.finished and not broken:
        nd = next_deal_after(state, first_dealer=match.first_dealer, first_leader=match.first_leader)
    board = Replay(
        match=match,
        ruleset=ruleset,
        state=state,
        slots=slots,
        lines=lines,
        version=entries[-1].seq if entries else 0,
        next=nd,
        broken=broken,
        count=len(lines),
    )
    if len(series) > 1:
        tally = [0] * len(names)
        results = []
        for number, m in enumerate(series, 1):
            if m.pk == match.pk:
                st = state
            else:
                rs = ruleset_of(m)
                st = replay_slots(rs, live_records(slots_from_log(m.prefetched)))[0]  # type: ignore[attr-defined]  # prefetch_related's to_attr
            if st.finished and st.winner is not None:
                tally[st.winner] += 1
            winner = st.winner if st.finished else None
            results.append(_series_result(number, winner, st.score, names, m.pk == match.pk))
        board.tally = tuple(tally)
        board.series_played = len(series)
        board.series_results = results
    return board


def _series_result(
    number: int, winner: Any, score: Sequence[int], names: Sequence[str], current: bool
) -> dict[str, Any]:
    """One match of the series as the board lists it (``winner`` is None while it is played)."""
    name = names[winner] if isinstance(winner, int) and 0 <= winner < len(names) else ""
    return {
        "number": number,
        "winner": winner,
        "winner_name": shown_name(name),
        "score": ":".join(map(str, score)),
        "current": current,
    }


def match_board(*, match: Match) -> Replay:
    """The board of a match in two queries (the match's log and its series), whatever its length."""
    series = list(Match.objects.filter(series=match.series).order_by("pk"))
    entries_all = list(Entry.objects.filter(match__series=match.series).order_by("match_id", "seq"))
    grouped: dict[int, list[Entry]] = {}
    for e in entries_all:
        grouped.setdefault(e.match_id, []).append(e)
    for m in series:
        m.prefetched = grouped.get(m.pk, [])  # type: ignore[attr-defined]
    return board_build(match, grouped.get(match.pk, []), series)


def _folded(match: Match) -> tuple[dict[str, Any], list[LineRow] | None]:
    """The snapshot the pages read, and the lines when they are not the stored ones: the stored
    snapshot when it is the fold of the log as it stands; otherwise (a match from before
    snapshots, or one a write left behind) the log folded in memory, nothing stored (a read
    never writes; the next write or ``check_snapshots --fix`` stores it)."""
    if snapshots.usable(match):
        return match.snapshot or {}, None
    built = snapshots.build_from_log(match)
    return built.snapshot, built.lines


def _shown(line: LineRow, with_texts: bool) -> ShownLine:
    return ShownLine(
        line.number,
        line.slot,
        line.winner,
        line.score0,
        line.score1,
        line.score2,
        line.score3,
        line.edited,
        line.restored,
        line.texts if with_texts else None,  # type: ignore[arg-type]
    )


def _stored_lines(match: Match, cut: int, drawn: list[int] | None, hands: int) -> list[ShownLine]:
    """The stored lines numbered above ``cut`` with their texts, and those in ``drawn`` (None:
    every line) with their numbers only, newest first: one query, by the index on the numbers."""
    lines = LineRow.objects.filter(match_id=match.pk)
    if drawn is not None:
        lines = lines.filter(number__in=sorted({*drawn, *range(cut + 1, hands + 1)}))
    shown_texts = Case(When(number__gt=cut, then=F("texts")), default=None, output_field=JSONField())
    columns = [f for f in ShownLine._fields if f != "texts"]
    rows = lines.annotate(shown_texts=shown_texts).order_by("-number").values_list(*columns, "shown_texts")
    return [ShownLine(*row) for row in rows]


def match_live_board(*, match: Match, all_hands: bool = False) -> Board:
    """The board from the snapshot and the latest page of lines (``all_hands``: every line):
    the same work at hand 1 and at hand 1,000. One query beside the match's own row: the latest
    lines and the scores the chart draws; a second, the series, when the match is part of one
    (the rematch tally from each match's snapshot)."""
    snap, built = _folded(match)
    board = _plain_board(match, snap)
    ruleset, fold = board.ruleset, board.state
    broken_code = snap.get("broken", "")
    broken = explain.error_message(broken_code) if broken_code else ""
    # what the page shows of the lines: the latest page with its texts, and the scores of the
    # hands the chart draws (numbers only: their texts are not read)
    cut = 0 if all_hands else max(0, fold.hands - snapshots.LATEST)
    drawn = chart_mod.sample(fold.hands)
    sides = len(ruleset.sides)

    @functools.cache
    def lines() -> tuple[list[ShownLine], list[tuple[int, tuple[int, ...]]]]:
        """Read only when the board, the chart or the hand list is rendered, not on a cache hit."""
        if built is None:
            found = _stored_lines(match, cut, drawn if cut and len(drawn) < fold.hands else None, fold.hands)
        else:
            found = [_shown(ln, ln.number > cut) for ln in reversed(built)]
        points = {r.number: tuple(r.scores[:sides]) for r in found if r.number in set(drawn)}
        return [r for r in found if r.number > cut], [(n, points[n]) for n in drawn if n in points]

    board.rows = SimpleLazyObject(lambda: lines()[0])  # type: ignore[assignment]
    board.chart_points = SimpleLazyObject(lambda: lines()[1])  # type: ignore[assignment]
    nd = None
    if not fold.finished and not broken:
        nd = fold.next_deal(first_dealer=match.first_dealer, first_leader=match.first_leader)
    board.next, board.broken = nd, broken
    if match.previous_id is not None or fold.finished:
        series = list(Match.objects.filter(series=match.series).order_by("pk"))
        if len(series) > 1:
            names = match.team_names
            tally = [0] * len(names)
            results = []
            for number, m in enumerate(series, 1):
                other = snap if m.pk == match.pk else _folded(m)[0]
                winner = other.get("winner") if other.get("finished") else None
                if isinstance(winner, int) and 0 <= winner < len(tally):
                    tally[winner] += 1
                score = other.get("score") or [0] * len(names)
                results.append(_series_result(number, winner, score, names, m.pk == match.pk))
            board.tally = tuple(tally)
            board.series_played = len(series)
            board.series_results = results
    return board


def _plain_board(match: Match, snap: dict[str, Any]) -> Board:
    ruleset = ruleset_of(match)
    fold = Fold.from_dict(ruleset, snap)
    return Board(
        match=match,
        ruleset=ruleset,
        state=fold,
        version=match.version,
        next=None,
        count=fold.hands,
    )


def match_plain_board(*, match: Match) -> Board:
    """The board a page about one hand needs (the correction form, the history): the match, its
    rules, log version and score from the snapshot; no lines, nothing replayed."""
    return _plain_board(match, _folded(match)[0])


def hand_numbers(*, match: Match, slot: int | None = None) -> dict[int, int]:
    """slot -> the hand's number on the board, for every hand still in the match or only the
    one in ``slot`` (the stored lines: two numbers per hand, no replay)."""
    if not snapshots.usable(match):
        built = snapshots.build_from_log(match).lines
        return {ln.slot: ln.number for ln in built if slot is None or ln.slot == slot}
    lines = LineRow.objects.filter(match=match)
    if slot is not None:
        lines = lines.filter(slot=slot)
    return dict(lines.values_list("slot", "number"))


def slot_of_number(*, match: Match, number: int) -> int | None:
    """The slot of the hand the board shows as ``number`` («Кон 3»), after any undo or delete;
    None when no hand has that number (the stored lines, no replay)."""
    return LineRow.objects.filter(match=match, number=number).values_list("slot", flat=True).first()
