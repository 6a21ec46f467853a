"""make bench-analyse (scripts/bench_analyse.py) on a short run: its rows, and the floor of the run
printed under them."""

from __future__ import annotations

import pytest

from scripts import bench_analyse as bench


def test_a_short_run_prints_its_rows_and_its_floor(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["bench_analyse", "--deals", "3", "--reviews", "1", "--left", "2", "--tables", "yc-duel"]
    monkeypatch.setattr("sys.argv", argv)
    bench.main()
    out = capsys.readouterr().out.splitlines()
    row = next(line for line in out if line.startswith("yc-duel"))
    assert " 0/3 " in row  # every deal answered
    floor = next(line for line in out if line.startswith("floor of this run"))
    assert floor.startswith("floor of this run: the plain search, in pure Python, ")
    assert floor.endswith(" knodes/s") and int(floor.split()[-2]) > 0
