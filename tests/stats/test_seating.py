"""The seating draw: who plays, who partners whom, where each sits and who deals first, drawn
fairly over an evening and the same on every phone."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from datetime import date
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.stats import PairStats, StatsError, Tally
from rules.stats.seating import MAX_PRESENT, SEEDS, Seating, Table, Why, default_seed, draw, next_seed, why

FOUR = ("Аня", "Боря", "Вика", "Гоша")
SIX = (*FOUR, "Дина", "Ефим")
EIGHT = (*SIX, "Жора", "Зоя")
NONE = Tally()  # a company with no match yet


def _history(**counts: int) -> Tally:
    """A company's history of partnerships, e.g. ``Аня_Боря=3``."""
    pairs = {}
    for key, n in counts.items():
        a, b = sorted(key.split("_"))
        pairs[(a, b)] = PairStats((a, b), n, 0)
    return Tally(pairs=pairs)


def evening(present: tuple[str, ...], matches: int, seed: int, history: Tally = NONE) -> list[Seating]:
    """``matches`` tables drawn one after another, each played as drawn."""
    drawn: list[Seating] = []
    for _ in range(matches):
        drawn.append(draw(history, present, [s.table for s in drawn], seed))
    return drawn


def _partnered(drawn: list[Seating], present: tuple[str, ...]) -> list[int]:
    c = Counter(p for s in drawn for p in s.pairs)
    return [c[(a, b) if a <= b else (b, a)] for a, b in combinations(present, 2)]


def _pairing(s: Seating) -> frozenset[tuple[str, str]]:
    return frozenset(s.pairs)


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize("seed", [0, 1, 7, 123456789])
def test_a_table_is_four_present_partners_opposite_and_a_dealer(seed):
    s = draw(Tally(), SIX, [], seed)
    assert len(set(s.seats)) == 4 and set(s.seats) <= set(SIX)
    assert set(s.out) == set(SIX) - set(s.seats) and len(s.out) == 2
    assert {frozenset(p) for p in s.pairs} == {frozenset(s.seats[0::2]), frozenset(s.seats[1::2])}
    assert 0 <= s.dealer < 4
    assert s == draw(Tally(), SIX, [], seed)  # the same inputs, the same table on every phone


def test_the_order_the_players_are_ticked_in_changes_nothing():
    tonight = [s.table for s in evening(SIX, 3, 5)]
    one = draw(Tally(), SIX, tonight, 5)
    other = draw(Tally(), SIX[::-1], tonight, 5)
    assert (one.seats, one.dealer, set(one.out)) == (other.seats, other.dealer, set(other.out))


def test_four_present_rotate_through_the_three_pairings():
    for seed in (0, 1, 2, 3):
        drawn = evening(FOUR, 9, seed)
        for start in (0, 3, 6):
            assert len({_pairing(s) for s in drawn[start : start + 3]}) == 3  # each once in three
        assert Counter(_pairing(s) for s in drawn).most_common()[-1][1] == 3


@pytest.mark.parametrize(
    ("present", "matches"),
    [(FOUR[:4] + ("Дина",), 5), (SIX, 3), (SIX + ("Жора",), 7), (EIGHT, 2)],
)
def test_everyone_sits_out_once_before_anyone_twice(present, matches):
    outs = Counter(p for s in evening(present, matches, 3) for p in s.out)
    assert set(outs) == set(present) and len(set(outs.values())) == 1


@pytest.mark.parametrize("seed", range(6))
def test_who_waits_with_whom_changes(seed):
    drawn = evening(SIX, 4, seed)
    assert frozenset(drawn[3].out) not in {frozenset(s.out) for s in drawn[:3]}


@pytest.mark.parametrize(
    ("history", "pairs"),
    [
        (_history(Аня_Боря=9, Вика_Гоша=9, Аня_Гоша=4, Боря_Вика=4), {("Аня", "Вика"), ("Боря", "Гоша")}),
        (_history(Аня_Вика=2, Боря_Гоша=2, Аня_Боря=1), {("Аня", "Гоша"), ("Боря", "Вика")}),
        (_history(Аня_Вика=2, Боря_Гоша=2, Аня_Гоша=2, Боря_Вика=2), {("Аня", "Боря"), ("Вика", "Гоша")}),
    ],
)
def test_the_first_table_pairs_those_who_partnered_least_in_the_companys_history(history, pairs):
    for seed in range(6):
        assert set(draw(history, FOUR, [], seed).pairs) == pairs


def test_tonight_comes_before_the_history():
    history = _history(Аня_Боря=9, Вика_Гоша=9, Аня_Гоша=4, Боря_Вика=4)
    # the history's favourite pairs, Аня–Вика and Боря–Гоша, have partnered tonight: the next
    # table is the history's second choice
    tonight = [Table(("Аня", "Боря", "Вика", "Гоша"))]
    for seed in range(6):
        assert set(draw(history, FOUR, tonight, seed).pairs) == {("Аня", "Гоша"), ("Боря", "Вика")}


def test_with_six_the_history_chooses_who_sits_out_first():
    # every pair has partnered but Дина–Ефим and Аня–Боря: the draw seats them first
    everyone = {f"{a}_{b}": 5 for a, b in combinations(SIX, 2)}
    history = _history(**{**everyone, "Дина_Ефим": 0, "Аня_Боря": 0})
    for seed in range(4):
        s = draw(history, SIX, [], seed)
        assert set(s.pairs) == {("Дина", "Ефим"), ("Аня", "Боря")}
        assert set(s.out) == {"Вика", "Гоша"}


