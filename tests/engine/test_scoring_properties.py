"""Properties of the scorer's fold (ARCHITECTURE.md: replay is deterministic and composes over prefixes;
docs/rules.md#variants targets; docs/records.md records)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (
    ERROR_CODES,
    NOTE_CODES,
    TITLE_CODES,
    HandRecord,
    MatchState,
    RecordError,
    new_match,
    replay,
    score_hand,
)
from rules.engine.variants import VARIANTS, Ruleset, resolve

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rulesets(draw: st.DrawFn) -> Ruleset:
    v = VARIANTS[draw(st.sampled_from(sorted(VARIANTS)))]
    options: dict[str, object] = {}
    for o in v.options:
        options[o.key] = draw(st.booleans()) if o.kind == "bool" else draw(st.sampled_from(o.choices))
    return resolve(v, options)


@st.composite
def records_for(draw: st.DrawFn, rs: Ruleset) -> dict[str, Any]:
    """A valid record for ``rs``, in the API form."""
    kinds = ["played", "played", "played", "eggs", "lyusya"]
    if rs.capture is not None:
        kinds.append("capture")
    if rs.scoring in ("pairs", "penalty"):
        kinds.append("penalty")
    if rs.royal_goat:
        kinds.append("royal_goat")
    if rs.revoke_points:  # classic-sixes#scoring option revoke_penalty
        kinds.append("revoke")
    kind = draw(st.sampled_from(kinds))
    d: dict[str, Any]
    if kind == "played":
        a = draw(st.integers(0, 120).filter(lambda x: x != 60))
        d = {"points": [a, 120 - a]}
    elif kind == "revoke":
        a = draw(st.integers(0, 120))
        d = {"points": [a, 120 - a], "revoke": draw(st.sampled_from((0, 1)))}
    elif kind == "eggs":
        d = {"points": [60, 60]}
    elif kind == "lyusya":
        w = draw(st.sampled_from((0, 1)))
        d = {"points": [120, 0] if w == 0 else [0, 120], "all_tricks": True}
    elif kind == "capture":
        d = {"queen_capture": draw(st.sampled_from((0, 1)))}
        if draw(st.booleans()):
            a = draw(st.integers(0, 120))
            d["points"] = [a, draw(st.integers(0, 120 - a))]
    elif kind == "penalty":
        d = {
            "penalty": {
                "kind": draw(st.sampled_from(("misdeal", "cheating", "false_accusation"))),
                "against": draw(st.sampled_from((0, 1))),
            }
        }
    else:
        d = {"penalty": {"kind": "royal_goat", "against": draw(st.sampled_from((0, 1)))}}
    if rs.scoring == "eyes-belka" and "points" in d:
        d["obyaz"] = draw(st.sampled_from((0, 1)))
    if (
        rs.key == "classic-sixes"
        and draw(st.booleans())
        and not ("penalty" in d and d["penalty"]["kind"] == "misdeal")
    ):
        d["hvalyonka"] = True
    return d


@st.composite
def matches(draw: st.DrawFn) -> tuple[Ruleset, list[dict[str, Any]]]:
    """A ruleset and records that replay cleanly (cut at the end of the match)."""
    rs = draw(rulesets())
    records = draw(st.lists(records_for(rs), max_size=25))
    state = new_match(rs)
    kept = []
    for r in records:
        if state.finished:
            break
        state = score_hand(state, r)
        kept.append(r)
    return rs, kept


def _reached(rs: Ruleset, state: MatchState) -> bool:
    return max(state.score) >= rs.target


@SETTINGS
@given(matches())
def test_replay_is_deterministic(m: tuple[Ruleset, list[dict[str, Any]]]) -> None:
    rs, records = m
    a = replay(rs, None, records)
    b = replay(rs.key, dict(rs.options), [HandRecord.from_dict(r) for r in records])
    assert a == b
    assert a.to_dict() == b.to_dict()


@SETTINGS
@given(matches(), st.data())
def test_prefix_gives_prefix(m: tuple[Ruleset, list[dict[str, Any]]], data: st.DataObject) -> None:
    rs, records = m
    full = replay(rs, None, records)
    k = data.draw(st.integers(0, len(records)))
    part = replay(rs, None, records[:k])
    assert part.hands == full.hands[:k]
    assert part.score == (full.hands[k - 1].score if k else (0, 0))
    assert dict(part.pending) == (dict(full.hands[k - 1].pending) if k else {})


@SETTINGS
@given(matches())
def test_scores_add_up_and_never_go_negative(m: tuple[Ruleset, list[dict[str, Any]]]) -> None:
    rs, records = m
    state = replay(rs, None, records)
    before = (0, 0)
    for h in state.hands:
        assert min(h.score) >= 0
        assert h.score == (before[0] + h.delta[0], before[1] + h.delta[1])
        assert {n.code for n in h.notes} <= set(NOTE_CODES)
        before = h.score
    assert state.score == before


@SETTINGS
@given(matches())
def test_finished_iff_target_or_instant_win(m: tuple[Ruleset, list[dict[str, Any]]]) -> None:
    rs, records = m
    state = replay(rs, None, records)
    for h in state.hands[:-1]:
        assert not h.finished
    if not state.hands:
        assert not state.finished
        return
    last = state.hands[-1]
    instant = "instant_win" in last.note_codes()
    assert state.finished == last.finished == (max(last.score) >= rs.target or instant)
    if state.finished:
        assert state.winner in (0, 1) and state.loser == 1 - state.winner
        assert last.note_codes()[-1] == "match_won"
        assert "goats" in state.titles and set(state.titles) <= set(TITLE_CODES)
        assert dict(state.pending) == {}
        if not instant:
            # the pairs/series/eyes winners reached the target; penalty losers did
            reacher = state.loser if rs.scoring == "penalty" else state.winner
            assert state.score[reacher] >= rs.target
    else:
        assert state.winner is None and state.titles == ()


@SETTINGS
@given(matches(), st.data())
def test_after_the_end_every_record_is_refused(
    m: tuple[Ruleset, list[dict[str, Any]]], data: st.DataObject
) -> None:
    rs, records = m
    state = replay(rs, None, records)
    if not state.finished:
        return
    extra = data.draw(st.one_of(records_for(rs), st.dictionaries(st.text(max_size=5), st.integers())))
    try:
        replay(rs, None, [*records, extra])
    except RecordError as e:
        assert e.code == "match_finished"
        assert e.field == f"hands[{len(records)}]"
    else:
        raise AssertionError("a record after the end was accepted")


@SETTINGS
@given(matches())
def test_played_hands_hold_the_decks_120(m: tuple[Ruleset, list[dict[str, Any]]]) -> None:
    """Every played hand's points, as scored, hold the deck's 120 (a revoke moves points between
    the teams: 4, or all the team at fault has)."""
    rs, records = m
    state = replay(rs, None, records)
    assert rs.total_points == 120
    for h, r in zip(state.hands, records, strict=True):
        if "points" in r and "queen_capture" not in r:
            assert h.record.points is not None and sum(h.record.points) == 120
        if "revoke" in r:
            fault = r["revoke"]
            moved = min(rs.revoke_points, r["points"][fault])
            assert h.record.points[fault] == r["points"][fault] - moved
            assert h.note_codes()[0] == "revoke" and h.notes[0].params["amount"] == moved


@SETTINGS
@given(matches())
def test_records_round_trip(m: tuple[Ruleset, list[dict[str, Any]]]) -> None:
    _, records = m
    for r in records:
        assert HandRecord.from_dict(r).to_dict() == r


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 130) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
record_like = st.dictionaries(
    st.sampled_from(
        [
            "points",
            "all_tricks",
            "obyaz",
            "queen_capture",
            "penalty",
            "hvalyonka",
            "note",
            "kind",
            "against",
            "revoke",
        ]
    ),
    json_values
    | st.lists(st.integers(-5, 130), min_size=2, max_size=2)
    | st.fixed_dictionaries(
        {"kind": st.sampled_from(["misdeal", "cheating", "royal_goat", "x"]), "against": st.integers(-1, 2)}
    ),
    max_size=4,
)


@SETTINGS
@given(rulesets(), st.lists(record_like | json_values, max_size=4))
def test_garbage_is_a_record_error_or_a_valid_match(rs: Ruleset, records: list[Any]) -> None:
    try:
        state = replay(rs, None, records)
    except RecordError as e:
        assert e.code in ERROR_CODES
        assert e.field is not None and e.field.startswith("hands")
    else:
        assert len(state.hands) == len(records)
        assert min(state.score) >= 0
