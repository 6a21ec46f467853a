"""Writes to a company, one module per concern: the players (:mod:`.players`), the matches
(:mod:`.matches`), all through the one write path (:mod:`.write`). Each is one new
:class:`~scorekeeper.company.models.CompanyEntry` under the company row's lock: a stale form
(its ``version`` is not the log's last seq) is refused, a repeated ``nonce`` is the same
request answered as done, and a change that does not fit is
:class:`~scorekeeper.errors.Invalid` with a code, nothing written. The kept figures move in the
same transaction."""

from ...errors import Invalid, NonceReused, StaleForm, WriteRefused
from .matches import EDIT_LINK, match_add, match_link, match_remove, match_start
from .players import (
    MAX_NAME,
    MAX_PLAYERS,
    company_create,
    merge_undo,
    player_add,
    player_rename,
    players_merge,
    valid_time_zone,
)

__all__ = [
    "EDIT_LINK",
    "MAX_NAME",
    "MAX_PLAYERS",
    "Invalid",
    "NonceReused",
    "StaleForm",
    "WriteRefused",
    "company_create",
    "match_add",
    "match_link",
    "match_remove",
    "match_start",
    "merge_undo",
    "player_add",
    "player_rename",
    "players_merge",
    "valid_time_zone",
]
