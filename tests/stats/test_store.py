"""The kept figures go through JSON unchanged (rules.stats.store)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings

from rules.stats import MatchInput, Tally, figures
from rules.stats.store import dump_outcome, dump_ratings, dump_tally, load_outcome, load_ratings, load_tally
from tests.stats.strategies import histories


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(histories())
def test_outcomes_tallies_and_ratings_survive_json(history: list[MatchInput]) -> None:
    f = figures(history)
    for o in f.outcomes:
        back = load_outcome(json.loads(json.dumps(dump_outcome(o))))
        assert Tally.of([back]) == Tally.of([o])
        assert back.sides == o.sides and back.ranks == o.ranks and back.instant == o.instant
    assert load_tally(json.loads(json.dumps(dump_tally(f.tally)))) == f.tally
    assert load_ratings(json.loads(json.dumps(dump_ratings(dict(f.ratings.ratings))))) == f.ratings.ratings
