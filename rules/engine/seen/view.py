"""What a seat sees at a play, and what the rules let it infer (docs/rules.md#what-was-seen).

The view of the seat making play ``index`` of a deal: its own cards then, every card played
before it (by whom, in which trick), the trump suit (the ruleset), and the places it cannot
see into: each other seat's hand in the round being played, the round still to be dealt (the
duel's prikup, solo-twelve's second four) and the cards dealt to nobody. The blind seat's hand is
one of them, for its own player too.

What each place cannot hold is asked of the engine's own legality, play by play: a card is
barred from a seat when holding it would have made one of that seat's earlier plays illegal
(:func:`~rules.engine.tricks.judge_play`, with the hand the seat held then: its later plays of the
round and the card). Following, must-trump, voon's and the хвалёнка's trump leads and the ace
ban all come out of it; the blind seat, whose every card is legal, is barred nothing. A play
already shown illegal by the cards seen (a revoke its own later play gave away) tells nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..cards import Card
from ..legality import TrickContext
from ..tricks import judge_play
from ..variants import Ruleset


@dataclass(frozen=True)
class SeenDeal:
    """A deal with every card's place known, as the review of what was seen reads it: the dealt
    hands (``prikup``: the second round's, where the table deals two), the plays in order with
    the seat that made each, the context of its first trick and the dealer."""

    rs: Ruleset
    leader: int
    hands: tuple[tuple[Card, ...], ...]
    plays: tuple[Card, ...]
    seats: tuple[int, ...]
    context: TrickContext
    prikup: tuple[tuple[Card, ...], ...] | None = None
    dealer: int | None = None

    def round_of(self, index: int) -> int:
        """The round (0, or 1 for a table dealt in two) that play ``index`` belongs to."""
        return index // (self.rs.hand_size * self.rs.seats) if self.rs.rounds > 1 else 0

    def dealt(self, rnd: int) -> tuple[tuple[Card, ...], ...]:
        if rnd == 0:
            return self.hands
        assert self.prikup is not None
        return self.prikup

    def contexts(self) -> list[TrickContext]:
        """Each trick's context as :func:`~rules.engine.deal.play_deal` gives it: the deal's first
        leader, the trick's number and the plain suits led before it."""
        n, rs = self.rs.seats, self.rs
        out: list[TrickContext] = []
        led = set(self.context.led_suits)
        for k in range(-(-len(self.plays) // n)):
            out.append(
                replace(self.context, first_leader=self.leader, led_suits=frozenset(led), trick_number=k + 1)
            )
            if not rs.is_trump(self.plays[k * n]):
                led.add(self.plays[k * n].suit)
        return out


@dataclass(frozen=True)
class Place:
    """Somewhere the viewer cannot see: a seat's hand in a round (``seat`` None: the cards dealt to
    nobody), the number of unseen cards it holds, and the cards the rules say it cannot hold."""

    seat: int | None
    rnd: int
    size: int
    barred: frozenset[Card]


@dataclass(frozen=True)
class View:
    """The view of ``seat`` at play ``index``: ``own`` its cards then, ``hidden`` every card it
    cannot see, ``places`` where they may lie, ``known[r][q]`` the cards it knows seat ``q`` was
    dealt in round ``r`` (played before, and its own), ``live`` the cards still in play (hidden,
    its own and the current trick's)."""

    deal: SeenDeal
    index: int
    seat: int
    own: tuple[Card, ...]
    hidden: tuple[Card, ...]
    places: tuple[Place, ...]
    known: tuple[tuple[tuple[Card, ...], ...], ...]
    live: frozenset[Card]

    def hands_of(
        self, layout: tuple[tuple[Card, ...], ...]
    ) -> tuple[list[list[Card]], list[list[Card]] | None]:
        """The dealt hands and the prikup (None where the table deals one round) of a placement of
        the hidden cards: ``layout[p]`` the cards it puts in ``places[p]``."""
        rs = self.deal.rs
        rounds = [[list(h) for h in r] for r in self.known]
        for place, cards in zip(self.places, layout, strict=True):
            if place.seat is not None:
                rounds[place.rnd][place.seat].extend(cards)
        return rounds[0], (rounds[1] if rs.rounds > 1 else None)


def view_at(deal: SeenDeal, index: int) -> View:
    """The view of the seat making play ``index`` (docs/rules.md#what-was-seen)."""
    rs, n = deal.rs, deal.rs.seats
    seat = deal.seats[index]
    rnd = deal.round_of(index)
    start = rnd * rs.hand_size * n
    played = [[deal.plays[i] for i in range(start, index) if deal.seats[i] == q] for q in range(n)]
    dealt = deal.dealt(rnd)
    own = tuple(c for c in dealt[seat] if c not in played[seat])
    seen = set(own) | set(deal.plays[:index])
    hidden = tuple(sorted((c for c in rs.deck if c not in seen), key=lambda c: c.index))
    contexts = deal.contexts()
    places: list[Place] = []
    for q in range(n):
        if q != seat:
            barred: set[Card] = set()
            for i in range(start, index):
                if deal.seats[i] == q:
                    barred |= _barred_by(deal, contexts, i, index, hidden)
            places.append(Place(q, rnd, rs.hand_size - len(played[q]), frozenset(barred)))
    if rnd + 1 < rs.rounds:
        places.extend(Place(q, rnd + 1, rs.hand_size, frozenset()) for q in range(n))
    if rs.kitty:
        places.append(Place(None, 0, rs.kitty, frozenset()))
    assert sum(p.size for p in places) == len(hidden), (places, hidden)
    known = []
    for r in range(rs.rounds):
        if r < rnd:
            known.append(deal.dealt(r))  # a round played out: every card of it was seen
        elif r == rnd:
            known.append(tuple(tuple(played[q]) + (own if q == seat else ()) for q in range(n)))
        else:
            known.append(((),) * n)
    trick_start = index - index % n
    live = frozenset(hidden) | frozenset(own) | frozenset(deal.plays[trick_start:index])
    return View(deal, index, seat, own, hidden, tuple(places), tuple(known), live)


def _barred_by(
    deal: SeenDeal, contexts: list[TrickContext], i: int, now: int, pool: tuple[Card, ...]
) -> set[Card]:
    """The cards of ``pool`` whose holding would have made play ``i`` illegal, its seat holding
    then the cards it played from ``i`` up to play ``now`` and that card."""
    rs, n = deal.rs, deal.rs.seats
    seat = deal.seats[i]
    first = i - i % n
    later = tuple(deal.plays[x] for x in range(i, now) if deal.seats[x] == seat)
    hands: list[tuple[Card, ...] | None] = [None] * n

    def legal(hand: tuple[Card, ...]) -> bool | None:
        hands[seat] = hand
        ok, _, _ = judge_play(
            rs, i - first, seat, (deal.plays[i],), (deal.plays[first],), hands, contexts[i // n]
        )
        return ok

    if legal(later) is False:
        return set()  # shown illegal by the cards seen: the rules did not bind it
    return {c for c in pool if legal((*later, c)) is False}


__all__ = ["Place", "SeenDeal", "View", "view_at"]
