"""The compiled search (scripts/build_solver.py) against the pure one it is compiled from.

The pure search is held to a brute force by test_solver.py; here every field of the analysis
(the seat to move, value, goals, each play's value, cost and lost goals, the nodes searched)
must come out the same from both, on random positions deeper than the brute force can reach.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.engine import TrickContext, analyse_deal, resolve, solver_game
from rules.engine.solver_core import POINTS
from rules.engine.solver_tables import Meter, Rules, mask_of, tables_of
from tests.engine.test_solver import TABLES, random_position

ENGINE = Path(solver_game.__file__).parent
PER_TABLE = 40
LEFT = 5  # tricks to go at most: past the brute force's reach, still quick for the pure search


def test_a_build_is_never_stale() -> None:
    built = sorted(ENGINE.glob("solver_core_c.*.so"))
    if built and solver_game.COMPILED is None:
        pytest.fail(f"{built[0].name} is from another solver_core.py: run scripts/build_solver.py")


@pytest.mark.skipif(
    solver_game.COMPILED is None,
    reason="the compiled search is not built (scripts/build_solver.py needs Cython, gcc, python3-dev)",
)
@pytest.mark.parametrize(
    ("key", "options", "seats", "context"),
    [t for t in TABLES if not t[1].get("multi_leads") and t[0] != "draw-four"],
)
def test_compiled_equals_pure(
    key: str,
    options: dict[str, object],
    seats: int | None,
    context: TrickContext | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rs = resolve(key, options, seats=seats)
    rnd = random.Random(f"core {key}{options}{seats}{context}")
    for _ in range(PER_TABLE):
        _, _, leader, hands, prikup, _, plays = random_position(rs, rnd, left=LEFT, context=context)
        cards = [p[0] for p in plays]
        where = f"{key} {options} leader {leader} hands {hands} prikup {prikup} plays {cards}"
        got = []
        for compiled in (False, True):
            monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
            got.append(analyse_deal(rs, leader, hands, cards, prikup=prikup, context=context, review=False))
        assert got[1] == got[0], where


@pytest.mark.skipif(solver_game.COMPILED is None, reason="the compiled search is not built")
def test_the_switch_picks_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = resolve("classic-sixes", {})
    hands = [list(rs.deck[i * 8 : (i + 1) * 8]) for i in range(4)]
    for compiled, core in ((True, solver_game.COMPILED), (False, solver_game.solver_core)):
        monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
        game = solver_game.CardGame(rs, [hands], 0, TrickContext(), Meter(10**6))
        assert type(game._search(frozenset({0, 2}), POINTS)) is core.Search


@pytest.mark.parametrize(
    ("key", "options", "seats", "context"),
    [t for t in TABLES if not t[1].get("multi_leads") and t[0] != "draw-four"],
)
def test_the_legality_not_asked_of_the_engine_is_the_engines(
    key: str, options: dict[str, object], seats: int | None, context: TrickContext | None
) -> None:
    """Rules.followed (a hand that can follow) and a table whose leads are all free answer
    without asking legal_cards: on random hands, leads and seats they answer as it does."""
    rs = resolve(key, options, seats=seats)
    tb = tables_of(rs)
    ctx = context or TrickContext()
    rules = Rules(rs, tb, ctx, 0, [tuple([(1 << len(tb.cards)) - 1] * rs.seats)])
    rnd = random.Random(f"legality {key}{options}{seats}{context}")
    followed = 0
    for _ in range(300):
        hand = mask_of(tb, rnd.sample(tb.cards, rnd.randint(1, rs.hand_size)))
        seat, lead, ls = rnd.randrange(rs.seats), rnd.randrange(len(tb.cards)), rnd.randrange(16)
        assert rules.answers(seat, hand, lead, ls) == rules.answer_mask(seat, hand, lead, ls), (hand, lead)
        assert rules.leads(seat, hand, ls) == rules.lead_mask(seat, hand, ls), hand
        followed += rules.followed(seat, hand, lead) != 0
    assert followed > 50  # the shortcut was taken, not only the engine asked
