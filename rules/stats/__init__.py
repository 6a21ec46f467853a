"""The company's figures: statistics, partnerships and ratings over many matches.

Pure Python over the engine's replay, like the engine itself (no Django; a test scans the
imports), but outside ``rules/engine/`` because the ratings need ``openskill``, and the engine
takes only the standard library. It lives in ``rules/`` because ``/api/v1/stats`` (``rules/``)
answers with it and ``rules/`` may not import ``scorekeeper/``; the company's pages may import
it as they import the engine (ARCHITECTURE.md).
"""

from __future__ import annotations

from .evenings import GAP, BigWin, Evening, evenings, sittings
from .figures import Figures, figures, read_all, select
from .outcome import MAX_NAME, MatchInput, Outcome, StatsError, read_match
from .ratings import MODEL, Rating, RatingPoint, RatingRun, rate
from .tally import TITLES, PairStats, PlayerStats, Streaks, Tally

__all__ = [
    "GAP",
    "MAX_NAME",
    "MODEL",
    "TITLES",
    "BigWin",
    "Evening",
    "Figures",
    "MatchInput",
    "Outcome",
    "PairStats",
    "PlayerStats",
    "Rating",
    "RatingPoint",
    "RatingRun",
    "StatsError",
    "Streaks",
    "Tally",
    "evenings",
    "sittings",
    "figures",
    "rate",
    "read_all",
    "read_match",
    "select",
]
