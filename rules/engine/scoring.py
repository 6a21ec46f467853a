"""The scorer: a match is a pure fold over its hand records.

``replay(variant, options, records)`` rebuilds the whole match from the append-only log of
hand records; ``score_hand`` is one step of that fold. Nothing here reads a clock, does I/O or
draws a random number, and nothing speaks a language. The pieces live beside it: records and
their checks (:mod:`.records`), the written decisions (:mod:`.decisions`), the fold's state
(:mod:`.state`), one step per scoring system (:mod:`.systems`) and who deals and leads next
(:mod:`.lead`).

Teams are 0 and 1. "Hand 1" / "the first hand" is the record at index 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .inputs import check_seat
from .record_rules import validate_record
from .records import HandRecord, RecordError, record_error
from .state import EMPTY, TITLE_CODES, HandResult, MatchState, new_match
from .systems import Step, score_step
from .variants import Ruleset, resolve

__all__ = ["replay", "score_hand", "step"]


def score_hand(
    state: MatchState, record: HandRecord | Mapping[str, Any], *, dealer: int | None = None
) -> MatchState:
    """One fold step: check the record (docs/records.md) and score it (docs/rules.md#variants) on top of ``state``.
    With ``dealer`` (this hand's dealing seat) a misdeal must be against the dealer's team."""
    result, titles = step(
        state.ruleset,
        len(state.hands),
        state.score,
        state.pending,
        record,
        finished=state.finished,
        had_eggs=lambda: any(h.record.is_eggs for h in state.hands),
        dealer=dealer,
    )
    winner, loser = _ends(result)
    return MatchState(
        ruleset=state.ruleset,
        hands=state.hands + (result,),
        score=result.score,
        finished=result.finished,
        winner=winner,
        loser=loser,
        titles=titles,
        pending=result.pending,
    )


def _ends(last: HandResult) -> tuple[int | None, int | None]:
    """The match's winner and loser from the hand that finished it (its last note)."""
    if not last.finished:
        return None, None
    params = last.notes[-1].params
    winner = params["team"]
    assert isinstance(winner, int)
    loser = params.get("loser", 1 - winner)
    assert isinstance(loser, int)
    return winner, loser


def step(
    rs: Ruleset,
    index: int,
    score_before: tuple[int, ...],
    waiting: Mapping[str, int],
    record: HandRecord | Mapping[str, Any],
    *,
    finished: bool = False,
    had_eggs: bool | Callable[[], bool] = False,
    dealer: int | None = None,
) -> tuple[HandResult, tuple[str, ...]]:
    """The fold step itself, on the few facts it needs: the hand's ``index``, the score and
    what waits before it, whether the match is over, and whether an earlier hand was eggs (the
    pairs title «с яйцами»). Returns the hand's result and, when it ends the match, the losers'
    titles. :func:`score_hand` and :func:`~rules.engine.fold.fold_step` both take it."""
    i = index
    p = f"hands[{i}]"
    if finished:
        raise record_error("match_finished", "the match is over; no more hands can be recorded", p, hands=i)
    if type(record) is HandRecord:
        rec = record
        read = False
    elif type(record) is dict or isinstance(record, Mapping):
        rec = HandRecord.from_dict(record, field_prefix=p)
        read = True
    elif isinstance(record, HandRecord):
        rec = record
        read = False
    else:
        raise record_error("bad_record", "a hand record must be an object", p)
    validate_record(rs, rec, index=i, shape_checked=read)
    if dealer is not None and dealer >= rs.seats:
        raise record_error(
            "bad_seat", "the dealer must be a seat of this table", "dealer", token=repr(dealer)
        )
    if rec.dealer is not None:
        if dealer is not None and rec.dealer != dealer:
            raise record_error(
                "dealer_mismatch",
                "this hand was dealt by another seat",
                f"{p}.dealer",
                dealer=dealer,
                token=repr(rec.dealer),
            )
        dealer = rec.dealer
    if dealer is None and rs.dealer_scores and rec.winner is not None:
        raise record_error("dealer_required", "say who dealt this hand", f"{p}.dealer")
    if (
        dealer is not None
        and rec.penalty is not None
        and rec.penalty.kind == "misdeal"
        and rec.penalty.against != rs.side_of(dealer)
    ):
        raise record_error(
            "misdeal_not_dealer",
            "a misdeal is against the team that dealt",
            f"{p}.penalty.against",
            dealer=dealer,
            dealing_team=rs.side_of(dealer),
        )
    moved: int | None = None
    fault = rec.revoke
    if fault is not None:
        # classic-sixes#scoring option revoke_penalty: the hand is scored, and kept in the result,
        # with the card points moved from the team at fault
        played = rec
        rec = rec.after_revoke(rs.revoke_points)
        assert played.points is not None and rec.points is not None
        moved = played.points[fault] - rec.points[fault]
    s = Step(
        rs=rs,
        index=i,
        record=rec,
        before=score_before,
        waiting=waiting,
        score=list(score_before),
        dealer=dealer,
    )
    if moved is not None:
        s.note("revoke", team=fault, amount=moved)
    score_step(s)
    score = tuple(s.score)
    assert rs.dealer_scores or min(score) >= 0
    done = s.match_winner is not None
    titles: tuple[str, ...] = ()
    pending: Mapping[str, int] = MappingProxyType(s.pending) if s.pending else EMPTY
    if done:
        winner = s.match_winner
        assert winner is not None
        if s.match_loser is None:
            s.note("match_won", team=winner)  # always the last note of a finishing hand
        else:  # solo-twelve: the goat is one of several players
            s.note("match_won", team=winner, loser=s.match_loser)
        pending = EMPTY
        extra = set(s.titles) if rs.match_titles else set()
        if rs.match_titles and (rec.is_eggs or (had_eggs() if callable(had_eggs) else had_eggs)):
            extra.add("with_eggs")
        titles = tuple(t for t in TITLE_CODES if t == "goats" or t in extra)
    result = HandResult(
        index=i,
        record=rec,
        winner=rec.winner,
        score=score,
        delta=(score[0] - score_before[0], score[1] - score_before[1])
        if len(score) == 2 == len(score_before)
        else tuple(a - b for a, b in zip(score, score_before, strict=True)),
        notes=tuple(s.notes),
        pending=pending,
        finished=done,
    )
    return result, titles


def replay(
    variant: str | Ruleset,
    options: Mapping[str, object] | None,
    records: Sequence[HandRecord | Mapping[str, Any]],
    *,
    first_dealer: int | None = None,
    seats: int | None = None,
) -> MatchState:
    """The match state after ``records`` (a pure fold, ARCHITECTURE.md). The first bad record raises
    :class:`RecordError` with ``field`` ``hands[i]…``; a record after the end raises
    ``match_finished``. With ``first_dealer`` (the seat that dealt hand 1) a misdeal must be
    against the team of that hand's dealer (DECISIONS one_record_one_hand, misdeal_dealer); the
    deal passes one seat clockwise over the table's ``seats`` (solo-twelve's transfers need it,
    or a ``dealer`` in every record)."""
    if isinstance(records, (str, bytes, Mapping)) or not isinstance(records, Sequence):
        raise record_error("bad_records", "records must be a list of hand records", "hands")
    if first_dealer is not None:
        check_seat(first_dealer, "first_dealer", RecordError)
    start = new_match(resolve(variant, options, seats=seats))
    rs = start.ruleset
    n = rs.seats
    if first_dealer is not None and first_dealer >= n:
        raise record_error("bad_seat", "first_dealer must be a seat of this table", "first_dealer")
    hands: list[HandResult] = []
    score: tuple[int, ...] = start.score
    pending: Mapping[str, int] = EMPTY
    titles: tuple[str, ...] = ()
    finished = had_eggs = False
    for record in records:
        i = len(hands)
        dealer = None if first_dealer is None else (first_dealer + i) % n
        result, titles = step(
            rs, i, score, pending, record, finished=finished, had_eggs=had_eggs, dealer=dealer
        )
        hands.append(result)
        had_eggs = had_eggs or result.record.is_eggs
        score, pending, finished = result.score, result.pending, result.finished
    winner, loser = _ends(hands[-1]) if hands else (None, None)
    return MatchState(
        ruleset=rs,
        hands=tuple(hands),
        score=score,
        finished=finished,
        winner=winner,
        loser=loser,
        titles=titles,
        pending=pending,
    )
