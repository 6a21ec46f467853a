"""The compiled search (scripts/build_solver.py) against the reference search, in the one-card games.

The reference is held to a brute force by test_solver.py; here every field of the analysis but the
nodes (the seat to move, value, goals, each play's value, cost and lost goals) must come out the
same from both, on random positions deeper than the brute force reaches.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from rules.engine import DealInput, TrickContext, analyse, resolve, solver
from rules.engine.cards import Card
from rules.engine.solver import Budget
from rules.engine.solver.game import CardGame
from rules.engine.solver.pos import POINTS, Pos
from tests.engine.test_solver import POSITIONS, TABLES, deal, random_position

SOLVER = Path(solver.__file__).parent
PER_TABLE = max(12, POSITIONS // 16)  # make test-solver: hundreds
LEFT = 5  # tricks to go at most: past the brute force's reach, still quick for the reference
WINDOW_LEFT = 6
COMPILED_ONLY = pytest.mark.skipif(
    solver.COMPILED is None,
    reason="the compiled search is not built (scripts/build_solver.py needs Cython, gcc, python3-dev)",
)
one_card_tables = pytest.mark.parametrize(
    ("key", "options", "seats", "context"),
    [t for t in TABLES if not t[1].get("multi_leads") and t[0] != "draw-four"],
)


def same(a: object, b: object) -> bool:
    """Two analyses alike in every field but the nodes searched."""
    return replace(a, nodes=0) == replace(b, nodes=0)  # type: ignore[type-var]


def test_a_build_is_never_stale() -> None:
    built = sorted(SOLVER.glob("*.so"))
    if built and solver.COMPILED is None:
        pytest.fail(f"{built[0].name} is from other sources: run scripts/build_solver.py")


@COMPILED_ONLY
@one_card_tables
def test_compiled_equals_reference(
    key: str, options: dict[str, object], seats: int | None, context: TrickContext | None
) -> None:
    rs = resolve(key, options, seats=seats)
    rnd = random.Random(f"core {key}{options}{seats}{context}")
    for _ in range(PER_TABLE):
        _, _, leader, hands, prikup, _, plays = random_position(rs, rnd, left=LEFT, context=context)
        d = DealInput(rs, leader, hands, [p[0] for p in plays], context, None, prikup)
        fast = analyse(d, review=False)
        assert same(fast, analyse(d, 10**12, review=False, reference=True)), d


def one_round_game(rs: object, hands: list[list[Card]], leader: int, reference: bool = False) -> CardGame:
    """The solver's game of hands dealt in one round, with a budget no test reaches."""
    return CardGame(rs, [hands], leader, TrickContext(), Budget(10**12), reference=reference)  # type: ignore[arg-type]


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "reference"])
@pytest.mark.parametrize("seats", [2, 3])
def test_windows_of_any_width_in_any_order_on_one_table_give_true_bounds(seats: int, reference: bool) -> None:
    """One search (one table) asked windows of every width, one after another, as the analysis
    asks: each answer is the value inside the window, and a bound on it outside. The value is a
    fresh search's, by zero-window tests alone."""
    if not reference and solver.COMPILED is None:
        pytest.skip("the compiled search is not built")
    rs = resolve("solo-twelve", {}, seats=seats)
    rnd = random.Random("windows solo-twelve")
    coalition = frozenset(rs.sides[0])
    for _ in range(6 if reference else 30):
        hands, _, _ = deal(rs, rnd)
        leader = rnd.randrange(rs.seats)
        game = one_round_game(rs, hands, leader, reference)
        pos = game.start()
        while pos.trick or max(h.bit_count() for h in pos.hands) > (4 if reference else WINDOW_LEFT):
            pos = game.apply(pos, rnd.choice(game.legal(pos)))
        children = [game.apply(pos, m) for m in game.legal(pos)]
        truth = [_fresh(rs, hands, leader, child, coalition, reference) for child in children]
        search = game.search(coalition, POINTS)
        for _ in range(40):
            i = rnd.randrange(len(children))
            rest = game.rest(children[i], coalition, POINTS)
            alpha = rnd.randrange(-1, rest + 1)
            beta = alpha + 1 if rnd.random() < 0.5 else rnd.randrange(alpha + 1, rest + 2)
            got = search.probe(children[i], alpha, beta)
            where = f"seats {seats} leader {leader} hands {hands} {children[i]} window {(alpha, beta)}"
            if got <= alpha:
                assert truth[i] <= got, where
            elif got >= beta:
                assert truth[i] >= got, where
            else:
                assert truth[i] == got, where


def _fresh(
    rs: object, hands: list[list[Card]], leader: int, pos: Pos, coalition: frozenset[int], reference: bool
) -> int:
    """The value at ``pos`` by a new game's search, from a guess of 60."""
    return one_round_game(rs, hands, leader, reference).search(coalition, POINTS).value(pos, 60)


@COMPILED_ONLY
def test_a_table_past_two_megabytes_answers_as_fresh_tables_do() -> None:
    """A whole deal's table grows past 2 MB, where it is mapped on its own (on huge pages where
    the kernel offers them) and moved there from the small one it started in. Every lead's value
    read off that one table is what a fresh search of that lead alone finds."""
    rs = resolve("solo-twelve", {}, seats=2)
    coalition = frozenset(rs.sides[0])
    hands, _, _ = deal(rs, random.Random("a table past two megabytes"))
    game = one_round_game(rs, hands, 0)
    start = game.start()
    leads = game.legal(start)
    shared = [game.solve(game.apply(start, m), coalition, POINTS) for m in leads]
    assert game.search(coalition, POINTS).table.bytes > 2 << 20  # type: ignore[attr-defined]
    for m, value in list(zip(leads, shared, strict=True))[::4]:
        fresh = one_round_game(rs, hands, 0)
        assert fresh.solve(fresh.apply(fresh.start(), m), coalition, POINTS) == value, m


@one_card_tables
def test_the_legality_not_asked_of_the_engine_is_the_engines(
    key: str, options: dict[str, object], seats: int | None, context: TrickContext | None
) -> None:
    """A hand that can follow answers with its cards of the led group, and a table whose leads
    are all free leads every card, without asking legal_cards: on random hands, leads and seats
    they answer as it does."""
    from rules.engine.legality import legal_cards

    rs = resolve(key, options, seats=seats)
    game = CardGame(rs, [[list(rs.deck)] * rs.seats], 0, context or TrickContext(), Budget())
    deck = game.deck
    rnd = random.Random(f"legality {key}{options}{seats}{context}")
    for _ in range(200):
        hand = rnd.sample(deck.cards, rnd.randint(1, rs.hand_size))
        seat, lead, ls = rnd.randrange(rs.seats), rnd.randrange(len(deck.cards)), rnd.randrange(16)
        ctx = game.context(ls, None)
        engine = deck.mask(legal_cards(rs, hand, deck.cards[lead], seat=seat, context=ctx))
        assert game.answers(seat, deck.mask(hand), lead, ls) == engine, (hand, lead)
        if game.free_leads:
            assert game.leads(seat, deck.mask(hand), ls) == deck.mask(hand)
