"""The compiled search (scripts/build_solver.py) against the pure one it is compiled from.

The pure search is held to a brute force by test_solver.py; here every field of the analysis
(the seat to move, value, goals, each play's value, cost and lost goals, the nodes searched)
must come out the same from both, on random positions deeper than the brute force can reach.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from rules.engine import TrickContext, analyse_deal, resolve, solver_game
from rules.engine.cards import Card
from rules.engine.solver_core import POINTS
from rules.engine.solver_tables import Meter, Rules, mask_of, tables_of
from rules.engine.variants import Ruleset
from tests.engine.test_solver import TABLES, deal, random_position

ENGINE = Path(solver_game.__file__).parent
PER_TABLE = 40
LEFT = 5  # tricks to go at most: past the brute force's reach, still quick for the pure search
POSITIONS = 40  # for the pure search; five times as many for the compiled one
WINDOW_LEFT = 7
LOOPED_LEFT = 8  # where only compiled searches run: whole hands at the eight-card tables
# the tables whose plays are one card: the search this module compiles
one_card_tables = pytest.mark.parametrize(
    ("key", "options", "seats", "context"),
    [t for t in TABLES if not t[1].get("multi_leads") and t[0] != "draw-four"],
)


def test_a_build_is_never_stale() -> None:
    built = sorted(ENGINE.glob("solver_core_c.*.so"))
    if built and solver_game.COMPILED is None:
        pytest.fail(f"{built[0].name} is from another solver_core.py: run scripts/build_solver.py")


@pytest.mark.skipif(
    solver_game.COMPILED is None,
    reason="the compiled search is not built (scripts/build_solver.py needs Cython, gcc, python3-dev)",
)
@one_card_tables
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
@one_card_tables
def test_a_trick_start_searched_with_the_whole_window_is_the_pures(
    key: str,
    options: dict[str, object],
    seats: int | None,
    context: TrickContext | None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A trick start of the last few tricks, solved without a guess, is searched once with the
    whole window, and there the bounds narrow the window more often than they settle it: the
    compiled search narrows it as the pure one does, node for node."""
    rs = resolve(key, options, seats=seats)
    rnd = random.Random(f"whole window {key}{options}{seats}{context}")
    coalition = frozenset(rs.sides[0])
    for _ in range(PER_TABLE):
        hands, prikup, _ = deal(rs, rnd)
        rounds = [[tuple(h) for h in r] for r in ([hands, prikup] if prikup else [hands])]
        leader = rnd.randrange(rs.seats)
        plays: list[int] = []
        got = []
        for compiled in (False, True):
            monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
            game = solver_game.CardGame(rs, rounds, leader, context or TrickContext(), Meter(10**9))
            pos = game.start()
            for c in plays:
                pos = game.apply(pos, (c,))
            while (
                pos.trick
                or pos.rnd + 1 < len(rounds)
                or max(bin(h).count("1") for h in pos.hands) > solver_game.SHALLOW
            ):  # random plays, the same for both searches
                legal = game.legal_mask(pos)
                plays.append(rnd.choice([c for c in range(len(game.tb.cards)) if legal >> c & 1]))
                pos = game.apply(pos, (plays[-1],))
            if game.to_move(pos) is None:
                break
            before = game.meter.nodes
            got.append((game.solve(pos, coalition, POINTS), game.meter.nodes - before))
        assert len(set(got)) <= 1, f"{key} {options} leader {leader} hands {hands} plays {plays}: {got}"


@pytest.mark.skipif(solver_game.COMPILED is None, reason="the compiled search is not built")
def test_the_switch_picks_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = resolve("classic-sixes", {})
    hands = [list(rs.deck[i * 8 : (i + 1) * 8]) for i in range(4)]
    for compiled, core in ((True, solver_game.COMPILED), (False, solver_game.solver_core)):
        monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
        game = solver_game.CardGame(rs, [hands], 0, TrickContext(), Meter(10**6))
        assert type(game._search(frozenset({0, 2}), POINTS)) is core.Search


@one_card_tables
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


