"""The solver against a plain brute-force minimax written here, on random positions of every
variant with up to three tricks left (docs/rules.md#analysis).

The brute force knows nothing of the solver: it plays with the engine's public functions only
(``legal_cards``, ``resolve_trick``), draws draw-four's stock itself, tries every play at every
node without pruning, and asks each question (points, every trick, a capture) of each side
separately. Compared: the seat to move, what is taken, the value of both sides, every goal of
both sides, the legal plays and the value after each of them; each as the compiled search
answers it (where it is built) and as the reference search does.

``KOZEL_SOLVER_POSITIONS`` sets the positions per table, an eighth of them where a play may be
several cards (the brute force tries every set of cards there): ``make test`` hundreds, ``make
test-solver`` thousands; a tenth of that for the tables of options combined. The reference search
is asked at every other position.
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

import pytest

from rules.engine import DealInput, TrickContext, analyse, legal_cards, resolve, resolve_trick
from rules.engine.cards import Card
from rules.engine.solver import Analysis
from rules.engine.variants import Ruleset

POSITIONS = int(os.environ.get("KOZEL_SOLVER_POSITIONS", "200"))

# the thresholds of docs/rules.md#analysis, written out per variant: win, big_win, all_points
THRESHOLDS = {
    "classic-sixes": (61, 90, None),
    "penalty-goats": (61, 90, None),
    "voon-series": (61, 90, 120),
    "yc-hvalyony": (61, 90, None),
    "yc-belka": (61, 91, 120),
    "yc-duel": (61, 90, None),
    "solo-twelve": (61, None, None),
    "draw-four": (61, 90, None),
}

VOON_HAND_1 = TrickContext(hand_number=1)  # nobody leads a trump while holding a plain card
VOON_LATER = TrickContext(hand_number=4, score=(3, 5))  # only the first leader's team may
BOASTER = TrickContext(boaster=1)  # the caller of the khvalyonka may lead a trump

TABLES: list[tuple[str, dict[str, object], int | None, TrickContext | None]] = [
    ("classic-sixes", {}, None, None),
    ("classic-sixes", {"trump_suit": "D", "ace_discard_ban": True}, None, None),
    ("penalty-goats", {}, None, None),
    ("voon-series", {}, None, None),
    ("voon-series", {}, None, VOON_HAND_1),
    ("voon-series", {}, None, VOON_LATER),
    ("yc-hvalyony", {}, None, None),
    ("yc-hvalyony", {"sevens": True, "six_of_clubs": False}, None, None),
    ("yc-belka", {"trump_suit": "H"}, None, None),
    ("yc-belka", {"blind_seat": "2"}, None, None),
    ("yc-duel", {}, 2, None),
    ("solo-twelve", {}, 2, None),
    ("solo-twelve", {"trump_suit": "S"}, 3, None),
    ("solo-twelve", {"spades_queen": True}, 3, None),
    ("solo-twelve", {}, 4, None),
    ("draw-four", {}, None, None),
    ("classic-sixes", {"multi_leads": True}, None, None),
    ("penalty-goats", {"multi_leads": True, "deck": "24", "trump_row": "court"}, None, None),
    ("classic-sixes", {"revoke_penalty": "four_points", "trump_lead": "hvalyonka_only"}, None, None),
    ("classic-sixes", {"trump_lead": "hvalyonka_only"}, None, BOASTER),
]
# options that combine, leads of one rank, two blind seats: a tenth of the positions each
COMBINED: list[tuple[str, dict[str, object], int | None, TrickContext | None]] = [
    ("classic-sixes", {"multi_leads": "suit_or_rank"}, None, None),
    ("classic-sixes", {"multi_leads": "suit_or_rank", "ace_discard_ban": True}, None, None),
    ("classic-sixes", {"blind_seats": "0,1"}, None, None),
    ("classic-sixes", {"multi_leads": "suit", "ace_discard_ban": True}, None, None),
    ("classic-sixes", {"multi_leads": "suit", "trump_lead": "hvalyonka_only"}, None, None),
    ("classic-sixes", {"multi_leads": "suit", "trump_lead": "hvalyonka_only"}, None, BOASTER),
    (
        "penalty-goats",
        {"hvalyonki": True, "trump_lead": "hvalyonka_only", "shutout_marks": True},
        None,
        BOASTER,
    ),
]
TABLES += COMBINED


@dataclass(frozen=True)
class State:
    hands: tuple[frozenset[Card], ...]
    later: tuple[frozenset[Card], ...] | None  # the second round, not dealt yet
    leader: int
    trick: tuple[tuple[Card, ...], ...]  # plays so far, from the leader
    led: frozenset[str]
    number: int  # the trick's number in the deal
    stock: tuple[Card, ...]
    points: tuple[int, ...]  # per side
    tricks: tuple[int, ...]  # per side
    captured: frozenset[int]


class Ref:
    """A deal played by the engine's public rules, searched exhaustively."""

    def __init__(
        self,
        rs: Ruleset,
        leader: int,
        hands: Sequence[Sequence[Card]],
        prikup: Sequence[Sequence[Card]] | None = None,
        stock: Sequence[Card] = (),
        context: TrickContext | None = None,
    ) -> None:
        self.rs, self.first, self.ctx = rs, leader, context or TrickContext()
        self.n = rs.seats
        sides = len(rs.sides)
        dealt = {c for h in hands for c in h} | {c for h in prikup or () for c in h} | set(stock)
        points = [0] * sides
        if rs.kitty and not rs.draws:  # the cards dealt to nobody: the dealer's
            points[rs.side_of((leader - 1) % self.n)] += sum(c.points for c in rs.deck if c not in dealt)
        self.start = State(
            tuple(frozenset(h) for h in hands),
            tuple(frozenset(h) for h in prikup) if prikup else None,
            leader,
            (),
            frozenset(),
            1,
            tuple(stock),
            tuple(points),
            (0,) * sides,
            frozenset(),
        )
        self.memo: dict[tuple[object, ...], object] = {}
        self.after: dict[State, list[State]] = {}
        self.contexts: dict[tuple[frozenset[str], int], TrickContext] = {}

    def children(self, st: State) -> list[State]:
        """The position after each legal play (each asked of the engine once)."""
        if st not in self.after:
            self.after[st] = [self.apply(st, p) for p in self.plays(st)]
        return self.after[st]

    def to_move(self, st: State) -> int | None:
        if not st.trick and not st.hands[st.leader]:
            return None
        return (st.leader + len(st.trick)) % self.n

    def context(self, st: State) -> TrickContext:
        key = (st.led, st.number)
        if key not in self.contexts:
            self.contexts[key] = replace(
                self.ctx, first_leader=self.first, led_suits=st.led, trick_number=st.number
            )
        return self.contexts[key]

    def plays(self, st: State) -> list[tuple[Card, ...]]:
        seat = self.to_move(st)
        assert seat is not None
        hand = sorted(st.hands[seat], key=lambda c: c.index)
        rs = self.rs
        if not rs.multi_card_leads:
            lead = st.trick[0][0] if st.trick else None
            return [(c,) for c in legal_cards(rs, hand, lead, seat=seat, context=self.context(st))]
        sizes = (
            [len(st.trick[0])]
            if st.trick
            else range(1, min(self.rs.max_lead, *(len(h) for h in st.hands)) + 1)
        )
        out = []
        for k in sizes:
            for combo in combinations(hand, k):
                # judged in a whole trick: the seats after it play their first cards
                plays = [*st.trick, combo]
                hands = [sorted(h, key=lambda c: c.index) for h in st.hands]
                for j, done in enumerate(st.trick):  # the hands as the trick found them
                    hands[(st.leader + j) % self.n] += done
                i = len(plays)
                while len(plays) < self.n:
                    s = (st.leader + len(plays)) % self.n
                    plays.append(tuple(sorted(st.hands[s], key=lambda c: c.index)[:k]))
                t = resolve_trick(
                    rs, st.leader, plays, hands=[tuple(h) for h in hands], context=self.context(st)
                )
                if t.plays[i - 1].legal is not False:
                    out.append(combo)
        return out

    def apply(self, st: State, play: tuple[Card, ...]) -> State:
        seat = self.to_move(st)
        assert seat is not None
        hands = list(st.hands)
        hands[seat] = hands[seat] - set(play)
        trick = (*st.trick, play)
        if len(trick) < self.n:
            later, points, tricks, captured = st.later, st.points, st.tricks, st.captured
            return State(
                tuple(hands), later, st.leader, trick, st.led, st.number, st.stock, points, tricks, captured
            )
        before = list(hands)
        for i, p in enumerate(trick):
            s = (st.leader + i) % self.n
            before[s] = before[s] | set(p)
        t = resolve_trick(
            self.rs, st.leader, list(trick), hands=[tuple(h) for h in before], context=self.context(st)
        )
        side = self.rs.side_of(t.winner)
        points, tricks = list(st.points), list(st.tricks)
        points[side] += t.points
        tricks[side] += 1
        captured = st.captured | {e.team for e in t.events if e.kind == "queen_capture"}
        led = st.led | {c.suit for c in trick[0] if not self.rs.is_trump(c)}  # each plain suit led
        stock = list(st.stock)
        while stock and any(len(h) < 4 for h in hands):  # draw back to 4, the winner first
            for k in range(self.n):
                s = (t.winner + k) % self.n
                if stock and len(hands[s]) < 4:
                    hands[s] = hands[s] | {stock.pop(0)}
        later = st.later
        if later is not None and not any(hands):
            hands, later = list(later), None
        return State(
            tuple(hands),
            later,
            t.winner,
            (),
            led,
            st.number + 1,
            tuple(stock),
            tuple(points),
            tuple(tricks),
            captured,
        )

    def best(self, st: State, side: int, what: str) -> int:
        """What ``side`` makes sure of from here on: card points, tricks (all of the rest?) or a
        capture (1/0), every play of every seat tried."""
        # what is still to come does not depend on what was taken before
        key = (st.hands, st.later, st.leader, st.trick, st.led, st.stock, side, what)
        if key in self.memo:
            return self.memo[key]  # type: ignore[return-value]
        seat = self.to_move(st)
        if seat is None:
            v = 1 if what == "tricks" else 0
        else:
            vals = []
            for nxt in self.children(st):
                if what == "points":
                    vals.append(nxt.points[side] - st.points[side] + self.best(nxt, side, what))
                elif what == "capture":
                    gained = side in nxt.captured and side not in st.captured
                    vals.append(1 if gained else self.best(nxt, side, what))
                else:  # every trick: the others take none
                    lost = sum(nxt.tricks) - nxt.tricks[side] > sum(st.tricks) - st.tricks[side]
                    vals.append(0 if lost else self.best(nxt, side, what))
            v = max(vals) if self.rs.side_of(seat) == side else min(vals)
        self.memo[key] = v
        return v

    def values(self, st: State) -> tuple[int, ...]:
        return tuple(st.points[s] + self.best(st, s, "points") for s in range(len(self.rs.sides)))

    def goals(self, st: State) -> list[dict[str, bool | None]]:
        win, big, allp = THRESHOLDS[self.rs.key]
        out = []
        for s, v in enumerate(self.values(st)):
            g: dict[str, bool | None] = {
                "win": v >= win,
                "big_win": None if big is None else v >= big,
                "all_points": None if allp is None else v >= allp,
            }
            others = sum(st.tricks) - st.tricks[s]
            g["all_tricks"] = (
                None if not self.rs.all_tricks_goal else others == 0 and self.best(st, s, "tricks") == 1
            )
            g["capture"] = (
                None if self.rs.capture is None else s in st.captured or self.best(st, s, "capture") == 1
            )
            out.append(g)
        return out


