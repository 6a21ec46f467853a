"""Reads: the current hands of a match are derived from its log, the score from the engine."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _

from rules.counting import count, score_count
from rules.engine import (
    Fold,
    HandRecord,
    HandResult,
    MatchState,
    NextDeal,
    RecordError,
    new_match,
    next_deal_after,
    score_hand,
)
from rules.engine.cards import SUIT_SYMBOLS
from rules.engine.variants import Ruleset, resolve, team_of

from . import chart as chart_mod
from . import explain
from .models import Entry, Match
from .models import Line as LineRow


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def match_get(*, public_id: str) -> Match:
    try:
        return Match.objects.get(public_id=public_id)
    except Match.DoesNotExist:
        raise Http404("no such match") from None


def match_get_for_edit(*, public_id: str, secret: str) -> Match:
    """The match if ``secret`` is its edit secret; 404 otherwise (the same for both cases)."""
    match = match_get(public_id=public_id)
    if not hmac.compare_digest(match.secret_hash, secret_hash(secret)):
        raise Http404("no such match")
    return match


@dataclass
class Slot:
    """A hand as the log made it: ``slot`` is its stable id, ``versions`` the entries touching it."""

    slot: int
    record: dict[str, Any] | None
    deleted: bool = False
    versions: list[Entry] = field(default_factory=list)


def slots_from_log(entries: Iterable[Entry]) -> list[Slot]:
    """Fold the log into hand slots, in the order the hands were first recorded (deleted too)."""
    slots: dict[int, Slot] = {}
    for e in entries:
        if e.action == Entry.ADD:
            slots[e.slot] = Slot(slot=e.slot, record=e.record, versions=[e])
            continue
        s = slots.get(e.slot)
        if s is None:  # cannot happen through the services; ignore rather than fail the page
            continue
        s.versions.append(e)
        if e.action == Entry.EDIT:
            s.record = e.record
        elif e.action in (Entry.DELETE, Entry.UNDO):
            s.deleted = True
        elif e.action == Entry.RESTORE:
            s.record, s.deleted = e.record, False
    return list(slots.values())


def live_records(slots: Sequence[Slot]) -> list[tuple[int, dict[str, Any]]]:
    return [(s.slot, s.record or {}) for s in slots if not s.deleted]


def ruleset_of(match: Match) -> Ruleset:
    return resolve(match.variant, match.options)


@dataclass
class Line:
    """One hand on the board: its slot, the engine's result and the lines explaining it."""

    number: int
    slot: int
    result: HandResult
    points: str
    events: list[str]
    deltas: list[str]
    notes: list[str]
    edited: bool
    restored: bool = False  # the hand's last change brought back an earlier version


