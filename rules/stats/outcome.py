"""One match as the company's figures see it: who sat where, and what the engine's replay says.

A match is given as ``/api/v1/score`` takes it (variant, options, seats, the first dealer, hand
records) with a name per seat (None for the blind seat). :func:`read_match` replays it with the
engine and keeps only the facts the figures count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from rules.engine import HandRecord, KozelError, replay, resolve

__all__ = ["MAX_NAME", "MatchInput", "Outcome", "StatsError", "read_match"]

MAX_NAME = 100  # characters in a player's name


class StatsError(KozelError):
    """A match the figures cannot read: the wrong players for its seats."""


@dataclass(frozen=True)
class MatchInput:
    """A match as recorded. ``started`` and ``ended`` (its last hand) are aware datetimes where
    the caller knows them: the period filters and the evenings need them, nothing else does."""

    variant: str
    players: Sequence[str | None]
    hands: Sequence[HandRecord | Mapping[str, Any]]
    options: Mapping[str, object] | None = None
    seats: int | None = None
    dealer: int | None = None
    started: datetime | None = None
    ended: datetime | None = None
    key: object = None  # the caller's name for the match (a public id), carried through


@dataclass(frozen=True)
class Outcome:
    """A replayed match: its sides by name and, per side, what the figures count.

    ``ranks`` are 1 for the best side: the winners and the losers of a two-sided game; at a
    marks table (solo-twelve) by the final marks, equal marks sharing a rank. ``goats`` are
    the losing side of a two-sided game, and at a marks table every player at 0 marks or below
    (docs/tables.md#each-for-himself)."""

    match: MatchInput
    variant: str
    sides: tuple[tuple[str, ...], ...]
    finished: bool
    winner: int | None
    goats: frozenset[int]
    titles: tuple[str, ...]  # the engine's titles of the losers, "goats" first
    score: tuple[int, ...]
    target: int
    start_score: int  # every side's score before the first hand (solo-twelve: 12 marks)
    ranks: tuple[int, ...]
    hands: int
    eggs: int  # hands scored as eggs (60:60)
    hands_won: tuple[int, ...]
    lyusya_taken: tuple[int, ...]
    lyusya_suffered: tuple[int, ...]
    queen_captures: tuple[int, ...]
    instant: bool  # the match ended at once (a dry goat, a royal goat, an instant Lyusya)

    def side_of(self, name: str) -> int | None:
        for i, names in enumerate(self.sides):
            if name in names:
                return i
        return None

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(n for names in self.sides for n in names)

    def won(self, side: int) -> bool:
        return side == self.winner


def _players(match: MatchInput, seats: int, blind: tuple[int, ...]) -> tuple[str | None, ...]:
    """A name per seat, None exactly at the blind seats (classic-sixes#blind); no name twice."""
    players = match.players
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or len(players) != seats:
        raise StatsError(
            "bad_players",
            "give a name for each seat at the table",
            field="players",
            seats=seats,
            blind=blind[0] if len(blind) == 1 else list(blind) or None,
        )
    seen: set[str] = set()
    for seat, name in enumerate(players):
        field = f"players[{seat}]"
        if seat in blind:
            if name is not None:
                raise StatsError("blind_seat_player", "nobody sits at the blind seat", field=field, seat=seat)
            continue
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise StatsError("bad_player_name", "a player's name is text", field=field, max=MAX_NAME)
        if name in seen:
            raise StatsError("duplicate_player", "a player sits at one seat", field=field, token=name)
        seen.add(name)
    return tuple(players)


def read_match(match: MatchInput) -> Outcome:
    """Replay ``match`` (engine errors name their field as ``/api/v1/score`` does) into its
    :class:`Outcome`. An unfinished match reads too; the figures skip it."""
    rs = resolve(match.variant, match.options, seats=match.seats)
    seats = _players(match, rs.seats, rs.blind_seats)
    state = replay(rs, None, match.hands, first_dealer=match.dealer)
    sides = tuple(tuple(name for s in owned if (name := seats[s]) is not None) for owned in rs.sides)
    n = len(sides)
    hands_won, taken, suffered, captures = [0] * n, [0] * n, [0] * n, [0] * n
    eggs = 0
    for h in state.hands:
        codes = h.note_codes()
        if "eggs" in codes:  # a void solo deal is no eggs (docs/tables.md#each-for-himself)
            eggs += 1
        if h.winner is not None:
            hands_won[h.winner] += 1
            if "lyusya" in codes:
                taken[h.winner] += 1
                for side in range(n):
                    if side != h.winner:
                        suffered[side] += 1
        if h.record.queen_capture is not None:
            captures[h.record.queen_capture] += 1
    winner, goats, ranks = state.winner, frozenset[int](), (1,) * n
    if state.finished and winner is not None:
        if rs.scoring == "marks":
            goats = frozenset(side for side, x in enumerate(state.score) if x <= 0)
            ranks = tuple(1 + sum(y > x for y in state.score) for x in state.score)
        else:
            loser = state.loser if state.loser is not None else 1 - winner
            goats = frozenset({loser})
            ranks = tuple(1 if side == winner else 2 for side in range(n))
    last = state.hands[-1].note_codes() if state.hands else ()
    return Outcome(
        match=match,
        variant=rs.key,
        sides=sides,
        finished=state.finished,
        winner=winner if state.finished else None,
        goats=goats,
        titles=state.titles,
        score=state.score,
        target=rs.target,
        start_score=rs.start_score,
        ranks=ranks,
        hands=len(state.hands),
        eggs=eggs,
        hands_won=tuple(hands_won),
        lyusya_taken=tuple(taken),
        lyusya_suffered=tuple(suffered),
        queen_captures=tuple(captures),
        instant=state.finished and "instant_win" in last,
    )