def deal(rs: Ruleset, rnd: random.Random) -> tuple[list[list[Card]], list[list[Card]] | None, list[Card]]:
    """Random hands, and the prikup or the stock where the table has one."""
    deck = list(rs.deck)
    rnd.shuffle(deck)
    n = rs.seats
    size = 4 if rs.draws else rs.hand_size
    hands = [deck[i * size : (i + 1) * size] for i in range(n)]
    rest = deck[n * size :]
    if rs.rounds > 1:
        return hands, [rest[i * size : (i + 1) * size] for i in range(n)], []
    return hands, None, rest if rs.draws else []


def random_position(
    rs: Ruleset, rnd: random.Random, left: int = 3, context: TrickContext | None = None
) -> tuple[Ref, State, int, list[list[Card]], list[list[Card]] | None, list[Card], list[list[str]]]:
    """A random deal played at random to a point with at most ``left`` tricks to go."""
    hands, prikup, stock = deal(rs, rnd)
    leader = rnd.randrange(rs.seats)
    ref = Ref(rs, leader, hands, prikup, stock, context)
    st = ref.start
    plays: list[list[str]] = []
    if rs.multi_card_leads:
        stop = rnd.randint(0, left * rs.seats)  # cards left in hands when we stop (stock empty)
    else:
        stop = rnd.randint(0, left * rs.seats)
    while ref.to_move(st) is not None:
        cards_left = sum(len(h) for h in st.hands) + len(st.stock) + sum(len(h) for h in st.later or ())
        if cards_left <= stop and not (rs.multi_card_leads and st.stock):
            break
        options = ref.plays(st)
        singles = [p for p in options if len(p) == 1]
        p = rnd.choice(singles if singles and rnd.random() < 0.8 else options)
        plays.append([c.code for c in p])
        st = ref.apply(st, p)
    return ref, st, leader, hands, prikup, stock, plays


