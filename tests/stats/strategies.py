"""Random match histories for the figures' properties: real matches the engine accepts."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from rules.engine import Ruleset, new_match, resolve, score_hand
from rules.stats import MatchInput
from tests.engine.test_scoring_properties import records_for, rulesets

NAMES = ("Аня", "Боря", "Вика", "Гоша", "Дина", "Ефим")


@st.composite
def solo_records(draw: st.DrawFn, rs: Ruleset) -> dict[str, Any]:
    points = []
    left = 120
    for _ in range(rs.seats - 1):
        x = draw(st.sampled_from([0, 10, 20, 30, 40, 61, 70, 90, 120]).filter(lambda x, left=left: x <= left))
        points.append(x)
        left -= x
    points.append(left)
    return {"points": draw(st.permutations(points))}


@st.composite
def matches(draw: st.DrawFn, names: tuple[str, ...] = NAMES, max_hands: int = 30) -> MatchInput:
    """A match of a team game (blind seat or not), the duel or each for himself, played to its
    end or stopped early, between players of ``names``."""
    kind = draw(st.sampled_from(["team", "team", "team", "solo", "duel"]))
    if kind == "team":
        rs = draw(rulesets())
    elif kind == "solo":
        rs = resolve("solo-twelve", None, seats=draw(st.sampled_from([2, 3, 4])))
    else:
        rs = resolve("yc-duel")
    dealer = 0 if rs.dealer_scores else None
    records: list[dict[str, Any]] = []
    state = new_match(rs)
    stop = draw(st.integers(1, max_hands))
    while not state.finished and len(records) < stop:
        rec = draw(solo_records(rs) if rs.dealer_scores else records_for(rs))
        state = score_hand(state, rec, dealer=None if dealer is None else len(records) % rs.seats)
        records.append(rec)
    seated = draw(st.permutations(names))[: rs.seats]
    players: list[str | None] = list(seated)
    for seat in rs.blind_seats:
        players[seat] = None
    return MatchInput(
        variant=rs.key,
        players=players,
        hands=records,
        options=dict(rs.options),
        seats=rs.seats,
        dealer=dealer,
    )


def histories(min_size: int = 0, max_size: int = 8) -> st.SearchStrategy[list[MatchInput]]:
    """Matches in the order they ended, each keyed by its place."""
    return st.lists(matches(), min_size=min_size, max_size=max_size).map(
        lambda ms: [replace(m, key=i) for i, m in enumerate(ms)]
    )
