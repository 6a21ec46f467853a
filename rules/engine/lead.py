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

__all__ = [
    "LEAD_RULES",
    "TRUMP_LEADS",
    "NextDeal",
    "deals_ahead",
    "next_deal",
    "next_deal_after",
    "next_deal_from",
    "seat_suits_of",
    "trump_after",
    "trump_lead",
]

LEAD_RULES: tuple[str, ...] = (
    "lowest_trump_holder",
    "winners_choose",
    "ad_holder",
    "rotates",
    "by_agreement",
    "jc_holder",
    "dealer",
    "left_of_dealer",
)

# Who may lead a trump while holding a plain card in the next hand (voon-series#leading):
# nobody (hand 1), the team of the hand's first leader, or both teams at 10:10 («козлячий бой»).
TRUMP_LEADS: tuple[str, ...] = ("nobody", "leader_team", "both")


@dataclass(frozen=True)
class NextDeal:
    """Who deals and who leads the next hand. ``leader`` is a seat when the scorer can know it
    (``rule`` tells the table how the lead is decided otherwise)."""

    hand_number: int
    dealer: int
    leader: int | None
    leader_team: int | None
    rule: str
    trump_suit: str | None = None  # the duel: the deal's trump suit, when the records tell it

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "leader": self.leader,
            "leader_team": self.leader_team,
            "rule": self.rule,
        }
        if self.trump_suit is not None:
            d["trump_suit"] = self.trump_suit
        return d

    def as_next(self) -> dict[str, object]:
        """The deal as the JSON API's ``next``: ``leader`` the seat the rule fixes without seeing
        the cards, ``leader_team`` the team the rule names (the winners choose), ``lead_rule`` a
        :data:`LEAD_RULES` code, ``trump_suit`` where the trump suit changes from deal to deal;
        None where one does not apply."""
        return {
            "dealer": self.dealer,
            "leader": self.leader,
            "leader_team": self.leader_team if self.rule == "winners_choose" else None,
            "lead_rule": self.rule,
            "trump_suit": self.trump_suit,
        }


def trump_after(rs: Ruleset, record: HandRecord) -> str | None:
    """The duel's next trump suit from a hand's record: the suit of its last card, clubs after a
    queen capture (the last card played is the capturing club: yc-duel#trumps); None elsewhere."""
    if not rs.trump_from_last_card:
        return None
    return "C" if record.queen_capture is not None else record.last_suit


def trump_lead(rs: Ruleset, deal: NextDeal, score: Sequence[int]) -> str | None:
    """Who may lead trumps in ``deal`` (a :data:`TRUMP_LEADS` code; voon-series#leading), None in a
    variant without trump-lead rights. With ``leader_team`` the team is ``deal.leader``'s, when known."""
    if rs.lead_rule != "voon":
        return None
    if tuple(score) == (10, 10):
        return "both"
    if deal.hand_number <= 1:
        return "nobody"
    return "leader_team"


def seat_suits_of(rs: Ruleset, deal: NextDeal, first_leader: int | None) -> dict[int, str] | None:
    """Belka from hand 2 on: each seat's trump suit should it hold ``JC`` (yc-belka#scoring). The
    ``JC`` holder of hand 1 made its first lead, so ``first_leader`` tells who owns clubs; None
    before hand 2, without it, or in another variant."""
    if not rs.seat_suits or deal.hand_number <= 1 or first_leader is None or rs.seats != 4:
        return None
    from .checks import belka_seat_suits

    return belka_seat_suits(first_leader)


def deals_ahead(rs: Ruleset, deal: NextDeal, count: int) -> list[NextDeal]:
    """The deals after ``deal`` while the hands before them are not scored yet (a phone's outbox
    keeps them): the dealer moves one seat per hand (DECISIONS one_record_one_hand); a lead the
    rule fixes by seat stays known, one that waits on a result (who won, eggs) has leader None."""
    out = []
    for k in range(1, count + 1):
        n = deal.hand_number + k
        dealer = (deal.dealer + k) % rs.seats
        if rs.leading == "left_of_dealer":
            left = (dealer + 1) % rs.seats
            out.append(NextDeal(n, dealer, left, rs.side_of(left), "left_of_dealer"))
        elif rs.leading == "dealer":
            out.append(NextDeal(n, dealer, dealer, team_of(dealer), "dealer"))
        elif rs.leading == "agreement":
            out.append(NextDeal(n, dealer, None, None, "by_agreement"))
        elif rs.leading == "obyaz":
            out.append(NextDeal(n, dealer, None, None, "jc_holder"))
        elif rs.leading == "rotation":
            out.append(NextDeal(n, dealer, None, None, "rotates"))
        else:
            out.append(NextDeal(n, dealer, None, None, "winners_choose"))
    return out


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
    """:func:`next_deal` for a state the caller has already replayed; without ``first_leader``,
    the one hand 1's record names (``HandRecord.first_leader``), if any."""
    won = [h.winner for h in state.hands if h.winner is not None]
    if first_leader is None and state.hands:
        first_leader = state.hands[0].record.first_leader
    return next_deal_from(
        state.ruleset,
        hands=len(state.hands),
        finished=state.finished,
        won_hands=len(won),
        last_winner=won[-1] if won else None,
        first_dealer=first_dealer,
        first_leader=first_leader,
        last_suit=trump_after(state.ruleset, state.hands[-1].record) if state.hands else None,
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
    last_suit: str | None = None,
) -> NextDeal:
    """:func:`next_deal` from the few facts it needs: how many hands, whether the match is
    over, how many hands had a winner and the latest winning team (a snapshot keeps them);
    in the duel, the suit of the last card of the latest hand (the next trump suit)."""
    check_seat(first_dealer, "first_dealer", RecordError)
    if first_leader is not None:
        check_seat(first_leader, "first_leader", RecordError)
    n = hands
    if finished:
        raise record_error(
            "match_finished", "the match is over; there is no next deal", f"hands[{n}]", hands=n
        )
    if first_dealer >= rs.seats:
        raise record_error("bad_seat", "first_dealer must be a seat of this table", "first_dealer")
    dealer = (first_dealer + n) % rs.seats
    leading = rs.leading
    if leading == "left_of_dealer":
        # the short-handed tables (DECISIONS duel_lead, solo_dealer): the player after the dealer leads; the duel's trump
        # suit is clubs in deal 1, then the suit of the last card of the deal before
        leader = (dealer + 1) % rs.seats
        suit = None
        if rs.trump_from_last_card:
            suit = "C" if n == 0 else last_suit
        return NextDeal(n + 1, dealer, leader, rs.side_of(leader), "left_of_dealer", suit)

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
