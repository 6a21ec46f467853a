"""The banner before each deal: who deals, who leads and by which rule, and what is trumps where
that changes (classic-sixes#leading and each sheet's ``#leading`` and ``#trumps``).

The engine gives the deal as codes (:class:`~rules.engine.NextDeal`, :func:`~rules.engine.trump_lead`,
:func:`~rules.engine.seat_suits_of`); this module words them. The page also carries the banners of
the deals after hands a phone keeps unsent (:func:`deals_ahead_data`), each with its rule's code, so
the outbox shows «Кон N» and its banner in step without the network and without the lead rules.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.utils.translation import gettext as _

from rules.engine import Fold, NextDeal, deals_ahead, seat_suits_of, trump_lead
from rules.engine.cards import SUIT_SYMBOLS
from rules.engine.variants import Ruleset

from .. import explain
from ..models import Match


class Page(Protocol):
    """What the banner reads of the board as shown (:class:`.board.BoardPage`, which imports
    this module)."""

    match: Match
    ruleset: Ruleset
    state: Fold
    next: NextDeal | None

    @property
    def team_names(self) -> list[str]: ...

    @property
    def one_seat(self) -> bool: ...

    @property
    def latest_was_eggs(self) -> bool: ...

    @property
    def first_leader(self) -> int | None: ...

    def seat_name(self, seat: int) -> str: ...


AHEAD = 8  # deals after unsent hands the page carries; past them the phone shows no banner
SUIT_ORDER = "CSHD"


def dealer_name(board: Page, seat: int) -> str:
    """Who deals. Nobody sits at a blind seat, so when the deal comes round to it the blind seat's
    partner deals in its turn (docs/tables.md#blind-seat)."""
    rs = board.ruleset
    if seat in rs.blind_seats:
        side = rs.sides[rs.side_of(seat)]
        partner = next(s for s in side if s != seat)
        return _("%(name)s (for the blind seat)") % {"name": board.seat_name(partner)}
    return board.seat_name(seat)


def who(board: Page, deal: NextDeal) -> str:
    return _("Hand %(n)s: %(dealer)s deals") % {
        "n": deal.hand_number,
        "dealer": dealer_name(board, deal.dealer),
    }


def lead(board: Page, deal: NextDeal, *, ahead: bool = False) -> str:
    """How the first lead is decided; ``ahead``: after a hand whose result is not known yet."""
    rs = board.ruleset
    leader = board.seat_name(deal.leader) if deal.leader is not None else None
    if board.one_seat and deal.leader is not None:  # the player is the side: named by the side's name
        leader = board.team_names[rs.side_of(deal.leader)]
    if ahead and deal.rule == "winners_choose":
        return _("the winners of hand %(n)s choose who leads") % {"n": deal.hand_number - 1}
    if ahead and deal.rule == "rotates":
        return _("the lead moves one seat clockwise, or stays after eggs")
    if deal.rule == "rotates":
        # voon-series#leading: after eggs the lead stays with the same seat, else it moves on
        return explain.rotation_line(leader, stays=board.latest_was_eggs)
    team = board.team_names[deal.leader_team] if deal.leader_team is not None else None
    return explain.lead_line(deal.rule, leader, team, rs.lowest_trump)


def trump_rights(board: Page, deal: NextDeal, *, ahead: bool = False) -> str:
    """voon-series#leading: who may lead a trump while holding a plain card."""
    code = trump_lead(board.ruleset, deal, () if ahead else board.state.score)
    if code == "nobody":
        return _("nobody leads a trump while holding a plain card")
    if code == "both":
        return _("10:10, “goat fight”: both teams may lead trumps")
    if code == "leader_team":
        if deal.leader is not None:
            team = board.team_names[board.ruleset.side_of(deal.leader)]
            return _("trumps may be led only by the team “%(team)s”") % {"team": team}
        return _("trumps may be led only by the team of the first lead")
    return ""


def trumps(board: Page, deal: NextDeal, *, ahead: bool = False) -> str:
    """What is trumps where it changes from deal to deal: the duel's suit (clubs in deal 1 and
    after a queen capture, then the last card's: yc-duel#trumps); Belka's clubs in hand 1, then
    each seat's own suit should it hold the jack of clubs (yc-belka#scoring)."""
    rs = board.ruleset
    if rs.trump_from_last_card:
        if deal.trump_suit is None or ahead:
            return _("trumps: the suit of the previous deal's last card")
        return _("trumps: %(suit)s") % {"suit": SUIT_SYMBOLS[deal.trump_suit]}
    if not rs.seat_suits:
        return ""
    if deal.hand_number == 1:
        return _("trumps: %(suit)s") % {"suit": SUIT_SYMBOLS["C"]}
    suits = seat_suits_of(rs, deal, board.first_leader)
    if suits is None:
        return _("trumps: the suit of the seat that holds the jack of clubs")
    by_suit = sorted(suits.items(), key=lambda kv: SUIT_ORDER.index(kv[1]))
    listed = " · ".join(f"{board.seat_name(seat)} {SUIT_SYMBOLS[suit]}" for seat, suit in by_suit)
    return _("trumps by the jack of clubs: %(list)s") % {"list": listed}


def parts(board: Page, deal: NextDeal, *, ahead: bool = False) -> dict[str, Any]:
    """One deal's banner in pieces (the page sets each in its own element), with its codes."""
    return {
        "n": deal.hand_number,
        "dealer": deal.dealer,
        "leader": deal.leader,
        "rule": deal.rule,
        "who": f"{who(board, deal)} · {lead(board, deal, ahead=ahead)}",
        "rights": trump_rights(board, deal, ahead=ahead),
        "trumps": trumps(board, deal, ahead=ahead),
    }


def deals_ahead_data(board: Page) -> list[dict[str, Any]]:
    """The next deal and the :data:`AHEAD` after it, for the outbox: item k is the banner once k
    hands wait unsent on the phone."""
    if not board.next:
        return []
    deal = board.next
    return [
        parts(board, deal),
        *(parts(board, d, ahead=True) for d in deals_ahead(board.ruleset, deal, AHEAD)),
    ]
