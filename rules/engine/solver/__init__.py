"""Exact analysis of a deal with best play (docs/rules.md#analysis).

One concern a module, each using only those before it: ``deck`` (cards as bits) → ``budget``
(nodes and a deadline) → ``game`` and ``multi`` (positions and legal plays, one base for the
one-card games and those of several cards) → the search: ``reference`` (plain alpha-beta, the
fallback and the tests' oracle) or the compiled one (``plays``, ``order``, ``bounds``, ``table``,
``search``: Cython, built by scripts/build_solver.py) → ``analyst`` (the values and goals asked of
the searches) → ``analysis`` (:func:`analyse_deal`) → ``midway`` (:func:`analyse_midway`).
``answer`` holds what an analysis answers.
"""

from __future__ import annotations

from .analysis import REFERENCE_SHARE, analyse, analyse_deal
from .analyst import GOALS
from .answer import Analysis, AnalysisError, MoveValue, PlayReview
from .budget import NODE_BUDGET, Budget
from .game import COMPILED
from .midway import analyse_midway, held_at, last_round, midway_allowed

__all__ = [
    "COMPILED",
    "GOALS",
    "NODE_BUDGET",
    "REFERENCE_SHARE",
    "Analysis",
    "AnalysisError",
    "Budget",
    "MoveValue",
    "PlayReview",
    "analyse",
    "analyse_deal",
    "analyse_midway",
    "held_at",
    "last_round",
    "midway_allowed",
]
