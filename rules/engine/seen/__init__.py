"""A play judged by what its player could see (docs/rules.md#what-was-seen).

:mod:`.view` (what a seat sees at a play and what the rules let it infer) → :mod:`.alike` (hidden
cards that play alike) → :mod:`.placements` (the placements that agree with a view: counted,
listed, drawn) → :mod:`.chances` (each legal card's chances over them, each solved exactly) →
:mod:`.verdict` → :mod:`.review` (a played deal's plays judged). Each placement is solved by the
exact solver's game and analyst, for the mover's side alone, as :func:`~rules.engine.analyse_deal`
would answer it.
"""

from __future__ import annotations

from .chances import MoveChances
from .placements import Placements, placements_of
from .review import EXACT_AT, SAMPLE, VERSION, Judgement, costly, judge, read_deal, review_seen
from .view import SeenDeal, View, view_at

__all__ = [
    "EXACT_AT",
    "SAMPLE",
    "VERSION",
    "Judgement",
    "MoveChances",
    "Placements",
    "SeenDeal",
    "View",
    "costly",
    "judge",
    "placements_of",
    "read_deal",
    "review_seen",
    "view_at",
]
