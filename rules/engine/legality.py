"""Who may play what: the follow and lead rules that judge a play, and the cards a seat may play.

Judging a play (docs/rules.md#following "Following" and the variant sections):

- ``must_follow_suit``: a plain suit was led and the player held a plain card of it.
- ``must_answer_trump``: a trump was led and the player held a trump.
- ``must_trump`` (yc-hvalyony#following, yc-belka#following): out of the led group, a trump must be played if held.
- ``ace_discard_forbidden`` (classic-sixes#following option ``ace_discard_ban``): out of the led group,
  the ace of a plain suit not yet led in this hand may not be discarded (unless the
  player holds nothing else he may play).
- ``trump_lead_forbidden`` (voon-series#leading): voon trump-lead rights, see :func:`_judge_voon_lead`.
- ``must_lead_ad`` (voon-series#leading): in voon hand 1 the first trick is led with ``AD`` by its holder.
- ``mixed_lead`` (draw-four#leading): a lead of several cards that are neither of one printed suit
  nor all trumps (``QS 9S`` is one printed suit: a trump and a plain spade may go together).
- ``wrong_first_leader`` (DECISIONS fixed_first_leader): a deal review given the dealer, where the
  rules name the first leader from the dealer, and another seat led (:func:`~rules.engine.deal.play_deal`).
- ``blind_seat`` (docs/tables.md#blind-seat): the blind seat's cards are played unseen, so every one is legal
  (``legal`` True with this reason); they still count for the winner, points and captures.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import Card
from .inputs import frozen_params
from .variants import Ruleset, team_of


@dataclass(frozen=True)
class TrickContext:
    """What the rules of a play may depend on beyond the trick itself.

    ``trick_number`` (1-based) is only needed for the voon ``must_lead_ad`` rule
    (hand 1, trick 1); :func:`~rules.engine.deal.play_deal` fills it in.
    """

    hand_number: int | None = None  # 1-based, for voon trump-lead rights (voon-series#leading)
    score: tuple[int, int] | None = None  # series score before the hand (voon: 10:10)
    first_leader: int | None = None  # seat that made this hand's first lead (voon)
    led_suits: frozenset[str] = (
        frozenset()
    )  # plain suits already led in this hand (classic-sixes#following ace ban)
    trick_number: int | None = None  # 1-based trick of the hand (voon must_lead_ad)
    boaster: int | None = (
        None  # the хвалящийся of a хвалёнка hand, who may lead trumps (classic-sixes#leading)
    )


def _codes(cards: Sequence[Card] | set[Card] | frozenset[Card], rs: Ruleset) -> list[str]:
    return [c.code for c in sort_cards(rs, cards)]


def sort_cards(rs: Ruleset, cards: Sequence[Card] | set[Card] | frozenset[Card]) -> list[Card]:
    """Trumps first (high to low), then plain suits C S H D, each high to low."""
    order = {"C": 0, "S": 1, "H": 2, "D": 3}

    def key(c: Card) -> tuple[int, int]:
        ti = rs.trump_index.get(c)
        if ti is not None:
            return (-1, ti)
        return (order[c.suit], rs.plain_index[c.rank])

    return sorted(cards, key=key)


def _voon_lead_right(rs: Ruleset, seat: int, ctx: TrickContext) -> bool | None:
    """May ``seat`` lead a trump while holding a plain card? (voon-series#leading) None = unknown context."""
    if ctx.score is not None and tuple(ctx.score) == (10, 10):
        return True  # «козлячий бой»: both teams may
    if ctx.hand_number is None:
        return None
    if ctx.hand_number <= 1:
        return False
    if ctx.first_leader is None:
        return None
    return team_of(seat) == team_of(ctx.first_leader)


def leads_free(rs: Ruleset) -> bool:
    """Is every card a lead, whatever the hand and the moment? (a one-card game without a lead rule)"""
    return not rs.multi_card_leads and rs.lead_rule == "free"


def answers_free(rs: Ruleset) -> bool:
    """Is every card of a hand that holds none of the led group an answer? (a one-card game
    without must-trump and the ace ban: :func:`_answer_fault` asks nothing more of it)"""
    return not rs.multi_card_leads and not rs.must_trump and not rs.ace_discard_ban


def _mixed_lead(rs: Ruleset, lead: tuple[Card, ...]) -> Mapping[str, object] | None:
    """Why a lead of several cards may not go together, or None: it must be of one printed suit
    or all trumps (draw-four#leading, classic-sixes#leading option ``multi_leads``), or, with
    ``multi_leads=suit_or_rank``, two or three cards of one rank."""
    groups = {rs.group(c) for c in lead}
    if len(groups) == 1 or len({c.suit for c in lead}) == 1:
        return None
    if rs.rank_leads and len({c.rank for c in lead}) == 1:
        return None
    params: dict[str, object] = {"groups": sorted(groups)}
    if rs.rank_leads:
        params["ranks"] = True
    return params


def judge_lead(
    rs: Ruleset,
    seat: int,
    lead: tuple[Card, ...],
    hand: tuple[Card, ...] | None,
    ctx: TrickContext,
    hands: Sequence[tuple[Card, ...] | None],
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """A lead is free except for the one-group rule of several cards (draw-four#leading,
    classic-sixes#leading) and the trump-lead rules (voon-series#leading, classic-sixes#leading).
    A lead of several cards obeys the trump-lead rule too: one holding a trump is a trump lead
    (DECISIONS options_combine)."""
    if rs.multi_card_leads and len(lead) > 1:
        mixed = _mixed_lead(rs, lead)
        if mixed is not None:
            return False, "mixed_lead", mixed
    if rs.lead_rule == "free":
        return True, None, NO_PARAMS
    c = next((x for x in lead if rs._trump_at[x.index] >= 0), lead[0])
    if rs.lead_rule == "hvalyonka_only":
        return _judge_boaster_lead(rs, seat, c, hand, ctx)
    ad = Card.parse("AD")
    if ctx.hand_number == 1 and ctx.trick_number == 1 and c != ad:
        holder = next((s for s, h in enumerate(hands) if h is not None and ad in h), None)
        if holder is not None:
            return False, "must_lead_ad", {"holder": holder}
        if hand is None:
            return None, "must_lead_ad", {}
        # the leader's hand is known and lacks AD: who held it is unknown, but a trump lead
        # while holding a plain card is wrong in hand 1 whoever held it (voon-series#leading)
        if not rs.is_trump(c) or all(rs.is_trump(x) for x in hand):
            return None, "must_lead_ad", {}
    if not rs.is_trump(c):
        return True, None, {}
    right = _voon_lead_right(rs, seat, ctx)
    params: dict[str, object] = {"hand_number": ctx.hand_number, "first_leader": ctx.first_leader}
    if right:
        return True, None, {}
    if hand is None:
        return None, "trump_lead_forbidden", params
    plain = [x for x in hand if not rs.is_trump(x)]
    if not plain:
        return True, None, {}  # a hand of only trumps may always lead (voon-series#leading)
    if right is None:
        return None, "trump_lead_forbidden", params
    params["could_play"] = _codes(plain, rs)
    return False, "trump_lead_forbidden", params


def _judge_boaster_lead(
    rs: Ruleset, seat: int, c: Card, hand: tuple[Card, ...] | None, ctx: TrickContext
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """classic-sixes#leading option ``trump_lead=hvalyonka_only``: a trump is led only by the
    хвалящийся of a хвалёнка hand (``ctx.boaster``) or from a hand of nothing but trumps."""
    if not rs.is_trump(c) or ctx.boaster == seat:
        return True, None, NO_PARAMS
    params: dict[str, object] = {"rule": "hvalyonka_only", "boaster": ctx.boaster}
    if hand is None:
        return None, "trump_lead_forbidden", params
    plain = [x for x in hand if not rs.is_trump(x)]
    if not plain:
        return True, None, NO_PARAMS
    params["could_play"] = _codes(plain, rs)
    return False, "trump_lead_forbidden", params


def judge_multi_answer(
    rs: Ruleset,
    cards: tuple[Card, ...],
    hand: tuple[Card, ...] | None,
    lead: tuple[Card, ...],
    ctx: TrickContext | None = None,
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """An answer to a lead of several cards with the option multi_leads (classic-sixes#following):
    for each group of the lead, as many cards of that group as the player holds, up to the lead's
    cards in it (trumps answer trumps); the rest are any cards, except that the ace ban judges
    each of them (DECISIONS options_combine, rank_lead_answer)."""
    need: dict[str, int] = {}
    for c in lead:
        g = rs.group(c)
        need[g] = need.get(g, 0) + 1
    given: dict[str, int] = {}
    for c in cards:
        g = rs.group(c)
        given[g] = given.get(g, 0) + 1
    for g, n in need.items():
        if given.get(g, 0) >= n:
            continue
        code = "must_answer_trump" if g == "T" else "must_follow_suit"
        if hand is None:
            return None, code, {"led": g}
        held = [x for x in hand if rs.group(x) == g]
        if given.get(g, 0) < min(n, len(held)):
            return False, code, {"led": g, "could_play": _codes(held, rs)}
    if rs.ace_discard_ban:
        return _multi_ace_ban(rs, cards, hand, need, ctx or TrickContext())
    return True, None, NO_PARAMS


def _multi_ace_ban(
    rs: Ruleset,
    cards: tuple[Card, ...],
    hand: tuple[Card, ...] | None,
    need: Mapping[str, int],
    ctx: TrickContext,
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """classic-sixes#following option ``ace_discard_ban`` on an answer of several cards: an ace of
    a plain suit neither in the lead nor led before in this hand is a discard the ban forbids, as
    long as the player holds other cards to give in its place (each answering card is judged by
    the ban, DECISIONS options_combine)."""
    led = frozenset(ctx.led_suits) | {g for g in need if g != "T"}
    aces = [c for c in cards if c.rank == "A" and rs._trump_at[c.index] < 0 and c.suit not in led]
    if not aces:
        return True, None, NO_PARAMS
    params: dict[str, object] = {"suit": aces[0].suit, "led_suits": sorted(ctx.led_suits)}
    if hand is None:
        return None, "ace_discard_forbidden", params
    banned = _banned_aces(rs, hand, "", led)
    others = [x for x in hand if x not in banned]
    if len(aces) > max(0, len(cards) - len(others)):
        params["could_play"] = _codes(others, rs)
        return False, "ace_discard_forbidden", params
    return True, None, NO_PARAMS


def _banned_aces(rs: Ruleset, hand: Sequence[Card], led_group: str, led_suits: frozenset[str]) -> set[Card]:
    """Aces a player out of the led group may not discard (classic-sixes#following option ``ace_discard_ban``)."""
    return {
        x
        for x in hand
        if x.rank == "A" and not rs.is_trump(x) and x.suit != led_group and x.suit not in led_suits
    }


def _answer_fault(
    rs: Ruleset, c: Card, hand: tuple[Card, ...], led_group: str, ctx: TrickContext
) -> tuple[str, list[Card]] | None:
    """The rule an answer from a known hand breaks and the cards that rule asks for, or None."""
    group_at = rs._group_at
    if group_at[c.index] == led_group:
        return None
    held = [x for x in hand if group_at[x.index] == led_group]
    if held:
        return ("must_answer_trump" if led_group == "T" else "must_follow_suit"), held
    trump_at = rs._trump_at
    if rs.must_trump and trump_at[c.index] < 0:
        trumps = [x for x in hand if trump_at[x.index] >= 0]
        if trumps:
            return "must_trump", trumps
    if rs.ace_discard_ban and c.rank == "A" and trump_at[c.index] < 0:
        banned = _banned_aces(rs, hand, led_group, ctx.led_suits)
        if c in banned:
            others = [x for x in hand if x not in banned]
            if others:
                return "ace_discard_forbidden", others
    return None


def judge_answer(
    rs: Ruleset, c: Card, hand: tuple[Card, ...] | None, led_group: str, ctx: TrickContext
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """Following (docs/rules.md#following), must-trump (yc-hvalyony#following/yc-belka#following), the classic ace ban (classic-sixes#following)."""
    if rs._group_at[c.index] == led_group:
        return True, None, NO_PARAMS
    if hand is None:
        return None, "must_answer_trump" if led_group == "T" else "must_follow_suit", {"led": led_group}
    fault = _answer_fault(rs, c, hand, led_group, ctx)
    if fault is None:
        return True, None, NO_PARAMS
    code, could = fault
    if code == "ace_discard_forbidden":
        return (
            False,
            code,
            {
                "led": led_group,
                "suit": c.suit,
                "could_play": _codes(could, rs),
                "led_suits": sorted(ctx.led_suits),
            },
        )
    return False, code, {"led": led_group, "could_play": _codes(could, rs)}


def legal_cards(
    rs: Ruleset,
    hand: Sequence[Card],
    lead: Card | None = None,
    *,
    seat: int | None = None,
    context: TrickContext | None = None,
) -> list[Card]:
    """The cards of ``hand`` a seat may play (one-card variants): a lead when ``lead`` is None.
    Leads need ``seat`` for the voon lead rights; an unknown right counts as allowed."""
    ctx = context or TrickContext()
    h = tuple(hand)
    if seat is not None and seat in rs.blind_seats:
        return list(h)  # the blind seat's cards are all legal (docs/tables.md#blind-seat)
    out = []
    led = "" if lead is None else rs.group(lead)
    for c in h:
        if lead is None:
            hands = tuple(h if s == seat else None for s in range(rs.seats))
            ok, _, _ = judge_lead(rs, seat if seat is not None else 0, (c,), h, ctx, hands)
            if ok is not False:
                out.append(c)
        elif _answer_fault(rs, c, h, led, ctx) is None:
            out.append(c)
    return out


NO_PARAMS: Mapping[str, object] = frozen_params()
