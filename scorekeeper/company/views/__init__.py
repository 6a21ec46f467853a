"""The company's views, one module a concern: its pages (:mod:`.pages`), the writes from its
edit page (:mod:`.writes`), what is started from it (:mod:`.new`) and the seating drawn for
the next match (:mod:`.seating`)."""

from .new import company_new, match_new
from .pages import (
    company_edit,
    company_view,
    edit_url,
    evening_image,
    evenings_view,
    matches_edit,
    matches_view,
    page_context,
    qr_edit,
    qr_view,
    read_only_rest,
    view_url,
)
from .seating import seating
from .writes import match_add, match_remove, merge_undo, player_add, player_rename, players_merge

__all__ = [
    "company_edit",
    "company_new",
    "company_view",
    "edit_url",
    "evening_image",
    "evenings_view",
    "match_add",
    "match_new",
    "match_remove",
    "matches_edit",
    "matches_view",
    "merge_undo",
    "page_context",
    "player_add",
    "player_rename",
    "players_merge",
    "qr_edit",
    "qr_view",
    "read_only_rest",
    "seating",
    "view_url",
]
