"""The deciding play of each goal (docs/rules.md#analysis): the last play after which its side
could no longer force a goal it did not reach, where the turning point is the first."""

from __future__ import annotations

import pytest

from rules.engine import GOALS, analyse_deal, resolve
from rules.engine.deciding import ORDER, deciding, highest

from .test_solver_cases import best_line, random_deal
from .test_solver_review import PARTIAL_TABLES, SEEDS

# classic-sixes: seat 3 leads Д♥ and its pair can no longer take 61 (trick 1); seat 2's 8♠ in
# trick 2 gives it back; seat 1's 9♠ in trick 5 loses it again, for good (the red pair takes 69)
HANDS = [
    "7H 8D 9H AD QD JH 7C JC",
    "9S AC KS 8H KH JD AS JS",
    "QS 10D 8C 7D KC 10H 7S 8S",
    "QH AH QC 9D 10S KD 9C 10C",
]
LEADER = 3
PLAYS = (
    "QH QD JS QS 8S 10S JC KS 7C JD KC 9C JH AC 8C QC 10C 9H 9S 7S AH 7H KH 10H KD AD AS 10D 8D 8H 7D 9D"
).split()
LOST_AGAIN = 18  # 9♠, trick 5


def test_a_goal_lost_given_back_and_lost_again_is_decided_by_the_last_loss() -> None:
    rs = resolve("classic-sixes")
    a = analyse_deal(rs, LEADER, [h.split() for h in HANDS], PLAYS)
    assert a.taken == (69, 51)
    assert a.turning_point == 0 and a.turning_back == 4  # lost in trick 1, given back in trick 2
    d = deciding(rs, a)
    assert [set(side) for side in d] == [set(GOALS)] * 2
    assert d[1]["win"] == LOST_AGAIN and "win" in a.plays[LOST_AGAIN].lost_goals
    assert d[0]["win"] is None  # the red pair lost 61 in trick 2 and made it all the same
    assert d[0]["all_points"] is None and d[1]["all_points"] is None  # no such award: null
    assert highest(rs, a) == ("win", LOST_AGAIN)
    # every position after it leaves 61 out of the black pair's reach
    for k in range(LOST_AGAIN + 1, len(PLAYS)):
        there = analyse_deal(rs, LEADER, [h.split() for h in HANDS], PLAYS[:k], review=False)
        assert not there.goals[1]["win"], k


@pytest.mark.parametrize(("key", "options", "seats"), PARTIAL_TABLES)
def test_each_deciding_play_is_its_side_s_last_loss_of_a_goal_not_reached(
    key: str, options: dict[str, object], seats: int | None
) -> None:
    """Each deciding play gave up its goal, its side's, and the side never forced it again (the
    goal is false in the end); a goal lost and reached after all, or never lost, has none; the
    first deciding play is never before the turning point."""
    rs = resolve(key, options, seats=seats)
    for seed in SEEDS[key]:
        d = random_deal(rs, seed)
        line = best_line(rs, d)
        a = analyse_deal(rs, d["leader"], d["hands"], line, prikup=d.get("prikup"))  # type: ignore[arg-type]
        found = deciding(rs, a)
        for side, goals in enumerate(a.goals):
            for g, j in found[side].items():
                losses = [
                    k for k, p in enumerate(a.plays) if rs.side_of(p.seat) == side and g in p.lost_goals
                ]
                if goals[g] is False and losses:
                    assert j == losses[-1]
                else:
                    assert j is None
        decided = [j for side in found for j in side.values() if j is not None]
        if decided:
            assert a.turning_point is not None and min(decided) >= a.turning_point


def test_the_summary_s_order_is_every_goal_once() -> None:
    assert sorted(ORDER) == sorted(GOALS) and ORDER[0] == "win"
