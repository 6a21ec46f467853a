"""The scorer, row by row (docs/rules.md#variants scoring, docs/records.md records). Each row id cites its section or seed.

Records are written in the API form: ``P(72, 48)`` is ``{"points": [72, 48]}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from rules.engine import (
    DECISIONS,
    ERROR_CODES,
    NOTE_CODES,
    TITLE_CODES,
    HandRecord,
    MatchState,
    Note,
    Penalty,
    RecordError,
    decisions_for,
    new_match,
    next_deal,
    next_deal_after,
    replay,
    score_hand,
    validate_record,
)
from rules.engine.variants import resolve


def P(a: int, b: int, **kw: Any) -> dict[str, Any]:  # noqa: N802 - reads like a score line
    return {"points": [a, b], **kw}


EGGS = P(60, 60)
ALL0 = P(120, 0, all_tricks=True)  # team 0 took every trick
ALL1 = P(0, 120, all_tricks=True)


def pen(kind: str, against: int) -> dict[str, Any]:
    return {"penalty": {"kind": kind, "against": against}}


def cap(team: int, **kw: Any) -> dict[str, Any]:
    return {"queen_capture": team, **kw}


@dataclass
class Row:
    id: str
    variant: str
    records: list[dict[str, Any]]
    score: tuple[int, int]
    notes: tuple[str, ...] | None = None  # note codes of the last hand, in order
    options: dict[str, object] = field(default_factory=dict)
    winner: int | None = None  # match winner; set means the match is finished
    pending: dict[str, int] = field(default_factory=dict)
    titles: tuple[str, ...] = ()
    params: dict[str, dict[str, object]] = field(default_factory=dict)  # code -> expected params


ROWS = [
    # ---- classic-sixes#scoring pairs (classic-sixes) ----
    Row(
        "2.1-seed000-61-89-spas-plus-1",
        "classic-sixes",
        [P(72, 48)],
        (1, 0),
        ("spas",),
        params={"spas": {"amount": 1}},
    ),
    Row("2.1-seed000-61-59-plus-1", "classic-sixes", [P(59, 61)], (0, 1), ("spas",)),
    Row("2.1-seed000-89-31-spas-edge", "classic-sixes", [P(89, 31)], (1, 0), ("spas",)),
    Row(
        "2.1-seed000-90-30-no-spas-plus-2",
        "classic-sixes",
        [P(90, 30)],
        (2, 0),
        ("no_spas",),
        params={"no_spas": {"amount": 2}},
    ),
    Row("2.1-seed000-120-0-loser-took-a-trick-plus-2", "classic-sixes", [P(0, 120)], (0, 2), ("no_spas",)),
    Row(
        "2.1-seed000-lyusya-resets-loser",
        "classic-sixes",
        [P(30, 90), P(72, 48), ALL0],
        (1, 0),
        ("lyusya", "reset"),
        params={"reset": {"team": 1, "previous": 2}},
    ),
    Row(
        "2.1-seed000-lyusya-winner-does-not-move",
        "classic-sixes",
        [P(72, 48), ALL0],
        (1, 0),
        ("lyusya", "reset"),
    ),
    Row(
        "2.1-seed000-dry-goat-first-hand",
        "classic-sixes",
        [ALL1],
        (0, 0),
        ("lyusya", "dry_goat", "instant_win", "match_won"),
        winner=1,
        titles=("goats", "dry"),
    ),
    Row(
        "2.1-option-dry_goat_first_hand-off",
        "classic-sixes",
        [ALL1],
        (0, 0),
        ("lyusya", "reset"),
        options={"dry_goat_first_hand": False},
    ),
    Row(
        "2.1-dry-goat-only-in-first-hand",
        "classic-sixes",
        [EGGS, ALL1],
        (0, 1),
        ("lyusya", "reset", "egg_bonus"),
    ),
    Row(
        "2.1-seed000-eggs-nobody-moves-pot-1",
        "classic-sixes",
        [EGGS],
        (0, 0),
        ("eggs",),
        pending={"egg_pot": 1},
        params={"eggs": {"pot": 1}},
    ),
    Row(
        "2.1-decision-egg-pot-to-next-winner",
        "classic-sixes",
        [EGGS, P(50, 70)],
        (0, 2),
        ("spas", "egg_bonus"),
        params={"egg_bonus": {"amount": 1}},
    ),
    Row(
        "2.1-decision-egg-pot-grows-per-egg-in-a-row",
        "classic-sixes",
        [EGGS, EGGS, P(95, 25)],
        (4, 0),
        ("no_spas", "egg_bonus"),
        params={"egg_bonus": {"amount": 2}},
    ),
    Row("2.1-decision-egg-pot-emptied", "classic-sixes", [EGGS, P(72, 48), P(72, 48)], (3, 0), ("spas",)),
    Row(
        "2.1-decision-egg-pot-to-lyusya-winners",
        "classic-sixes",
        [P(72, 48), EGGS, ALL1],
        (0, 1),
        ("lyusya", "reset", "egg_bonus"),
    ),
    Row(
        "2.1-seed000-third-misdeal-other-team-plus-1",
        "classic-sixes",
        [pen("misdeal", 0)],
        (0, 1),
        ("penalty",),
        params={"penalty": {"kind": "misdeal", "against": 0, "amount": 1}},
    ),
    Row(
        "2.1-seed000-cheating-plus-2-to-wronged", "classic-sixes", [pen("cheating", 1)], (2, 0), ("penalty",)
    ),
    Row(
        "2.1-seed000-false-accusation-plus-2",
        "classic-sixes",
        [pen("false_accusation", 0)],
        (0, 2),
        ("penalty",),
    ),
    Row(
        "2.1-cheating-in-a-hvalyonka",
        "classic-sixes",
        [{**pen("cheating", 0), "hvalyonka": True}],
        (0, 2),
        ("penalty",),
    ),
    Row("2.1-hvalyonka-recorded-only", "classic-sixes", [P(72, 48, hvalyonka=True)], (1, 0), ("spas",)),
    # a penalty record is a hand with a winner, the team not at fault (DECISIONS penalty_takes_eggs)
    Row(
        "2.1-decision-penalty_takes_eggs-misdeal-takes-pot",
        "classic-sixes",
        [EGGS, pen("misdeal", 0)],
        (0, 2),
        ("penalty", "egg_bonus"),
        params={"egg_bonus": {"amount": 1}},
    ),
    Row(
        "2.1-decision-penalty_takes_eggs-two-eggs-cheating",
        "classic-sixes",
        [EGGS, EGGS, pen("cheating", 1)],
        (4, 0),
        ("penalty", "egg_bonus"),
        params={"egg_bonus": {"amount": 2}},
    ),
    Row(
        "2.1-decision-penalty_takes_eggs-pot-spent",
        "classic-sixes",
        [EGGS, pen("misdeal", 0), P(72, 48)],
        (1, 2),
        ("spas",),
    ),
    Row(
        "2.1-target-6-wins",
        "classic-sixes",
        [P(95, 25)] * 3,
        (6, 0),
        ("no_spas", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.1-seed000-goats-no-tails-at-61-89",
        "classic-sixes",
        [P(72, 48)] * 6,
        (6, 0),
        ("spas", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.1-seed000-with-tails",
        "classic-sixes",
        [P(72, 48)] * 5 + [P(95, 25)],
        (7, 0),
        ("no_spas", "match_won"),
        winner=0,
        titles=("goats", "with_tails"),
    ),
    Row(
        "2.1-seed000-no-tails-from-4",
        "classic-sixes",
        [P(72, 48)] * 4 + [P(95, 25)],
        (6, 0),
        ("no_spas", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.1-seed000-with-eggs-and-tails",
        "classic-sixes",
        [EGGS] + [P(95, 25)] * 3,
        (7, 0),
        ("no_spas", "match_won"),
        winner=0,
        titles=("goats", "with_eggs", "with_tails"),
    ),
    Row(
        "2.1-seed000-with-eggs",
        "classic-sixes",
        [P(20, 100), EGGS] + [P(72, 48)] * 5,
        (6, 2),
        ("spas", "match_won"),
        winner=0,
        titles=("goats", "with_eggs"),
    ),
    Row(
        "2.1-decision-no-tails-by-penalty",
        "classic-sixes",
        [P(72, 48)] * 5 + [pen("cheating", 1)],
        (7, 0),
        ("penalty", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.1-lyusya-with-pot-can-finish",
        "classic-sixes",
        [P(72, 48)] * 5 + [EGGS, ALL0],
        (6, 0),
        ("lyusya", "reset", "egg_bonus", "match_won"),
        winner=0,
        titles=("goats", "with_eggs", "with_tails"),
    ),
    Row(
        "2.1-option-trump_suit-D-same-score",
        "classic-sixes",
        [P(72, 48)],
        (1, 0),
        ("spas",),
        options={"trump_suit": "D"},
    ),
    # ---- draw-four#scoring draw-four with scoring=pairs: as 2.1, no dry-goat option ----
    Row("2.6-pairs-61-89", "draw-four", [P(72, 48)], (1, 0), ("spas",), options={"scoring": "pairs"}),
    Row(
        "2.6-pairs-misdeal",
        "draw-four",
        [pen("misdeal", 1)],
        (1, 0),
        ("penalty",),
        options={"scoring": "pairs"},
    ),
    # ---- penalty-goats#scoring penalty marks (penalty-goats) ----
    Row(
        "2.2-seed001-loser-2-marks",
        "penalty-goats",
        [P(72, 48)],
        (0, 2),
        ("spas",),
        params={"spas": {"amount": 2}},
    ),
    Row("2.2-seed001-loser-31-still-2", "penalty-goats", [P(89, 31)], (0, 2), ("spas",)),
    Row("2.2-seed001-loser-30-4-marks", "penalty-goats", [P(30, 90)], (4, 0), ("no_spas",)),
    Row("2.2-seed001-lyusya-4-marks", "penalty-goats", [ALL0], (0, 4), ("lyusya", "no_spas")),
    Row("2.2-seed001-eggs-no-marks", "penalty-goats", [EGGS], (0, 0), ("eggs",)),
    Row(
        "2.2-seed001-12-marks-lose",
        "penalty-goats",
        [P(20, 100)] * 3,
        (12, 0),
        ("no_spas", "match_won"),
        winner=1,
        titles=("goats",),
    ),
    Row("2.2-10-marks-not-yet", "penalty-goats", [P(20, 100)] * 2 + [P(48, 72)] * 1, (10, 0), ("spas",)),
    Row(
        "2.2-option-shutout_marks-6",
        "penalty-goats",
        [ALL1],
        (6, 0),
        ("lyusya", "shutout"),
        options={"shutout_marks": True},
        params={"shutout": {"amount": 6}},
    ),
    Row(
        "2.2-option-shutout_marks-trick-taken-4",
        "penalty-goats",
        [P(120, 0)],
        (0, 4),
        ("no_spas",),
        options={"shutout_marks": True},
    ),
    Row(
        "2.2-option-eggs_double-x2",
        "penalty-goats",
        [EGGS, P(72, 48)],
        (0, 4),
        ("spas", "egg_multiplier"),
        options={"eggs_double": True},
        params={"egg_multiplier": {"factor": 2}},
    ),
    Row(
        "2.2-option-eggs_double-pending",
        "penalty-goats",
        [EGGS],
        (0, 0),
        ("eggs",),
        options={"eggs_double": True},
        pending={"multiplier": 2},
    ),
    Row(
        "2.2-option-eggs_double-x4",
        "penalty-goats",
        [EGGS, EGGS, P(20, 100)],
        (16, 0),
        ("no_spas", "egg_multiplier", "match_won"),
        options={"eggs_double": True},
        winner=1,
        titles=("goats",),
        params={"egg_multiplier": {"factor": 4}},
    ),
    Row(
        "2.2-option-eggs_double-resets",
        "penalty-goats",
        [EGGS, P(72, 48), P(72, 48)],
        (0, 6),
        ("spas",),
        options={"eggs_double": True},
    ),
    Row(
        "2.2-option-eggs_double-shutout-x2",
        "penalty-goats",
        [EGGS, ALL0],
        (0, 12),
        ("lyusya", "shutout", "egg_multiplier", "match_won"),
        options={"eggs_double": True, "shutout_marks": True},
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.2-option-royal_goat-wins-at-once",
        "penalty-goats",
        [P(72, 48), pen("royal_goat", 0)],
        (0, 2),
        ("penalty", "instant_win", "match_won"),
        options={"royal_goat": True},
        winner=1,
        titles=("goats",),
    ),
    Row(
        "2.2-decision-misdeal-2-marks",
        "penalty-goats",
        [pen("misdeal", 1)],
        (0, 2),
        ("penalty",),
        params={"penalty": {"kind": "misdeal", "against": 1, "amount": 2}},
    ),
    Row("2.2-decision-cheating-4-marks", "penalty-goats", [pen("cheating", 0)], (4, 0), ("penalty",)),
    Row(
        "2.2-decision-false-accusation-4-marks",
        "penalty-goats",
        [pen("false_accusation", 1)],
        (0, 4),
        ("penalty",),
    ),
    Row(
        "2.2-decision-penalty_takes_eggs-multiplier-applies",
        "penalty-goats",
        [EGGS, pen("cheating", 0)],
        (8, 0),
        ("penalty", "egg_multiplier"),
        options={"eggs_double": True},
        params={"egg_multiplier": {"factor": 2}},
    ),
    Row(
        "2.2-decision-penalty_takes_eggs-misdeal-x4-then-spent",
        "penalty-goats",
        [EGGS, EGGS, pen("misdeal", 1), P(72, 48)],
        (0, 10),  # 2 × 4 for the misdeal, then 2 plain marks
        ("spas",),
        options={"eggs_double": True},
    ),
    Row(
        "2.2-eggs_double-off-penalty-plain",
        "penalty-goats",
        [EGGS, pen("misdeal", 1)],
        (0, 2),
        ("penalty",),
    ),
    Row(
        "2.2-decision-penalty-reaching-12-loses",
        "penalty-goats",
        [P(20, 100), P(20, 100), pen("cheating", 0)],
        (12, 0),
        ("penalty", "match_won"),
        winner=1,
        titles=("goats",),
    ),
    Row(
        "2.1-option-revoke_penalty-four-points",
        "classic-sixes",
        [{"points": [62, 58], "revoke": 0}],
        (0, 1),
        ("revoke", "spas"),
        options={"revoke_penalty": "four_points"},
        params={"revoke": {"team": 0, "amount": 4}},
    ),
    Row("2.6-default-penalty-marks", "draw-four", [P(72, 48)], (0, 2), ("spas",)),
    # each scoring system brings its own options (DECISIONS draw_four_system_options)
    Row(
        "2.6-decision-draw_four_system_options-pairs-dry-goat-on",
        "draw-four",
        [ALL1],
        (0, 0),
        ("lyusya", "dry_goat", "instant_win", "match_won"),
        options={"scoring": "pairs"},
        winner=1,
        titles=("goats",),  # the classic game's titles only (DECISIONS titles)
    ),
    Row(
        "2.6-decision-draw_four_system_options-pairs-dry-goat-off",
        "draw-four",
        [ALL1],
        (0, 0),
        ("lyusya", "reset"),
        options={"scoring": "pairs", "dry_goat_first_hand": False},
    ),
    Row(
        "2.6-decision-draw_four_system_options-goats-eggs-double",
        "draw-four",
        [EGGS, P(72, 48)],
        (0, 4),
        ("spas", "egg_multiplier"),
        options={"eggs_double": True},
    ),
    Row(
        "2.6-decision-draw_four_system_options-goats-shutout",
        "draw-four",
        [ALL0],
        (0, 6),
        ("lyusya", "shutout"),
        options={"shutout_marks": True},
    ),
    # ---- voon-series#scoring series (voon-series) ----
    Row(
        "2.3-seed003-72-48-plus-2",
        "voon-series",
        [P(72, 48)],
        (2, 0),
        ("card_points",),
        params={"card_points": {"amount": 2, "band": "61-89", "unit": "series"}},
    ),
    Row("2.3-seed003-94-26-plus-4", "voon-series", [P(94, 26)], (4, 0), ("card_points",)),
    Row("2.3-89-plus-2", "voon-series", [P(31, 89)], (0, 2), ("card_points",)),
    Row("2.3-90-plus-4", "voon-series", [P(90, 30)], (4, 0), ("card_points",)),
    Row("2.3-119-plus-4", "voon-series", [P(119, 1)], (4, 0), ("card_points",)),
    Row(
        "2.3-seed003-120-fewer-than-8-tricks-plus-6",
        "voon-series",
        [P(120, 0)],
        (6, 0),
        ("all_points",),
        params={"all_points": {"amount": 6}},
    ),
    Row(
        "2.3-seed003-all-8-resets-opponents",
        "voon-series",
        [P(72, 48), P(48, 72), ALL0],
        (2, 0),
        ("lyusya", "reset"),
    ),
    Row(
        "2.3-seed003-all-8-opponents-at-0-lose",
        "voon-series",
        [P(72, 48), ALL0],
        (2, 0),
        ("lyusya", "series_lost", "instant_win", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row("2.3-seed003-all-8-at-0-0-plus-6", "voon-series", [ALL1], (0, 6), ("lyusya", "sweep_at_zero")),
    Row(
        "2.3-seed003-capture-plus-4",
        "voon-series",
        [P(72, 48), cap(1)],
        (2, 4),
        ("queen_capture",),
        params={"queen_capture": {"team": 1, "amount": 4, "first_hand": False}},
    ),
    Row(
        "2.3-seed003-capture-hand-1-wins-series",
        "voon-series",
        [cap(0)],
        (12, 0),
        ("queen_capture", "match_won"),
        winner=0,
        titles=("goats",),
        params={"queen_capture": {"team": 0, "amount": 12, "first_hand": True}},
    ),
    Row(
        "2.3-capture-with-points-so-far",
        "voon-series",
        [P(60, 60), cap(0, points=[10, 25])],
        (4, 0),
        ("egg_bonus_cancelled", "queen_capture"),
    ),
    Row(
        "2.3-seed003-eggs-bonus-plus-2",
        "voon-series",
        [EGGS, P(72, 48)],
        (4, 0),
        ("card_points", "egg_bonus"),
        params={"egg_bonus": {"amount": 2}},
    ),
    Row("2.3-seed003-eggs-pending", "voon-series", [EGGS], (0, 0), ("eggs",), pending={"bonus": 2}),
    Row(
        "2.3-seed003-one-bonus-after-two-eggs",
        "voon-series",
        [EGGS, EGGS, P(94, 26)],
        (6, 0),
        ("card_points", "egg_bonus"),
    ),
    Row("2.3-seed003-bonus-on-plus-6", "voon-series", [EGGS, P(0, 120)], (0, 8), ("all_points", "egg_bonus")),
    Row(
        "2.3-seed003-capture-cancels-bonus",
        "voon-series",
        [P(72, 48), EGGS, cap(1), P(72, 48)],
        (4, 4),
        ("card_points",),
    ),
    Row(
        "2.3-seed003-all-8-cancels-bonus",
        "voon-series",
        [P(48, 72), EGGS, ALL0],
        (0, 0),
        ("lyusya", "egg_bonus_cancelled", "reset"),
    ),
    Row(
        "2.3-all-8-at-0-0-cancels-bonus",
        "voon-series",
        [EGGS, ALL0],
        (6, 0),
        ("lyusya", "egg_bonus_cancelled", "sweep_at_zero"),
    ),
    Row(
        "2.3-target-12-or-more",
        "voon-series",
        [P(100, 20)] * 2 + [P(72, 48), P(120, 0)],
        (16, 0),
        ("all_points", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.3-exactly-12",
        "voon-series",
        [P(0, 120), P(0, 120)],
        (0, 12),
        ("all_points", "match_won"),
        winner=1,
        titles=("goats",),
    ),
    # ---- yc-hvalyony#scoring eyes (yc-hvalyony) ----
    Row("2.4-seed004-61-89-2-eyes", "yc-hvalyony", [P(72, 48)], (2, 0), ("card_points",)),
    Row("2.4-seed004-90-plus-4-eyes", "yc-hvalyony", [P(30, 90)], (0, 4), ("card_points",)),
    Row("2.4-120-with-a-trick-4-eyes", "yc-hvalyony", [P(120, 0)], (4, 0), ("card_points",)),
    Row(
        "2.4-seed004-eggs-double",
        "yc-hvalyony",
        [EGGS, P(72, 48)],
        (4, 0),
        ("card_points", "egg_multiplier"),
        params={"egg_multiplier": {"factor": 2}},
    ),
    Row("2.4-seed004-eggs-pending", "yc-hvalyony", [EGGS], (0, 0), ("eggs",), pending={"multiplier": 2}),
    Row(
        "2.4-decision-eggs-x4",
        "yc-hvalyony",
        [EGGS, EGGS, P(72, 48)],
        (8, 0),
        ("card_points", "egg_multiplier"),
        params={"egg_multiplier": {"factor": 4}},
    ),
    Row(
        "2.4-decision-eggs-x8",
        "yc-hvalyony",
        [EGGS, EGGS, EGGS],
        (0, 0),
        ("eggs",),
        pending={"multiplier": 8},
    ),
    Row(
        "2.4-decision-winner-resets-factor",
        "yc-hvalyony",
        [EGGS, P(72, 48), P(72, 48)],
        (6, 0),
        ("card_points",),
    ),
    Row("2.4-capture-4-eyes", "yc-hvalyony", [cap(1)], (0, 4), ("queen_capture",)),
    Row(
        "2.4-capture-times-egg-factor",
        "yc-hvalyony",
        [EGGS, cap(0)],
        (8, 0),
        ("queen_capture", "egg_multiplier"),
    ),
    Row("2.4-capture-resets-factor", "yc-hvalyony", [EGGS, cap(0), P(72, 48)], (10, 0), ("card_points",)),
    Row(
        "2.4-lyusya-instant-win-default",
        "yc-hvalyony",
        [P(72, 48), ALL1],
        (2, 0),
        ("lyusya", "instant_win", "match_won"),
        winner=1,
        titles=("goats",),
    ),
    Row(
        "2.4-option-lyusya-reset",
        "yc-hvalyony",
        [P(72, 48), ALL1],
        (0, 4),
        ("lyusya", "reset", "card_points"),
        options={"lyusya": "reset"},
    ),
    Row(
        "2.4-option-lyusya-reset-multiplied",
        "yc-hvalyony",
        [P(72, 48), EGGS, ALL1],
        (0, 8),
        ("lyusya", "reset", "card_points", "egg_multiplier"),
        options={"lyusya": "reset"},
    ),
    Row(
        "2.4-target-12",
        "yc-hvalyony",
        [P(95, 25)] * 3,
        (12, 0),
        ("card_points", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.4-option-sevens-same-score",
        "yc-hvalyony",
        [P(72, 48)],
        (2, 0),
        ("card_points",),
        options={"sevens": True},
    ),
    # ---- yc-belka#scoring eyes (yc-belka) by obyaz ----
    Row(
        "2.5-obyaz-61-90-1",
        "yc-belka",
        [P(90, 30, obyaz=0)],
        (1, 0),
        ("obyaz_win",),
        params={"obyaz_win": {"amount": 1, "band": "61-90"}},
    ),
    Row("2.5-obyaz-61-1", "yc-belka", [P(59, 61, obyaz=1)], (0, 1), ("obyaz_win",)),
    Row("2.5-obyaz-91-119-2", "yc-belka", [P(91, 29, obyaz=0)], (2, 0), ("obyaz_win",)),
    Row(
        "2.5-obyaz-120-3",
        "yc-belka",
        [P(120, 0, obyaz=0)],
        (3, 0),
        ("obyaz_win",),
        params={"obyaz_win": {"amount": 3, "band": "120"}},
    ),
    Row(
        "2.5-other-61-90-2",
        "yc-belka",
        [P(90, 30, obyaz=1)],
        (2, 0),
        ("obyaz_beaten",),
        params={"obyaz_beaten": {"amount": 2, "band": "61-90"}},
    ),
    Row("2.5-other-91-119-3", "yc-belka", [P(1, 119, obyaz=0)], (0, 3), ("obyaz_beaten",)),
    Row("2.5-other-120-3", "yc-belka", [P(0, 120, obyaz=0)], (0, 3), ("obyaz_beaten",)),
    Row("2.5-eggs-double", "yc-belka", [EGGS, P(72, 48, obyaz=0)], (2, 0), ("obyaz_win", "egg_multiplier")),
    Row(
        "2.5-decision-eggs-obyaz-optional",
        "yc-belka",
        [P(60, 60, obyaz=1)],
        (0, 0),
        ("eggs",),
        pending={"multiplier": 2},
    ),
    Row(
        "2.5-lyusya-instant-win",
        "yc-belka",
        [{**ALL0, "obyaz": 1}],
        (0, 0),
        ("lyusya", "instant_win", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    Row(
        "2.5-option-lyusya-reset",
        "yc-belka",
        [P(48, 72, obyaz=0), {**ALL0, "obyaz": 0}],
        (3, 0),
        ("lyusya", "reset", "obyaz_win"),
        options={"lyusya": "reset"},
    ),
    Row(
        "2.5-target-12",
        "yc-belka",
        [P(100, 20, obyaz=1)] * 4,
        (12, 0),
        ("obyaz_beaten", "match_won"),
        winner=0,
        titles=("goats",),
    ),
    # ---- solo-twelve (docs/tables.md#each-for-himself) (four players by default), each record naming its dealer ----
    Row(
        "2.7-solo-twelve-transfers",
        "solo-twelve",
        [{"points": [70, 20, 20, 10], "dealer": 3}],
        (17, 10, 10, 11),
        ("marks_taken",),
        params={"marks_taken": {"team": 0, "amount": 5, "dealer": 3}},
    ),
    Row("2.7-solo-twelve-void", "solo-twelve", [{"points": [60, 30, 20, 10]}], (12, 12, 12, 12), ("void",)),
    Row(
        "2.7-yc-duel-eyes",
        "yc-duel",
        [{"points": [95, 25], "last_suit": "H"}],
        (4, 0),
        ("card_points",),
    ),
]


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_scoring_table(row: Row) -> None:
    state = replay(row.variant, row.options, row.records)
    assert state.score == row.score
    assert state.finished == (row.winner is not None)
    assert state.winner == row.winner
    if row.winner is not None:
        assert state.loser == 1 - row.winner
    assert dict(state.pending) == row.pending
    assert state.titles == row.titles
    last = state.hands[-1]
    assert dict(last.pending) == row.pending
    assert last.finished == state.finished
    if row.notes is not None:
        assert last.note_codes() == row.notes
    by_code = {n.code: dict(n.params) for n in last.notes}
    for code, params in row.params.items():
        assert by_code[code] == params
    for h in state.hands:
        assert {n.code for n in h.notes} <= set(NOTE_CODES)
    assert set(state.titles) <= set(TITLE_CODES)


# ---- docs/records.md: contradictions are rejected with a code and the field -------------------

ERR_ROWS: list[tuple[str, str, dict[str, object], list[Any], str, str]] = [
    # id, variant, options, records, code, field
    ("3-not-an-object", "classic-sixes", {}, [[72, 48]], "bad_record", "hands[0]"),
    (
        "3-unknown-key",
        "classic-sixes",
        {},
        [{"points": [72, 48], "lusya": True}],
        "bad_record",
        "hands[0].lusya",
    ),
    (
        "3-all_tricks-not-bool",
        "classic-sixes",
        {},
        [P(120, 0, all_tricks=1)],
        "bad_record",
        "hands[0].all_tricks",
    ),
    (
        "3-hvalyonka-not-bool",
        "classic-sixes",
        {},
        [P(72, 48, hvalyonka="yes")],
        "bad_record",
        "hands[0].hvalyonka",
    ),
    ("3-note-not-text", "classic-sixes", {}, [P(72, 48, note=5)], "bad_record", "hands[0].note"),
    ("3-note-too-long", "classic-sixes", {}, [P(72, 48, note="x" * 501)], "bad_record", "hands[0].note"),
    ("3-penalty-not-object", "classic-sixes", {}, [{"penalty": "misdeal"}], "bad_record", "hands[0].penalty"),
    (
        "3-penalty-missing-against",
        "classic-sixes",
        {},
        [{"penalty": {"kind": "misdeal"}}],
        "bad_record",
        "hands[0].penalty.against",
    ),
    (
        "3-penalty-unknown-key",
        "classic-sixes",
        {},
        [{"penalty": {"kind": "misdeal", "against": 0, "by": 2}}],
        "bad_record",
        "hands[0].penalty.by",
    ),
    ("3-penalty-unknown-kind", "classic-sixes", {}, [pen("theft", 0)], "bad_record", "hands[0].penalty.kind"),
    ("3-points-not-a-pair", "classic-sixes", {}, [{"points": [120]}], "bad_points", "hands[0].points"),
    ("3-points-a-string", "classic-sixes", {}, [{"points": "72:48"}], "bad_points", "hands[0].points"),
    ("3-points-float", "classic-sixes", {}, [{"points": [72.0, 48]}], "bad_points", "hands[0].points"),
    (
        "3-points-bool-is-not-int",
        "classic-sixes",
        {},
        [{"points": [True, 119]}],
        "bad_points",
        "hands[0].points",
    ),
    ("3-points-negative", "classic-sixes", {}, [P(-1, 121)], "bad_points", "hands[0].points[0]"),
    ("3-points-over-120", "classic-sixes", {}, [P(0, 130)], "bad_points", "hands[0].points[1]"),
    ("3-points-sum-not-120", "classic-sixes", {}, [P(72, 48), P(70, 48)], "points_sum", "hands[1].points"),
    (
        "3-capture-points-over-120",
        "voon-series",
        {},
        [cap(0, points=[100, 30])],
        "points_sum",
        "hands[0].points",
    ),
    ("3-points-missing", "classic-sixes", {}, [{}], "points_required", "hands[0].points"),
    (
        "3-points-null",
        "classic-sixes",
        {},
        [{"points": None, "note": "?"}],
        "points_required",
        "hands[0].points",
    ),
    (
        "3-all-tricks-with-119",
        "classic-sixes",
        {},
        [P(119, 1, all_tricks=True)],
        "all_tricks_mismatch",
        "hands[0].all_tricks",
    ),
    (
        "3-all-tricks-at-60-60",
        "voon-series",
        {},
        [P(60, 60, all_tricks=True)],
        "all_tricks_mismatch",
        "hands[0].all_tricks",
    ),
    ("3-capture-in-classic", "classic-sixes", {}, [cap(0)], "event_not_in_variant", "hands[0].queen_capture"),
    (
        "3-capture-in-penalty-goats",
        "penalty-goats",
        {},
        [cap(1)],
        "event_not_in_variant",
        "hands[0].queen_capture",
    ),
    ("3-capture-in-belka", "yc-belka", {}, [cap(1)], "event_not_in_variant", "hands[0].queen_capture"),
    (
        "3-capture-hvalyony-without-6C",
        "yc-hvalyony",
        {"six_of_clubs": False},
        [cap(1)],
        "event_not_in_variant",
        "hands[0].queen_capture",
    ),
    (
        "3-obyaz-outside-belka",
        "yc-hvalyony",
        {},
        [P(72, 48, obyaz=0)],
        "event_not_in_variant",
        "hands[0].obyaz",
    ),
    (
        "3-hvalyonka-outside-classic",
        "penalty-goats",
        {},
        [P(72, 48, hvalyonka=True)],
        "event_not_in_variant",
        "hands[0].hvalyonka",
    ),
    (
        "3-royal-goat-option-off",
        "penalty-goats",
        {},
        [pen("royal_goat", 0)],
        "event_not_in_variant",
        "hands[0].penalty.kind",
    ),
    (
        "3-royal-goat-in-classic",
        "classic-sixes",
        {},
        [pen("royal_goat", 1)],
        "event_not_in_variant",
        "hands[0].penalty.kind",
    ),
    (
        "3-royal-goat-in-draw-four",
        "draw-four",
        {},
        [pen("royal_goat", 1)],
        "event_not_in_variant",
        "hands[0].penalty.kind",
    ),
    (
        "3-misdeal-in-series",
        "voon-series",
        {},
        [pen("misdeal", 0)],
        "event_not_in_variant",
        "hands[0].penalty.kind",
    ),
    (
        "3-cheating-in-hvalyony",
        "yc-hvalyony",
        {},
        [pen("cheating", 0)],
        "event_not_in_variant",
        "hands[0].penalty.kind",
    ),
    (
        "3-false-accusation-in-belka",
        "yc-belka",
        {},
        [pen("false_accusation", 0)],
        "event_not_in_variant",
        "hands[0].penalty.kind",
    ),
    ("2.5-obyaz-required", "yc-belka", {}, [P(60, 60), P(72, 48)], "obyaz_required", "hands[1].obyaz"),
    ("3-obyaz-team-2", "yc-belka", {}, [P(72, 48, obyaz=2)], "bad_team", "hands[0].obyaz"),
    ("3-obyaz-bool", "yc-belka", {}, [P(72, 48, obyaz=True)], "bad_team", "hands[0].obyaz"),
    ("3-capture-team-bool", "voon-series", {}, [cap(True)], "bad_team", "hands[0].queen_capture"),
    ("3-capture-team-str", "voon-series", {}, [cap("0")], "bad_team", "hands[0].queen_capture"),
    (
        "3-penalty-against-minus-1",
        "classic-sixes",
        {},
        [pen("misdeal", -1)],
        "bad_team",
        "hands[0].penalty.against",
    ),
    (
        "3-penalty-against-bool",
        "classic-sixes",
        {},
        [pen("cheating", False)],
        "bad_team",
        "hands[0].penalty.against",
    ),
    (
        "3-capture-and-penalty",
        "voon-series",
        {},
        [{**cap(0), **pen("cheating", 1)}],
        "conflicting_events",
        "hands[0].queen_capture",
    ),
    (
        "3-penalty-with-points",
        "classic-sixes",
        {},
        [{**pen("cheating", 1), "points": [72, 48]}],
        "conflicting_events",
        "hands[0].points",
    ),
    (
        "3-penalty-with-all-tricks",
        "classic-sixes",
        {},
        [{**pen("misdeal", 1), "all_tricks": True}],
        "conflicting_events",
        "hands[0].all_tricks",
    ),
    (
        "2.1-misdeal-in-a-hvalyonka",
        "classic-sixes",
        {},
        [{**pen("misdeal", 1), "hvalyonka": True}],
        "conflicting_events",
        "hands[0].hvalyonka",
    ),
    (
        "3-capture-with-all-tricks",
        "voon-series",
        {},
        [{**cap(0), "all_tricks": True}],
        "conflicting_events",
        "hands[0].all_tricks",
    ),
    ("3-after-dry-goat", "classic-sixes", {}, [ALL0, P(72, 48)], "match_finished", "hands[1]"),
    ("3-after-12-marks", "penalty-goats", {}, [P(0, 120)] * 3 + [P(72, 48)], "match_finished", "hands[3]"),
    (
        "3-after-end-even-a-bad-record",
        "voon-series",
        {},
        [cap(0), {"nonsense": 1}],
        "match_finished",
        "hands[1]",
    ),
    ("3-records-not-a-list", "classic-sixes", {}, {"points": [72, 48]}, "bad_records", "hands"),
    (
        "2.7-dealer-required",
        "solo-twelve",
        {},
        [{"points": [70, 20, 20, 10]}],
        "dealer_required",
        "hands[0].dealer",
    ),
    (
        "2.7-last-suit",
        "yc-duel",
        {},
        [{"points": [70, 50], "last_suit": "spades"}],
        "bad_suit",
        "hands[0].last_suit",
    ),
    # hand 1's first leader (voon-series#leading, yc-belka#scoring): a seat, on hand 1, where a
    # card's holder leads it
    (
        "2.3-first-leader-on-hand-2",
        "voon-series",
        {},
        [P(72, 48), {**P(72, 48), "first_leader": 1}],
        "first_leader_not_first_hand",
        "hands[1].first_leader",
    ),
    (
        "2.1-first-leader-not-in-classic",
        "classic-sixes",
        {},
        [{**P(72, 48), "first_leader": 1}],
        "event_not_in_variant",
        "hands[0].first_leader",
    ),
    (
        "2.5-first-leader-a-seat",
        "yc-belka",
        {},
        [{**P(60, 60), "first_leader": 4}],
        "bad_seat",
        "hands[0].first_leader",
    ),
    (
        "2.5-first-leader-a-number",
        "yc-belka",
        {},
        [{**P(60, 60), "first_leader": "1"}],
        "bad_seat",
        "hands[0].first_leader",
    ),
]


@pytest.mark.parametrize(
    ("variant", "options", "records", "code", "field_name"),
    [r[1:] for r in ERR_ROWS],
    ids=[r[0] for r in ERR_ROWS],
)
def test_record_errors(
    variant: str, options: dict[str, object], records: Any, code: str, field_name: str
) -> None:
    with pytest.raises(RecordError) as info:
        replay(variant, options, records)
    assert info.value.code == code
    assert info.value.field == field_name
    assert code in ERROR_CODES
    assert info.value.as_dict()["code"] == code


def test_every_error_code_has_a_row() -> None:
    # bad_seat: test_next_deal_bad_seat; misdeal_not_dealer: test_misdeal_against_the_dealer;
    # dealer_mismatch: tests/engine/test_short_tables.py test_solo_needs_the_dealer
    covered = {r[4] for r in ERR_ROWS} | {"bad_seat", "misdeal_not_dealer", "dealer_mismatch"}
    assert covered == set(ERROR_CODES)


def test_every_note_and_title_code_is_produced() -> None:
    seen_notes = set()
    seen_titles = set()
    for row in ROWS:
        state = replay(row.variant, row.options, row.records)
        seen_notes |= {n.code for h in state.hands for n in h.notes}
        seen_titles |= set(state.titles)
    assert seen_notes == set(NOTE_CODES)
    assert seen_titles == set(TITLE_CODES)


def test_decisions_are_english_sentences() -> None:
    assert DECISIONS
    for code, text in DECISIONS.items():
        assert code.isidentifier()
        assert text.endswith(".") and len(text) > 40


# ---- the record type ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "d",
    [
        P(72, 48),
        P(60, 60, note="спорная взятка"),
        {**ALL0, "hvalyonka": True},
        cap(1),
        cap(0, points=[11, 3]),
        pen("misdeal", 0),
        P(90, 30, obyaz=1),
        {**pen("cheating", 1), "hvalyonka": True, "note": "штаны"},
    ],
    ids=[
        "points",
        "note",
        "lyusya-hvalyonka",
        "capture",
        "capture-points",
        "penalty",
        "obyaz",
        "penalty-hvalyonka",
    ],
)
def test_record_round_trip(d: dict[str, Any]) -> None:
    rec = HandRecord.from_dict(d)
    assert rec.to_dict() == d
    assert HandRecord.from_dict(rec.to_dict()) == rec


def test_record_from_dict_fields_without_prefix() -> None:
    with pytest.raises(RecordError) as info:
        HandRecord.from_dict({"points": [72, "48"]})
    assert (info.value.code, info.value.field) == ("bad_points", "points")


def test_record_python_form_equals_dict_form() -> None:
    rs = resolve("classic-sixes")
    a = replay(rs, None, [HandRecord(points=(72, 48)), HandRecord(penalty=Penalty("cheating", 1))])
    b = replay("classic-sixes", {}, [P(72, 48), pen("cheating", 1)])
    assert a == b
    assert HandRecord(points=[72, 48]).points == (72, 48)  # type: ignore[arg-type]


def test_validate_record_direct_and_index() -> None:
    rs = resolve("yc-belka")
    validate_record(rs, HandRecord(points=(72, 48), obyaz=0))
    with pytest.raises(RecordError) as info:
        validate_record(rs, HandRecord(points=(72, 48)), index=7)
    assert (info.value.code, info.value.field) == ("obyaz_required", "hands[7].obyaz")
    with pytest.raises(RecordError) as info:
        validate_record(rs, HandRecord(points=(72, 48), obyaz=0, note=None), index=1)  # type: ignore[arg-type]
    assert info.value.code == "bad_record"


def test_score_hand_is_the_fold_step() -> None:
    s: MatchState = new_match("voon-series")
    for rec in (P(72, 48), EGGS, P(94, 26)):
        s = score_hand(s, rec)
    assert s == replay("voon-series", None, [P(72, 48), EGGS, P(94, 26)])
    assert s.score == (8, 0)
    assert s.hands[2].delta == (6, 0)
    assert s.hands[2].notes == (
        Note("card_points", {"band": "90-119", "amount": 4, "unit": "series"}),
        Note("egg_bonus", {"amount": 2}),
    )


def test_state_to_dict_is_json_ready() -> None:
    import json

    s = replay("classic-sixes", None, [EGGS] + [P(95, 25)] * 3)
    d = json.loads(json.dumps(s.to_dict()))
    assert d["score"] == [7, 0] and d["winner"] == 0
    assert d["titles"] == ["goats", "with_eggs", "with_tails"]
    assert d["hands"][0]["notes"] == [{"code": "eggs", "params": {"pot": 1}}]
    assert d["hands"][0]["pending"] == {"egg_pot": 1}


def test_draw_four_options_belong_to_their_scoring_system() -> None:
    """DECISIONS draw_four_system_options: an option of the other system is not part of the rules."""
    goats = dict(resolve("draw-four").options)
    assert goats["scoring"] == "penalty-goats"
    assert goats["shutout_marks"] is False and goats["eggs_double"] is False
    assert "dry_goat_first_hand" not in goats
    pairs = dict(
        resolve("draw-four", {"scoring": "pairs", "eggs_double": True, "shutout_marks": True}).options
    )
    assert pairs["dry_goat_first_hand"] is True
    assert "eggs_double" not in pairs and "shutout_marks" not in pairs


def test_bad_variant_and_option_come_from_the_registry() -> None:
    from rules.engine.variants import VariantError

    with pytest.raises(VariantError):
        replay("kozel-x", None, [])
    with pytest.raises(VariantError):
        replay("penalty-goats", {"eggs_doubling": True}, [])


# ---- next deal: dealer and first lead ------------------------------------------------------

ND_ROWS = [
    # id, variant, options, records, first_dealer, first_leader, expected (hand, dealer, leader, team, rule)
    ("2.1-hand-1-lowest-trump", "classic-sixes", {}, [], 0, None, (1, 0, None, None, "lowest_trump_holder")),
    ("2.1-hand-1-known-leader", "classic-sixes", {}, [], 0, 3, (1, 0, 3, 1, "lowest_trump_holder")),
    ("2.1-winners-choose", "classic-sixes", {}, [P(48, 72)], 0, 3, (2, 1, None, 1, "winners_choose")),
    (
        "2.1-decision-after-eggs-last-winners",
        "classic-sixes",
        {},
        [P(48, 72), EGGS],
        0,
        None,
        (3, 2, None, 1, "winners_choose"),
    ),
    (
        "2.1-decision-eggs-first-lowest-trump",
        "classic-sixes",
        {},
        [EGGS],
        0,
        2,
        (2, 1, None, None, "lowest_trump_holder"),
    ),
    (
        "2.1-decision-after-misdeal-wronged-team",
        "classic-sixes",
        {},
        [pen("misdeal", 1)],
        1,
        None,
        (2, 2, None, 0, "winners_choose"),
    ),
    (
        "decision-dealer-passes-every-record",
        "classic-sixes",
        {},
        [P(72, 48), EGGS, pen("misdeal", 0), P(48, 72), EGGS],
        2,
        None,
        (6, 3, None, 1, "winners_choose"),
    ),
    ("2.3-hand-1-ad-holder", "voon-series", {}, [], 1, 2, (1, 1, 2, 0, "ad_holder")),
    ("2.3-hand-1-ad-holder-unknown", "voon-series", {}, [], 1, None, (1, 1, None, None, "ad_holder")),
    ("2.3-rotates", "voon-series", {}, [P(72, 48)], 1, 2, (2, 2, 3, 1, "rotates")),
    ("2.3-stays-after-eggs", "voon-series", {}, [P(72, 48), EGGS], 1, 2, (3, 3, 3, 1, "rotates")),
    (
        "2.3-capture-is-finished-hand",
        "voon-series",
        {},
        [P(72, 48), EGGS, cap(1)],
        1,
        3,
        (4, 0, 1, 1, "rotates"),
    ),
    ("2.3-rotates-unknown-start", "voon-series", {}, [P(72, 48)], 1, None, (2, 2, None, None, "rotates")),
    ("2.2-by-agreement", "penalty-goats", {}, [P(72, 48)], 3, None, (2, 0, None, None, "by_agreement")),
    ("2.4-jc-holder", "yc-hvalyony", {}, [], 0, None, (1, 0, None, None, "jc_holder")),
    ("2.5-jc-holder", "yc-belka", {}, [P(72, 48, obyaz=1)], 0, None, (2, 1, None, None, "jc_holder")),
    ("2.6-dealer-leads", "draw-four", {}, [P(72, 48)], 3, None, (2, 0, 0, 0, "dealer")),
    ("2.6-pairs-dealer-leads", "draw-four", {"scoring": "pairs"}, [], 1, None, (1, 1, 1, 1, "dealer")),
]


@pytest.mark.parametrize(
    ("variant", "options", "records", "first_dealer", "first_leader", "expected"),
    [r[1:] for r in ND_ROWS],
    ids=[r[0] for r in ND_ROWS],
)
def test_next_deal(
    variant: str,
    options: dict[str, object],
    records: list[Any],
    first_dealer: int,
    first_leader: int | None,
    expected: tuple[Any, ...],
) -> None:
    nd = next_deal(variant, options, records, first_dealer=first_dealer, first_leader=first_leader)
    assert (nd.hand_number, nd.dealer, nd.leader, nd.leader_team, nd.rule) == expected
    assert nd.to_dict()["rule"] == expected[4]
    # the scorer's board asks the state it has already replayed: the same answer
    state = replay(variant, options, records)
    assert next_deal_after(state, first_dealer=first_dealer, first_leader=first_leader) == nd


def test_next_deal_after_the_end() -> None:
    with pytest.raises(RecordError) as info:
        next_deal("voon-series", None, [cap(0)], first_dealer=0)
    assert (info.value.code, info.value.field) == ("match_finished", "hands[1]")


@pytest.mark.parametrize(
    ("first_dealer", "first_leader", "name"),
    [
        (4, None, "first_dealer"),
        (True, None, "first_dealer"),
        (0, -1, "first_leader"),
    ],
)
def test_next_deal_bad_seat(first_dealer: Any, first_leader: Any, name: str) -> None:
    with pytest.raises(RecordError) as info:
        next_deal("classic-sixes", None, [], first_dealer=first_dealer, first_leader=first_leader)
    assert (info.value.code, info.value.field) == ("bad_seat", name)


def test_next_deal_reports_the_bad_record() -> None:
    with pytest.raises(RecordError) as info:
        next_deal("classic-sixes", None, [P(72, 48), P(72, 49)], first_dealer=0)
    assert (info.value.code, info.value.field) == ("points_sum", "hands[1].points")


def test_misdeal_against_the_dealer() -> None:
    """DECISIONS misdeal_dealer: with the first dealer known, hand i is dealt by seat
    (first_dealer + i) % 4 and a misdeal must be against that seat's team."""
    ok = replay("classic-sixes", None, [P(72, 48), pen("misdeal", 0)], first_dealer=3)
    assert ok.score == (1, 1)
    with pytest.raises(RecordError) as info:
        replay("classic-sixes", None, [P(72, 48), pen("misdeal", 1)], first_dealer=3)
    assert (info.value.code, info.value.field) == ("misdeal_not_dealer", "hands[1].penalty.against")
    assert info.value.params == {"dealer": 0, "dealing_team": 0}
    # next_deal does not check it: a board built from stored hands must not break on it
    assert next_deal("penalty-goats", None, [pen("misdeal", 0)], first_dealer=1).dealer == 2
    assert replay("classic-sixes", None, [pen("misdeal", 1)]).score == (1, 0)  # dealer unknown
    with pytest.raises(RecordError) as info:
        replay("classic-sixes", None, [], first_dealer=7)
    assert info.value.code == "bad_seat"


