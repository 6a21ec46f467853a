"""The compiled search against the reference search in the games whose plays may be several cards
(draw-four, the eight-card games' option multi_leads).

The reference is held to a brute force by test_solver.py; here every field of the analysis but the
nodes must come out the same from both, on random positions deeper than the brute force reaches:
draw-four while its stock is still drawn, and the multi-card leads of the eight-card tables.
"""

from __future__ import annotations

import random

import pytest

from rules.engine import AnalysisError, DealInput, TrickContext, analyse, analyse_midway, resolve, solver
from rules.engine.solver import Budget
from rules.engine.solver.multi import MultiGame
from rules.engine.variants import Ruleset
from tests.engine.test_solver import POSITIONS, deal
from tests.engine.test_solver_compiled import same

COMPILED_ONLY = pytest.mark.skipif(
    solver.COMPILED is None,
    reason="the compiled search is not built (scripts/build_solver.py needs Cython, gcc, python3-dev)",
)
# (table, options, cards still to play at most where the analysis starts, positions in make test;
# 0: one per thousand of KOZEL_SOLVER_POSITIONS, make test-solver's alone, where the reference
# search takes seconds a position; make test meets the last drawing against the brute force in
# test_solver_cases.py)
MULTI = [
    ("draw-four", {}, 16, 6),  # the stock drawn
    ("draw-four", {}, 20, 0),  # four cards still in the stock
    ("draw-four", {"four_trumps_lead": True, "trump_suit": "S"}, 16, 4),
    ("classic-sixes", {"multi_leads": True}, 16, 8),
    ("classic-sixes", {"multi_leads": True, "blind_seat": "1"}, 16, 4),
    ("penalty-goats", {"multi_leads": True, "deck": "24", "trump_row": "court"}, 16, 4),
]


def _game(rs: Ruleset, d: dict[str, object]) -> MultiGame:
    return MultiGame(
        rs,
        rs,
        [tuple(h) for h in d["hands"]],  # type: ignore[attr-defined]
        list(d["stock"] or []),  # type: ignore[call-overload]
        d["leader"],  # type: ignore[arg-type]
        TrickContext(),
        Budget(10**12),
    )


def _played_to(rs: Ruleset, rnd: random.Random, left: int) -> tuple[dict[str, object], list[list[str]]]:
    """A random deal played at random until at most ``left`` cards are still to play (held or in
    the stock), stopping at a trick start or inside a trick."""
    hands, _, stock = deal(rs, rnd)
    d: dict[str, object] = {
        "hands": hands,
        "stock": stock if rs.draws else None,
        "leader": rnd.randrange(rs.seats),
    }
    game = _game(rs, d)
    pos, plays = game.start(), []
    on_table = rnd.randrange(rs.seats)  # plays of the trick made where it stops
    while game.to_move(pos) is not None:
        held = sum(bin(h).count("1") for h in pos.hands) + len(game.stock_bits) - pos.drawn
        if held <= left and len(pos.trick) == on_table:
            break
        moves = game.legal(pos)
        singles = [m for m in moves if len(m) == 1]
        m = rnd.choice(singles if singles and rnd.random() < 0.7 else moves)
        plays.append([c.code for c in game.cards(m)])
        pos = game.apply(pos, m)
    return d, plays


@COMPILED_ONLY
@pytest.mark.parametrize(("key", "options", "left", "count"), MULTI)
def test_compiled_equals_reference(key: str, options: dict[str, object], left: int, count: int) -> None:
    rs = resolve(key, options)
    rnd = random.Random(f"multi core {key}{options}{left}")
    runs = count * max(1, POSITIONS // 200) if count else POSITIONS // 1000
    if not runs:
        pytest.skip("make test-solver's alone")
    for _ in range(runs):
        d, plays = _played_to(rs, rnd, left)
        deal_in = DealInput(rs, d["leader"], d["hands"], plays, None, d["stock"])  # type: ignore[arg-type]
        fast = analyse(deal_in, review=False)
        assert same(fast, analyse(deal_in, 10**12, review=False, reference=True)), (d, plays)
        assert fast.nodes > 0


@COMPILED_ONLY
def test_compiled_equals_reference_in_the_middle_of_a_deal() -> None:
    """The trick page's best play: a game taken up at a trick."""
    rs = resolve("classic-sixes", {"multi_leads": True})
    rnd = random.Random("multi core midway")
    for _ in range(4):
        hands, _, _ = deal(rs, rnd)
        k = rnd.randint(3, 4)  # cards each seat still holds
        held = [[c.code for c in h[:k]] for h in hands]
        ctx = TrickContext(first_leader=0)
        fast = analyse_midway(rs, 0, held, [], context=ctx, review=False)
        slow = analyse_midway(rs, 0, held, [], context=ctx, review=False, budget=10**12, reference=True)
        assert same(fast, slow), held


@COMPILED_ONLY
def test_a_whole_deal_past_a_small_budget_is_refused_with_it() -> None:
    rs = resolve("draw-four")
    hands, _, stock = deal(rs, random.Random(2))
    with pytest.raises(AnalysisError) as e:
        analyse(DealInput(rs, 0, hands, [], None, stock), 30_000)
    assert e.value.code == "too_complex" and e.value.params["budget"] == 30_000


@pytest.mark.parametrize(("key", "options", "left", "count"), MULTI)
def test_the_kept_plays_are_the_engines_at_every_moment(
    key: str, options: dict[str, object], left: int, count: int
) -> None:
    """:meth:`MultiGame.plays` keeps a hand's plays by the hand and what the engine reads of the
    lead, not by the moment: on many random lines through one deal, where the kept plays are
    met again at other moments, they are those a game that never kept any judges there (its
    context, led suits and trick number included)."""
    rs = resolve(key, options)
    rnd = random.Random(f"multi kept {key}{options}")
    met_again = 0
    for _ in range(2):
        d, _ = _played_to(rs, rnd, 0)
        game = _game(rs, d)
        for _ in range(24):
            pos = game.start()
            while game.to_move(pos) is not None:
                before = len(game._kept)
                kept = game.legal(pos)
                met_again += len(game._kept) == before
                assert kept == _game(rs, d).legal(pos), (d, pos)
                moves = [m for m in kept if len(m) == 1] if rnd.random() < 0.7 else kept
                pos = game.apply(pos, rnd.choice(moves or kept))
    assert met_again > 50
