"""One trick: who may play what, and who takes it (docs/rules.md#cards, docs/rules.md#variants).

:func:`resolve_trick` takes the leader's seat and the four plays in seat order
from the leader (clockwise), optionally the hands the seats held before the
trick, and returns a :class:`Trick`: the winner, the points, each play judged
against the follow rules, and events such as a queen capture.

Judging a play: the rules and their codes are in :mod:`~rules.engine.legality`.

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
from .legality import NO_PARAMS, judge_answer, judge_lead, judge_multi_answer
from .legality import TrickContext as TrickContext
from .legality import legal_cards as legal_cards
from .variants import Ruleset, team_of


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


def capture_events(rs: Ruleset, plays: Sequence[Play]) -> tuple[Event, ...]:
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


def judge_play(
    rs: Ruleset,
    i: int,
    seat: int,
    cards: tuple[Card, ...],
    lead: tuple[Card, ...],
    hands: Sequence[tuple[Card, ...] | None],
    ctx: TrickContext,
) -> tuple[bool | None, str | None, Mapping[str, object]]:
    """The ``i``-th play of a trick led with ``lead`` (``i`` 0: the lead itself), by ``seat``
    holding ``hands[seat]``: legal, or why not (as :class:`Play` has it). :func:`resolve_parsed`
    judges each play of a trick with it."""
    hand = hands[seat]
    if i == 0:
        legal, reason, params = judge_lead(rs, seat, cards, hand, ctx, hands)
    elif rs.multi_card_leads and rs.free_answers:
        legal, reason, params = True, None, NO_PARAMS  # no follow duty in draw-four (draw-four#following)
    elif rs.multi_card_leads:
        legal, reason, params = judge_multi_answer(rs, cards, hand, lead, ctx)
    else:
        legal, reason, params = judge_answer(rs, cards[0], hand, rs.group(lead[0]), ctx)
    if seat in rs.blind_seats:
        return True, "blind_seat", {}  # played unseen (docs/tables.md#blind-seat)
    return legal, reason, params


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
    if multi and len(lead) > rs.max_lead:
        raise TrickInputError(
            "wrong_card_count",
            f"a lead holds at most {rs.max_lead} cards",
            field="plays[0]",
            token=" ".join(c.code for c in lead),
            count=len(lead),
            expected=rs.max_lead,
        )
    out: list[Play] = []
    for i, cards in enumerate(parsed):
        seat = (leader + i) % n
        legal, reason, params = judge_play(rs, i, seat, cards, lead, parsed_hands, ctx)
        trump = (
            (trump_at[cards[0].index] >= 0,)
            if len(cards) == 1
            else tuple(trump_at[c.index] >= 0 for c in cards)
        )
        out.append(Play(seat, cards, trump, legal, reason, frozen_params(params) if params else NO_PARAMS))

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
        events=capture_events(rs, out) if rs.capture is not None else (),
        led_group=led_group,
        side=rs.side_of(out[best].seat),
    )
