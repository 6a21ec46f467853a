"""scripts/bench_trees.py's smallest proof tree (fewest_nodes), printed beside the node ratio:
the fewest positions the solver's search could visit, whatever its move order, but for its table."""

from __future__ import annotations

import pytest

from rules.engine import resolve
from rules.engine.solver_core import POINTS
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
        assert fewest <= plain, (table, seed)
        if left == 1:
            # one position, or none where the bounds settle it: as the solver counts it
            game, pos = bench._position(rs, d, plays)
            assert fewest == bench._value_nodes(game, pos) <= 1, (table, seed)
            free += fewest == 0 and game.rest(pos, frozenset(rs.sides[0]), POINTS) > 0
    assert free, table  # the bounds settle some last tricks that still hold points


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
