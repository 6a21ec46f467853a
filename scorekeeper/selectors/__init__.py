"""Reads: the current hands of a match are derived from its log, the score from the engine."""

from .board import Board, Line
from .build import (
    board_build,
    hand_numbers,
    match_board,
    match_live_board,
    match_plain_board,
    replay_slots,
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
    slots_from_log,
)
from .wording import line_parts, record_parts, record_summary

__all__ = [
    "Board",
    "Line",
    "Slot",
    "board_build",
    "hand_numbers",
    "slot_of_number",
    "line_parts",
    "live_records",
    "match_board",
    "match_get",
    "match_get_for_edit",
    "match_live_board",
    "match_plain_board",
    "match_next",
    "match_public_version",
    "match_slot",
    "match_version",
    "record_parts",
    "record_summary",
    "replay_slots",
    "ruleset_of",
    "secret_hash",
    "slots_from_log",
]
