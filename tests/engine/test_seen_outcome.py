"""The placements of a view solved for the mover's side alone, one after another with shared
searches, give the figures the exact analysis of each placement gives (every card's value and
goals lost, the goals before the play)."""

from __future__ import annotations

import itertools

import pytest

from rules.engine import resolve
from rules.engine.seen import placements_of, view_at
from rules.engine.seen.chances import outcome_of, outcomes, solve
from tests.engine.seen_deals import played, seen_deal

BUDGET = 10**8


@pytest.mark.parametrize(
    ("key", "options", "seats", "seed"),
    [
        ("classic-sixes", {}, None, 3),
        ("voon-series", {}, None, 5),  # two sides of two, the queen capture
        ("penalty-goats", {}, None, 3),  # every trick changes no score: no all_tricks goal
        ("yc-belka", {"blind_seat": "3"}, None, 2),
        ("yc-duel", {}, 2, 4),  # the prikup still to be dealt
        ("solo-twelve", {}, 3, 24),  # three sides, the cards dealt to nobody
        ("solo-twelve", {}, 4, 6),  # four sides, the second four still to be dealt
    ],
)
def test_the_mover_side_alone_gives_the_exact_analysis_figures(key, options, seats, seed) -> None:
    rs = resolve(key, options, seats=seats)
    deal = seen_deal(rs, played(rs, seed))
    found = []
    # the last plays with more than one position to solve (the duel's before its prikup, each
    # placement a whole round to solve: their first ones)
    for j in range(len(deal.plays) - 2, 0, -1):
        if deal.seats[j] not in rs.blind_seats and placements_of(view_at(deal, j)).forms > 1:
            found.append(view_at(deal, j))
        if len(found) == 3:
            break
    middle = len(deal.plays) // 2 + 1  # and a play in the middle of a trick, mid-deal
    if deal.seats[middle] in rs.blind_seats:
        middle += 1
    for view in [*found, view_at(deal, middle)]:
        placements = placements_of(view)
        forms = list(itertools.islice(placements.each_form(), 10))
        want = [outcome_of(view, solve(view, placements.layout_of(f), BUDGET), w) for f, w in forms]
        # one after another, where no round is to be dealt each the searches of those before
        assert outcomes(view, placements, forms, BUDGET) == want
    assert len(found) >= 3