def test_one_who_came_late_has_sat_out_the_matches_before_and_plays():
    early = [s.table for s in evening(FOUR + ("Дина",), 3, 11)]
    for seed in range(4):
        assert "Ефим" in draw(Tally(), SIX, early, seed).seats


def test_a_player_who_left_counts_for_nothing():
    tonight = [s.table for s in evening(SIX, 4, 2)]
    gone = tonight[-1].seats[0]
    s = draw(Tally(), tuple(p for p in SIX if p != gone), tonight, 2)
    assert gone not in s.seats and gone not in s.out


def test_the_first_deal_goes_round():
    drawn = evening(FOUR, 8, 4)
    firsts = Counter(s.seats[s.dealer] for s in drawn)
    assert firsts == Counter({p: 2 for p in FOUR})


def test_another_seed_draws_among_tables_as_fair():
    firsts = {_pairing(draw(Tally(), FOUR, [], seed)) for seed in range(12)}
    assert len(firsts) == 3  # with nothing to choose by, each pairing comes from some seed
    tonight = [Table(("Аня", "Боря", "Вика", "Гоша"))]
    seconds = {_pairing(draw(Tally(), FOUR, tonight, seed)) for seed in range(12)}
    assert len(seconds) == 2 and frozenset({("Аня", "Вика"), ("Боря", "Гоша")}) not in seconds


def test_why_counts_the_drawn_pairs_tonight_and_in_the_history():
    history = _history(Аня_Боря=9, Вика_Гоша=9, Аня_Вика=2, Боря_Гоша=5, Аня_Гоша=4, Боря_Вика=3)
    first = draw(history, FOUR, [], 0)  # the fewest by the more often of the two: 4 and 3
    assert why(history, FOUR, [], first) == Why(matches=0, tonight=(0, 0), before=(3, 4))
    drawn = evening(FOUR, 4, 0, history)
    tonight = [s.table for s in drawn[:3]]
    assert why(history, FOUR, tonight, drawn[3]) == Why(matches=3, tonight=(1, 1), before=(3, 4))


# ---------------------------------------------------------------- seeds


def test_the_default_seed_is_a_stable_hash_of_the_log_and_the_evening():
    seed = default_seed("k3xQ9", 41, date(2026, 3, 14))
    assert seed == default_seed("k3xQ9", 41, date(2026, 3, 14)) == 643368758  # any process, any run
    assert 0 <= seed < SEEDS
    others = {
        default_seed("k3xQ9", 42, date(2026, 3, 14)),
        default_seed("k3xQ9", 41, date(2026, 3, 15)),
        default_seed("other", 41, date(2026, 3, 14)),
    }
    assert seed not in others and len(others) == 3


def test_another_seating_is_the_next_seed():
    assert next_seed(5) == 6
    assert next_seed(SEEDS - 1) == 0


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("present", "tonight", "seed", "code"),
    [
        (FOUR[:3], [], 0, "bad_present"),
        (tuple(f"p{i}" for i in range(MAX_PRESENT + 1)), [], 0, "bad_present"),
        (FOUR + ("Аня",), [], 0, "duplicate_player"),
        (FOUR, [Table(("Аня", "Аня", "Вика", "Гоша"))], 0, "bad_table"),
        (FOUR, [Table(FOUR, dealer=4)], 0, "bad_table"),
        (FOUR, [], SEEDS, "bad_seed"),
        (FOUR, [], -1, "bad_seed"),
    ],
)
def test_bad_input_is_refused_by_name(present, tonight, seed, code):
    with pytest.raises(StatsError) as err:
        draw(Tally(), present, tonight, seed)
    assert err.value.code == code


# ---------------------------------------------------------------- whole evenings

NAMES = tuple(f"p{i}" for i in range(MAX_PRESENT))


@st.composite
def companies(draw_: st.DrawFn, size: int) -> tuple[tuple[str, ...], Tally, int]:
    """``size`` players ticked in any order, any history of partnerships, any seed."""
    present = tuple(draw_(st.permutations(NAMES[:size])))
    pairs = list(combinations(sorted(present), 2))
    counts = draw_(st.lists(st.sampled_from([0, 0, 1, 2, 5, 40]), min_size=len(pairs), max_size=len(pairs)))
    history = Tally(pairs={pair: PairStats(pair, n, 0) for pair, n in zip(pairs, counts, strict=True) if n})
    return present, history, draw_(st.integers(0, SEEDS - 1))


@pytest.mark.parametrize("size", [5, 6, 7, 8])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_thirty_matches_partner_everyone_evenly_and_take_turns_sitting_out(size, data):
    present, history, seed = data.draw(companies(size))
    drawn = evening(present, 30, seed, history)
    outs = Counter({p: 0 for p in present})
    for s in drawn:
        for p in s.out:
            if outs[p]:  # out a second time (or more): everyone has sat out as often, or is now
                assert all(outs[q] + (q in s.out) >= outs[p] for q in present)
        outs.update(s.out)
        assert max(outs.values()) - min(outs.values()) <= 1
    if size <= 6:  # one or two sit out: nobody ever waits two matches in a row
        assert all(not set(a.out) & set(b.out) for a, b in zip(drawn, drawn[1:], strict=False))
    together = _partnered(drawn, present)
    assert min(together) >= 1 and max(together) <= 2 * min(together)  # no pair twice as often
    assert max(together) - min(together) <= 1  # as evenly as thirty matches allow


def test_the_evening_script_prints_thirty_tables_of_six_all_pairs_alike():
    """scripts/seating_evening.py, the drawn evening the docs show: six players, 30 tables."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "seating_evening.py"
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True).stdout
    assert len([line for line in out.splitlines() if line[:3].strip().isdigit()]) == 30
    assert "fewest 4, most 4" in out and "sat out twice before everyone had once: nobody" in out