@pytest.mark.parametrize(
    ("variant", "options", "has", "lacks"),
    [
        (
            "classic-sixes",
            {},
            {"egg_pot_lyusya", "tails", "classic_lead_after_eggs"},
            {"penalty_marks", "voon_lead"},
        ),
        ("penalty-goats", {}, {"penalty_marks", "shutout_lyusya"}, {"eggs_double_factor", "tails"}),
        ("penalty-goats", {"eggs_double": True}, {"eggs_double_factor"}, set()),
        ("voon-series", {}, {"voon_lead", "capture_points"}, {"penalty_marks", "capture_multiplier"}),
        ("yc-hvalyony", {}, {"capture_multiplier", "eggs_double_factor"}, {"belka_eggs_obyaz"}),
        ("yc-hvalyony", {"six_of_clubs": False}, set(), {"capture_multiplier", "capture_points"}),
        ("yc-belka", {}, {"belka_eggs_obyaz"}, {"capture_points"}),
        ("draw-four", {"scoring": "pairs"}, {"egg_pot_lyusya", "titles"}, {"penalty_marks", "tails"}),
    ],
)
def test_decisions_for_rule_sheets(
    variant: str, options: dict[str, object], has: set[str], lacks: set[str]
) -> None:
    codes = decisions_for(variant, options)
    assert set(codes) <= set(DECISIONS)
    assert has <= set(codes) and not (lacks & set(codes))
    assert "one_record_one_hand" in codes


