"""The board of a match as data: from the stored snapshot and lines (the same work at hand 1 and
at hand 1,000), or the engine's replay of the whole log (every hand's result, for the exports
and «what changed»). One type, :class:`Board`, for both; its words are the presenter's
(``scorekeeper.presenters``)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.conf import settings
from django.db.models import F, JSONField
from django.db.models.expressions import Case, When
from django.utils.functional import SimpleLazyObject

from rules.engine import Fold, HandResult, NextDeal, RecordError, fold_step, new_fold
from rules.engine.variants import Ruleset
from rules.messages import lang

from .. import chart as chart_mod
from .. import explain, snapshots
from ..log import Slot, live_records, ruleset_of, slots_from_log
from ..models import Entry, Line, Match
from ..names import shown_name
from ..wording import line_parts


class ShownLine(NamedTuple):
    """A stored line as the hand list shows it (:class:`~scorekeeper.models.Line`'s columns)."""

    number: int
    slot: int
    winner: int | None
    score0: int
    score1: int
    score2: int | None
    score3: int | None
    edited: bool
    restored: bool
    texts: dict[str, Any]

    @property
    def shown(self) -> dict[str, Any]:
        """The line's texts in the page's language (the site's own where it has none)."""
        return self.texts.get(lang()) or self.texts[settings.LANGUAGE_CODE]

    @property
    def scores(self) -> list[int]:
        """Every side's score after the hand (three or four sides: solo-twelve's marks)."""
        return [x for x in (self.score0, self.score1, self.score2, self.score3) if x is not None]


@dataclass
class ReplayedHand:
    """One hand of the engine's replay of the log: its slot, the engine's result and its words."""

    number: int
    slot: int
    result: HandResult
    points: str
    events: list[str]
    deltas: list[str]
    notes: list[str]
    edited: bool
    restored: bool = False  # the hand's last change brought back an earlier version
    review: bool = True  # a deal the referee can review (a penalty is none)


@dataclass
class Series:
    """The matches of a series (a match and its rematches), each with its winner and score, and
    the matches each side won."""

    tally: tuple[int, ...]
    results: list[dict[str, Any]]

    @property
    def played(self) -> int:
        return len(self.results)


@dataclass
class Board:
    """A match's board: ``state`` its :class:`~rules.engine.Fold` (the stored snapshot, or the
    log folded), ``count`` the hands in the match, ``series`` its series (None: none to show).
    From the stored lines: ``rows``, the lines shown (the latest page unless all were asked
    for), and ``chart_points``, the scores the chart draws. From the replay: ``hands``, every
    hand with the engine's result, and ``slots``, the hands as the log made them."""

    match: Match
    ruleset: Ruleset
    state: Fold
    version: int
    next: NextDeal | None
    broken: str = ""  # a stored hand the engine no longer accepts (never expected)
    count: int = 0
    series: Series | None = None
    rows: list[ShownLine] = field(default_factory=list)
    chart_points: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    hands: list[ReplayedHand] = field(default_factory=list)
    slots: list[Slot] = field(default_factory=list)


# ---------------------------------------------------------------- the series


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


def series_of(match: Match, fold: Fold) -> Series | None:
    """The series of ``match`` (its fold is ``fold``), each other match read from its snapshot:
    None for a match on its own (one started anew and not over has no rematch yet)."""
    if match.previous_id is None and not fold.finished:
        return None
    series = list(Match.objects.filter(series=match.series).order_by("pk"))
    if len(series) < 2:
        return None
    names = match.team_names
    tally = [0] * len(names)
    results = []
    for number, m in enumerate(series, 1):
        snap: dict[str, Any] = fold.to_dict() if m.pk == match.pk else _folded(m)[0]
        winner = snap.get("winner") if snap.get("finished") else None
        if isinstance(winner, int) and 0 <= winner < len(tally):
            tally[winner] += 1
        score = snap.get("score") or [0] * len(names)
        results.append(_series_result(number, winner, score, names, m.pk == match.pk))
    return Series(tuple(tally), results)


# ---------------------------------------------------------------- from the stored snapshot


def _folded(match: Match, rs: Ruleset | None = None) -> tuple[dict[str, Any], list[Line] | None]:
    """The snapshot the pages read, and the lines when they are not the stored ones: the stored
    snapshot when it is the fold of the log as it stands; otherwise (a match from before
    snapshots, or one a write left behind) the log folded in memory, nothing stored (a read
    never writes; the next write or ``check_snapshots --fix`` stores it)."""
    if snapshots.stored_fold(match, rs or ruleset_of(match)) is not None:
        return match.snapshot or {}, None
    built = snapshots.build_from_log(match, rs)
    return built.snapshot, built.lines


def _shown(line: Line, with_texts: bool) -> ShownLine:
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
    lines = Line.objects.filter(match_id=match.pk)
    if drawn is not None:
        lines = lines.filter(number__in=sorted({*drawn, *range(cut + 1, hands + 1)}))
    shown_texts = Case(When(number__gt=cut, then=F("texts")), default=None, output_field=JSONField())
    columns = [f for f in ShownLine._fields if f != "texts"]
    rows = lines.annotate(shown_texts=shown_texts).order_by("-number").values_list(*columns, "shown_texts")
    return [ShownLine(*row) for row in rows]


def _read(match: Match, rs: Ruleset, fold: Fold | None) -> tuple[Fold, str, list[Line] | None]:
    """The match's fold, the code of a stored hand the engine refuses (``""``: none) and its
    lines when they are not the stored ones. ``fold``: the fold the caller holds (a write's),
    which is the snapshot as it stands: nothing is decoded again."""
    if fold is not None:
        return fold, (match.snapshot or {}).get("broken", ""), None
    stored = snapshots.stored_fold(match, rs)
    if stored is not None:
        return stored, (match.snapshot or {}).get("broken", ""), None
    built = snapshots.build_from_log(match, rs)
    return built.fold, built.snapshot.get("broken", ""), built.lines


def _board(match: Match, rs: Ruleset, fold: Fold, broken_code: str) -> Board:
    broken = explain.error_message(broken_code) if broken_code else ""
    nd = None
    if not fold.finished and not broken:
        nd = fold.next_deal(first_dealer=match.first_dealer, first_leader=match.first_leader)
    return Board(
        match=match, ruleset=rs, state=fold, version=match.version, next=nd, broken=broken, count=fold.hands
    )


def match_live_board(
    *, match: Match, all_hands: bool = False, ruleset: Ruleset | None = None, fold: Fold | None = None
) -> Board:
    """The board from the snapshot and the latest page of lines (``all_hands``: every line):
    the same work at hand 1 and at hand 1,000. One query beside the match's own row: the latest
    lines and the scores the chart draws; a second, the series, when the match is part of one
    (the rematch tally from each match's snapshot). ``ruleset`` and ``fold``: the match's, when
    the caller holds them (a write hands on the fold it wrote)."""
    rs = ruleset or ruleset_of(match)
    fold, broken_code, built = _read(match, rs, fold)
    board = _board(match, rs, fold, broken_code)
    # what the page shows of the lines: the latest page with its texts, and the scores of the
    # hands the chart draws (numbers only: their texts are not read)
    cut = 0 if all_hands else max(0, fold.hands - snapshots.LATEST)
    drawn = chart_mod.sample(fold.hands)
    sides = len(rs.sides)

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
    board.series = series_of(match, fold)
    return board


def match_plain_board(*, match: Match, ruleset: Ruleset | None = None) -> Board:
    """The board a page about one hand needs (the correction form, the history): the match, its
    rules, log version and score from the snapshot; no lines, nothing replayed."""
    rs = ruleset or ruleset_of(match)
    fold, broken_code, _built = _read(match, rs, None)
    board = _board(match, rs, fold, broken_code)
    board.next = None
    return board


# ---------------------------------------------------------------- the engine's replay of the log


def match_board(*, match: Match, ruleset: Ruleset | None = None) -> Board:
    """The board the engine's replay of the whole log gives, every hand with its result and
    words: the match's log in one query (and its series in one more when it has one). A stored
    hand the engine refuses stops the replay; ``broken`` says why."""
    rs = ruleset or ruleset_of(match)
    entries = list(Entry.objects.filter(match=match).order_by("seq"))
    slots = slots_from_log(entries)
    by_slot = {s.slot: s for s in slots}
    fold, hands, broken = new_fold(rs), [], ""
    for slot, record in live_records(slots):
        try:
            fold, result = fold_step(fold, record, tag=0)
        except RecordError as exc:
            broken = exc.code
            break
        versions = by_slot[slot].versions
        hands.append(
            ReplayedHand(
                number=fold.hands,
                slot=slot,
                result=result,
                **line_parts(result, match.team_names, rs, match.player_names),
                edited=len(versions) > 1,
                restored=versions[-1].action == Entry.RESTORE,
            )
        )
    board = _board(match, rs, fold, broken)
    board.version = entries[-1].seq if entries else 0
    board.hands, board.slots = hands, slots
    board.series = series_of(match, fold)
    return board


# ---------------------------------------------------------------- hand numbers


def hand_numbers(*, match: Match, slot: int | None = None) -> dict[int, int]:
    """slot -> the hand's number on the board, for every hand still in the match or only the
    one in ``slot`` (the stored lines: two numbers per hand, no replay)."""
    if snapshots.stored_fold(match, ruleset_of(match)) is None:
        built = snapshots.build_from_log(match).lines
        return {ln.slot: ln.number for ln in built if slot is None or ln.slot == slot}
    lines = Line.objects.filter(match=match)
    if slot is not None:
        lines = lines.filter(slot=slot)
    return dict(lines.values_list("slot", "number"))


def slot_of_number(*, match: Match, number: int) -> int | None:
    """The slot of the hand the board shows as ``number`` («Кон 3»), after any undo or delete;
    None when no hand has that number (the stored lines, no replay)."""
    return Line.objects.filter(match=match, number=number).values_list("slot", flat=True).first()
