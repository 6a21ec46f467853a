"""A hand in words: its record as a short line (points and events), and the whole line the board
shows (each side's change, the engine's notes in the match's unit). The stored line texts are
built here, once per language (scorekeeper.snapshots)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.counting import UNITS
from rules.engine import HandRecord, HandResult
from rules.engine.cards import SUIT_SYMBOLS
from rules.engine.variants import Ruleset

from . import explain
from .names import shown_names


def record_summary(record: dict[str, Any], team_names: Sequence[str], players: Sequence[str] = ()) -> str:
    """One line for a stored record: its points and events (the history of changes); ``players``:
    the match's names per seat."""
    points, events = record_parts(HandRecord.from_dict(record), shown_names(team_names), players=players)
    return " · ".join([points, *events])


def line_parts(
    result: HandResult, team_names: Sequence[str], ruleset: Ruleset, players: Sequence[str] = ()
) -> dict[str, Any]:
    """A hand's line in the active language: its points, events, each side's change and the
    engine's notes worded in the match's unit (the board's :class:`Line` and the stored texts);
    a default name in that language too (:mod:`scorekeeper.names`); ``players``: the match's
    names per seat."""
    team_names = shown_names(team_names)
    rec = result.record
    # a penalty's note says it with what it cost: the line says it once, there
    penalty_note = rec.penalty is not None and any(n.code == "penalty" for n in result.notes)
    points, events = record_parts(rec, team_names, penalty=not penalty_note, players=players)
    one_seat, unit = ruleset.variant.build_for is not None, UNITS.get(ruleset.scoring)
    # a match won at once says so once: «сразу победа в матче», not a second «победа в матче»
    instant = any(n.code == "instant_win" for n in result.notes)
    return {
        "points": points,
        "events": events,
        "deltas": [f"{team_names[t]} {'+' if d > 0 else ''}{d}" for t, d in enumerate(result.delta) if d],
        "notes": [
            explain.note_line(n.code, _named(n.code, n.params, rec), team_names, one_seat=one_seat, unit=unit)
            for n in result.notes
            if not (n.code == "match_won" and instant)
        ],
        # a penalty was no deal: there is nothing for the referee to review
        "review": rec.penalty is None,
    }


def _named(code: str, params: Mapping[str, object], rec: HandRecord) -> Mapping[str, object]:
    """A Lyusya names the side that took every trick (the engine's note names no side)."""
    return {**params, "team": rec.winner} if code == "lyusya" and rec.winner is not None else params


def record_parts(
    rec: HandRecord, team_names: Sequence[str], *, penalty: bool = True, players: Sequence[str] = ()
) -> tuple[str, list[str]]:
    """A record's points and events (``penalty``: with the penalty's own event; ``players``:
    the match's names per seat, a seat nobody named said by its number)."""
    points = ":".join(str(x) for x in rec.points) if rec.points else "—"
    events: list[str] = []
    if rec.is_eggs and rec.points == (60, 60):  # three or four players: the note says nobody reached 61
        events.append(pgettext("a hand's event, beside its 60:60", "eggs"))
    if rec.all_tricks:
        events.append(_("all tricks"))
    if rec.queen_capture is not None:
        events.append(_("queen caught by %(team)s") % {"team": team_names[rec.queen_capture]})
    if rec.obyaz is not None:
        events.append(_("obyaz: %(team)s") % {"team": team_names[rec.obyaz]})
    if rec.penalty is not None and penalty:
        events.append(
            _("penalty: %(kind)s against %(team)s")
            % {"kind": explain.penalty_name(rec.penalty.kind), "team": team_names[rec.penalty.against]}
        )
    if rec.hvalyonka:
        events.append(_("hvalyonka"))
    if rec.lone is not None and rec.lone < len(team_names):
        events.append(_("%(player)s played alone") % {"player": team_names[rec.lone]})
    if rec.first_leader is not None:  # hand 1 of voon and Belka: who held the card that leads it
        seat = rec.first_leader
        name = players[seat] if seat < len(players) and players[seat] else _("seat %(n)s") % {"n": seat + 1}
        events.append(_("first lead: %(player)s") % {"player": name})
    if rec.last_suit is not None:
        events.append(_("last card %(suit)s") % {"suit": SUIT_SYMBOLS[rec.last_suit]})
    if rec.note:
        events.append(pgettext("a text the players typed, quoted", "“{text}”").replace("{text}", rec.note))
    return points, events
