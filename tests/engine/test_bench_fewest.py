"""scripts/bench_trees.py's smallest proof tree (fewest_nodes), the bound printed beside the
node ratio: no search that counts positions as the solver does can prove a value in fewer."""

from __future__ import annotations

import pytest

from rules.engine import resolve
from rules.engine.solver_core import POINTS
from scripts import bench_analyse as bench
from scripts.bench_trees import fewest_nodes, plain_alpha_beta


@pytest.mark.parametrize("table", ["classic-sixes", "yc-belka/blind", "yc-duel", "solo-twelve/3"])
def test_the_smallest_proof_is_within_the_plain_search_and_one_position_at_the_last_trick(table: str) -> None:
    key, options, seats = bench.TABLES[table]
    rs = resolve(key, options, seats=seats)
    for seed in range(24):
        left = 1 + seed % 3
        d = bench.random_deal(rs, seed)
        game, pos = bench._position(rs, d, bench.tricks_left(rs, d, seed, left))
        fewest = fewest_nodes(game, pos)
        plain = plain_alpha_beta(game, list(pos.hands), pos.leader, pos.rnd, pos.ls)
        points_left = game.rest(pos, frozenset(rs.sides[0]), POINTS)
        assert fewest <= plain, (table, seed)
        if left == 1:
            assert fewest == (1 if points_left else 0), (table, seed)
        elif points_left:
            assert fewest >= 1, (table, seed)


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
