"""A whole hand (кон, сдача) played out trick by trick (docs/rules.md#cards, docs/rules.md#variants).

:func:`play_deal` takes the four dealt hands and the plays in order, resolves each
trick with :func:`~rules.engine.tricks.resolve_trick` against the cards each seat
still holds, lets the trick winner lead the next trick, and returns a :class:`Deal`:
tricks, team points, violations (revokes and other illegal but physically possible
plays: the review shows them and goes on), events, and the hand record for the scorer.

A play of a card the seat does not hold is an input error (``card_not_in_hand``),
not a violation: the cards in the review would no longer add up.

Tables of 2, 3 or 4 seats (docs/tables.md#sides): a trick has one play per seat; points and tricks are counted
per side. Where a hand is dealt in two rounds (the duel's prikup, solo-twelve's two halves at
four) the second round's hands come as ``prikup``; cards dealt to nobody (solo-twelve at three)
lie with the dealer's tricks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import Card, CardNotationError, KozelError
from .inputs import (
    PARSED,
    PlayInput,
    TrickInputError,
    check_table_seat,
    frozen_params,
    parse_hands,
    parse_play,
    parse_stock,
)
from .tricks import Event, Trick, TrickContext, resolve_parsed
from .variants import Ruleset

REVOKES = frozenset({"must_follow_suit", "must_answer_trump"})
"""Violations that are a revoke (ренонс): a card of the led group held and not played."""

DRAW_HAND = 4  # draw-four: each seat holds 4 cards and draws back to 4 (draw-four#deck)


@dataclass(frozen=True)
class Violation:
    trick: int  # 1-based
    seat: int
    cards: tuple[Card, ...]
    reason: str
    params: Mapping[str, object] = field(default_factory=frozen_params)


@dataclass(frozen=True)
class Deal:
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]  # per side
    tricks_won: tuple[int, ...]  # per side
    violations: tuple[Violation, ...]
    first_violation: Violation | None
    events: tuple[Event, ...]
    complete: bool
    ended_early: bool  # ended by a queen capture (voon-series#capture, yc-hvalyony#capture)
    record: dict[str, object]
    unknown: int = 0  # plays whose legality could not be judged (legal None)
    dealer: int | None = None  # the dealing seat, where the deal needs it (solo-twelve)
    kitty: tuple[Card, ...] = ()  # cards dealt to nobody, counted with the dealer's tricks
    lone_seat: int | None = None  # two against one: the seat that plays alone (held QS)

    @property
    def winner_team(self) -> int | None:
        """The side with 61 or more, None for eggs (60:60), a void deal or an unfinished hand (docs/rules.md#scoring, docs/tables.md#each-for-himself)."""
        if self.ended_early:
            return self.events[-1].team if self.events else None
        if not self.complete:
            return None
        return next((side for side, p in enumerate(self.points) if p >= 61), None)


def split_plays(rs: Ruleset, plays: object) -> Sequence[object]:
    """Flat list of plays. One-card variants accept ``"AH QD 10H 7C ..."``, a flat list or a
    list of tricks; draw-four accepts a list of plays (a card or a list of cards) or a string
    of plays separated by ``;``."""
    if isinstance(plays, str):
        if rs.multi_card_leads:
            return [p.strip() for p in plays.split(";") if p.strip()]
        return plays.replace(",", " ").split()
    if not isinstance(plays, Sequence):
        raise TrickInputError("wrong_trick_size", "plays must be a list", field="plays", token=repr(plays))
    if rs.multi_card_leads:
        return list(plays)
    flat: list[object] = []
    for p in plays:
        if isinstance(p, (str, Card)):
            flat.append(p)
        elif isinstance(p, Sequence):
            flat.extend(p)
        else:
            flat.append(p)
    return flat


_FIELD = re.compile(r"^plays\[(\d+)\]")


def play_deal(
    rs: Ruleset,
    leader: int,
    hands: Sequence[Sequence[Card | str]],
    plays: Sequence[PlayInput] | str,
    *,
    context: TrickContext | None = None,
    stock: Sequence[Card | str] | None = None,
    prikup: Sequence[Sequence[Card | str] | None] | None = None,
    dealer: int | None = None,
) -> Deal:
    """Play a hand out (docs/rules.md#winning): the trick winner leads the next trick; each play is judged
    against the cards its seat still holds; plain suits led are tracked for the classic-sixes#deck ace ban;
    for voon (voon-series#leading) the context's ``first_leader`` is ``leader`` and ``trick_number`` is filled in.

    A queen capture (voon-series#capture, yc-hvalyony#capture) ends the hand after its trick; later plays are an error
    (``plays_after_end``). Plays past the last trick are ``too_many_plays``; a trailing
    incomplete trick is ``wrong_trick_size``.

    Draw-four (draw-four#deck): ``hands`` are each seat's first 4 cards; ``stock`` is the rest of the
    deck in draw order (after each trick the players draw one card at a time, starting with
    the trick winner, until they hold 4 again or the stock is empty). Without a stock, plays
    after the first trick are not checked against hands (legal None where it matters).

    Two rounds (docs/tables.md, ``Ruleset.rounds``): ``prikup`` holds each seat's second-round cards,
    taken up when the first round's tricks are played out; without it those tricks are judged
    without hands. ``dealer`` (default: the seat before ``leader``, who leads in solo-twelve)
    takes the cards dealt to nobody (``Ruleset.kitty``).
    """
    leader = check_table_seat(rs, leader)
    n = rs.seats
    dealer_given = dealer is not None
    if dealer is None:
        dealer = (leader - 1) % n
    dealer = check_table_seat(rs, dealer, "dealer")
    base_ctx = context or TrickContext()
    multi = rs.multi_card_leads
    size = DRAW_HAND if rs.draws else rs.hand_size
    seen: set[Card] = set()
    dealt = parse_hands(rs, hands, size=size, seen=seen)
    if any(h is None for h in dealt):
        raise TrickInputError("bad_hand", "every seat's hand is needed", field="hands", token=repr(hands))
    remaining: list[list[Card] | None] = [list(h) for h in dealt if h is not None]
    second: list[list[Card] | None] | None = None
    if prikup is not None:
        if rs.rounds < 2:
            raise TrickInputError(
                "bad_hand", "this table deals no prikup", field="prikup", token=repr(prikup)[:40]
            )
        try:
            more = parse_hands(rs, prikup, size=size, seen=seen)
        except KozelError as e:
            e.field = "prikup" + (e.field or "")[len("hands") :]
            raise
        if any(h is None for h in more):
            raise TrickInputError(
                "bad_hand", "every seat's prikup cards are needed", field="prikup", token=repr(prikup)[:40]
            )
        second = [list(h) for h in more if h is not None]
    kitty: tuple[Card, ...] = ()
    if rs.kitty and not rs.draws:
        kitty = tuple(c for c in rs.deck if c not in seen)
    lone = None
    if rs.lone_queen is not None:
        lone = next((s for s, h in enumerate(dealt) if h is not None and rs.lone_queen in h), None)
    pile: list[Card] | None = None
    if stock is not None:
        if not rs.draws:
            raise TrickInputError(
                "bad_hand", "a stock is only used in draw-four", field="stock", token=repr(stock)
            )
        pile = parse_stock(rs, stock, seen)

    flat = split_plays(rs, plays)
    parsed: list[tuple[Card, ...]] = []
    played: set[Card] = set()
    in_deck = rs._in_deck_at
    for i, p in enumerate(flat):
        c0 = PARSED.get(p) if type(p) is str else None  # the common case: one canonical code
        cards = (c0,) if c0 is not None and in_deck[c0.index] else parse_play(rs, p, f"plays[{i}]")
        for c in cards:
            if c in played:
                raise CardNotationError(
                    "duplicate_card", f"{c} is played twice", token=c.code, field=f"plays[{i}]", card=c.code
                )
            played.add(c)
        parsed.append(cards)
    if len(parsed) % n:
        raise TrickInputError(
            "wrong_trick_size",
            f"the last trick has fewer than {n} plays",
            field="plays",
            token=" ".join(c.code for p in parsed[-(len(parsed) % n) :] for c in p),
            count=len(parsed) % n,
            expected=n,
        )

    tricks: list[Trick] = []
    violations: list[Violation] = []
    due = _due_first_leader(rs, dealer, dealt) if dealer_given else None
    if due is not None and due != leader and parsed:
        # the rules fix the first leader: a wrong one is the deal's first irregularity, and the
        # review goes on from the lead as played (DECISIONS fixed_first_leader)
        violations.append(
            Violation(1, leader, parsed[0], "wrong_first_leader", frozen_params({"leader": due}))
        )
    led_suits = set(base_ctx.led_suits)
    ended_early = False
    unknown = 0
    current = leader
    for k in range(len(parsed) // n):
        base = n * k
        field_name = f"plays[{base}]"
        if ended_early:
            raise TrickInputError(
                "plays_after_end",
                "the hand ended with a queen capture",
                field=field_name,
                token=" ".join(c.code for c in parsed[base]),
            )
        if not multi and k == rs.hand_size and rs.rounds > 1:
            # the first round is played out: the prikup is dealt (unknown without it)
            remaining = second if second is not None else [None] * n
        if (k >= rs.hand_size * rs.rounds) if not multi else all(h is not None and not h for h in remaining):
            raise TrickInputError(
                "too_many_plays",
                "the hand is over",
                field=field_name,
                token=" ".join(c.code for c in parsed[base]),
            )
        ctx = TrickContext(
            hand_number=base_ctx.hand_number,
            score=base_ctx.score,
            first_leader=leader,
            led_suits=frozenset(led_suits),
            trick_number=k + 1,
            boaster=base_ctx.boaster,
        )
        try:
            # the deal's cards were read and checked once above: no parsing per trick
            trick = resolve_parsed(
                rs,
                current,
                parsed[base : base + n],
                [tuple(h) if h is not None else None for h in remaining],
                ctx,
            )
        except KozelError as e:
            m = _FIELD.match(e.field or "")
            if m:
                e.field = f"plays[{base + int(m.group(1))}]" + (e.field or "")[m.end() :]
            e.params.setdefault("trick", k + 1)
            raise
        tricks.append(trick)
        for p in trick.plays:
            if p.legal is False:
                violations.append(Violation(k + 1, p.seat, p.cards, p.reason or "", p.params))
            elif p.legal is None:
                unknown += 1
            h = remaining[p.seat]
            if h is not None:
                for c in p.cards:
                    h.remove(c)
        for c in parsed[base]:  # a lead of several cards leads each plain suit it holds
            if rs._trump_at[c.index] < 0:
                led_suits.add(c.suit)
        if rs.draws:
            if pile is None:
                remaining = [None] * n
            else:
                draw_up(remaining, pile, trick.winner)
        current = trick.winner
        if trick.events and any(e.kind == "queen_capture" for e in trick.events):
            ended_early = True

    points = [0] * len(rs.sides)
    won = [0] * len(rs.sides)
    for done in tricks:
        points[done.team] += done.points
        won[done.team] += 1
    points[rs.side_of(dealer)] += sum(c.points for c in kitty)
    if multi:
        complete = not ended_early and len(played) == len(rs.deck)
    else:
        complete = not ended_early and len(tricks) == rs.hand_size * rs.rounds
    events = tuple(e for t in tricks for e in t.events)
    record: dict[str, object] = {"points": points[:]}
    if complete and rs.lyusya and min(won) == 0:
        record["all_tricks"] = True
    if ended_early:
        record["queen_capture"] = events[-1].team
    revoke = next((v for v in violations if v.reason in REVOKES), None)
    if rs.revoke_points and revoke is not None and not ended_early:
        # classic-sixes#scoring option revoke_penalty: the record names the team at fault
        record["revoke"] = rs.side_of(revoke.seat)
    if rs.obyaz:
        # the hands show who holds JC: the record names the obyaz side (yc-belka#scoring)
        jc = PARSED["JC"]
        record["obyaz"] = next(rs.side_of(s) for s, h in enumerate(dealt) if h is not None and jc in h)
    if rs.dealer_scores:
        record["dealer"] = dealer
    if rs.trump_from_last_card and tricks:
        record["last_suit"] = tricks[-1].plays[-1].cards[-1].suit
    if lone is not None:
        record["lone"] = lone
    return Deal(
        tricks=tuple(tricks),
        points=tuple(points),
        tricks_won=tuple(won),
        violations=tuple(violations),
        first_violation=violations[0] if violations else None,
        events=events,
        complete=complete,
        ended_early=ended_early,
        record=record,
        unknown=unknown,
        dealer=dealer if rs.dealer_scores or kitty else None,
        kitty=kitty,
        lone_seat=lone,
    )


@dataclass(frozen=True)
class DealInput:
    """A table's deal as :func:`play_deal` and the analysis (``rules.engine.solver``) take it:
    the ruleset, the first leader, the hands as dealt, the plays so far and the table's own
    (``context``, draw-four's ``stock``, the second round as ``prikup``, the ``dealer``)."""

    rs: Ruleset
    leader: int
    hands: Sequence[Sequence[Card | str] | None]
    plays: Sequence[PlayInput] | str = ()
    context: TrickContext | None = None
    stock: Sequence[Card | str] | None = None
    prikup: Sequence[Sequence[Card | str] | None] | None = None
    dealer: int | None = None

    @property
    def table(self) -> dict[str, Any]:
        """The table as :func:`play_deal`'s keywords: the stock, the prikup and the dealer given."""
        given = {"stock": self.stock, "prikup": self.prikup, "dealer": self.dealer}
        return {k: v for k, v in given.items() if v is not None}

    @property
    def tail(self) -> int:
        """Plays of an unfinished last trick."""
        return len(split_plays(self.rs, self.plays)) % self.rs.seats

    def whole_tricks(self) -> DealInput:
        """The deal without the plays of an unfinished last trick."""
        if not self.tail:
            return self
        flat = split_plays(self.rs, self.plays)
        return replace(self, plays=list(flat[: len(flat) - self.tail]))  # type: ignore[arg-type]

    def play(self) -> Deal:
        """The deal played out by :func:`play_deal`."""
        return play_deal(
            self.rs,
            self.leader,
            self.hands,  # type: ignore[arg-type]
            self.plays,
            context=self.context,
            stock=self.stock,
            prikup=self.prikup,
            dealer=self.dealer,
        )


def _due_first_leader(rs: Ruleset, dealer: int, dealt: Sequence[tuple[Card, ...] | None]) -> int | None:
    """The seat the rules name to lead the deal's first trick, where they name one from the dealer:
    the player after the dealer (the short tables) or the dealer (draw-four#leading)."""
    if rs.leading == "left_of_dealer":
        return (dealer + 1) % rs.seats
    if rs.leading == "dealer":
        four = rs.four_trumps_seat(dealt)
        return dealer if four is None else four
    return None


def draw_up(remaining: list[list[Card] | None], pile: list[Card], winner: int) -> None:
    """Draw back to 4, one card at a time, starting with the trick winner (draw-four#winning)."""
    order = [(winner + i) % 4 for i in range(4)]
    while pile and any(h is not None and len(h) < DRAW_HAND for h in remaining):
        for seat in order:
            h = remaining[seat]
            if pile and h is not None and len(h) < DRAW_HAND:
                h.append(pile.pop(0))
