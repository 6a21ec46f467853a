"""Thin views: bind a form, call a service, render the board (a fragment for htmx).

One module a concept; every view is importable from here, as ``urls.py`` names them."""

from .board import edit, hand_new, rematch, undo
from .common import (
    NONCE_REUSED,
    STALE,
    STALE_EDIT,
    VIEW_LINK_READ_ONLY,
    edit_url,
    rules_sheet_url,
)
from .corrections import hand_change, hand_dispute, hand_remove, history, restore
from .kon import hand_change_by_number, hand_dispute_by_number, hand_remove_by_number
from .new import new
from .readonly import (
    FORMULA_START,
    csv_cell,
    export_csv,
    export_json,
    qr_edit,
    qr_view,
    read_only_rest,
    watch,
)

__all__ = [
    "FORMULA_START",
    "NONCE_REUSED",
    "STALE",
    "STALE_EDIT",
    "VIEW_LINK_READ_ONLY",
    "csv_cell",
    "edit",
    "edit_url",
    "export_csv",
    "export_json",
    "hand_change",
    "hand_change_by_number",
    "hand_dispute",
    "hand_dispute_by_number",
    "hand_new",
    "hand_remove",
    "hand_remove_by_number",
    "history",
    "new",
    "qr_edit",
    "qr_view",
    "read_only_rest",
    "rematch",
    "restore",
    "rules_sheet_url",
    "undo",
    "watch",
]
