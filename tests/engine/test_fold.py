"""The fold's snapshot: a stored state plus the hands after it gives exactly what a replay from
hand 1 gives, in every variant, whatever the point the snapshot was taken at; and a snapshot
survives its JSON form."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import (
    Fold,
    FoldError,
    RecordError,
    fold_of,
    fold_replay,
    fold_step,
    new_fold,
    next_deal_after,
    replay,
)
from rules.engine.variants import Ruleset, resolve

from .test_scoring_properties import SETTINGS, matches, records_for


def _through_json(fold: Fold) -> Fold:
    return Fold.from_dict(fold.ruleset, json.loads(json.dumps(fold.to_dict())))


@SETTINGS
@given(matches(), st.data())
def test_checkpoint_plus_the_rest_is_the_replay(
    m: tuple[Ruleset, list[dict[str, Any]]], data: st.DataObject
) -> None:
    rs, records = m
    full = replay(rs, None, records)
    k = data.draw(st.integers(0, len(records)))
    checkpoint = _through_json(fold_of(replay(rs, None, records[:k]), tag=k))
    fold, results = fold_replay(checkpoint, records[k:])
    assert tuple(results) == full.hands[k:]
    assert fold == fold_of(full, tag=k)
    assert _through_json(fold) == fold
    if not full.finished:
        for leader in (None, 1):
            assert fold.next_deal(first_dealer=2, first_leader=leader) == next_deal_after(
                full, first_dealer=2, first_leader=leader
            )


@SETTINGS
@given(matches(), st.data())
def test_a_step_refuses_what_the_replay_refuses(
    m: tuple[Ruleset, list[dict[str, Any]]], data: st.DataObject
) -> None:
    """The next record, valid or not, does to the snapshot what it does to the replay."""
    rs, records = m
    nxt = data.draw(st.one_of(records_for(rs), st.just({"points": [70, 70]}), st.just({"obyaz": 0})))
    try:
        expected: Any = replay(rs, None, [*records, nxt])
    except RecordError as exc:
        expected = (exc.code, exc.field)
    fold = _through_json(fold_of(replay(rs, None, records)))
    try:
        got: Any = fold_step(fold, nxt)
    except RecordError as exc:
        assert expected == (exc.code, exc.field)
    else:
        assert got[1] == expected.hands[-1]
        assert got[0] == fold_of(expected)


def test_a_snapshot_is_small_plain_data_whatever_the_length() -> None:
    rs = resolve("penalty-goats")
    fold = new_fold(rs)
    for _ in range(1000):
        fold, _result = fold_step(fold, {"points": [60, 60]})
    text = json.dumps(fold.to_dict())
    assert len(text) < 400 and fold.hands == 1000


@pytest.mark.parametrize(
    "broken",
    [
        {},
        {"format": 99},
        {**new_fold("classic-sixes").to_dict(), "variant": "penalty-goats"},
        {**new_fold("classic-sixes").to_dict(), "score": [-1, 0]},
        {**new_fold("classic-sixes").to_dict(), "winner": 2},
        {**new_fold("classic-sixes").to_dict(), "titles": ["king"]},
        {**new_fold("classic-sixes").to_dict(), "hands": "3"},
    ],
)
def test_a_foreign_snapshot_is_refused(broken: dict[str, Any]) -> None:
    with pytest.raises(FoldError):
        Fold.from_dict(resolve("classic-sixes"), broken)
