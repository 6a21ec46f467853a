"""The solver keeps nothing between analyses: what one search caches lives in the objects of that
analysis, and one deal's input type serves both the review and the analysis."""

from __future__ import annotations

import ast
import gc
import random
import re
from pathlib import Path

from rules.engine import DealInput, Ruleset, TrickContext, analyse, analyse_deal, play_deal, resolve, solver

from .test_solver import random_position


def live_rulesets() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if type(o) is Ruleset)


def test_analyses_of_a_capture_variant_leave_no_ruleset_behind() -> None:
    """voon-series has a queen capture, which the analysis plays on from: each analysis makes its
    own ruleset without it, and none of them is kept once the analysis is answered. Each analysis
    is given a ruleset of its own, as each request resolves one."""
    rnd = random.Random("rulesets left behind")
    deals = [random_position(resolve("voon-series"), rnd, left=1) for _ in range(10)]

    def run(count: int) -> int:
        for i in range(count):
            _, _, leader, hands, _, _, plays = deals[i % len(deals)]
            analyse_deal(resolve("voon-series"), leader, hands, [p[0] for p in plays], review=False)
        return live_rulesets()

    after_ten = run(10)
    assert run(1000) <= after_ten


def test_no_module_of_the_solver_keeps_state() -> None:
    """No module-level dict, list or set in the solver's modules, Python or Cython, and no
    function cache (a cache keyed by id() or holding rulesets would live there): caches are
    attributes of one analysis's objects."""
    here = Path(solver.__file__).parent
    for path in here.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            decorators = getattr(node, "decorator_list", [])
            assert not any("cache" in ast.unparse(d) for d in decorators), (path.name, node.lineno)
        for node in ast.parse(path.read_text()).body:
            names = [
                t.id
                for t in getattr(node, "targets", [getattr(node, "target", None)])
                if isinstance(t, ast.Name)
            ]
            if (
                isinstance(node, ast.Assign | ast.AnnAssign)
                and node.value is not None
                and names != ["__all__"]
            ):
                assert not isinstance(node.value, ast.Dict | ast.List | ast.Set | ast.DictComp), (
                    path.name,
                    node.lineno,
                )
    # Cython: a module-level name bound to a container, typed or not, or a cache decorator
    held = re.compile(r"^(?:cdef\s+(?:dict|list|set|object)\b|\w+\s*(?::[^=]+)?=\s*[\[{]|@\S*cache)", re.M)
    for path in [*here.glob("*.pyx"), *here.glob("*.pxd")]:
        assert not held.findall(path.read_text()), path.name


def test_one_deal_input_for_the_review_and_the_analysis() -> None:
    """One deal's input serves the review and the analysis; a trick's plays so far are its
    ``tail``, which ``whole_tricks`` leaves out for the review."""
    rs = resolve("classic-sixes")
    _, _, leader, hands, _, _, plays = random_position(rs, random.Random("one input"), left=2)
    cards = [p[0] for p in plays[: len(plays) - len(plays) % rs.seats]]  # whole tricks: play_deal's
    ctx = TrickContext(hand_number=2)
    deal = DealInput(rs, leader, hands, cards, ctx)
    assert deal.play() == play_deal(rs, leader, hands, cards, context=ctx)
    assert analyse(deal) == analyse_deal(rs, leader, hands, cards, context=ctx)
    assert deal.tail == 0 and deal.whole_tricks() is deal and deal.table == {}
    started = DealInput(rs, leader, hands, [*cards, *next_plays(deal, 2)], ctx, dealer=3)
    assert started.tail == 2 and started.whole_tricks().plays == cards
    assert started.table == {"dealer": 3}
    assert analyse(started).plays[: len(cards)] == analyse(deal).plays


def next_plays(deal: DealInput, count: int) -> list[str]:
    """The first ``count`` plays of the next trick, each the first legal move the analysis lists."""
    plays = list(deal.plays)
    for _ in range(count):
        a = analyse(DealInput(deal.rs, deal.leader, deal.hands, plays, deal.context), review=False)
        plays.append(str(a.moves[0].card))
    return plays[len(deal.plays) :]
