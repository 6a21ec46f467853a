"""The budget of an analysis (docs/rules.md#analysis): the node budget (the reference search gets its
share of it), every position a search counts held to it, and a deadline refused on its own."""

from __future__ import annotations

import functools
import random
import time

import pytest

from rules.engine import AnalysisError, Budget, DealInput, analyse, resolve, solver
from rules.engine.solver import REFERENCE_SHARE
from rules.engine.solver.budget import CLOCK_EVERY

from .test_solver import deal, random_position
from .test_solver_cases import random_deal


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "reference"])
def test_past_the_budget_is_too_complex(reference: bool) -> None:
    """The reference search gets its share of the budget, and the refusal names that."""
    rs = resolve("classic-sixes")
    d = random_deal(rs, 5)
    with pytest.raises(AnalysisError) as e:
        analyse(DealInput(rs, 0, d["hands"]), 4000, reference=reference)  # type: ignore[arg-type]
    share = 4000 // REFERENCE_SHARE if reference or solver.COMPILED is None else 4000
    assert e.value.code == "too_complex" and e.value.params["budget"] == share
    assert f"more than {share} positions" in str(e.value)


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "reference"])
@pytest.mark.parametrize(
    ("key", "options", "seats"),
    [("classic-sixes", {}, None), ("yc-belka", {"blind_seat": "2"}, None), ("solo-twelve", {}, 2)],
)
def test_an_answer_counts_no_more_positions_than_its_budget(
    key: str, options: dict[str, object], seats: int | None, reference: bool
) -> None:
    """Every position the search counts is held to the budget: an answer that took n positions
    is given the same at a budget of n and refused at n - 1."""
    share = REFERENCE_SHARE if reference or solver.COMPILED is None else 1
    rs = resolve(key, options, seats=seats)
    rnd = random.Random(f"budget {key}{options}")
    asked = 0
    while asked < 6:
        _, _, leader, hands, prikup, _, plays = random_position(rs, rnd, left=3)
        deal = DealInput(rs, leader, hands, [p[0] for p in plays], None, None, prikup)
        run = functools.partial(analyse, deal, review=False, reference=reference)
        whole = run(10**9)
        if whole.nodes < 2:  # a budget below one position is never asked
            continue
        asked += 1
        assert run(whole.nodes * share) == whole
        with pytest.raises(AnalysisError) as e:
            run((whole.nodes - 1) * share)
        assert e.value.code == "too_complex"


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "reference"])
def test_past_the_deadline_is_a_timeout_of_its_own(reference: bool) -> None:
    """A budget with a deadline: a whole deal is refused as ``solver_timeout`` once it has
    passed (the seconds named), while the same budget without one answers."""
    rs = resolve("solo-twelve", {}, seats=2)
    d = random_deal(rs, 1)
    deal = DealInput(rs, d["leader"], d["hands"])  # type: ignore[arg-type]
    with pytest.raises(AnalysisError) as e:
        analyse(deal, Budget(10**12, seconds=0.0), review=False, reference=reference)
    assert e.value.code == "solver_timeout" and e.value.params["seconds"] == 0.0
    rnd = random.Random(1)
    late = random_position(rs, rnd, left=2)
    while late[0].to_move(late[1]) is None:  # a position with plays still to make
        late = random_position(rs, rnd, left=2)
    small = DealInput(rs, late[2], late[3], [p[0] for p in late[6]])
    assert analyse(small, Budget(10**9, seconds=60.0), review=False, reference=reference).nodes > 0


class Watched(Budget):
    """A budget that notes the count and the time at each look at the clock."""

    def __init__(self, limit: int, seconds: float) -> None:
        super().__init__(limit, seconds)
        self.looks: list[tuple[int, float]] = []

    def spent(self) -> None:
        self.looks.append((self.nodes, time.monotonic()))
        super().spent()


def long_deal() -> DealInput:
    """A whole draw-four deal from the first lead: seconds of search for the compiled search,
    far more for the reference."""
    rs = resolve("draw-four")
    hands, _, stock = deal(rs, random.Random(2))
    return DealInput(rs, 0, hands, (), None, stock)


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "reference"])
def test_a_deadline_stops_a_long_search_at_its_next_look_at_the_clock(reference: bool) -> None:
    """A long search given a deadline is refused as ``solver_timeout`` soon after it: the clock
    is read every :data:`CLOCK_EVERY` positions, and the first look past the deadline stops it."""
    budget = Watched(10**12, seconds=0.2)
    with pytest.raises(AnalysisError) as e:
        analyse(long_deal(), budget, review=False, reference=reference)
    assert e.value.code == "solver_timeout" and e.value.params["seconds"] == 0.2
    counts = [n for n, _ in budget.looks]
    assert len(counts) >= 2 and budget.nodes > 0
    assert max(b - a for a, b in zip(counts, counts[1:], strict=False)) <= CLOCK_EVERY
    assert budget.deadline is not None
    assert budget.looks[-2][1] <= budget.deadline < budget.looks[-1][1]
    # about one look's worth past the deadline, with room for a machine busy with other work
    assert budget.looks[-1][1] - budget.deadline < 2.0


@pytest.mark.parametrize("reference", [False, True], ids=["compiled", "reference"])
def test_with_a_deadline_the_node_limit_still_refuses_as_too_complex(reference: bool) -> None:
    budget = Budget(80_000, seconds=600.0)
    with pytest.raises(AnalysisError) as e:
        analyse(long_deal(), budget, review=False, reference=reference)
    share = 80_000 // REFERENCE_SHARE if reference or solver.COMPILED is None else 80_000
    assert e.value.code == "too_complex" and e.value.params["budget"] == share
    assert budget.nodes == share + 1
