"""Writes, one module per action: the board's (:mod:`.hands`), the corrections
(:mod:`.corrections`), the outbox's conflicts (:mod:`.outbox`), all through the one write path
(:mod:`.write`). Each write locks the match row, answers a repeated nonce as done, refuses a
stale form and checks the change with the engine before storing anything; a write not done
raises one of :class:`WriteRefused`'s family, and one done returns :class:`Written`."""

from ..errors import Invalid, NonceReused, NotFound, StaleForm, WriteRefused
from .corrections import entry_restore, hand_delete, hand_edit
from .hands import hand_record, hand_undo, match_create, match_rematch, new_public_id, new_secret
from .outbox import HandConflict
from .sooner import first_hand_after_end, hand_correct, later_hands
from .write import Written

__all__ = [
    "HandConflict",
    "Invalid",
    "NonceReused",
    "NotFound",
    "StaleForm",
    "WriteRefused",
    "Written",
    "entry_restore",
    "first_hand_after_end",
    "hand_correct",
    "hand_delete",
    "hand_edit",
    "hand_record",
    "hand_undo",
    "later_hands",
    "match_create",
    "match_rematch",
    "new_public_id",
    "new_secret",
]
