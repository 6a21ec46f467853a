"""scripts/bench_trees.py's smallest proof tree (fewest_nodes), printed beside the node ratio:
the fewest positions the solver's search could visit, whatever its move order, but for its table."""

from __future__ import annotations

import pytest

from rules.engine import resolve
from rules.engine.solver_core import POINTS, Search
from rules.engine.solver_tables import Meter
from scripts import bench_analyse as bench
from scripts.bench_trees import fewest_nodes, plain_alpha_beta


@pytest.mark.parametrize("table", ["classic-sixes", "yc-belka/blind", "yc-duel", "solo-twelve/3"])
def test_the_smallest_proof_is_within_the_plain_search_and_the_solvers_own_at_the_last_trick(
    table: str,
) -> None:
    key, options, seats = bench.TABLES[table]
    rs = resolve(key, options, seats=seats)
    free = 0
    for seed in range(24):
        left = 1 + seed % 3
        d = bench.random_deal(rs, seed)
        plays = bench.tricks_left(rs, d, seed, left)
        game, pos = bench._position(rs, d, plays)
        fewest = fewest_nodes(game, pos)
        plain = plain_alpha_beta(game, list(pos.hands), pos.leader, pos.rnd, pos.ls)
        solver = bench._value_nodes(game, pos)
        assert fewest <= plain, (table, seed)
        # none where the bounds settle the position, as the solver visits none
        assert (fewest == 0) == (solver == 0), (table, seed)
        if left == 1:
            # one position, or none where the bounds settle it: as the solver counts it
            assert fewest == solver <= 1, (table, seed)
            free += fewest == 0 and game.rest(pos, frozenset(rs.sides[0]), POINTS) > 0
    assert free, table  # the bounds settle some last tricks that still hold points


@pytest.mark.parametrize("table", ["yc-duel", "solo-twelve/4"])
def test_the_moves_counted_after_a_rounds_last_lead_are_that_tricks_answers(table: str) -> None:
    key, options, seats = bench.TABLES[table]
    rs = resolve(key, options, seats=seats)
    left = rs.hand_size * (rs.rounds - 1) + 1  # the first round's last trick
    for seed in range(6):
        d = bench.random_deal(rs, seed)
        game, pos = bench._position(rs, d, bench.tricks_left(rs, d, seed, left))
        legal = game.legal_mask(pos)
        pos = game.apply(pos, ((legal & -legal).bit_length() - 1,))  # the leader's hand is empty
        search = Search(game.rules, game.n, frozenset(rs.sides[0]), POINTS, game.capture, Meter(0))
        trick = tuple((s, m[0]) for s, m in pos.trick)
        moves = search.searched(pos.hands, pos.leader, pos.rnd, pos.ls, trick)
        answers = game.legal_mask(pos)
        assert moves and all(answers >> c & 1 for c in moves), (table, seed)
        assert fewest_nodes(game, pos) > 0, (table, seed)


def test_a_short_run_prints_its_floor_under_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(
        "sys.argv", ["bench_analyse", "--deals", "3", "--reviews", "0", "--tables", "yc-duel"]
    )
    bench.main()
    out = capsys.readouterr().out.splitlines()
    row = next(i for i, line in enumerate(out) if line.startswith("yc-duel"))
    floor = out[row + 1]
    assert floor.startswith("floor of this run: the plain search, in pure Python, ")
    assert floor.endswith(" knodes/s")
    assert int(floor.split()[-2]) > 0


@pytest.mark.parametrize("table", ["yc-duel", "solo-twelve/2", "classic-sixes"])
def test_ends_answered_free_shrink_the_smallest_proof_and_answer_a_whole_end(table: str) -> None:
    key, options, seats = bench.TABLES[table]
    rs = resolve(key, options, seats=seats)
    shrunk = 0
    for seed in range(12):
        d = bench.random_deal(rs, seed)
        game, pos = bench._position(rs, d, bench.tricks_left(rs, d, seed, 3))
        sizes = [fewest_nodes(game, pos, k) for k in range(4)]
        assert sizes == sorted(sizes, reverse=True), (table, seed)
        assert sizes[3] == 0, (table, seed)  # the whole end answered at its start
        shrunk += sizes[2] < sizes[0]
    assert shrunk, table