def check_position(
    rs: Ruleset,
    ref: Ref,
    st: State,
    leader: int,
    hands: list[list[Card]],
    prikup: list[list[Card]] | None,
    stock: list[Card],
    plays: list[list[str]],
    context: TrickContext | None = None,
    reference: bool | None = None,
) -> None:
    """The analysis of the position is the brute force's, by the compiled search and by the
    reference search (``reference``: by the one named)."""
    deal = DealInput(
        rs,
        leader,
        hands,
        plays if rs.multi_card_leads else [p[0] for p in plays],
        context,
        stock or None,
        prikup,
    )
    for by_reference in (False, True) if reference is None else (reference,):
        a = analyse(deal, 10**12, review=False, reference=by_reference)
        compare(rs, ref, st, a, f"{deal} reference {by_reference}")


def compare(rs: Ruleset, ref: Ref, st: State, a: Analysis, where: str) -> None:
    """Every field of an analysis but the nodes, as the brute force finds it."""
    assert a.to_move == ref.to_move(st), where
    assert a.taken == st.points, where
    assert a.value == ref.values(st), where
    assert [dict(g) for g in a.goals] == ref.goals(st), where
    legal = (
        {tuple(sorted(p, key=lambda c: c.index)) for p in ref.plays(st)} if a.to_move is not None else set()
    )
    got = {
        tuple(sorted(m.card, key=lambda c: c.index)) if isinstance(m.card, tuple) else (m.card,)
        for m in a.moves
    }
    assert got == legal, where
    for m in a.moves:
        play = m.card if isinstance(m.card, tuple) else (m.card,)
        after = ref.apply(st, play)
        assert m.value == ref.values(after), (where, m)
        side = rs.side_of(a.to_move or 0)
        assert m.cost == a.value[side] - m.value[side]
        lost = tuple(k for k, v in ref.goals(st)[side].items() if v and not ref.goals(after)[side][k])
        assert m.lost_goals == lost, (where, m)


