"""The fold's running state as a snapshot: plain data of constant size, whatever the match length.

A match is a fold over its hand records (:func:`~rules.engine.scoring.replay`). The state that
fold carries from one hand to the next is small: how many hands, the score, what eggs left
waiting, whether the match is over (who won, the losers' titles), and three facts that later
hands or the next deal read (was any hand eggs, how many hands had a winner, the last team to
win a hand). :class:`Fold` is that state; :func:`fold_step` is one step of the fold on it, the
same step :func:`~rules.engine.scoring.score_hand` takes, so a stored snapshot plus the hands
after it gives exactly what a replay from hand 1 gives.

``Fold.to_dict()`` is plain JSON data with a format number; ``Fold.from_dict`` reads it back
and refuses anything else. ``tag`` is the caller's: the scorekeeper stores the log version the
snapshot was taken at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .inputs import check_seat
from .lead import NextDeal, next_deal_from
from .records import HandRecord, RecordError
from .scoring import step
from .state import EMPTY, TITLE_CODES, HandResult, MatchState
from .variants import Ruleset, resolve

__all__ = ["FOLD_FORMAT", "Fold", "FoldError", "fold_of", "fold_replay", "fold_step", "new_fold"]

FOLD_FORMAT = 1


class FoldError(ValueError):
    """A snapshot that is not one this engine wrote (wrong format, shape or values)."""


@dataclass(frozen=True)
class Fold:
    """The fold's state after ``hands`` hands (see the module docstring)."""

    ruleset: Ruleset
    hands: int = 0
    score: tuple[int, ...] = (0, 0)  # per side
    pending: Mapping[str, int] = field(default_factory=lambda: EMPTY)
    finished: bool = False
    winner: int | None = None
    loser: int | None = None
    titles: tuple[str, ...] = ()
    had_eggs: bool = False  # an earlier hand was 60:60 (the pairs title «с яйцами»)
    won_hands: int = 0  # hands with a winner (the series lead moves after each)
    last_winner: int | None = None  # the team that won the latest hand with a winner
    tag: int = 0  # the caller's: the log version this state was taken at

    def to_dict(self) -> dict[str, object]:
        return {
            "format": FOLD_FORMAT,
            "tag": self.tag,
            "variant": self.ruleset.key,
            "hands": self.hands,
            "score": list(self.score),
            "pending": dict(self.pending),
            "finished": self.finished,
            "winner": self.winner,
            "loser": self.loser,
            "titles": list(self.titles),
            "had_eggs": self.had_eggs,
            "won_hands": self.won_hands,
            "last_winner": self.last_winner,
        }

    @classmethod
    def from_dict(cls, ruleset: Ruleset, d: Mapping[str, Any]) -> Fold:
        """Read back what :meth:`to_dict` wrote for a match of ``ruleset``; anything else is a
        :class:`FoldError` (a stale or foreign snapshot is rebuilt from the log, never trusted)."""
        try:
            if d["format"] != FOLD_FORMAT or d["variant"] != ruleset.key:
                raise FoldError("not a snapshot of this format or variant")
            score = d["score"]
            pending = d["pending"]
            fold = cls(
                ruleset=ruleset,
                hands=_nat(d["hands"]),
                score=(_nat(score[0]), _nat(score[1])),
                pending=MappingProxyType({str(k): _nat(v) for k, v in pending.items()}) if pending else EMPTY,
                finished=_bool(d["finished"]),
                winner=_team(d["winner"]),
                loser=_team(d["loser"]),
                titles=tuple(t for t in d["titles"] if t in TITLE_CODES),
                had_eggs=_bool(d["had_eggs"]),
                won_hands=_nat(d["won_hands"]),
                last_winner=_team(d["last_winner"]),
                tag=_nat(d["tag"]),
            )
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise FoldError(f"not a snapshot: {exc!r}") from exc
        if len(score) != 2 or len(fold.titles) != len(d["titles"]):
            raise FoldError("not a snapshot: score or titles")
        return fold

    def next_deal(self, *, first_dealer: int, first_leader: int | None = None) -> NextDeal:
        """Who deals and leads the next hand (:func:`~rules.engine.lead.next_deal_after`)."""
        return next_deal_from(
            self.ruleset,
            hands=self.hands,
            finished=self.finished,
            won_hands=self.won_hands,
            last_winner=self.last_winner,
            first_dealer=first_dealer,
            first_leader=first_leader,
        )


