"""The fold's running state as a snapshot: plain data of constant size, whatever the match length.

A match is a fold over its hand records (:func:`~rules.engine.scoring.replay`). The state that
fold carries from one hand to the next is small: how many hands, the score of each side, what
eggs left waiting, whether the match is over (who won, the losers' titles), and the facts that
later hands or the next deal read (was any hand eggs, how many hands had a winner, the last side
to win a hand, and at the duel the suit of the latest hand's last card, the next trump suit).
A match is played by 2, 3 or 4 sides (docs/tables.md#sides); a score may go below zero where the
variant's marks do (solo-twelve's goat). :class:`Fold` is that state; :func:`fold_step` is one step of the fold on it, the
same step :func:`~rules.engine.scoring.score_hand` takes, so a stored snapshot plus the hands
after it gives exactly what a replay from hand 1 gives.

``Fold.to_dict()`` is plain JSON data with a format number; ``Fold.from_dict`` reads it back
and refuses anything else. ``tag`` is the caller's: the scorekeeper stores the log version the
snapshot was taken at. The dict of a four-seat team game is what it always was; the short tables
add their seat count and, at the duel, ``last_suit``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .cards import SUITS
from .inputs import check_seat
from .lead import NextDeal, next_deal_from, trump_after
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
    score: tuple[int, ...] = (0, 0)  # per side (new_fold starts each at the ruleset's start_score)
    pending: Mapping[str, int] = field(default_factory=lambda: EMPTY)
    finished: bool = False
    winner: int | None = None
    loser: int | None = None
    titles: tuple[str, ...] = ()
    had_eggs: bool = False  # an earlier hand was 60:60 (the pairs title «с яйцами»)
    won_hands: int = 0  # hands with a winner (the series lead moves after each)
    last_winner: int | None = None  # the side that won the latest hand with a winner
    last_suit: str | None = None  # the duel: the latest hand's last card's suit (the next trump suit)
    first_leader: int | None = None  # voon, Belka: the seat hand 1's record names (HandRecord.first_leader)
    tag: int = 0  # the caller's: the log version this state was taken at

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {
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
        rs = self.ruleset
        if rs.variant.build_for is not None:  # a short table: its seat count is part of the rules
            d["seats"] = rs.seats
        if rs.trump_from_last_card:
            d["last_suit"] = self.last_suit
        if self.first_leader is not None:  # only then: every other snapshot reads as it always did
            d["first_leader"] = self.first_leader
        return d

    @classmethod
    def from_dict(cls, ruleset: Ruleset, d: Mapping[str, Any]) -> Fold:
        """Read back what :meth:`to_dict` wrote for a match of ``ruleset``; anything else is a
        :class:`FoldError` (a stale or foreign snapshot is rebuilt from the log, never trusted)."""
        rs = ruleset
        sides = len(rs.sides)
        whole = _int if rs.dealer_scores else _nat  # solo-twelve's marks go to 0 and below
        try:
            if d["format"] != FOLD_FORMAT or d["variant"] != rs.key:
                raise FoldError("not a snapshot of this format or variant")
            if rs.variant.build_for is not None and d["seats"] != rs.seats:
                raise FoldError("not a snapshot of this table's seat count")
            score = d["score"]
            pending = d["pending"]
            fold = cls(
                ruleset=rs,
                hands=_nat(d["hands"]),
                score=tuple(whole(x) for x in score),
                pending=MappingProxyType({str(k): _nat(v) for k, v in pending.items()}) if pending else EMPTY,
                finished=_bool(d["finished"]),
                winner=_side(d["winner"], sides),
                loser=_side(d["loser"], sides),
                titles=tuple(t for t in d["titles"] if t in TITLE_CODES),
                had_eggs=_bool(d["had_eggs"]),
                won_hands=_nat(d["won_hands"]),
                last_winner=_side(d["last_winner"], sides),
                last_suit=_suit(d["last_suit"]) if rs.trump_from_last_card else None,
                first_leader=_side(d.get("first_leader"), rs.seats),  # a seat, checked as a side is
                tag=_nat(d["tag"]),
            )
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise FoldError(f"not a snapshot: {exc!r}") from exc
        if len(fold.score) != sides or len(fold.titles) != len(d["titles"]):
            raise FoldError("not a snapshot: score or titles")
        return fold

    def next_deal(self, *, first_dealer: int, first_leader: int | None = None) -> NextDeal:
        """Who deals and leads the next hand (:func:`~rules.engine.lead.next_deal_after`);
        ``first_leader`` given at the start, else the one hand 1's record names."""
        return next_deal_from(
            self.ruleset,
            hands=self.hands,
            finished=self.finished,
            won_hands=self.won_hands,
            last_winner=self.last_winner,
            first_dealer=first_dealer,
            first_leader=self.first_leader if first_leader is None else first_leader,
            last_suit=self.last_suit,
        )


def _nat(v: object) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise TypeError(f"not a whole number: {v!r}")
    return v


def _int(v: object) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"not a whole number: {v!r}")
    return v


def _suit(v: object) -> str | None:
    if v is None or v in SUITS:
        return v
    raise TypeError(f"not a suit: {v!r}")


def _bool(v: object) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"not true or false: {v!r}")
    return v


def _side(v: object, sides: int) -> int | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < sides:
        raise TypeError(f"not a side: {v!r}")
    return v


def new_fold(variant: str | Ruleset, options: Mapping[str, object] | None = None, *, tag: int = 0) -> Fold:
    """The fold before the first hand: every side at the ruleset's starting score. ``variant``
    may be a :class:`Ruleset` of any seat count (``resolve(key, options, seats=n)``)."""
    rs = resolve(variant, options)
    return Fold(ruleset=rs, score=(rs.start_score,) * len(rs.sides), tag=tag)


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
            last_suit=trump_after(fold.ruleset, result.record),
            first_leader=fold.first_leader if fold.hands else result.record.first_leader,
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
        last_suit=trump_after(state.ruleset, state.hands[-1].record) if state.hands else None,
        first_leader=state.hands[0].record.first_leader if state.hands else None,
        tag=tag,
    )