@dataclass
class Board:
    """The board of a match. From the log (:func:`match_board`): every line, ``state`` the
    replayed :class:`MatchState`. From the snapshot (:func:`match_live_board`): ``state`` the
    stored :class:`~rules.engine.Fold` (the same score, pending stakes, end and titles),
    ``rows`` the stored lines shown (the latest page unless all were asked for) and ``lines``
    empty. ``count`` is the number of hands in the match either way."""

    match: Match
    ruleset: Ruleset
    state: MatchState | Fold
    slots: list[Slot]
    lines: list[Line]
    version: int
    next: NextDeal | None
    broken: str = ""  # a stored hand the engine no longer accepts (never expected)
    tally: tuple[int, int] = (0, 0)
    series_played: int = 0
    series_results: list[dict[str, Any]] = field(default_factory=list)
    count: int = 0
    rows: list[LineRow] = field(default_factory=list)
    chart_points: list[tuple[int, tuple[int, ...]]] | None = None  # from the snapshot board

    @property
    def more(self) -> int:
        """Hands not on this page (the «all hands» link loads them)."""
        return self.count - len(self.rows) if self.rows or self.count else 0

    @property
    def team_names(self) -> list[str]:
        return self.match.team_names

    @property
    def target(self) -> int:
        return self.ruleset.target

    @property
    def scoring(self) -> str:
        return self.ruleset.scoring

    @property
    def title(self) -> str:
        return explain.title_line(self.state.titles)

    @property
    def winner_name(self) -> str:
        w = self.state.winner
        return self.team_names[w] if w is not None else ""

    @property
    def loser_name(self) -> str:
        lo = self.state.loser
        return self.team_names[lo] if lo is not None else ""

    def _chart_points(self) -> list[tuple[int, tuple[int, ...]]]:
        """(hand number, score after it) for each hand the chart draws."""
        if self.chart_points is not None:
            return self.chart_points
        return [(h.hand_number, h.score) for h in self.state.hands]  # type: ignore[union-attr]

    @property
    def chart(self) -> chart_mod.Chart | None:
        """The score after each hand as a small SVG line chart (none before the first hand)."""
        points = self._chart_points()
        if not points:
            return None
        scores = [(p[1][0], p[1][1]) for p in points]  # the two teams' lines
        return chart_mod.build(scores, self.target, [p[0] for p in points])

    @property
    def chart_caption(self) -> str:
        if self.scoring == "penalty":
            return _("%(goats)s lose") % {"goats": count(self.target, "goat")}
        return _("the first to %(score)s wins") % {"score": score_count(self.target, self.scoring)}

    @property
    def goats_line(self) -> str:
        return _("Goats against: %(goats)s lose the match.") % {"goats": count(self.target, "goat")}

    @property
    def chart_text(self) -> str:
        """The chart's text alternative: every score it draws, in order."""
        names = self.team_names
        parts = []
        for team in (0, 1):
            values = ", ".join(str(score[team]) for _n, score in self._chart_points())
            parts.append(f"{names[team]}: 0, {values}")
        return _("Score after each hand. %(lines)s. %(goal)s.") % {
            "lines": "; ".join(parts),
            "goal": self.chart_caption,
        }

    @property
    def announce(self) -> str:
        """What a screen reader says after each change: the score, and the winners at the end."""
        names, score = self.team_names, self.state.score
        line = _("Score: %(a)s %(x)s, %(b)s %(y)s.") % {
            "a": names[0],
            "x": score[0],
            "b": names[1],
            "y": score[1],
        }
        if self.state.finished and self.state.winner is not None:
            line += " " + _("%(team)s win the match.") % {"team": self.winner_name}
        return line

    @property
    def pending(self) -> list[str]:
        return [explain.pending_line(k, int(v)) for k, v in self.state.pending.items()]

    def seat_name(self, seat: int) -> str:
        if seat == self.ruleset.blind_seat:
            return _("blind")  # three play: nobody sits here (docs/tables.md#blind-seat)
        names = self.match.player_names or []
        name = names[seat] if seat < len(names) and names[seat] else ""
        return name or _("seat %(n)s") % {"n": seat + 1}

    @property
    def seats(self) -> list[dict[str, Any]]:
        return [{"seat": s, "name": self.seat_name(s), "team": team_of(s)} for s in range(4)]

    @property
    def overshoot(self) -> str:
        """After the target: the final hand may carry a team past it (7 pairs of 6, 18 of 12);
        say so as a note instead of printing «7/6»."""
        if not self.state.finished:
            return ""
        over = [max(0, s - self.target) for s in self.state.score]
        team = 0 if over[0] >= over[1] else 1
        if not over[team]:
            return ""
        return _("The target is %(target)s; the last hand took %(team)s to %(score)s, %(n)s past it.") % {
            "target": self.target,
            "team": self.team_names[team],
            "score": self.state.score[team],
            "n": over[team],
        }

    @property
    def dealing_team(self) -> int | None:
        """The team of the next hand's dealer: a misdeal is always against it."""
        return team_of(self.next.dealer) if self.next else None

    @property
    def named_players(self) -> bool:
        return any(self.match.player_names or [])

    def team_players(self, team: int) -> str:
        """«Аня и Вера»: the seats of a team, by name (by seat number where none was given)."""
        a, b = (self.seat_name(s) for s in range(4) if team_of(s) == team)
        return _("%(a)s and %(b)s") % {"a": a, "b": b}

    @property
    def teams_line(self) -> list[dict[str, Any]]:
        return [{"team": t, "name": self.team_names[t], "players": self.team_players(t)} for t in (0, 1)]

    @property
    def dealer_name(self) -> str:
        return self.seat_name(self.next.dealer) if self.next else ""

    @property
    def latest_was_eggs(self) -> bool:
        """The latest hand had no winner (the stored line, or the replayed hand)."""
        if self.chart_points is not None:  # the snapshot board: its newest stored line
            return bool(self.rows) and self.rows[0].winner is None
        hands: tuple[HandResult, ...] = self.state.hands  # type: ignore[union-attr,assignment]
        return bool(hands) and hands[-1].winner is None

    @property
    def lead_text(self) -> str:
        if not self.next:
            return ""
        n = self.next
        leader = self.seat_name(n.leader) if n.leader is not None else None
        team = self.team_names[n.leader_team] if n.leader_team is not None else None
        if n.rule == "rotates":
            # voon-series#leading: after eggs the lead stays with the same seat, else it moves on
            stays = self.latest_was_eggs
            return explain.rotation_line(leader, stays=stays)
        return explain.lead_line(n.rule, leader, team, self.ruleset.lowest_trump)

    @property
    def tracks(self) -> list[dict[str, Any]]:
        """Per team: the marks toward the target (12 for eyes, series and goats; 6 for pairs)."""
        out = []
        for team in (0, 1):
            score = self.state.score[team]
            out.append(
                {
                    "team": team,
                    "name": self.team_names[team],
                    "score": score,
                    "marks": [i < score for i in range(self.target)],
                    "label": _("%(score)s of %(target)s")
                    % {"score": score_count(score, self.scoring), "target": self.target},
                    "over": max(0, score - self.target),
                }
            )
        return out

    @property
    def sixes(self) -> list[dict[str, Any]]:
        """Pairs on the sixes (ARCHITECTURE.md): each team's two sixes, rows uncovered = pairs won."""
        suits = ((SUIT_SYMBOLS["D"], SUIT_SYMBOLS["H"]), (SUIT_SYMBOLS["C"], SUIT_SYMBOLS["S"]))
        out = []
        for team in (0, 1):
            score = min(self.state.score[team], 6)
            cards = [
                {
                    "suit": suit,
                    "red": team == 0,
                    "rows": [{"on": r < min(max(score - 3 * i, 0), 3), "y": 24 + r * 23} for r in range(3)],
                }
                for i, suit in enumerate(suits[team])
            ]
            n = self.state.score[team]
            label = _("%(score)s of %(target)s") % {"score": count(n, "pair"), "target": 6}
            out.append(
                {"team": team, "name": self.team_names[team], "score": n, "cards": cards, "label": label}
            )
        return out


