"""The node budget (docs/rules.md#analysis): a search in pure Python gets its share of it, and
every position a search counts is held to it."""

from __future__ import annotations

import functools
import random

import pytest

from rules.engine import AnalysisError, analyse_deal, resolve, solver_game
from rules.engine.solver import PURE_SHARE

from .test_solver import random_position
from .test_solver_cases import random_deal


@pytest.mark.parametrize("compiled", [True, False])
def test_past_the_budget_is_too_complex(compiled: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search in pure Python gets its share of the budget, and the refusal names that."""
    monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
    rs = resolve("classic-sixes")
    d = random_deal(rs, 5)
    with pytest.raises(AnalysisError) as e:
        analyse_deal(rs, 0, d["hands"], [], budget=4000)  # type: ignore[arg-type]
    share = 4000 if compiled and solver_game.COMPILED is not None else 4000 // PURE_SHARE
    assert e.value.code == "too_complex" and e.value.params["budget"] == share
    assert f"more than {share} positions" in str(e.value)


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize(
    ("key", "options", "seats"),
    [("classic-sixes", {}, None), ("yc-belka", {"blind_seat": "2"}, None), ("solo-twelve", {}, 2)],
)
def test_an_answer_counts_no_more_positions_than_its_budget(
    key: str, options: dict[str, object], seats: int | None, compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every position the search counts is held to the budget: an answer that took n positions
    is given the same at a budget of n and refused at n - 1."""
    monkeypatch.setattr(solver_game, "USE_COMPILED", compiled)
    share = 1 if compiled and solver_game.COMPILED is not None else PURE_SHARE
    rs = resolve(key, options, seats=seats)
    rnd = random.Random(f"budget {key}{options}")
    asked = 0
    while asked < 12:
        _, _, leader, hands, prikup, _, plays = random_position(rs, rnd, left=4)
        analyse = functools.partial(
            analyse_deal, rs, leader, hands, [p[0] for p in plays], prikup=prikup, review=False
        )
        whole = analyse(budget=10**9)
        if whole.nodes < 2:  # a budget below one position is never asked
            continue
        asked += 1
        assert analyse(budget=whole.nodes * share) == whole
        with pytest.raises(AnalysisError) as e:
            analyse(budget=(whole.nodes - 1) * share)
        assert e.value.code == "too_complex"
