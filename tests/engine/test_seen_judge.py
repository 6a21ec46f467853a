"""Chances and verdicts by what was seen (docs/rules.md#what-was-seen): where nothing is hidden
that matters they are the exact analysis's, a card best in every placement is never a mistake,
the figures repeat, and the verdict weighs shares by their margins."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from rules.engine import GOALS, AnalysisError, Card, analyse_deal, resolve
from rules.engine.seen import costly, judge, placements_of, read_deal, review_seen, view_at
from rules.engine.seen.chances import MoveChances, PlacementOutcome, outcomes
from rules.engine.seen.verdict import margin, verdict
from tests.engine.seen_deals import HANDS, played, seen_deal

C = Card.parse
ROOT = Path(__file__).resolve().parents[2]


def _exact_moves(rs, d, j, seat):
    a = analyse_deal(
        rs, d["leader"], d["hands"], d["plays"][:j], context=d["context"], prikup=d["prikup"], review=False
    )
    side = rs.side_of(seat)
    return {
        m.card: (
            m.value[side],
            {
                g: None if a.goals[side][g] is None else bool(a.goals[side][g]) and g not in m.lost_goals
                for g in GOALS
            },
        )
        for m in a.moves
    }


@pytest.mark.parametrize(
    ("key", "options", "seed"),
    [("classic-sixes", {"trump_lead": "hvalyonka_only"}, 3), ("yc-hvalyony", {}, 7), ("voon-series", {}, 5)],
)
def test_where_every_hidden_card_is_forced_the_chances_are_the_exact_analysis(key, options, seed) -> None:
    rs = resolve(key, options)
    d = played(rs, seed)
    deal = seen_deal(rs, d)
    forced = [j for j in range(20, 32) if placements_of(view_at(deal, j)).count == 1]
    assert forced and forced[-1] == 31
    for j in forced:
        got = judge(deal, j, 0, ())
        assert (got.layouts, got.solved, got.exact, got.margin) == (1, 1, True, 0.0)
        want = _exact_moves(rs, d, j, deal.seats[j])
        assert {m.card for m in got.moves} == set(want)
        for m in got.moves:
            assert m.mean == want[m.card][0]
            assert {g: None if x is None else bool(x) for g, x in m.chances.items()} == want[m.card][1]
            assert all(x in (None, 0, 1) for x in m.chances.values())


def test_voids_can_pin_every_hidden_card_before_the_last_trick() -> None:
    rs = resolve("yc-hvalyony")
    d = played(rs, 20)
    deal = seen_deal(rs, d)
    view = view_at(deal, 23)  # trick 6: six cards hidden, the voids leave one way to hold them
    assert len(view.hidden) == 6 and placements_of(view).count == 1
    got = judge(deal, 23, 0, ())
    want = _exact_moves(rs, d, 23, deal.seats[23])
    assert {m.card: m.mean for m in got.moves} == {c: v for c, (v, _) in want.items()}


def _best_everywhere(outs: list[PlacementOutcome], card: Card) -> bool:
    for o in outs:
        for other, (value, _lost) in o.moves.items():
            if value > o.moves[card][0] or any(o.keeps(other, g) and not o.keeps(card, g) for g in GOALS):
                return False
    return True


@pytest.mark.parametrize(("key", "seed"), [("classic-sixes", 21), ("yc-belka", 25), ("solo-twelve", 24)])
def test_a_card_best_in_every_placement_is_never_a_mistake(key, seed) -> None:
    rs = resolve(key, seats=3 if key == "solo-twelve" else None)
    deal = seen_deal(rs, played(rs, seed))
    checked = 0
    for j in range(20, 28):
        view = view_at(deal, j)
        placements = placements_of(view)
        outs = outcomes(view, placements, placements.each_form(), 10**8)
        if len(outs[0].moves) > 1 and _best_everywhere(outs, deal.plays[j]):
            checked += 1
            # whatever the exact analysis says it cost, what was seen could not call it a mistake
            assert judge(deal, j, 5, ("win",)).verdict == "no_way_to_know"
    assert checked


SAMPLED = """
import sys
sys.path.insert(0, {root!r})
from rules.engine import resolve
from rules.engine.seen import judge
from tests.engine.seen_deals import HANDS, played, seen_deal
rs = resolve("yc-hvalyony")
deal = seen_deal(rs, played(rs, 17))
print(repr(judge(deal, 13, 4, ("win",), exact_at=10, sample=24)))
"""


def test_the_figures_are_the_same_every_run() -> None:
    rs = resolve("yc-hvalyony")
    deal = seen_deal(rs, played(rs, 17))
    first = judge(deal, 13, 4, ("win",), exact_at=10, sample=24)
    assert not first.exact and first.solved == 24 and first.layouts > 24
    assert first.margin == pytest.approx(1.96 * math.sqrt(0.25 / 24))
    assert judge(deal, 13, 4, ("win",), exact_at=10, sample=24) == first
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", SAMPLED.format(root=str(ROOT))],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert out.stdout.strip() == repr(first)


def _moves(**shares: tuple[float, float]) -> list[MoveChances]:
    return [
        MoveChances(C(code), Fraction(mean), {g: (Fraction(win) if g == "win" else None) for g in GOALS})
        for code, (mean, win) in shares.items()
    ]


def test_a_goal_lost_is_a_mistake_only_past_both_margins() -> None:
    moves = _moves(AH=(60, Fraction(70, 100)), KH=(58, Fraction(50, 100)))
    w = margin(200, False)  # about 0.069: the two together about 0.139
    assert (
        verdict(C("KH"), 2, ("win",), moves, [], False, w) == "no_way_to_know"
    )  # no outcome: nothing weighed
    outs = [
        PlacementOutcome(
            1, {g: None for g in GOALS}, {C("AH"): (60, frozenset()), C("KH"): (58, frozenset())}
        )
    ]
    assert verdict(C("KH"), 2, ("win",), moves, outs, False, w) == "mistake"  # 0.20 > 0.139
    close = _moves(AH=(60, Fraction(60, 100)), KH=(58, Fraction(50, 100)))
    assert verdict(C("KH"), 2, ("win",), close, outs, False, w) == "no_way_to_know"  # 0.10 < 0.139
    assert verdict(C("KH"), 2, ("win",), close, outs, True, 0.0) == "mistake"  # all taken: any lead
    assert verdict(C("KH"), 0, (), close, outs, True, 0.0) == "best"


def test_points_alone_need_a_point_beyond_the_paired_margin() -> None:
    def outs(diffs: list[int]) -> list[PlacementOutcome]:
        return [
            PlacementOutcome(
                1, {g: None for g in GOALS}, {C("AH"): (60 + d, frozenset()), C("KH"): (60, frozenset())}
            )
            for d in diffs
        ]

    def moves(o: list[PlacementOutcome]) -> list[MoveChances]:
        n = len(o)
        return [
            MoveChances(c, Fraction(sum(x.moves[c][0] for x in o), n), {g: None for g in GOALS})
            for c in (C("AH"), C("KH"))
        ]

    steady = outs([2] * 30)  # two points better in every placement
    assert verdict(C("KH"), 2, (), moves(steady), steady, False, margin(30, False)) == "mistake"
    noisy = outs([30, -26] * 15)  # two points better on average, but not beyond the margin
    assert verdict(C("KH"), 2, (), moves(noisy), noisy, False, margin(30, False)) == "no_way_to_know"
    assert verdict(C("KH"), 2, (), moves(noisy), noisy, True, 0.0) == "mistake"
    half = outs([1, 0])  # half a point: never
    assert verdict(C("KH"), 1, (), moves(half), half, True, 0.0) == "no_way_to_know"


def test_a_blind_seat_card_is_picked_unseen() -> None:
    rs = resolve("yc-belka", {"blind_seat": "1"})
    deal = seen_deal(rs, played(rs, 31))
    j = next(j for j in range(8, 32) if deal.seats[j] == 1)
    got = judge(deal, j, 4, ())
    assert (got.layouts, got.moves, got.verdict) == (0, (), "no_way_to_know")


def test_the_review_judges_the_costly_plays_and_reports_progress() -> None:
    rs = resolve("yc-hvalyony")
    d = played(rs, 23)
    plays = d["plays"][:28]
    deal, exact = read_deal(rs, d["leader"], d["hands"], plays)
    seen: list[tuple[int, int]] = []
    late = [i for i in costly(exact) if i >= 20]
    got = review_seen(deal, exact, late, progress=lambda a, b: seen.append((a, b)))
    assert [j.index for j in got] == late and seen == [(k, len(late)) for k in range(len(late) + 1)]
    assert all(j.verdict in ("mistake", "no_way_to_know") for j in got)


def test_a_play_that_broke_the_rules_is_not_judged_by_what_was_seen() -> None:
    rs = resolve("classic-sixes")
    hands = HANDS
    deal, exact = read_deal(rs, 0, hands, "AH 7D 7H JH")  # seat 1 held hearts
    with pytest.raises(AnalysisError) as e:
        review_seen(deal, exact, [1])
    assert (e.value.code, e.value.params["index"]) == ("judge_illegal", 1)


@pytest.mark.parametrize(
    ("key", "options", "reason"),
    [("draw-four", {}, "draw_four"), ("classic-sixes", {"multi_leads": True}, "multi_leads")],
)
def test_draw_four_and_multi_card_leads_are_not_available(key, options, reason) -> None:
    rs = resolve(key, options)
    with pytest.raises(AnalysisError) as e:
        read_deal(rs, 0, [[]] * 4, [])
    assert e.value.code == "not_available" and e.value.params["reason"] == reason
