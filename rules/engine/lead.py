"""Who deals and who leads the next hand.

The deal passes one seat clockwise after every record (DECISIONS ``one_record_one_hand``); the
first lead follows the variant's lead rule (:data:`LEAD_RULES`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .inputs import check_seat
from .records import HandRecord, RecordError, record_error
from .scoring import replay
from .state import MatchState
from .variants import Ruleset, team_of

__all__ = ["LEAD_RULES", "NextDeal", "next_deal", "next_deal_after", "next_deal_from"]

LEAD_RULES: tuple[str, ...] = (
    "lowest_trump_holder",
    "winners_choose",
    "ad_holder",
    "rotates",
    "by_agreement",
    "jc_holder",
    "dealer",
)


@dataclass(frozen=True)
class NextDeal:
    """Who deals and who leads the next hand. ``leader`` is a seat when the scorer can know it
    (``rule`` tells the table how the lead is decided otherwise)."""

    hand_number: int
    dealer: int
    leader: int | None
    leader_team: int | None
    rule: str

    def to_dict(self) -> dict[str, object]:
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "leader_team": self.leader_team,
            "rule": self.rule,
        }


def next_deal(
    variant: str | Ruleset,
    options: Mapping[str, object] | None,
    records: Sequence[HandRecord | Mapping[str, Any]],
    *,
    first_dealer: int,
    first_leader: int | None = None,
) -> NextDeal:
    """Dealer and first lead of the next hand (docs/rules.md#variants; DECISIONS one_record_one_hand,
    classic_lead_after_eggs, voon_lead). ``first_leader`` is the seat that led hand 1 (the
    lowest-trump or AD holder), if the caller knows it."""
    check_seat(first_dealer, "first_dealer", RecordError)
    if first_leader is not None:
        check_seat(first_leader, "first_leader", RecordError)
    state = replay(variant, options, records)  # the misdeal/dealer check stays opt-in (replay)
    return next_deal_after(state, first_dealer=first_dealer, first_leader=first_leader)


def next_deal_after(state: MatchState, *, first_dealer: int, first_leader: int | None = None) -> NextDeal:
    """:func:`next_deal` for a state the caller has already replayed (the scorer's board
    replays once per page; folding the log a second time only to find the dealer is waste)."""
    won = [h.winner for h in state.hands if h.winner is not None]
    return next_deal_from(
        state.ruleset,
        hands=len(state.hands),
        finished=state.finished,
        won_hands=len(won),
        last_winner=won[-1] if won else None,
        first_dealer=first_dealer,
        first_leader=first_leader,
    )


def next_deal_from(
    rs: Ruleset,
    *,
    hands: int,
    finished: bool,
    won_hands: int,
    last_winner: int | None,
    first_dealer: int,
    first_leader: int | None = None,
) -> NextDeal:
    """:func:`next_deal` from the few facts it needs: how many hands, whether the match is
    over, how many hands had a winner and the latest winning team (a snapshot keeps them)."""
    check_seat(first_dealer, "first_dealer", RecordError)
    if first_leader is not None:
        check_seat(first_leader, "first_leader", RecordError)
    n = hands
    if finished:
        raise record_error(
            "match_finished", "the match is over; there is no next deal", f"hands[{n}]", hands=n
        )
    dealer = (first_dealer + n) % 4
    leading = rs.leading

    def at(seat: int | None, rule: str) -> NextDeal:
        return NextDeal(n + 1, dealer, seat, None if seat is None else team_of(seat), rule)

    if leading == "dealer":
        return at(dealer, "dealer")
    if leading == "agreement":
        return at(None, "by_agreement")
    if leading == "obyaz":
        return at(None, "jc_holder")
    if leading == "rotation":
        if n == 0:
            return at(first_leader, "ad_holder")
        return at(None if first_leader is None else (first_leader + won_hands) % 4, "rotates")
    assert leading == "winners", leading
    if last_winner is None:
        return at(first_leader if n == 0 else None, "lowest_trump_holder")
    return NextDeal(n + 1, dealer, None, last_winner, "winners_choose")