@pytest.mark.parametrize(("key", "options", "seats", "context"), TABLES)
def test_solver_equals_brute_force(
    key: str, options: dict[str, object], seats: int | None, context: TrickContext | None
) -> None:
    rs = resolve(key, options, seats=seats)
    rnd = random.Random(f"{key}{options}{seats}{context}")
    count = (POSITIONS if not rs.multi_card_leads else POSITIONS // 8) // (
        10 if (key, options, seats, context) in COMBINED else 1
    )
    for i in range(count):
        ref, st, leader, hands, prikup, stock, plays = random_position(rs, rnd, context=context)
        # the compiled search at every position, the reference search (its oracle) at every other
        check_position(rs, ref, st, leader, hands, prikup, stock, plays, context, None if i % 2 else False)


@pytest.mark.parametrize(
    ("context", "leader", "hands", "plays"),
    [
        (
            VOON_LATER,
            2,
            [
                "9H KC AC QD JS KD 8C 9C",
                "JC KS 10H 10C 10S AD QC KH",
                "7S 7H JD 7D JH AS 8D QS",
                "10D 7C 8H QH AH 9D 8S 9S",
            ],
            "QS QH KC 10C 7S 9S QD KS AC QC JD 7C 8S 9C 10S AS KD AD 7D 10D KH 7H",
        ),
        (
            VOON_HAND_1,
            0,
            [
                "JH 7C 7D 9H JD AD KD QS",
                "QC 7S 8D 9D KH 10C JC 9C",
                "10D 9S AH AS 8S AC 10H KC",
                "7H QH 8C KS 10S 8H QD JS",
            ],
            "AD 9D 10D QH 10S JD 7S 8S 9H KH 10H 8H 9S KS JH 8D KD JC AC",
        ),
    ],
    ids=["later hand", "hand 1"],
)
@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "reference"])
def test_run_off_keeps_trumps_back(
    context: TrickContext, leader: int, hands: list[str], plays: str, reference: bool
) -> None:
    """voon-series#leading: a leader without the right to lead trumps runs off his plain cards
    alone; positions where counting his top trumps too would give a wrong value."""
    rs = resolve("voon-series")
    dealt = [[Card.parse(c) for c in h.split()] for h in hands]
    ref = Ref(rs, leader, dealt, context=context)
    st = ref.start
    for code in plays.split():
        st = ref.apply(st, (Card.parse(code),))
    check_position(rs, ref, st, leader, dealt, None, [], [[c] for c in plays.split()], context, reference)
