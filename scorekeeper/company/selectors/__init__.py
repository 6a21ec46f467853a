"""Reads of a company, returning data: the company behind a link, its matches, and what its
pages show of its kept figures (:mod:`.pages`: no match is replayed to show a page), and what
the seating page reads (:mod:`.seating`: the evening going on, the rules of the latest match)."""

from .companies import company_get, company_get_for_edit, match_rows
from .pages import (
    EARLIER_EVENINGS,
    LATEST_EVENINGS,
    PERIODS,
    biggest_wins_teams,
    evening_on,
    evenings_page,
    figures_page,
    recent_evenings,
    roster_of,
)
from .seating import Setup, Tonight, last_setup, tonight

__all__ = [
    "EARLIER_EVENINGS",
    "LATEST_EVENINGS",
    "PERIODS",
    "Setup",
    "Tonight",
    "biggest_wins_teams",
    "company_get",
    "company_get_for_edit",
    "evening_on",
    "evenings_page",
    "figures_page",
    "last_setup",
    "match_rows",
    "recent_evenings",
    "roster_of",
    "tonight",
]