def record_summary(record: dict[str, Any], team_names: Sequence[str]) -> str:
    """One line for a stored record: its points and events (the history of changes)."""
    points, events = record_parts(HandRecord.from_dict(record), team_names)
    return " · ".join([points, *events])


def record_parts(rec: HandRecord, team_names: Sequence[str]) -> tuple[str, list[str]]:
    points = f"{rec.points[0]}:{rec.points[1]}" if rec.points else "—"
    events: list[str] = []
    if rec.is_eggs:
        events.append(_("60:60 eggs"))
    if rec.all_tricks:
        events.append(_("all tricks"))
    if rec.queen_capture is not None:
        events.append(_("queen caught by %(team)s") % {"team": team_names[rec.queen_capture]})
    if rec.obyaz is not None:
        events.append(_("obyaz: %(team)s") % {"team": team_names[rec.obyaz]})
    if rec.penalty is not None:
        events.append(
            _("penalty: %(kind)s against %(team)s")
            % {"kind": explain.penalty_name(rec.penalty.kind), "team": team_names[rec.penalty.against]}
        )
    if rec.hvalyonka:
        events.append(_("hvalyonka"))
    if rec.note:
        events.append(f"«{rec.note}»")
    return points, events


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
                notes=[explain.note_line(n.code, n.params, names) for n in result.notes],
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
        tally = [0, 0]
        results = []
        for number, m in enumerate(series, 1):
            if m.pk == match.pk:
                st = state
            else:
                rs = ruleset_of(m)
                st = replay_slots(rs, live_records(slots_from_log(m.prefetched)))[0]  # type: ignore[attr-defined]  # prefetch_related's to_attr
            if st.finished and st.winner is not None:
                tally[st.winner] += 1
            results.append(
                {
                    "number": number,
                    "winner": st.winner if st.finished else None,
                    "winner_name": names[st.winner] if st.finished and st.winner is not None else "",
                    "score": f"{st.score[0]}:{st.score[1]}",
                    "current": m.pk == match.pk,
                }
            )
        board.tally = (tally[0], tally[1])
        board.series_played = len(series)
        board.series_results = results
    return board


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