# ------------------------------------------------------------------ solo-twelve#scoring: every goat named
GOATS = [
    # seats, records, first dealer, goats, winner, id
    pytest.param(
        3, [{"points": [20, 30, 70], "dealer": 2}] * 6, None, (0, 1), 2, id="solo-twelve#scoring/two-goats"
    ),
    pytest.param(2, [{"points": [40, 80]}] * 8, 0, (0,), 1, id="solo-twelve#scoring/one-goat"),
    pytest.param(
        3, [{"points": [20, 30, 70], "dealer": 2}] * 5, None, (), None, id="solo-twelve#scoring/going-on"
    ),
]


@pytest.mark.parametrize("seats,records,first,goats,winner", GOATS)
def test_solo_goats(
    seats: int,
    records: list[dict[str, object]],
    first: int | None,
    goats: tuple[int, ...],
    winner: int | None,
) -> None:
    state = replay(resolve("solo-twelve", seats=seats), None, records, first_dealer=first)
    assert state.goats == goats
    assert state.winner == winner


def test_solo_winner_on_a_tie_is_the_lower_seat() -> None:
    """solo-twelve#scoring: the player with the most marks wins, the lower seat on a tie
    (DECISIONS solo_winner), even when the deal's taker is the higher seat."""
    rs = resolve("solo-twelve", seats=4)
    # dealer 0 each time: seat 1 takes 5 (2+2+1), seat 3 takes 5; seat 2 loses 2 each time
    recs = [{"points": [10, 70, 20, 20], "dealer": 0}, {"points": [10, 20, 20, 70], "dealer": 0}] * 3
    state = replay(rs, None, recs)
    assert state.finished and state.score[1] == state.score[3] == max(state.score)
    assert state.winner == 1 and 2 in state.goats


