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


# ------------------------------------------------------------------ the short tables (docs/tables.md)

SHORT = [
    ("yc-duel", {}, 2),
    ("yc-duel", {"sevens": True, "six_of_clubs": False, "trump_suit": "H"}, 2),
    ("solo-twelve", {}, 2),
    ("solo-twelve", {"trump_suit": "D"}, 3),
    ("solo-twelve", {"spades_queen": True}, 3),
    ("solo-twelve", {"trump_suit": "H"}, 4),
    ("classic-sixes", {"blind_seat": 2}, 4),
    ("penalty-goats", {"blind_seat": 0, "royal_goat": True}, 4),
    ("yc-hvalyony", {"blind_seat": 3}, 4),
]


def _split(n: int) -> st.SearchStrategy[list[int]]:
    """``n`` card-point counts summing to 120."""
    return st.lists(st.integers(0, 120), min_size=n - 1, max_size=n - 1).map(
        lambda cuts: [b - a for a, b in zip([0, *sorted(cuts)], [*sorted(cuts), 120], strict=True)]
    )


@st.composite
def short_records(draw: st.DrawFn, rs: Ruleset, hand: int) -> dict[str, Any]:
    """A valid record of hand number ``hand`` (from 0) at a short table, in the API form."""
    if rs.key == "solo-twelve":
        d: dict[str, Any] = {"points": draw(_split(rs.seats)), "dealer": hand % rs.seats}
        if rs.lone_queen is not None and draw(st.booleans()):
            d["lone"] = draw(st.integers(0, rs.seats - 1))
        return d
    if rs.key == "yc-duel":
        d = draw(records_for(rs))
        if "points" in d and "queen_capture" not in d and draw(st.booleans()):
            d["last_suit"] = draw(st.sampled_from("CSHD"))
        return d
    return draw(records_for(rs))  # a blind table scores as its variant


@st.composite
def short_matches(draw: st.DrawFn) -> tuple[Ruleset, list[dict[str, Any]]]:
    key, options, seats = draw(st.sampled_from(SHORT))
    rs = resolve(key, options, seats=seats)
    state = replay(rs, None, [])
    kept: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 30))):
        if state.finished:
            break
        r = draw(short_records(rs, len(kept)))
        state = replay(rs, None, [*kept, r])
        kept.append(r)
    return rs, kept


@SETTINGS
@given(short_matches(), st.data())
def test_short_tables_checkpoint_plus_one_step_is_the_replay(
    m: tuple[Ruleset, list[dict[str, Any]]], data: st.DataObject
) -> None:
    """At every short table, a snapshot read back from JSON plus one fold step is the replay of
    one more record: the score per side, the marks below zero, the duel's next trump suit."""
    rs, records = m
    full = replay(rs, None, records)
    for k in range(len(records)):
        before = _through_json(fold_of(replay(rs, None, records[:k]), tag=k))
        assert len(before.score) == len(rs.sides)
        after, result = fold_step(before, records[k])
        assert result == full.hands[k]
        assert after == fold_of(replay(rs, None, records[: k + 1]), tag=k)
        assert _through_json(after) == after
    # solo-twelve's records name their dealers 0, 1, 2 … (the rotation from seat 0)
    first = 0 if rs.dealer_scores else None
    fold, results = fold_replay(_through_json(new_fold(rs)), records, first_dealer=first)
    assert tuple(results) == full.hands
    assert fold == fold_of(full)
    if rs.key == "solo-twelve":
        assert sum(fold.score) == 12 * rs.seats
        assert fold.finished == (min(fold.score) <= 0)
    if not full.finished:
        dealer = data.draw(st.integers(0, rs.seats - 1))
        nd = fold.next_deal(first_dealer=dealer)
        assert nd == next_deal_after(full, first_dealer=dealer)
        if rs.trump_from_last_card:
            # clubs in deal 1 and after a queen capture (yc-duel#trumps), else the last card's suit
            last = records[-1] if records else {}
            want = "C" if not records or last.get("queen_capture") is not None else last.get("last_suit")
            assert nd.trump_suit == want


def test_solo_marks_below_zero_survive_the_snapshot() -> None:
    rs = resolve("solo-twelve", seats=3)
    fold = new_fold(rs)
    assert fold.score == (12, 12, 12)
    for hand in range(11):
        fold, _ = fold_step(_through_json(fold), {"points": [0, 120, 0], "dealer": hand % 3})
        if fold.finished:
            break
    assert fold.finished and min(fold.score) <= 0 and sum(fold.score) == 36
    back = _through_json(fold)
    assert back == fold and back.to_dict()["seats"] == 3
    assert (back.winner, back.score[back.loser]) == (1, min(fold.score))  # type: ignore[index]


def test_a_team_snapshot_keeps_its_old_form() -> None:
    """The team games' snapshot is the dict it always was (stored snapshots stay identical)."""
    fold, _ = fold_step(new_fold("classic-sixes"), {"points": [72, 48]})
    assert set(fold.to_dict()) == {
        "format", "tag", "variant", "hands", "score", "pending", "finished", "winner", "loser",
        "titles", "had_eggs", "won_hands", "last_winner",
    }  # fmt: skip
    blind, _ = fold_step(new_fold(resolve("classic-sixes", {"blind_seat": 1})), {"points": [72, 48]})
    assert blind.to_dict() == fold.to_dict()


@pytest.mark.parametrize(
    ("seats", "broken"),
    [
        (3, {"seats": 4}),  # a snapshot of another table
        (3, {"score": [12, 12]}),  # a side missing
        (3, {"winner": 3}),  # no such side
        (3, {"score": [12, 12, True]}),
        (2, {"last_suit": "S"}),  # solo-twelve has no last suit: ignored, not refused
    ],
)
def test_a_short_table_snapshot_of_another_shape_is_refused(seats: int, broken: dict[str, Any]) -> None:
    rs = resolve("solo-twelve", seats=seats)
    d = {**new_fold(rs).to_dict(), **broken}
    if "last_suit" in broken:
        assert Fold.from_dict(rs, d).last_suit is None
        return
    with pytest.raises(FoldError):
        Fold.from_dict(rs, d)


@pytest.mark.parametrize("bad", ["X", 3, "♠"])
def test_a_duel_snapshot_with_a_bad_suit_is_refused(bad: object) -> None:
    rs = resolve("yc-duel")
    with pytest.raises(FoldError):
        Fold.from_dict(rs, {**new_fold(rs).to_dict(), "last_suit": bad})
