"""The review of a played deal (docs/rules.md#analysis): a review past the budget keeps its last
tricks, and the review also gives the first lead's values and the plays that would have kept the
turning point's goal."""

from __future__ import annotations

import functools

import pytest

from rules.engine import AnalysisError, analyse_deal, resolve
from rules.engine.variants import Ruleset

from .test_solver_cases import best_line, random_deal

PARTIAL_TABLES = [("yc-belka", {}, None), ("solo-twelve", {}, 3), ("yc-duel", {}, 2)]
# deals of each table whose best line (test_solver_cases.best_line) has a turning point, one
# where it is given back (solo-twelve 0, yc-duel 6 and 7), and one without
SEEDS = {"yc-belka": (0, 2, 5, 7), "solo-twelve": (1, 0, 5, 11), "yc-duel": (0, 6, 7, 8)}


@pytest.mark.parametrize(("key", "options", "seats"), PARTIAL_TABLES)
def test_a_partial_review_is_the_whole_review_of_the_last_tricks(
    key: str, options: dict[str, object], seats: int | None
) -> None:
    """Past the budget, ``partial`` keeps the review of the whole tricks it reached from the last
    play back, each play as the whole review has it; the plays before carry their legality
    alone. Without ``partial`` the same budget is refused."""
    rs = resolve(key, options, seats=seats)
    d = random_deal(rs, 7)
    line = best_line(rs, d)
    table = {"prikup": d.get("prikup")}
    whole = analyse_deal(rs, d["leader"], d["hands"], line, **table)  # type: ignore[arg-type]
    assert whole.reviewed_from == 0
    n = rs.seats
    played = [(p.seat, p.card, p.legal) for p in whole.plays]
    firsts = []
    for budget in (whole.nodes // 2, whole.nodes // 8):
        a = analyse_deal(rs, d["leader"], d["hands"], line, budget=budget, partial=True, **table)  # type: ignore[arg-type]
        first = a.reviewed_from
        firsts.append(first)
        assert 0 < first < len(line) and first % n == 0
        assert a.plays[first:] == whole.plays[first:]
        assert all(p.cost is None and not p.lost_goals and not p.best for p in a.plays[:first])
        assert [(p.seat, p.card, p.legal) for p in a.plays] == played
        lost = [j for j in range(first, len(line)) if whole.plays[j].lost_goals]
        assert a.turning_point == (lost[0] if lost else None)
        assert (a.taken, a.value, a.goals) == (whole.taken, whole.value, whole.goals)
        with pytest.raises(AnalysisError) as e:
            analyse_deal(rs, d["leader"], d["hands"], line, budget=budget, **table)  # type: ignore[arg-type]
        assert e.value.code == "too_complex"
    assert firsts[0] <= firsts[1]  # less budget, fewer tricks reviewed


@pytest.mark.parametrize(("key", "options", "seats"), PARTIAL_TABLES)
def test_the_review_gives_the_first_lead_and_the_turning_point_s_alternatives(
    key: str, options: dict[str, object], seats: int | None
) -> None:
    """A review that reaches the first lead gives its values and goals, as the deal's start
    analysed alone; ``alternatives`` gives the plays at the turning point that kept every goal
    its play gave up, as the moves there say. A partial review has no first lead."""
    rs = resolve(key, options, seats=seats)
    seen = 0
    for seed in SEEDS[key]:
        d = random_deal(rs, seed)
        table = {"prikup": d.get("prikup")}
        line = best_line(rs, d)
        a = analyse_deal(rs, d["leader"], d["hands"], line, alternatives=True, **table)  # type: ignore[arg-type]
        start = analyse_deal(rs, d["leader"], d["hands"], [], review=False, **table)  # type: ignore[arg-type]
        assert (a.first_value, a.first_goals) == (start.value, start.goals)
        assert (start.first_value, start.first_goals) == (start.value, start.goals)
        later = analyse_deal(rs, d["leader"], d["hands"], line[:5], review=False, **table)  # type: ignore[arg-type]
        assert later.first_value is None and later.first_goals is None
        plain = analyse_deal(rs, d["leader"], d["hands"], line, **table)  # type: ignore[arg-type]
        assert plain.turning_keeps is None and plain.plays == a.plays
        tp = a.turning_point
        if tp is None:
            assert a.turning_keeps is None
            continue
        seen += 1
        lost = set(a.plays[tp].lost_goals)
        there = analyse_deal(rs, d["leader"], d["hands"], line[:tp], review=False, **table)  # type: ignore[arg-type]
        assert a.turning_keeps == tuple(m.card for m in there.moves if not lost & set(m.lost_goals))
        assert line[tp] not in map(str, a.turning_keeps)
        part = analyse_deal(
            rs, d["leader"], d["hands"], line, budget=a.nodes // 2, partial=True, alternatives=True, **table
        )  # type: ignore[arg-type]
        assert part.first_value is None and part.first_goals is None
        if part.turning_point == tp:
            assert part.turning_keeps in (None, a.turning_keeps)
    assert seen >= 2


def test_the_turning_point_s_goals_given_back() -> None:
    """``turning_back`` is the first play after the turning point after which its side can force
    again a goal it gave up there, ``given_back`` those goals: another side's play; each position
    between leaves every one of them out of its reach, each found by analysing the deal up to it
    alone. A goal the side made in the end was given back. (Belka's deal 51 gives back 61 but not
    the bigger award, lost with it.)"""
    seen, part = 0, 0
    cases = [(table, seed) for table in PARTIAL_TABLES for seed in SEEDS[table[0]]]
    cases.append((("yc-belka", {}, None), 51))
    for (key, options, seats), seed in cases:
        rs = resolve(key, options, seats=seats)
        d = random_deal(rs, seed)
        table = {"prikup": d.get("prikup")}
        line = best_line(rs, d)
        a = analyse_deal(rs, d["leader"], d["hands"], line, **table)  # type: ignore[arg-type]
        tp, back = a.turning_point, a.turning_back
        if tp is None:
            assert back is None and a.given_back == ()
            continue
        side, lost = rs.side_of(a.plays[tp].seat), a.plays[tp].lost_goals
        end = len(line) if back is None else back
        assert not any(_forcible(rs, d, line[: k + 1], side, lost) for k in range(tp, end))
        if back is None:
            assert a.given_back == () and not ("win" in lost and a.taken[side] >= 61)
            continue
        seen += 1
        assert back > tp and rs.side_of(a.plays[back].seat) != side
        assert a.given_back == _forcible(rs, d, line[: back + 1], side, lost) != ()
        part += len(a.given_back) < len(lost)
    assert seen >= 3 and part >= 1


def _forcible(
    rs: Ruleset, d: dict[str, object], plays: list[str], side: int, goals: tuple[str, ...]
) -> tuple[str, ...]:
    """Those of ``goals`` that ``side`` can force after ``plays``, analysed alone."""
    there = analyse_deal(rs, d["leader"], d["hands"], plays, review=False, prikup=d.get("prikup"))  # type: ignore[arg-type]
    return tuple(g for g in goals if there.goals[side][g])


def test_a_partial_review_that_reaches_no_whole_trick_is_refused() -> None:
    rs = resolve("classic-sixes")
    d = random_deal(rs, 5)
    with pytest.raises(AnalysisError) as e:  # the first lead alone is past this budget
        analyse_deal(rs, 0, d["hands"], [], budget=4000, partial=True)  # type: ignore[arg-type]
    assert e.value.code == "too_complex"
    # one play in: the position after it is past the budget too, and nothing is reviewed
    a = analyse_deal(rs, 0, d["hands"], [], review=False)  # type: ignore[arg-type]
    with pytest.raises(AnalysisError):
        analyse_deal(rs, 0, d["hands"], [str(a.moves[0].card)], budget=4000, partial=True)  # type: ignore[arg-type]
    # the position fits, its last play's review does not: the refusal names the whole budget,
    # not the part kept back for the turning point's alternatives
    line = best_line(rs, d)[:5]
    analysed = functools.partial(analyse_deal, rs, d["leader"], d["hands"], line, partial=True)
    fits = analysed(review=False).nodes
    # what the review may use of the budget (all but the part kept back) is past the position by
    # one position, short of the review of its last play
    budget = next(b for b in range(fits, 2 * fits + 10) if b - b // 10 > fits)
    with pytest.raises(AnalysisError) as e:
        analyse_deal(rs, d["leader"], d["hands"], line, budget=budget, partial=True, alternatives=True)  # type: ignore[arg-type]
    assert e.value.code == "too_complex" and e.value.params["budget"] == budget


@pytest.mark.parametrize(("key", "options", "seats"), [*PARTIAL_TABLES, ("classic-sixes", {}, None)])
def test_a_position_past_the_budget_gives_its_value_and_best_plays_first(
    key: str, options: dict[str, object], seats: int | None
) -> None:
    """With ``partial``, a position whose every play's value does not fit still gets its value,
    goals and best plays; the plays valued are priced as the whole answer prices them, and those
    left (``unvalued``) are each worse than the best. Where everything fits, nothing is left."""
    rs = resolve(key, options, seats=seats)
    cut = 0
    for seed in range(3):
        d = random_deal(rs, seed)
        table = {"prikup": d.get("prikup")}
        whole = analyse_deal(rs, d["leader"], d["hands"], [], review=False, **table)  # type: ignore[arg-type]
        by_card = {m.card: m for m in whole.moves}
        fits = analyse_deal(rs, d["leader"], d["hands"], [], review=False, partial=True, **table)  # type: ignore[arg-type]
        assert fits.unvalued == () and sorted(fits.moves, key=str) == sorted(whole.moves, key=str)
        for share in (0.9, 0.8, 0.7, 0.6, 0.5):
            budget = int(whole.nodes * share)
            try:
                a = analyse_deal(
                    rs, d["leader"], d["hands"], [], review=False, partial=True, budget=budget, **table
                )  # type: ignore[arg-type]
            except AnalysisError as e:
                assert e.code == "too_complex" and e.params["budget"] == budget
                continue
            assert (a.value, a.goals, a.taken) == (whole.value, whole.goals, whole.taken)
            assert all(by_card[m.card] == m for m in a.moves)
            assert {m.card for m in whole.moves if m.cost == 0} <= {m.card for m in a.moves}
            assert not {m.card for m in a.moves} & set(a.unvalued)
            assert {m.card for m in a.moves} | set(a.unvalued) == set(by_card)
            assert all(by_card[c].cost > 0 for c in a.unvalued)
            cut += bool(a.unvalued)
        # the API's answer (no ``partial``) past the same budget is refused
        with pytest.raises(AnalysisError):
            analyse_deal(rs, d["leader"], d["hands"], [], review=False, budget=whole.nodes // 2, **table)  # type: ignore[arg-type]
    assert cut >= 1