def test_team_goats_are_the_losing_side() -> None:
    """classic-sixes#scoring: the losers of a finished team match are its goats."""
    state = replay(resolve("classic-sixes"), None, [{"points": [100, 20]}] * 3)
    assert state.finished and state.goats == (1,)
    assert replay(resolve("classic-sixes"), None, [{"points": [100, 20]}]).goats == ()


# ------------------------------------------------------------------ classic-sixes#scoring: revoke_penalty
REVOKE = [
    # record, score after, winner, points as scored, id
    pytest.param(
        {"points": [62, 58], "revoke": 0},
        (0, 1),
        1,
        (58, 62),
        id="classic-sixes#scoring/revoke-turns-the-hand",
    ),
    pytest.param(
        {"points": [60, 60], "revoke": 1}, (1, 0), 0, (64, 56), id="classic-sixes#scoring/revoke-breaks-eggs"
    ),
    pytest.param(
        {"points": [2, 118], "revoke": 0}, (0, 2), 1, (0, 120), id="classic-sixes#scoring/all-it-has"
    ),
    pytest.param(
        {"points": [100, 20], "revoke": 1}, (2, 0), 0, (104, 16), id="classic-sixes#scoring/losers-revoke"
    ),
]


@pytest.mark.parametrize("record,score,winner,points", REVOKE)
def test_revoke_four_points(
    record: dict[str, object], score: tuple[int, int], winner: int, points: tuple[int, int]
) -> None:
    rs = resolve("classic-sixes", {"revoke_penalty": "four_points"})
    assert rs.revoke_points == 4
    state = replay(rs, None, [record])
    h = state.hands[0]
    assert state.score == score and h.winner == winner and h.record.points == points
    assert h.note_codes()[0] == "revoke"
    assert h.notes[0].params["amount"] == record["points"][record["revoke"]] - points[record["revoke"]]
    # the hand as scored, with the penalty spent, scores the same again (a board line replayed)
    again = replay(rs, None, [h.record])
    assert again.score == score and again.hands[0].record == h.record