def _nat(v: object) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise TypeError(f"not a whole number: {v!r}")
    return v


def _bool(v: object) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"not true or false: {v!r}")
    return v


def _team(v: object) -> int | None:
    if v is None:
        return None
    if v not in (0, 1) or isinstance(v, bool):
        raise TypeError(f"not a team: {v!r}")
    return int(v)


def new_fold(variant: str | Ruleset, options: Mapping[str, object] | None = None, *, tag: int = 0) -> Fold:
    """The fold before the first hand."""
    return Fold(ruleset=resolve(variant, options), tag=tag)


def fold_step(
    fold: Fold, record: HandRecord | Mapping[str, Any], *, tag: int | None = None, dealer: int | None = None
) -> tuple[Fold, HandResult]:
    """One step of the fold from a snapshot: the record checked (docs/records.md) and scored (docs/rules.md#variants)
    exactly as :func:`~rules.engine.scoring.score_hand` would after a replay of the same hands.
    Returns the new state (tagged ``tag``, or the old tag) and the hand's result."""
    result, titles = step(
        fold.ruleset,
        fold.hands,
        fold.score,
        fold.pending,
        record,
        finished=fold.finished,
        had_eggs=fold.had_eggs,
        dealer=dealer,
    )
    winner = loser = None
    if result.finished:
        w = result.notes[-1].params["team"]
        lw = result.notes[-1].params.get("loser", 1 - w)  # type: ignore[operator]
        assert isinstance(w, int) and isinstance(lw, int)
        winner, loser = w, lw
    won = result.winner is not None
    return (
        Fold(
            ruleset=fold.ruleset,
            hands=fold.hands + 1,
            score=result.score,
            pending=result.pending,
            finished=result.finished,
            winner=winner,
            loser=loser,
            titles=titles,
            had_eggs=fold.had_eggs or result.record.is_eggs,
            won_hands=fold.won_hands + won,
            last_winner=result.winner if won else fold.last_winner,
            tag=fold.tag if tag is None else tag,
        ),
        result,
    )


def fold_replay(
    fold: Fold, records: Sequence[HandRecord | Mapping[str, Any]], *, first_dealer: int | None = None
) -> tuple[Fold, list[HandResult]]:
    """The hands after a snapshot, one :func:`fold_step` each (a checkpoint and the hands after
    it give what a replay from hand 1 gives). With ``first_dealer`` a misdeal is checked against
    each hand's dealer, as :func:`~rules.engine.scoring.replay` does."""
    if first_dealer is not None:
        check_seat(first_dealer, "first_dealer", RecordError)
    results = []
    for record in records:
        dealer = None if first_dealer is None else (first_dealer + fold.hands) % fold.ruleset.seats
        fold, result = fold_step(fold, record, dealer=dealer)
        results.append(result)
    return fold, results


def fold_of(state: MatchState, *, tag: int = 0) -> Fold:
    """The snapshot of a replayed state (what :func:`fold_step` would have reached)."""
    won = [h.winner for h in state.hands if h.winner is not None]
    return Fold(
        ruleset=state.ruleset,
        hands=len(state.hands),
        score=state.score,
        pending=state.pending,
        finished=state.finished,
        winner=state.winner,
        loser=state.loser,
        titles=state.titles,
        had_eggs=any(h.record.is_eggs for h in state.hands),
        won_hands=len(won),
        last_winner=won[-1] if won else None,
        tag=tag,
    )
