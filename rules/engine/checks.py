"""Checks on a dealt hand: redeal rights, the royal goat, Belka trump suits, the first lead
(docs/rules.md#variants).

Seats are 0-3 clockwise and play goes clockwise, so the next seat to play (seat + 1) sits
on a player's **left** and the previous seat (seat - 1) on his **right** (docs/rules.md#teams:
player 2, who plays after player 1, sits on his left).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import SUITS, Card
from .inputs import TrickInputError, check_seat, frozen_params, parse_hands
from .variants import Ruleset


@dataclass(frozen=True)
class RedealCheck:
    allowed: bool
    reasons: tuple[str, ...]  # "four_nines", "low_points", "four_of_suit"; or "no_redeals" (voon)
    params: Mapping[str, object] = field(default_factory=frozen_params)
    # what the holder must declare, neither a redeal nor a score: "dry" (classic-sixes#redeal)
    declare: tuple[str, ...] = ()


@dataclass(frozen=True)
class FirstLead:
    seat: int | None  # None when it is not fixed by the cards (agreement, previous hand, dealer unknown)
    rule: str  # "lowest_trump", "previous_winner_team", "ace_of_diamonds", "rotation", "obyaz",
    #            "dealer", "four_trumps", "left_of_dealer", "agreement"
    card: Card | None = None  # the card that must be led (voon hand 1: AD)
    params: Mapping[str, object] = field(default_factory=frozen_params)


def _hand(rs: Ruleset, hand: Sequence[Card | str], *, exact: bool = True) -> tuple[Card, ...]:
    hands = parse_hands(rs, [hand] + [None] * (rs.seats - 1), size=rs.hand_size if exact else None)
    h = hands[0]
    assert h is not None
    return h


def redeal_check(rs: Ruleset, hand: Sequence[Card | str]) -> RedealCheck:
    """May the holder of ``hand`` ask for a redeal?

    - classic-sixes#deck classic: all four nines (``four_nines``) or 12 card points or fewer (``low_points``).
    - yc-hvalyony#deck/yc-belka#deck YellowClub: 13 card points or fewer (``low_points``).
    - penalty-goats#redeal option ``four_of_suit_redeal``: four or more plain cards of one suit
      (``four_of_suit``; DECISIONS four_of_suit_plain: a trump does not count for its printed suit).
    - voon-series#redeal voon: never (``no_redeals``, allowed False).
    - classic-sixes#redeal: three or four queens with ``7C`` are ``declare`` «сухая» («dry»),
      neither a redeal nor a score.
    """
    h = _hand(rs, hand)
    if rs.lead_rule == "voon":
        return RedealCheck(False, ("no_redeals",), frozen_params({}))
    reasons: list[str] = []
    points = sum(c.points for c in h)
    params: dict[str, object] = {"points": points}
    if rs.redeal_four_nines and sum(1 for c in h if c.rank == "9") == 4:
        reasons.append("four_nines")
    if rs.redeal_max_points is not None and points <= rs.redeal_max_points:
        reasons.append("low_points")
        params["max_points"] = rs.redeal_max_points
    if rs.redeal_four_of_suit:
        suits = [s for s in SUITS if sum(1 for c in h if c.suit == s and not rs.is_trump(c)) >= 4]
        if suits:
            reasons.append("four_of_suit")
            params["suits"] = suits
    declare: tuple[str, ...] = ()
    queens = sum(1 for c in h if c.rank == "Q")
    if rs.dry_hand_check and queens >= 3 and any(c.code == "7C" for c in h):
        declare = ("dry",)  # three or four queens with 7C: the holder declares «сухая»
        params["queens"] = queens
    return RedealCheck(bool(reasons), tuple(reasons), frozen_params(params), declare)


def is_royal_goat(rs: Ruleset, hand: Sequence[Card | str]) -> bool:
    """All four aces in one hand (penalty-goats#redeal option ``royal_goat``; meaningful where ``rs.royal_goat``)."""
    h = _hand(rs, hand, exact=False)
    return sum(1 for c in h if c.rank == "A") == 4


def belka_seat_suits(first_jc_seat: int) -> dict[int, str]:
    """Each seat's own suit in Belka (yc-belka#scoring): the seat that held ``JC`` in hand 1 owns clubs,
    the seat to its right (seat - 1) hearts, the seat opposite (seat + 2) spades, the seat
    to its left (seat + 1) diamonds."""
    s = check_seat(first_jc_seat, "first_jc_seat")
    return {s: "C", (s - 1) % 4: "H", (s + 2) % 4: "S", (s + 1) % 4: "D"}


def belka_trump_suit(hand_number: int, first_jc_seat: int | None, jc_seat: int) -> str:
    """The trump suit of a Belka deal (yc-belka#scoring): clubs in hand 1; from hand 2 on, the suit owned
    by the seat that holds ``JC`` in this deal."""
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 1:
        raise TrickInputError(
            "bad_hand_number",
            f"not a hand number: {hand_number!r}",
            field="hand_number",
            token=repr(hand_number),
        )
    if hand_number == 1:
        return "C"
    if first_jc_seat is None:
        raise TrickInputError(
            "bad_seat", "the seat that held JC in hand 1 is needed", field="first_jc_seat", token="None"
        )
    return belka_seat_suits(first_jc_seat)[check_seat(jc_seat, "jc_seat")]


def _holder(hands: Sequence[Sequence[Card] | None], c: Card) -> int | None:
    return next((s for s, h in enumerate(hands) if h is not None and c in h), None)


def first_leader(
    rs: Ruleset,
    hands: Sequence[Sequence[Card | str] | None],
    *,
    hand_number: int = 1,
    dealer: int | None = None,
) -> FirstLead:
    """Who makes the hand's first lead (docs/rules.md#variants):

    - classic (classic-sixes#trumps): hand 1 the holder of the lowest trump (``8C``, or ``7D`` with
      ``trump_suit=D``); later a player of the team that won the previous hand (seat None).
    - penalty goats (penalty-goats#deck): by agreement (seat None).
    - voon (voon-series#leading): hand 1 the ``AD`` holder, who must lead it; later the first lead moves one
      seat clockwise per finished hand (history, seat None, rule ``rotation``).
    - YellowClub (yc-hvalyony#deck, yc-belka#deck): the ``JC`` holder («обяз»).
    - draw-four (draw-four#deck): the dealer (``dealer`` if given).

    ``hands`` may hold None for hands not known; a holder that is not found gives seat None.
    """
    parsed = parse_hands(rs, hands)
    if rs.leading == "winners":
        if hand_number == 1:
            low = rs.lowest_trump
            return FirstLead(_holder(parsed, low), "lowest_trump", None, frozen_params({"card": low.code}))
        return FirstLead(None, "previous_winner_team")
    if rs.leading == "rotation":
        if hand_number == 1:
            ad = Card.parse("AD")
            return FirstLead(_holder(parsed, ad), "ace_of_diamonds", ad, frozen_params({"card": "AD"}))
        return FirstLead(None, "rotation")
    if rs.leading == "obyaz":
        jc = Card.parse("JC")
        return FirstLead(_holder(parsed, jc), "obyaz", None, frozen_params({"card": "JC"}))
    if rs.leading == "dealer":
        four = rs.four_trumps_seat(parsed)
        if four is not None:  # draw-four#leading option: a hand of four trumps leads instead
            return FirstLead(four, "four_trumps")
        return FirstLead(check_seat(dealer, "dealer") if dealer is not None else None, "dealer")
    if rs.leading == "left_of_dealer":
        seat = None if dealer is None else (check_seat(dealer, "dealer") + 1) % rs.seats
        return FirstLead(seat, "left_of_dealer")
    return FirstLead(None, "agreement")
