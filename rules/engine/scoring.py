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

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .inputs import check_seat
from .records import HandRecord, RecordError, record_error, validate_record
from .state import EMPTY, TITLE_CODES, HandResult, MatchState, new_match
from .systems import SYSTEMS, Step, score_step
from .variants import Ruleset, team_of

__all__ = ["replay", "score_hand"]


def score_hand(
    state: MatchState, record: HandRecord | Mapping[str, Any], *, dealer: int | None = None
) -> MatchState:
    """One fold step: check the record (RULES.md §3) and score it (§2) on top of ``state``.
    With ``dealer`` (this hand's dealing seat) a misdeal must be against the dealer's team."""
    i = len(state.hands)
    p = f"hands[{i}]"
    if state.finished:
        raise record_error("match_finished", "the match is over; no more hands can be recorded", p, hands=i)
    if isinstance(record, HandRecord):
        rec = record
    elif isinstance(record, Mapping):
        rec = HandRecord.from_dict(record, field_prefix=p)
    else:
        raise record_error("bad_record", "a hand record must be an object", p)
    rs = state.ruleset
    validate_record(rs, rec, index=i)
    if (
        dealer is not None
        and rec.penalty is not None
        and rec.penalty.kind == "misdeal"
        and rec.penalty.against != team_of(dealer)
    ):
        raise record_error(
            "misdeal_not_dealer",
            "a misdeal is against the team that dealt",
            f"{p}.penalty.against",
            dealer=dealer,
            dealing_team=team_of(dealer),
        )
    s = Step(rs=rs, index=i, record=rec, before=state.score, waiting=state.pending, score=list(state.score))
    score_step(s)
    score = (s.score[0], s.score[1])
    assert min(score) >= 0
    finished = s.match_winner is not None
    titles: tuple[str, ...] = ()
    winner = loser = None
    pending: Mapping[str, int] = MappingProxyType(s.pending) if s.pending else EMPTY
    if finished:
        winner = s.match_winner
        assert winner is not None
        loser = 1 - winner
        s.note("match_won", team=winner)
        pending = EMPTY
        extra = set(s.titles)
        if SYSTEMS[rs.scoring].egg_titles and (rec.is_eggs or any(h.record.is_eggs for h in state.hands)):
            extra.add("with_eggs")
        titles = tuple(t for t in TITLE_CODES if t == "goats" or t in extra)
    result = HandResult(
        index=i,
        record=rec,
        winner=rec.winner,
        score=score,
        delta=(score[0] - state.score[0], score[1] - state.score[1]),
        notes=tuple(s.notes),
        pending=pending,
        finished=finished,
    )
    return MatchState(
        ruleset=rs,
        hands=state.hands + (result,),
        score=score,
        finished=finished,
        winner=winner,
        loser=loser,
        titles=titles,
        pending=pending,
    )


def replay(
    variant: str | Ruleset,
    options: Mapping[str, object] | None,
    records: Sequence[HandRecord | Mapping[str, Any]],
    *,
    first_dealer: int | None = None,
) -> MatchState:
    """The match state after ``records`` (a pure fold, STYLE.md). The first bad record raises
    :class:`RecordError` with ``field`` ``hands[i]…``; a record after the end raises
    ``match_finished``. With ``first_dealer`` (the seat that dealt hand 1) a misdeal must be
    against the team of that hand's dealer (DECISIONS one_record_one_hand, misdeal_dealer)."""
    if isinstance(records, (str, bytes, Mapping)) or not isinstance(records, Sequence):
        raise record_error("bad_records", "records must be a list of hand records", "hands")
    if first_dealer is not None:
        check_seat(first_dealer, "first_dealer", RecordError)
    state = new_match(variant, options)
    for record in records:
        dealer = None if first_dealer is None else (first_dealer + len(state.hands)) % 4
        state = score_hand(state, record, dealer=dealer)
    return state
