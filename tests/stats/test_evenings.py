"""The evening (rules/stats/evenings.py): a run of matches each started within six hours of
the last hand before it, named by the local date it began; what its image tells."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.stats import MatchInput, read_all
from rules.stats.evenings import GAP, BigWin, evenings

WIN = [{"points": [100, 20]}] * 3  # classic-sixes: 6:0 for team 0 in three hands
CLOSE = [{"points": [72, 48]}, {"points": [48, 72]}] * 5 + [{"points": [72, 48]}]  # 6:5
DRY = [{"points": [0, 120], "all_tricks": True}]  # classic-sixes#scoring: a dry goat, 0:0
T = datetime(2026, 12, 5, 15, 0, tzinfo=UTC)  # 18:00 in Moscow


def match(
    players: str, hands: list[dict[str, object]], start: float, end: float, key: object = None
) -> MatchInput:
    return MatchInput(
        "classic-sixes",
        list(players),
        hands,
        started=T + timedelta(hours=start),
        ended=T + timedelta(hours=end),
        key=key,
    )


def keys(history: list[MatchInput], zone: str = "Europe/Moscow") -> list[tuple[str, list[object]]]:
    return [
        (e.date.isoformat(), [o.match.key for o in e.outcomes]) for e in evenings(read_all(history), zone)
    ]


@pytest.mark.parametrize(
    ("times", "expected"),
    [
        ([(0, 1), (1.5, 3), (8.9, 10)], [("2026-12-05", [0, 1, 2])]),  # 5.9 h after the last hand
        ([(0, 1), (1.5, 3), (9, 10)], [("2026-12-05", [0, 1, 2])]),  # exactly six hours: within
        ([(0, 1), (1.5, 3), (9.1, 10)], [("2026-12-05", [0, 1]), ("2026-12-06", [2])]),
        ([(0, 5), (10.5, 11)], [("2026-12-05", [0, 1])]),  # counted from the last hand, not the start
        ([(6.5, 7)], [("2026-12-06", [0])]),  # 21:30 UTC is 00:30 in Moscow: the 6th there
    ],
    ids=["5.9h", "6h", "6.1h", "from-last-hand", "local-date"],
)
def test_matches_group_into_evenings(
    times: list[tuple[float, float]], expected: list[tuple[str, list[object]]]
) -> None:
    history = [match("ABCD", WIN, s, e, key=i) for i, (s, e) in enumerate(times)]
    assert keys(list(reversed(history))) == expected  # by start, whatever the order given


def test_the_date_is_the_companys_zone() -> None:
    history = [match("ABCD", WIN, 6.5, 7, key=0)]
    assert keys(history, "UTC") == [("2026-12-05", [0])]
    assert keys(history, "Europe/Moscow") == [("2026-12-06", [0])]


def test_an_evenings_goats_biggest_win_and_longest_streak() -> None:
    history = [
        match("ABCD", CLOSE, 0, 1),  # A+C 6:5
        match("ABCD", WIN, 1, 2),  # A+C 6:0
        match("ABCD", DRY, 2, 3),  # B+D at once: dry goats
        match("ADBC", WIN, 3, 4),  # A+B 6:0
        match("ABCD", WIN[:1], 4, 5),  # not finished: no goats, no win
    ]
    (e,) = evenings(read_all(history), "Europe/Moscow")
    assert len(e.outcomes) == 5 and len(e.finished) == 4
    assert e.goats() == [("D", 3), ("B", 2), ("C", 2), ("A", 1)]
    big = e.biggest_win()
    assert big is not None and (big.winners, big.losers, big.score) == (("B", "D"), ("A", "C"), (0, 0))
    assert big.outcome.titles == ("goats", "dry")
    assert e.longest_streak() == ("A", 2)
    assert [BigWin.margin(o) for o in e.finished] == [1 / 6, 1.0, math.inf, 1.0]
    solo = MatchInput("solo-twelve", list("ABC"), [{"points": [70, 25, 25]}] * 7, seats=3, dealer=0)
    (o,) = read_all([solo])
    assert (o.score, BigWin.margin(o)) == ((36, 0, 0), 1.0)  # all 36 marks of the table


def test_matches_without_times_belong_to_no_evening() -> None:
    history = [MatchInput("classic-sixes", list("ABCD"), WIN)]
    assert evenings(read_all(history), "UTC") == []


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 72 * 60), st.integers(0, 9 * 60)), max_size=12))
def test_every_match_is_in_one_evening_and_evenings_are_six_hours_apart(times: list[tuple[int, int]]) -> None:
    # minutes after T: a start, and how long until the last hand
    history = [
        replace(
            match("ABCD", WIN, 0, 0, key=i),
            started=T + timedelta(minutes=s),
            ended=T + timedelta(minutes=s + d),
        )
        for i, (s, d) in enumerate(times)
    ]
    found = evenings(read_all(history), "Europe/Moscow")
    assert sorted(o.match.key for e in found for o in e.outcomes) == list(range(len(times)))
    for e in found:
        starts = [o.match.started for o in e.outcomes]
        assert starts == sorted(starts)
        assert e.date == starts[0].astimezone(ZoneInfo("Europe/Moscow")).date()
        for i in range(1, len(e.outcomes)):
            last = max(o.match.ended for o in e.outcomes[:i])
            assert e.outcomes[i].match.started - last <= GAP
    for before, after in zip(found, found[1:], strict=False):
        last = max(o.match.ended for o in before.outcomes)
        assert after.outcomes[0].match.started - last > GAP
