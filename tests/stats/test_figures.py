"""The company's figures, case by case (rules/stats/): each row a small history and the
counts the rules give it, citing the rule that decides."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from rules.stats import MatchInput, PlayerStats, StatsError, figures, read_match

WIN = [{"points": [100, 20]}] * 3  # classic-sixes: team 0 to 6 pairs, 2 a hand (no спас)
LOSE = [{"points": [20, 100]}] * 3
T0 = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)


def classic(players: str, hands: list[dict[str, Any]], **kw: Any) -> MatchInput:
    return MatchInput("classic-sixes", list(players), hands, **kw)


def stats(*matches: MatchInput) -> dict[str, PlayerStats]:
    return dict(figures(matches).tally.players)


def test_a_lyusya_in_the_first_hand_makes_dry_goats() -> None:
    # classic-sixes#scoring: a Lyusya in the first hand wins the match («сухие», DECISIONS titles)
    s = stats(classic("ABCD", [{"points": [0, 120], "all_tricks": True}]))
    a, b = s["A"], s["B"]
    assert (a.matches, a.won, a.lost, a.goat, dict(a.titles)) == (1, 0, 1, 1, {"dry": 1})
    assert (a.hands, a.hands_won, a.lyusya_taken, a.lyusya_suffered) == (1, 0, 0, 1)
    assert (b.won, b.goat, dict(b.titles), b.hands_won, b.lyusya_taken, b.lyusya_suffered) == (
        1,
        0,
        {},
        1,
        1,
        0,
    )
    assert s["C"] == PlayerStats(**{**a.__dict__, "name": "C"})  # partners count alike


def test_eggs_are_the_60_60_hands_sat_in_and_give_the_losers_eggs() -> None:
    # docs/rules.md#scoring: 60:60 is eggs; the pot goes to the next winners (DECISIONS egg_pot_lyusya),
    # and the losers of a match with eggs are «с яйцами» (DECISIONS titles)
    s = stats(
        classic(
            "ABCD", [{"points": [60, 60]}, {"points": [100, 20]}, {"points": [100, 20]}, {"points": [72, 48]}]
        )
    )
    assert (s["A"].eggs, s["B"].eggs, s["A"].hands, s["A"].hands_won, s["B"].hands_won) == (1, 1, 4, 3, 0)
    assert dict(s["B"].titles) == {"with_eggs": 1} and dict(s["A"].titles) == {}


def test_winners_from_five_with_ninety_give_the_losers_tails() -> None:
    # DECISIONS tails: the winners stood at 5 and won the last hand with 90 or more
    s = stats(classic("ABCD", [{"points": [72, 48]}] * 5 + [{"points": [95, 25]}]))
    assert (s["B"].goat, dict(s["B"].titles), s["B"].hands) == (1, {"with_tails": 1}, 6)


def test_penalty_goats_the_team_that_reaches_twelve_marks_loses() -> None:
    # penalty-goats#scoring: the hand's losers take 4 marks with 30 or fewer; 12 marks lose the match
    s = stats(MatchInput("penalty-goats", list("ABCD"), WIN))
    assert (s["A"].won, s["A"].goat, s["B"].lost, s["B"].goat, dict(s["B"].titles)) == (1, 0, 1, 1, {})


def test_each_for_himself_every_player_at_zero_is_a_goat_and_a_void_deal_is_no_eggs() -> None:
    # solo-twelve#transfers, DECISIONS solo_winner: seat 0 takes 2 from each player and 1 from the
    # dealer, seven times; seats 1 and 2 end at 0 marks together, both goats. The first deal is void
    # (nobody at 61, docs/tables.md#each-for-himself): a hand played, no eggs.
    hands = [{"points": [40, 40, 40]}] + [{"points": [70, 25, 25]}] * 7
    o = read_match(MatchInput("solo-twelve", ["A", "B", "C"], hands, seats=3, dealer=2))
    assert (o.finished, o.score, o.winner, o.goats, o.ranks, o.eggs) == (
        True,
        (36, 0, 0),
        0,
        {1, 2},
        (1, 2, 2),
        0,
    )
    s = stats(o.match)
    assert [(p.won, p.lost, p.goat, p.hands, p.hands_won, p.eggs) for p in s.values()] == [
        (1, 0, 0, 8, 7, 0),
        (0, 1, 1, 8, 0, 0),
        (0, 1, 1, 8, 0, 0),
    ]


def test_a_blind_seats_side_is_its_one_player() -> None:
    # classic-sixes#blind: the player opposite the blind seat plays for both; the side is one player
    f = figures([classic(["A", "B", None, "D"], WIN, options={"blind_seat": "2"})])
    assert f.outcomes[0].sides == (("A",), ("B", "D"))
    assert set(f.tally.players) == {"A", "B", "D"}
    assert [(k, p.matches, p.won) for k, p in f.tally.pairs.items()] == [(("B", "D"), 1, 0)]
    assert f.tally.nemesis("B") is None  # beaten by one player, not by a pair
    assert f.tally.nemesis("A") is None and f.tally.best_partner("A") is None


def test_queen_captures_count_for_the_catching_side() -> None:
    # yc-hvalyony#capture: the six of clubs catches the queen of clubs, 4 eyes to the catchers
    hands = [
        {"queen_capture": 1},
        {"points": [40, 80]},
        {"queen_capture": 0},
        {"queen_capture": 1},
        {"points": [20, 100]},
    ]
    o = read_match(MatchInput("yc-hvalyony", list("ABCD"), hands))
    assert (o.finished, o.winner, o.queen_captures, o.hands_won) == (True, 1, (1, 2), (1, 4))
    s = stats(o.match)
    assert [(n, p.queen_captures, p.hands_won) for n, p in s.items()] == [
        ("A", 1, 1),
        ("C", 1, 1),
        ("B", 2, 4),
        ("D", 2, 4),
    ]


def test_an_unfinished_match_counts_for_nobody() -> None:
    f = figures([classic("ABCD", WIN[:2])])
    assert dict(f.tally.players) == {} and dict(f.ratings.ratings) == {} and f.finished == 0


def test_streaks_are_the_longest_runs_of_matches_won_and_lost() -> None:
    results = "WWLWWWLL"
    s = stats(*(classic("ABCD", WIN if r == "W" else LOSE) for r in results))
    assert (s["A"].streaks.best_won, s["A"].streaks.best_lost) == (3, 2)
    assert (s["B"].streaks.best_won, s["B"].streaks.best_lost) == (2, 3)


def test_best_partner_and_the_pair_one_loses_to_most() -> None:
    history = [
        classic("ABCD", WIN),  # A+C beat B+D
        classic("ABCD", WIN),
        classic("ABDC", LOSE),  # B+C beat A+D
        classic("ABDC", LOSE),
        classic("ACBD", LOSE),  # C+D beat A+B
        classic("ACBD", WIN),  # A+B beat C+D
    ]
    t = figures(history).tally
    assert t.best_partner("A") == ("C", t.pairs[("A", "C")])
    assert (t.pairs[("A", "C")].matches, t.pairs[("A", "C")].won) == (2, 2)
    assert t.nemesis("A") == (("B", "C"), 2)
    assert t.nemesis("D") == (("A", "C"), 2)  # on a tie with B+C, the first by name
    assert t.best_partner("B") == ("C", t.pairs[("B", "C")])
    assert t.best_partner("D") == ("C", t.pairs[("C", "D")])  # one win in two; none with A or B


def test_filters_by_variant_and_by_period() -> None:
    history = [
        classic("ABCD", WIN, ended=T0),
        MatchInput("penalty-goats", list("ABCD"), LOSE, ended=T0 + timedelta(days=1)),
        classic("ABCD", WIN),  # its end unknown: in every period it is left out
    ]
    assert stats(*history)["A"].matches == 3
    assert figures(history, variant="penalty-goats").tally.players["A"].lost == 1
    assert figures(history, variant="classic-sixes").tally.players["A"].won == 2
    assert figures(history, since=T0 + timedelta(hours=1)).tally.players["A"].matches == 1
    assert figures(history, until=T0 + timedelta(hours=1)).tally.players["A"].won == 1


@pytest.mark.parametrize(
    ("match", "code", "field"),
    [
        (classic("ABC", WIN), "bad_players", "players"),
        (classic("ABCDE", WIN), "bad_players", "players"),
        (classic(["A", "B", "C", "D"], WIN, options={"blind_seat": "2"}), "blind_seat_player", "players[2]"),
        (classic(["A", None, "C", "D"], WIN), "bad_player_name", "players[1]"),
        (classic(["A", "B", " ", "D"], WIN), "bad_player_name", "players[2]"),
        (classic("ABCA", WIN), "duplicate_player", "players[3]"),
        (MatchInput("solo-twelve", list("ABCD"), WIN, seats=3, dealer=0), "bad_players", "players"),
    ],
    ids=[
        "three-for-four",
        "five-for-four",
        "name-at-blind",
        "null-not-blind",
        "blank",
        "twice",
        "solo-seats",
    ],
)
def test_players_that_do_not_fit_the_seats(match: MatchInput, code: str, field: str) -> None:
    with pytest.raises(StatsError) as e:
        figures([classic("ABCD", WIN), match])
    assert (e.value.code, e.value.field) == (code, f"matches[1].{field}")
