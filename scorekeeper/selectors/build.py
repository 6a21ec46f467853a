"""Building the board: from the log (every hand replayed by the engine) or from the stored
snapshot (the same work at hand 1 and at hand 1,000)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db import connection

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
from .. import explain
from ..models import Entry, Match
from ..models import Line as LineRow
from .board import Board, Line, ShownLine
from .log import live_records, ruleset_of, slots_from_log
from .wording import line_parts


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


_SHOWN_COLUMNS = ", ".join(f for f in ShownLine._fields if f != "texts")


def _shown_lines(match_id: int, cut: int, drawn: list[int] | None) -> list[tuple[Any, ...]]:
    """The lines numbered above ``cut`` with their texts, and those in ``drawn`` (None: every
    line) with their numbers only, newest first, as ShownLine tuples. One statement written out
    (the same on SQLite and PostgreSQL): building it through the ORM cost as much as running it,
    on every write's answer."""
    table = connection.ops.quote_name(LineRow._meta.db_table)
    where = ""
    params: list[Any] = [cut, match_id]
    if drawn is not None:
        where = f" AND (number > %s OR number IN ({', '.join(['%s'] * len(drawn))}))"
        params += [cut, *drawn]
    sql = (
        f"SELECT {_SHOWN_COLUMNS}, CASE WHEN number > %s THEN texts END FROM {table} "
        f"WHERE match_id = %s{where} ORDER BY number DESC"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    out = []
    for *cols, texts in found:
        cols[7], cols[8] = bool(cols[7]), bool(cols[8])  # edited, restored (SQLite: 0/1)
        out.append((*cols, json.loads(texts) if isinstance(texts, (str, bytes)) else texts))
    return out


def match_live_board(*, match: Match, all_hands: bool = False) -> Board:
    """The board from the stored snapshot and the latest page of stored lines (``all_hands``:
    every line): the same work at hand 1 and at hand 1,000. One query beside the match's own
    row: the latest lines and the scores the chart draws; a second, the series, when the match
    is part of one (the rematch tally from each match's snapshot). A match whose snapshot is
    missing or behind its log is built from the log first (once)."""
    from .. import snapshots

    board = match_plain_board(match=match)
    ruleset, fold = board.ruleset, board.state
    assert isinstance(fold, Fold)  # a snapshot board's state
    broken_code = (match.snapshot or {}).get("broken", "")
    broken = explain.error_message(broken_code) if broken_code else ""
    # One query for what the page shows of the lines: the latest page (every line with
    # ``all_hands``) with its texts, and the scores of the hands the chart draws (at most
    # chart.POINTS, numbers only: their texts are not read, nor decoded). Plain tuples, no model
    # instances: this is on every write's answer.
    cut = 0 if all_hands else max(0, fold.hands - snapshots.LATEST)
    drawn = chart_mod.sample(fold.hands)
    found = _shown_lines(match.pk, cut, drawn if cut and len(drawn) < fold.hands else None)
    rows = [ShownLine(*r) for r in found if r[0] > cut]
    wanted = set(drawn)
    sides = len(ruleset.sides)
    chart_points = {r[0]: tuple(r[3 : 3 + sides]) for r in found if r[0] in wanted}
    nd = None
    if not fold.finished and not broken:
        nd = fold.next_deal(first_dealer=match.first_dealer, first_leader=match.first_leader)
    board.next, board.broken, board.rows = nd, broken, rows
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


def match_plain_board(*, match: Match) -> Board:
    """The board a page about one hand needs (the correction form, the history): the match, its
    rules, log version and score from the snapshot; no lines, nothing replayed."""
    from .. import snapshots

    snapshots.ensure(match)
    ruleset = ruleset_of(match)
    fold = snapshots.fold_of_match(match, ruleset)
    return Board(
        match=match,
        ruleset=ruleset,
        state=fold,
        slots=[],
        lines=[],
        version=match.version,
        next=None,
        count=fold.hands,
    )


def hand_numbers(*, match: Match, slot: int | None = None) -> dict[int, int]:
    """slot -> the hand's number on the board, for every hand still in the match or only the
    one in ``slot`` (the stored lines: two numbers per hand, no replay)."""
    lines = LineRow.objects.filter(match=match)
    if slot is not None:
        lines = lines.filter(slot=slot)
    return dict(lines.values_list("slot", "number"))


def slot_of_number(*, match: Match, number: int) -> int | None:
    """The slot of the hand the board shows as ``number`` («Кон 3»), after any undo or delete;
    None when no hand has that number (the stored lines, no replay)."""
    return LineRow.objects.filter(match=match, number=number).values_list("slot", flat=True).first()
