"""The rules app's pages, one module per kind: the referee (:mod:`.referee`), the rule sheets
(:mod:`.sheets`) and the house rules (:mod:`.house`). ``urls.py`` names them from here."""

from .house import house_new, house_sheet
from .referee import deal, hand, referee
from .seen import seen_ask, seen_poll
from .sheets import compare, disputes, glossary, index, sheet

__all__ = [
    "compare",
    "deal",
    "disputes",
    "glossary",
    "hand",
    "house_new",
    "house_sheet",
    "index",
    "referee",
    "seen_ask",
    "seen_poll",
    "sheet",
]
