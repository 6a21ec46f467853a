"""Reads: the current hands of a match are derived from its log, the score from the engine."""

from ..wording import line_parts, record_parts, record_summary
from .board import Board, Line, Replay
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
    secret_matches,
    slots_from_log,
)

__all__ = [
    "Board",
    "Line",
    "Replay",
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
    "secret_matches",
    "slots_from_log",
]