def match_version(*, match: Match) -> int:
    return match.version


def match_public_version(*, public_id: str) -> int | None:
    """The view link's poll: one indexed query for the match's version (None: no such match)."""
    return Match.objects.filter(public_id=public_id).values_list("version", flat=True).first()


def match_live_board(*, match: Match, all_hands: bool = False) -> Board:
    """The board from the stored snapshot and the latest page of stored lines (``all_hands``:
    every line): the same work at hand 1 and at hand 1,000. Two queries beside the match's own
    row: the latest lines and the scores the chart draws; a third, the series, when the match
    is part of one (the rematch tally from each match's snapshot). A match whose snapshot is
    missing or behind its log is built from the log first (once)."""
    from . import snapshots

    snapshots.ensure(match)
    ruleset = ruleset_of(match)
    fold = snapshots.fold_of_match(match, ruleset)
    broken_code = (match.snapshot or {}).get("broken", "")
    broken = explain.error_message(broken_code) if broken_code else ""
    # what a line shows (not its record or checkpoint), the latest page unless all are asked for
    lines = (
        LineRow.objects.filter(match=match)
        .order_by("-number")
        .only("number", "slot", "winner", "score0", "score1", "edited", "restored", "texts")
    )
    rows = list(lines if all_hands else lines[: snapshots.LATEST])
    # the scores the chart draws: at most chart.POINTS hands, numbers only (no JSON to decode)
    drawn = chart_mod.sample(fold.hands)
    chart_points = {
        n: (a, b)
        for n, a, b in LineRow.objects.filter(match=match, number__in=drawn).values_list(
            "number", "score0", "score1"
        )
    }
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
            tally = [0, 0]
            results = []
            for number, m in enumerate(series, 1):
                if m.pk == match.pk:
                    m = match
                else:
                    snapshots.ensure(m)
                snap = m.snapshot or {}
                winner = snap.get("winner") if snap.get("finished") else None
                if winner in (0, 1):
                    tally[winner] += 1
                score = snap.get("score") or [0, 0]
                results.append(
                    {
                        "number": number,
                        "winner": winner,
                        "winner_name": names[winner] if winner in (0, 1) else "",
                        "score": f"{score[0]}:{score[1]}",
                        "current": m.pk == match.pk,
                    }
                )
            board.tally = (tally[0], tally[1])
            board.series_played = len(series)
            board.series_results = results
    return board


def match_next(*, match: Match) -> Match | None:
    return Match.objects.filter(previous=match).first()
