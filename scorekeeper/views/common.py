"""What the match pages share: their messages and URLs, what a refused write says, the view
link's read-only guard and the parts of the board's context the other pages show too."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext_lazy

from rules.engine.cards import SUIT_SYMBOLS, SUITS
from rules.engine.variants import Ruleset
from rules.messages import option_label, option_value, variant_name

from .. import counter
from ..errors import Invalid, NonceReused, StaleForm, WriteRefused
from ..forms.hand import HandRecordForm
from ..models import Match
from ..presenters import BoardPage

STALE_EDIT = gettext_lazy(
    "Another phone changed this match while the form was open. Below is the hand as it stands now: "
    "check it and correct it again if it still needs it."
)
STALE = gettext_lazy(
    "Another phone changed this match since your form was shown. Here is the fresh board: "
    "check it and enter the hand again if it is still missing."
)
VIEW_LINK_READ_ONLY = gettext_lazy("This is a view link: it cannot change the match.")
NONCE_REUSED = gettext_lazy(
    "This form was already used for a different change, so nothing was done now. "
    "Here is the fresh board: check it and try again."
)


def rules_sheet_url(key: str) -> str:
    return reverse("rules:sheet", args=[key])


def edit_url(match: Match, secret: str) -> str:
    return reverse("scorekeeper:edit", args=[match.public_id, secret])


def read_only(view):  # type: ignore[no-untyped-def]
    """View-link pages: GET/HEAD only; any write through them is refused with 403."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            raise PermissionDenied(VIEW_LINK_READ_ONLY)
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


# ---------------------------------------------------------------- the match (edit link)

KEPT_SECONDS = 3600


def kept_for(board: BoardPage) -> int:
    """How long the board, the chart and the hand list stay in the cache (their ``{% cache %}``
    tags, keyed on the match, its version, the language and the link). 0, not kept: a match of a
    series or one that is over shows its rematches too, which its own version does not follow."""
    match = board.match
    return 0 if match.previous_id is not None or board.state.finished else KEPT_SECONDS


def kept_context(board: BoardPage, link: str) -> dict[str, Any]:
    """What the ``{% cache %}`` tags of the match pages need: ``link`` is ``edit`` or ``view``
    (the edit link's hand list carries the secret: never served to the view link)."""
    return {"cache_for": kept_for(board), "link": link, "wording": (board.match.snapshot or {}).get("texts")}


def wants_all_hands(request: HttpRequest) -> bool:
    """«All hands»: the page was asked for every hand, not only the latest ones."""
    return request.GET.get("hands") == "all"


REFUSED = {StaleForm: STALE, NonceReused: NONCE_REUSED}


def refusal_message(refused: WriteRefused) -> str:
    """What the board says of a write it refused (a stale form, a nonce spent on another
    action); an :class:`Invalid` says it beside the form's fields instead."""
    if isinstance(refused, Invalid):
        return " ".join(refused.messages)
    return str(REFUSED.get(type(refused), STALE))


def counter_context(board: BoardPage) -> dict[str, Any]:
    """The card counter's cards and who gets the undealt ones (scorekeeper.counter)."""
    return {
        "count_suits": counter.counting_suits(board.ruleset),
        "undealt": counter.undealt_to_dealer(board.ruleset),
        "undealt_dealer": board.dealer_name,
    }


def point_fields(board: BoardPage, form: HandRecordForm) -> list[dict[str, Any]]:
    """One points field per side, named by the side (the team, or the player at a table of one
    seat per side); the last is the rest of 120 when left empty."""
    names = board.team_names
    n = len(board.ruleset.sides)
    return [
        {
            "i": i,
            "name": names[i] if i < len(names) else str(i + 1),
            "value": form[f"points_{i}"].value(),
            "errors": form[f"points_{i}"].errors,
            "last": n > 2 and i == n - 1,
            "team": n == 2,
        }
        for i in range(n)
    ]


SUIT_PICKS = [(s, SUIT_SYMBOLS[s]) for s in SUITS]


def common_of(match: Match, rs: Ruleset) -> dict[str, Any]:
    return {
        "variant_name": variant_name(match.variant),
        "sheet_url": rules_sheet_url(match.variant),
        # as the engine reads the stored options today (``multi_leads: true`` is «of one suit»)
        "options": SimpleLazyObject(
            lambda: [(option_label(k), option_value(k, v)) for k, v in rs.options.items()]
        ),
    }
