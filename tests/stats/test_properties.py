"""Properties of the company's figures over random match histories (rules/stats/)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.engine import KozelError
from rules.stats import MODEL, MatchInput, Outcome, Rating, Tally, figures, rate, read_all
from tests.stats.strategies import histories

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(histories())
def test_won_and_lost_add_up_to_played(history: list[MatchInput]) -> None:
    f = figures(history)
    for p in f.tally.players.values():
        assert p.won + p.lost == p.matches
        assert p.goat <= p.lost
        assert p.hands_won <= p.hands and p.eggs <= p.hands
        assert sum(p.titles.values()) <= p.goat * 2
        assert p.streaks.best_won <= p.won and p.streaks.best_lost <= p.lost
        assert (p.streaks.best_won > 0) == (p.won > 0)
    finished = [o for o in f.outcomes if o.finished]
    assert sum(p.matches for p in f.tally.players.values()) == sum(len(o.players) for o in finished)


@SETTINGS
@given(histories())
def test_each_finished_match_gives_one_win_per_winner(history: list[MatchInput]) -> None:
    f = figures(history)
    finished = [o for o in f.outcomes if o.finished]
    assert sum(p.won for p in f.tally.players.values()) == sum(len(o.sides[o.winner or 0]) for o in finished)
    for o in finished:
        assert o.winner is not None and o.winner not in o.goats and o.goats
        if len(o.sides) == 2:  # two sides: the other one lost, as goats
            assert o.goats == {1 - o.winner}
    for key, pair in f.tally.pairs.items():
        assert pair.won <= pair.matches <= min(f.tally.players[n].matches for n in key)


@SETTINGS
@given(histories(), st.data())
def test_a_tally_of_two_runs_merged_is_the_tally_of_both(
    history: list[MatchInput], data: st.DataObject
) -> None:
    outcomes = read_all(history)
    k = data.draw(st.integers(0, len(outcomes)))
    assert Tally.of(outcomes[:k]).merge(Tally.of(outcomes[k:])) == Tally.of(outcomes)
    one_by_one = Tally()
    for o in outcomes:
        one_by_one = one_by_one.add(o)
    assert one_by_one == Tally.of(outcomes)


def _by_hand(outcomes: list[Outcome]) -> dict[str, Rating]:
    """The ratings as the brief specifies them, written out with openskill directly."""
    ratings: dict[str, Rating] = {}
    for o in outcomes:
        if not o.finished:
            continue
        teams = [[MODEL.rating(**vars_of(ratings.get(n))) for n in names] for names in o.sides]
        for names, team in zip(o.sides, MODEL.rate(teams, ranks=list(o.ranks)), strict=True):
            for n, r in zip(names, team, strict=True):
                ratings[n] = Rating(r.mu, r.sigma)
    return ratings


def vars_of(r: Rating | None) -> dict[str, float]:
    return {} if r is None else {"mu": r.mu, "sigma": r.sigma}


@SETTINGS
@given(histories())
def test_ratings_are_the_models_fold_in_the_order_matches_ended(history: list[MatchInput]) -> None:
    outcomes = read_all(history)
    run = rate(outcomes)
    assert run == rate(outcomes)  # deterministic
    assert dict(run.ratings) == _by_hand(outcomes)
    for name, points in run.history.items():
        assert points[-1].rating == run.ratings[name]
        assert [p.index for p in points] == sorted({p.index for p in points})
        assert len(points) == f_matches(outcomes, name)


def f_matches(outcomes: list[Outcome], name: str) -> int:
    return sum(o.finished and name in o.players for o in outcomes)


def _delete_hand(history: list[MatchInput], data: st.DataObject) -> tuple[int, list[MatchInput]]:
    with_hands = [i for i, m in enumerate(history) if m.hands]
    assume(with_hands)
    k = data.draw(st.sampled_from(with_hands))
    j = data.draw(st.integers(0, len(history[k].hands) - 1))
    hands = list(history[k].hands)
    del hands[j]
    edited = [*history[:k], replace(history[k], hands=hands), *history[k + 1 :]]
    try:
        read_all(edited)
    except (
        KozelError
    ):  # the records after it no longer fit (the match ends sooner): not an edit the log takes
        assume(False)
    return k, edited


@SETTINGS
@given(histories(min_size=1), st.data())
def test_deleting_a_hand_of_an_old_match_recomputes_from_that_match_on(
    history: list[MatchInput], data: st.DataObject
) -> None:
    k, edited = _delete_hand(history, data)
    old, new = read_all(history), read_all(edited)
    kept_run = rate(old)
    from_k = rate(new[k:], kept_run, first=k)
    assert from_k == rate(new)
    kept_tally = Tally.of(old[:k])  # what was kept before match k is still right
    assert kept_tally.merge(Tally.of(new[k:])) == Tally.of(new) == figures(edited).tally


def test_the_order_of_the_matches_changes_the_ratings() -> None:
    a = MatchInput("classic-sixes", ["A", "B", "C", "D"], [{"points": [100, 20]}] * 3)
    b = MatchInput("classic-sixes", ["A", "C", "B", "D"], [{"points": [20, 100]}] * 3)
    one, other = rate(read_all([a, b])), rate(read_all([b, a]))
    assert one.ratings["A"] != other.ratings["A"]
    assert one == rate(read_all([a, b]))


def _longest(results: list[bool], kind: bool) -> int:
    best = run = 0
    for r in results:
        run = run + 1 if r == kind else 0
        best = max(best, run)
    return best


@SETTINGS
@given(histories(max_size=12))
def test_streaks_are_the_longest_runs_of_the_players_results(history: list[MatchInput]) -> None:
    outcomes = [o for o in read_all(history) if o.finished]
    t = Tally.of(outcomes)
    for name, p in t.players.items():
        results = [o.won(side) for o in outcomes if (side := o.side_of(name)) is not None]
        assert (p.streaks.best_won, p.streaks.best_lost) == (
            _longest(results, True),
            _longest(results, False),
        )
        assert (p.won, p.lost) == (sum(results), len(results) - sum(results))
