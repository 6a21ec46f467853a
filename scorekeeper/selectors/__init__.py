"""Reads, returning data: the match behind a link, its log as hands, its board (from the stored
snapshot, or the engine's replay of the log). What the pages show of them in words is the
presenters' (``scorekeeper.presenters``)."""

from .board import (
    Board,
    ReplayedHand,
    Series,
    ShownLine,
    hand_numbers,
    match_board,
    match_live_board,
    match_plain_board,
    series_of,
    slot_of_number,
)
from .log import (
    Slot,
    live_records,
    match_get,
    match_get_for_edit,
    match_next,
    match_public_version,
    match_slot,
    match_version,
    ruleset_of,
    secret_hash,
    secret_matches,
    slots_from_log,
)

__all__ = [
    "Board",
    "ReplayedHand",
    "Series",
    "ShownLine",
    "Slot",
    "hand_numbers",
    "live_records",
    "match_board",
    "match_get",
    "match_get_for_edit",
    "match_live_board",
    "match_next",
    "match_plain_board",
    "match_public_version",
    "match_slot",
    "match_version",
    "ruleset_of",
    "secret_hash",
    "secret_matches",
    "series_of",
    "slot_of_number",
    "slots_from_log",
]