REVOKE_REFUSED = [
    pytest.param(
        "classic-sixes",
        {},
        {"points": [62, 58], "revoke": 0},
        "event_not_in_variant",
        id="classic-sixes#scoring/default-is-cheating",
    ),
    pytest.param(
        "penalty-goats",
        {},
        {"points": [62, 58], "revoke": 0},
        "event_not_in_variant",
        id="penalty-goats#scoring/no-revoke",
    ),
    pytest.param(
        "classic-sixes",
        {"revoke_penalty": "four_points"},
        {"penalty": {"kind": "cheating", "against": 0}, "revoke": 0},
        "conflicting_events",
        id="classic-sixes#scoring/revoke-and-penalty",
    ),
    pytest.param(
        "classic-sixes",
        {"revoke_penalty": "four_points"},
        {"points": [62, 58], "revoke": 2},
        "bad_team",
        id="classic-sixes#scoring/bad-team",
    ),
]


@pytest.mark.parametrize("variant,options,record,code", REVOKE_REFUSED)
def test_revoke_refused(
    variant: str, options: dict[str, object], record: dict[str, object], code: str
) -> None:
    with pytest.raises(RecordError) as e:
        replay(resolve(variant, options), None, [record])
    assert e.value.code == code and (e.value.field or "").startswith("hands[0]")
