"""The compiled multi-card search (``solver_multi_c``) against the pure one it is compiled from
(:class:`~rules.engine.solver_multi.MultiGame`'s search in Python).

The pure search is held to a brute force by test_solver.py; here every field of the analysis (the
seat to move, value, goals, each play's value, cost and lost goals, the nodes searched) must come
out the same from both, on random positions deeper than the brute force reaches: draw-four while
its stock is still drawn, and the multi-card leads of the eight-card tables.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.engine import AnalysisError, TrickContext, analyse_deal, analyse_midway, resolve, solver_game
from rules.engine.cards import Card
from rules.engine.solver import without_capture
from rules.engine.solver_multi import MULTI_COST_COMPILED, MultiGame
from rules.engine.solver_tables import Meter, TooComplex
from rules.engine.variants import Ruleset
from tests.engine.test_solver import deal

ENGINE = Path(solver_game.__file__).parent
BUILT = solver_game.COMPILED_MULTI is not None
COMPILED_ONLY = pytest.mark.skipif(
    not BUILT,
    reason="the compiled search is not built (scripts/build_solver.py needs Cython, gcc, python3-dev)",
)
# (table, options, cards still to play at most where the analysis starts, positions)
MULTI = [
    ("draw-four", {}, 16, 12),  # the stock drawn
    ("draw-four", {}, 20, 12),  # four cards still in the stock
    ("draw-four", {"four_trumps_lead": True, "trump_suit": "S"}, 20, 8),
    ("classic-sixes", {"multi_leads": True}, 20, 12),
    ("classic-sixes", {"multi_leads": True, "blind_seat": "1"}, 20, 8),
    ("penalty-goats", {"multi_leads": True, "deck": "24", "trump_row": "court"}, 20, 8),
]


def test_a_build_is_never_stale() -> None:
    built = sorted(ENGINE.glob("solver_multi_c.*.so"))
    if built and not BUILT:
        pytest.fail(f"{built[0].name} is from another solver_multi_c.pyx: run scripts/build_solver.py")


def _game(rs: Ruleset, d: dict[str, object]) -> MultiGame:
    return MultiGame(
        without_capture(rs),
        [tuple(h) for h in d["hands"]],  # type: ignore[attr-defined]
        list(d["stock"] or []),  # type: ignore[call-overload]
        d["leader"],  # type: ignore[arg-type]
        TrickContext(),
        Meter(10**12),
        rs,
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
        held = sum(bin(h).count("1") for h in pos.hands) + len(game.stock) - pos.drawn
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
def test_compiled_equals_pure(
    key: str, options: dict[str, object], left: int, count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rs = resolve(key, options)
    rnd = random.Random(f"multi core {key}{options}{left}")
    for _ in range(count):
        d, plays = _played_to(rs, rnd, left)
        where = f"{key} {options} {d} plays {plays}"
        got = []
        for compiled in (False, True):
            monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
            a = analyse_deal(
                rs,
                d["leader"],
                d["hands"],
                plays,
                stock=d["stock"],
                review=False,  # type: ignore[arg-type]
            )
            got.append(a)
        assert got[1] == got[0], where
        assert got[0].nodes > 0, where


@COMPILED_ONLY
def test_compiled_equals_pure_in_the_middle_of_a_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trick page's best play: a game taken up at a trick."""
    rs = resolve("classic-sixes", {"multi_leads": True})
    rnd = random.Random("multi core midway")
    for _ in range(8):
        hands, _, _ = deal(rs, rnd)
        k = rnd.randint(4, 6)  # cards each seat still holds
        held = [[c.code for c in h[:k]] for h in hands]
        got = []
        for compiled in (False, True):
            monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
            got.append(analyse_midway(rs, 0, held, [], context=TrickContext(first_leader=0), review=False))
        assert got[1] == got[0], held


@COMPILED_ONLY
def test_the_switch_picks_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = resolve("draw-four")
    d, plays = _played_to(rs, random.Random(1), 16)
    for compiled in (True, False):
        monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
        game = _game(rs, d)
        assert game.compiled is compiled
        pos = game.start()
        for p in plays:
            pos = game.apply(pos, game.move_of([Card.parse(c) for c in p]))
        game.solve(pos, frozenset({0, 2}))
        assert bool(game._searches) is compiled  # the pure search keeps no compiled searches


@COMPILED_ONLY
def test_the_compiled_search_counts_its_positions_against_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole deal of draw-four is past a small budget: refused with the budget named, once
    the positions, each counted MULTI_COST_COMPILED times, pass it."""
    rs = resolve("draw-four")
    hands, _, stock = deal(rs, random.Random(2))
    with pytest.raises(AnalysisError) as e:
        analyse_deal(rs, 0, hands, [], stock=stock, budget=30_000)  # type: ignore[arg-type]
    assert e.value.code == "too_complex" and e.value.params["budget"] == 30_000
    game = _game(rs, {"hands": hands, "stock": stock, "leader": 0})
    game.meter.limit = 30_000
    with pytest.raises(TooComplex):
        game.solve(game.start(), frozenset({0, 2}))
    assert game.meter.nodes == 30_000 // MULTI_COST_COMPILED + 1


@pytest.mark.parametrize(("key", "options", "left", "count"), MULTI)
def test_the_kept_plays_are_the_engines_at_every_moment(
    key: str, options: dict[str, object], left: int, count: int
) -> None:
    """:meth:`MultiGame.legal` keeps a hand's plays by the hand and what the engine reads of the
    lead, not by the moment: on many random lines through one deal, where the kept plays are
    met again at other moments, they are those a game that never kept any judges there (its
    context, led suits and trick number included)."""
    rs = resolve(key, options)
    rnd = random.Random(f"multi kept {key}{options}")
    met_again = 0
    for _ in range(2):
        d, _ = _played_to(rs, rnd, 0)
        game = _game(rs, d)
        for _ in range(count * 3):
            pos = game.start()
            while game.to_move(pos) is not None:
                before = len(game._plays)
                kept = game.legal(pos)
                met_again += len(game._plays) == before
                assert kept == _game(rs, d).legal(pos), (d, pos)
                moves = [m for m in kept if len(m) == 1] if rnd.random() < 0.7 else kept
                pos = game.apply(pos, rnd.choice(moves or kept))
    assert met_again > 50
