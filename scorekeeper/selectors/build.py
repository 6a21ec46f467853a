"""Building the board: from the log (every hand replayed by the engine) or from the stored
snapshot (the same work at hand 1 and at hand 1,000)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.engine import (
    MatchState,
    RecordError,
    new_match,
    next_deal_after,
    score_hand,
)
from rules.engine.variants import Ruleset

from .. import chart as chart_mod
from .. import explain
from ..models import Entry, Match
from ..models import Line as LineRow
from .board import Board, Line, ShownLine, record_parts
from .log import live_records, ruleset_of, slots_from_log


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


def board_build(match: Match, entries: Sequence[Entry], series: Sequence[Match] = ()) -> Board:
    ruleset = ruleset_of(match)
    slots = slots_from_log(entries)
    state, done, broken = replay_slots(ruleset, live_records(slots))
    by_slot = {s.slot: s for s in slots}
    names = match.team_names
    one_seat = ruleset.variant.build_for is not None
    lines = []
    for result, slot in zip(state.hands, done, strict=True):
        points, events = record_parts(result.record, names)
        deltas = [f"{names[t]} {'+' if d > 0 else ''}{d}" for t, d in enumerate(result.delta) if d]
        lines.append(
            Line(
                number=result.hand_number,
                slot=slot,
                result=result,
                points=points,
                events=events,
                deltas=deltas,
                notes=[explain.note_line(n.code, n.params, names, one_seat=one_seat) for n in result.notes],
                edited=len(by_slot[slot].versions) > 1,
                restored=by_slot[slot].versions[-1].action == Entry.RESTORE,
            )
        )
    nd = None
    if not state.finished and not broken:
        nd = next_deal_after(state, first_dealer=match.first_dealer, first_leader=match.first_leader)
    board = Board(
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
    return {
        "number": number,
        "winner": winner,
        "winner_name": names[winner] if isinstance(winner, int) and 0 <= winner < len(names) else "",
        "score": ":".join(map(str, score)),
        "current": current,
    }


def match_board(*, match: Match) -> Board:
    """The board of a match in two queries (the match's log and its series), whatever its length."""
    series = list(Match.objects.filter(series=match.series).order_by("pk"))
    entries_all = list(Entry.objects.filter(match__series=match.series).order_by("match_id", "seq"))
    grouped: dict[int, list[Entry]] = {}
    for e in entries_all:
        grouped.setdefault(e.match_id, []).append(e)
    for m in series:
        m.prefetched = grouped.get(m.pk, [])  # type: ignore[attr-defined]
    return board_build(match, grouped.get(match.pk, []), series)


def match_live_board(*, match: Match, all_hands: bool = False) -> Board:
    """The board from the stored snapshot and the latest page of stored lines (``all_hands``:
    every line): the same work at hand 1 and at hand 1,000. Two queries beside the match's own
    row: the latest lines and the scores the chart draws; a third, the series, when the match
    is part of one (the rematch tally from each match's snapshot). A match whose snapshot is
    missing or behind its log is built from the log first (once)."""
    from .. import snapshots

    snapshots.ensure(match)
    ruleset = ruleset_of(match)
    fold = snapshots.fold_of_match(match, ruleset)
    broken_code = (match.snapshot or {}).get("broken", "")
    broken = explain.error_message(broken_code) if broken_code else ""
    # what a line shows (not its record or checkpoint), the latest page unless all are asked
    # for; plain tuples (no model instances: this is on every write's answer)
    lines = LineRow.objects.filter(match=match).order_by("-number").values_list(*ShownLine._fields)
    rows = [ShownLine(*r) for r in (lines if all_hands else lines[: snapshots.LATEST])]
    # the scores the chart draws: at most chart.POINTS hands, numbers only (no JSON to decode)
    drawn = chart_mod.sample(fold.hands)
    chart_points: dict[int, tuple[int, int]] = {}
    if len(ruleset.sides) == 2 and ruleset.start_score == 0:
        scored = LineRow.objects.filter(match=match)
        if len(drawn) < fold.hands:  # a long match: only the hands drawn
            scored = scored.filter(number__in=drawn)
        chart_points = {n: (a, b) for n, a, b in scored.values_list("number", "score0", "score1")}
    nd = None
    if not fold.finished and not broken:
        nd = fold.next_deal(first_dealer=match.first_dealer, first_leader=match.first_leader)
    board = Board(
        match=match,
        ruleset=ruleset,
        state=fold,
        slots=[],
        lines=[],
        version=match.version,
        next=nd,
        broken=broken,
        count=fold.hands,
        rows=rows,
    )
    board.chart_points = [(n, chart_points[n]) for n in drawn if n in chart_points]
    if match.previous_id is not None or fold.finished:
        series = list(Match.objects.filter(series=match.series).order_by("pk"))
        if len(series) > 1:
            names = match.team_names
            tally = [0] * len(names)
            results = []
            for number, m in enumerate(series, 1):
                if m.pk == match.pk:
                    m = match
                else:
                    snapshots.ensure(m)
                snap = m.snapshot or {}
                winner = snap.get("winner") if snap.get("finished") else None
                if isinstance(winner, int) and 0 <= winner < len(tally):
                    tally[winner] += 1
                score = snap.get("score") or [0] * len(names)
                results.append(_series_result(number, winner, score, names, m.pk == match.pk))
            board.tally = tuple(tally)
            board.series_played = len(series)
            board.series_results = results
    return board
