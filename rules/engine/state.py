"""The fold's state: the match after some hands, and why each hand moved the score.

Results carry note codes with parameters (:data:`NOTE_CODES`) and the losers' titles
(:data:`TITLE_CODES`); nothing here speaks a language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .records import HandRecord
from .variants import Ruleset, resolve

__all__ = ["EMPTY", "NOTE_CODES", "TITLE_CODES", "HandResult", "MatchState", "Note", "new_match"]

NOTE_CODES: tuple[str, ...] = (
    "spas",  # pairs and penalty marks: the loser kept its спас (31+); params amount
    "no_spas",  # pairs and penalty marks: the loser has 30 or fewer (took a trick); params amount
    "card_points",  # series and eyes: the winners' card-point band; params band, amount, unit
    "all_points",  # series: 120 card points with fewer than 8 tricks; params amount
    "obyaz_win",  # Belka: the obyaz team won; params amount, band
    "obyaz_beaten",  # Belka: the team not on obyaz won; params amount, band
    "eggs",  # 60:60; params pot / factor / bonus (what now waits)
    "egg_bonus",  # a waiting egg pot or bonus added; params amount
    "egg_bonus_cancelled",  # series: a capture or all 8 tricks cancels the bonus; params amount
    "egg_multiplier",  # the award was multiplied after eggs; params factor
    "lyusya",  # the winners took every trick
    "reset",  # a team's score went back to 0; params team, previous
    "sweep_at_zero",  # series: all 8 tricks at a total of 0:0; params amount
    "series_lost",  # series: all 8 tricks against a team already at 0; params team
    "dry_goat",  # classic: Lyusya in the first hand wins the match
    "queen_capture",  # params team, amount, first_hand
    "shutout",  # penalty goats (option): a loser without a trick; params amount
    "penalty",  # params kind, against, amount (royal goat: no amount)
    "instant_win",  # the match ended without reaching the target; params team
    "match_won",  # this hand ended the match; params team (the winners)
    "void",  # solo-twelve: nobody reached 61, no marks move
    "marks_taken",  # solo-twelve: params team (the taker), amount (marks taken in all), dealer
    "revoke",  # classic option: card points moved for a revoke before scoring; params team (at fault), amount
)

TITLE_CODES: tuple[str, ...] = ("goats", "dry", "with_eggs", "with_tails")
"""Titles of the losing team (classic-sixes#scoring): «козлы», «сухие», «с яйцами», «с хвостами»."""


@dataclass(frozen=True, slots=True)
class Note:
    """Why the score moved: a code from :data:`NOTE_CODES` with its facts."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        params = self.params
        object.__setattr__(self, "params", MappingProxyType(dict(params)) if params else EMPTY)

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "params": dict(self.params)}


EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class HandResult:
    """One step of the fold: the record, who won the hand, how the score moved and why."""

    index: int
    record: HandRecord
    winner: int | None
    delta: tuple[int, ...]  # per side
    score: tuple[int, ...]  # per side
    notes: tuple[Note, ...]
    pending: Mapping[str, int]
    finished: bool

    @property
    def hand_number(self) -> int:
        return self.index + 1

    def note_codes(self) -> tuple[str, ...]:
        return tuple(n.code for n in self.notes)

    def to_dict(self) -> dict[str, object]:
        return {
            "index": self.index,
            "hand_number": self.hand_number,
            "record": self.record.to_dict(),
            "winner": self.winner,
            "delta": list(self.delta),
            "score": list(self.score),
            "notes": [n.to_dict() for n in self.notes],
            "pending": dict(self.pending),
            "finished": self.finished,
        }


@dataclass(frozen=True)
class MatchState:
    """The match after some hands. ``winner``/``loser`` are set once it is finished."""

    ruleset: Ruleset
    hands: tuple[HandResult, ...] = ()
    score: tuple[int, ...] = (0, 0)  # per side
    finished: bool = False
    winner: int | None = None
    loser: int | None = None
    titles: tuple[str, ...] = ()
    pending: Mapping[str, int] = field(default_factory=lambda: EMPTY)

    @property
    def next_index(self) -> int:
        return len(self.hands)

    @property
    def goats(self) -> tuple[int, ...]:
        """The goats of a finished match, empty while it goes on: the losing side, or where every
        side counts marks down from a start (solo-twelve#scoring) every side at 0 or below
        (DECISIONS solo_winner)."""
        if not self.finished:
            return ()
        if self.ruleset.start_score:
            return tuple(side for side, x in enumerate(self.score) if x <= 0)
        return () if self.loser is None else (self.loser,)

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": self.ruleset.key,
            "options": dict(self.ruleset.options),
            "scoring": self.ruleset.scoring,
            "target": self.ruleset.target,
            "score": list(self.score),
            "finished": self.finished,
            "winner": self.winner,
            "loser": self.loser,
            "goats": list(self.goats),
            "titles": list(self.titles),
            "pending": dict(self.pending),
            "hands": [h.to_dict() for h in self.hands],
        }


def new_match(variant: str | Ruleset, options: Mapping[str, object] | None = None) -> MatchState:
    """The state before the first hand: every side at the ruleset's starting score."""
    rs = resolve(variant, options)
    return MatchState(ruleset=rs, score=(rs.start_score,) * len(rs.sides))
