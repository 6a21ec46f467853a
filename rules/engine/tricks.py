"""One trick: who may play what, and who takes it (docs/rules.md#cards, docs/rules.md#variants).

:func:`resolve_trick` takes the leader's seat and the four plays in seat order
from the leader (clockwise), optionally the hands the seats held before the
trick, and returns a :class:`Trick`: the winner, the points, each play judged
against the follow rules, and events such as a queen capture.

Judging a play (docs/rules.md#following "Following" and the variant sections):

- ``must_follow_suit``: a plain suit was led and the player held a plain card of it.
- ``must_answer_trump``: a trump was led and the player held a trump.
- ``must_trump`` (yc-hvalyony#following, yc-belka#following): out of the led group, a trump must be played if held.
- ``ace_discard_forbidden`` (classic-sixes#following option ``ace_discard_ban``): out of the led group,
  the ace of a plain suit not yet led in this hand may not be discarded (unless the
  player holds nothing else he may play).
- ``trump_lead_forbidden`` (voon-series#leading): voon trump-lead rights, see :func:`_judge_voon_lead`.
- ``must_lead_ad`` (voon-series#leading): in voon hand 1 the first trick is led with ``AD`` by its holder.
- ``mixed_lead`` (draw-four#leading): a draw-four lead of several cards of more than one group.
- ``blind_seat`` (docs/tables.md#blind-seat): the blind seat's cards are played unseen, so every one is legal
  (``legal`` True with this reason); they still count for the winner, points and captures.

A trick has one play per seat of the table (2, 3 or 4, ``Ruleset.seats``).

A play whose legality depends on a hand that was not given is ``legal=None``, and
``reason`` names the rule it depends on. A play of a card that is not in the given
hand is not a violation but an input error (``card_not_in_hand``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import Card, CardNotationError
from .inputs import (
    PARSED,
    PlayInput,
    TrickInputError,
    check_table_seat,
    frozen_params,
    parse_hands,
    parse_play,
)
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


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    cards: tuple[Card, ...]
    trump: tuple[bool, ...]
    legal: bool | None  # None = unknown because the seat's hand was not given
    reason: str | None  # code when illegal, or the rule legality depends on when unknown
    params: Mapping[str, object] = field(default_factory=frozen_params)

    @property
    def card(self) -> Card:
        """The (first) card of the play."""
        return self.cards[0]


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # "queen_capture"
    team: int  # the side that benefits (the catchers)
    params: Mapping[str, object] = field(default_factory=frozen_params)


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    plays: tuple[Play, ...]
    winner: int
    winning: tuple[Card, ...]
    points: int
    events: tuple[Event, ...]
    led_group: str  # "T" for a trump lead, else the led plain suit (a draw-four lead: its first card's group)

    side: int = -1  # the side that owns the winning seat

    @property
    def team(self) -> int:
        """The winning side (a team at a four-seat table)."""
        return self.side if self.side >= 0 else team_of(self.winner)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for p in self.plays for c in p.cards)

    def play_of(self, seat: int) -> Play:
        for p in self.plays:
            if p.seat == seat:
                return p
        raise KeyError(seat)


# ---------------------------------------------------------------- legality


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


def _judge_lead(
    rs: Ruleset,
    seat: int,
    lead: tuple[Card, ...],
    hand: tuple[Card, ...] | None,
    ctx: TrickContext,
    hands: Sequence[tuple[Card, ...] | None],
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """A lead is free except for the draw-four one-group rule (draw-four#leading) and voon (voon-series#leading)."""
    if rs.multi_card_leads:
        groups = {rs.group(c) for c in lead}
        if len(groups) > 1:
            return False, "mixed_lead", {"groups": sorted(groups)}
        return True, None, {}
    c = lead[0]
    if rs.lead_rule != "voon":
        return True, None, {}
    ad = Card.parse("AD")
    if ctx.hand_number == 1 and ctx.trick_number == 1 and c != ad:
        holder = next((s for s, h in enumerate(hands) if h is not None and ad in h), None)
        if holder is not None:
            return False, "must_lead_ad", {"holder": holder}
        if hand is None or ad not in hand:
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


def _banned_aces(rs: Ruleset, hand: Sequence[Card], led_group: str, led_suits: frozenset[str]) -> set[Card]:
    """Aces a player out of the led group may not discard (classic-sixes#following option ``ace_discard_ban``)."""
    return {
        x
        for x in hand
        if x.rank == "A" and not rs.is_trump(x) and x.suit != led_group and x.suit not in led_suits
    }


def _judge_answer(
    rs: Ruleset, c: Card, hand: tuple[Card, ...] | None, led_group: str, ctx: TrickContext
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """Following (docs/rules.md#following), must-trump (yc-hvalyony#following/yc-belka#following), the classic ace ban (classic-sixes#following)."""
    group_at = rs._group_at
    if group_at[c.index] == led_group:
        return True, None, _NO_PARAMS
    follow_code = "must_answer_trump" if led_group == "T" else "must_follow_suit"
    if hand is None:
        return None, follow_code, {"led": led_group}
    held = [x for x in hand if group_at[x.index] == led_group]
    if held:
        return False, follow_code, {"led": led_group, "could_play": _codes(held, rs)}
    trump_at = rs._trump_at
    if rs.must_trump and trump_at[c.index] < 0:
        trumps = [x for x in hand if trump_at[x.index] >= 0]
        if trumps:
            return False, "must_trump", {"led": led_group, "could_play": _codes(trumps, rs)}
    if rs.ace_discard_ban and c.rank == "A" and trump_at[c.index] < 0:
        banned = _banned_aces(rs, hand, led_group, ctx.led_suits)
        if c in banned:
            others = [x for x in hand if x not in banned]
            if others:
                return (
                    False,
                    "ace_discard_forbidden",
                    {
                        "led": led_group,
                        "suit": c.suit,
                        "could_play": _codes(others, rs),
                        "led_suits": sorted(ctx.led_suits),
                    },
                )
    return True, None, _NO_PARAMS


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
    if seat is not None and seat == rs.blind_seat:
        return list(h)  # the blind seat's cards are all legal (docs/tables.md#blind-seat)
    out = []
    for c in h:
        if lead is None:
            hands = tuple(h if s == seat else None for s in range(rs.seats))
            ok, _, _ = _judge_lead(rs, seat if seat is not None else 0, (c,), h, ctx, hands)
        else:
            ok, _, _ = _judge_answer(rs, c, h, rs.group(lead), ctx)
        if ok is not False:
            out.append(c)
    return out


# ---------------------------------------------------------------- winning


def beats_card(rs: Ruleset, a: Card, b: Card) -> bool:
    """Card for card (draw-four#trumps): a higher trump, a trump over a plain card, or a higher card of b's suit."""
    return rs.beats(a, b, rs.group(b))


def covers(rs: Ruleset, attack: Sequence[Card], best: Sequence[Card]) -> bool:
    """Does ``attack`` beat every card of ``best``, each card of it beating a distinct card of
    ``best``? (draw-four#following: a perfect matching; found by trying every pairing, at most 4! = 24.)"""
    if len(attack) != len(best):
        return False
    return any(
        all(beats_card(rs, a, b) for a, b in zip(perm, best, strict=True))
        for perm in itertools.permutations(attack)
    )


def _capture_events(rs: Ruleset, plays: Sequence[Play]) -> tuple[Event, ...]:
    """The catcher and the opponents' queen in one trick (voon-series#capture 7C/QC, yc-hvalyony#capture 6C/QC).
    A partner's queen does not count."""
    if rs.capture is None:
        return ()
    catcher, queen = rs.capture
    cs = next((p.seat for p in plays if catcher in p.cards), None)
    qs = next((p.seat for p in plays if queen in p.cards), None)
    if cs is None or qs is None or rs.side_of(cs) == rs.side_of(qs):
        return ()
    return (
        Event(
            "queen_capture",
            rs.side_of(cs),
            frozen_params(
                {"catcher": catcher.code, "queen": queen.code, "catcher_seat": cs, "queen_seat": qs}
            ),
        ),
    )


def resolve_trick(
    rs: Ruleset,
    leader: int,
    plays: Sequence[PlayInput],
    *,
    hands: Sequence[Sequence[Card | str] | None] | None = None,
    context: TrickContext | None = None,
) -> Trick:
    """Resolve one trick (docs/rules.md#following trick winner and following; draw-four#following for draw-four).

    ``plays`` are the four plays clockwise from ``leader``. ``hands[seat]`` is the hand a
    seat held before the trick (or None). One-card variants: the highest trump wins, else
    the highest card of the led plain suit. Draw-four: a play takes over when it beats every
    card of the best play so far card for card (:func:`covers`); the last to take over wins.
    """
    leader = check_table_seat(rs, leader)
    n = rs.seats
    ctx = context or TrickContext()
    if isinstance(plays, str):
        plays = plays.replace(",", " ").split() if not rs.multi_card_leads else plays.split(";")
    if not isinstance(plays, Sequence) or len(plays) != n:
        raise TrickInputError(
            "wrong_trick_size",
            f"a trick has {n} plays",
            field="plays",
            token=repr(plays),
            count=len(plays) if isinstance(plays, Sequence) else None,
            expected=n,
        )
    parsed_hands = parse_hands(rs, hands)
    parsed: list[tuple[Card, ...]] = []
    seen = 0  # the cards played so far, as a bit set over Card.index
    in_deck = rs._in_deck_at
    for i, p in enumerate(plays):
        c0 = PARSED.get(p) if isinstance(p, str) else None  # the common case: one canonical code
        if c0 is not None and in_deck[c0.index]:
            cards: tuple[Card, ...] = (c0,)
        else:
            cards = parse_play(rs, p, f"plays[{i}]")
        for c in cards:
            bit = 1 << c.index
            if seen & bit:
                raise CardNotationError(
                    "duplicate_card", f"{c} appears twice", token=c.code, field=f"plays[{i}]", card=c.code
                )
            seen |= bit
        if i and len(cards) != len(parsed[0]):
            raise TrickInputError(
                "wrong_card_count",
                f"answer with {len(parsed[0])} cards",
                field=f"plays[{i}]",
                token=" ".join(map(str, cards)),
                count=len(cards),
                expected=len(parsed[0]),
            )
        parsed.append(cards)
    return resolve_parsed(rs, leader, parsed, parsed_hands, ctx)


def resolve_parsed(
    rs: Ruleset,
    leader: int,
    parsed: Sequence[tuple[Card, ...]],
    parsed_hands: Sequence[tuple[Card, ...] | None],
    ctx: TrickContext,
) -> Trick:
    """:func:`resolve_trick` for plays and hands already read into cards (the deal review reads
    a deal's cards once, not once per trick). Checks that each play comes from its seat's hand."""
    n = rs.seats
    for i, cards in enumerate(parsed):
        seat = (leader + i) % n
        hand = parsed_hands[seat]
        if hand is not None:
            for c in cards:
                if c not in hand:
                    raise TrickInputError(
                        "card_not_in_hand",
                        f"seat {seat} does not hold {c}",
                        field=f"plays[{i}]",
                        token=c.code,
                        seat=seat,
                        card=c.code,
                    )
    trump_at = rs._trump_at
    group_at = rs._group_at
    lead = parsed[0]
    led_group = group_at[lead[0].index]
    multi = rs.multi_card_leads
    out: list[Play] = []
    for i, cards in enumerate(parsed):
        seat = (leader + i) % n
        hand = parsed_hands[seat]
        if i == 0:
            legal, reason, params = _judge_lead(rs, seat, cards, hand, ctx, parsed_hands)
        elif multi:
            legal, reason, params = (
                True,
                None,
                _NO_PARAMS,
            )  # no follow duty in draw-four (draw-four#following)
        else:
            legal, reason, params = _judge_answer(rs, cards[0], hand, led_group, ctx)
        if seat == rs.blind_seat:
            legal, reason, params = True, "blind_seat", {}  # played unseen (docs/tables.md#blind-seat)
        trump = (
            (trump_at[cards[0].index] >= 0,)
            if len(cards) == 1
            else tuple(trump_at[c.index] >= 0 for c in cards)
        )
        out.append(Play(seat, cards, trump, legal, reason, frozen_params(params) if params else _NO_PARAMS))

    if multi:
        best = 0
        for i in range(1, n):
            if covers(rs, parsed[i], parsed[best]):
                best = i
    else:
        # the highest trump, else the highest card of the led plain suit (precomputed ladders)
        plain_at = rs._plain_rank_at
        best, top = 0, -1
        for i, cards in enumerate(parsed):
            x = cards[0].index
            t = trump_at[x]
            if t >= 0:
                strength = 1000 - t
            elif group_at[x] == led_group:
                strength = 100 - plain_at[x]
            else:
                continue
            if strength > top:
                best, top = i, strength
    points = 0
    for cs in parsed:
        for c in cs:
            points += c._points
    return Trick(
        leader=leader,
        plays=tuple(out),
        winner=out[best].seat,
        winning=parsed[best],
        points=points,
        events=_capture_events(rs, out) if rs.capture is not None else (),
        led_group=led_group,
        side=rs.side_of(out[best].seat),
    )


_NO_PARAMS: Mapping[str, object] = frozen_params()