def one_round_game(rs: Ruleset, hands: list[list[Card]], leader: int) -> solver_game.CardGame:
    """The solver's game of hands dealt in one round, with a budget no test reaches."""
    return solver_game.CardGame(rs, [[tuple(h) for h in hands]], leader, TrickContext(), Meter(10**9))


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("seats", [2, 3])
def test_windows_of_any_width_in_any_order_on_one_table_give_true_bounds(
    seats: int, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One search (one table) asked windows of every width, one after another, as the analysis
    asks: each answer is the value inside the window, and a bound on it outside. The value is
    a fresh search's, by zero-window tests alone."""
    if compiled and solver_game.COMPILED is None:
        pytest.skip("the compiled search is not built")
    monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
    rs = resolve("solo-twelve", {}, seats=seats)
    rnd = random.Random("windows solo-twelve")
    coalition = frozenset(rs.sides[0])
    for _ in range(POSITIONS * (5 if compiled else 1)):
        hands, _, _ = deal(rs, rnd)
        leader = rnd.randrange(rs.seats)
        plays: list[int] = []

        def game_at(
            plays: list[int] = plays, hands: list[list[Card]] = hands, leader: int = leader
        ) -> tuple[solver_game.CardGame, solver_game.Pos]:
            game = one_round_game(rs, hands, leader)
            pos = game.start()
            for c in plays:
                pos = game.apply(pos, (c,))
            return game, pos

        game, pos = game_at()
        while pos.trick or max(bin(h).count("1") for h in pos.hands) > WINDOW_LEFT:  # random plays
            legal = game.legal_mask(pos)
            plays.append(rnd.choice([c for c in range(len(game.tb.cards)) if legal >> c & 1]))
            pos = game.apply(pos, (plays[-1],))
        groups = game.classes(pos)
        children = [game.apply(pos, group[0]) for group in groups]
        truth = []
        for group in groups:
            fresh, at = game_at()
            truth.append(fresh.solve(fresh.apply(at, group[0]), coalition, POINTS, guess=60))
        for _ in range(60):
            i = rnd.randrange(len(children))
            rest = game.rest(children[i], coalition, POINTS)
            alpha = rnd.randrange(-1, rest + 1)
            beta = alpha + 1 if rnd.random() < 0.5 else rnd.randrange(alpha + 1, rest + 2)
            got = game._probe(children[i], coalition, POINTS)[0](alpha, beta)
            where = (
                f"seats {seats} leader {leader} hands {hands} plays {plays} child {i} window {(alpha, beta)}"
            )
            if got <= alpha:
                assert truth[i] <= got, where
            elif got >= beta:
                assert truth[i] >= got, where
            else:
                assert truth[i] == got, where


@pytest.mark.skipif(solver_game.COMPILED is None, reason="the compiled search is not built")
def test_a_table_past_two_megabytes_answers_as_fresh_tables_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole deal's table grows past 2 MB, where it is mapped on its own (on huge pages where
    the kernel offers them) and moved there from the small one it started in. Every lead's value
    read off that one table is what a fresh search of that lead alone finds."""
    monkeypatch.setattr(solver_game, "USE_COMPILED", True)
    rs = resolve("solo-twelve", {}, seats=2)
    coalition = frozenset(rs.sides[0])
    hands, _, _ = deal(rs, random.Random("a table past two megabytes"))
    game = one_round_game(rs, hands, 0)
    start = game.start()
    leads = [group[0] for group in game.classes(start)]
    shared = [game.solve(game.apply(start, m), coalition, POINTS) for m in leads]
    assert game._search(coalition, POINTS).table_bytes > 2 << 20
    for m, value in list(zip(leads, shared, strict=True))[::3]:
        fresh = one_round_game(rs, hands, 0)
        assert fresh.solve(fresh.apply(fresh.start(), m), coalition, POINTS) == value, m


def test_the_build_for_processors_without_bmi2_answers_as_the_one_in_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the processor has no BMI2 the key's bits are gathered by a loop instead of pext: the
    same key, so the same answers and the same nodes, at every seat count and across a second
    round (the duel's prikup, solo-twelve's second four)."""
    monkeypatch.syspath_prepend(str(ENGINE.parent.parent / "scripts"))
    import build_solver

    if solver_game.COMPILED is None or build_solver.missing() is not None:
        pytest.skip("the compiled search is not built here")
    build_solver.build(into=tmp_path, flags=["-O2"])
    spec = importlib.util.spec_from_file_location(solver_game.COMPILED.__name__, next(tmp_path.glob("*.so")))
    assert spec is not None and spec.loader is not None
    looped = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(looped)
    assert looped.SOURCE_SHA256 == solver_game.COMPILED.SOURCE_SHA256
    monkeypatch.setattr(solver_game, "USE_COMPILED", True)
    rnd = random.Random("without bmi2")
    for key, options, seats in (
        ("classic-sixes", {}, None),
        ("yc-duel", {}, 2),
        ("solo-twelve", {}, 2),
        ("solo-twelve", {}, 3),
        ("solo-twelve", {}, 4),
    ):
        rs = resolve(key, options, seats=seats)
        for _ in range(6):
            _, _, leader, hands, prikup, _, plays = random_position(rs, rnd, left=LOOPED_LEFT)
            cards = [p[0] for p in plays]
            got = []
            for core in (solver_game.COMPILED, looped):
                monkeypatch.setattr(solver_game, "COMPILED", core)
                got.append(analyse_deal(rs, leader, hands, cards, prikup=prikup, review=False))
            assert got[1] == got[0], f"{key} {seats} leader {leader} hands {hands} plays {cards}"
