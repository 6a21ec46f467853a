"""A hand by the number the board shows: ``kon/3/`` is the hand shown as «Кон 3», also after
undos and deletes. The slot stays internal: each path here finds the hand's slot and answers as
``hand/<slot>/`` does (those paths keep working as they are; phones' kept corrections hold them)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse

from ..selectors import match_get_for_edit, slot_of_number
from .corrections import hand_change, hand_dispute, hand_remove

SlotView = Callable[[HttpRequest, str, str, int], HttpResponse]


def _by_number(view: SlotView) -> Callable[[HttpRequest, str, str, int], HttpResponse]:
    def by_number(request: HttpRequest, public_id: str, secret: str, number: int) -> HttpResponse:
        match = match_get_for_edit(public_id=public_id, secret=secret)
        slot = slot_of_number(match=match, number=number)
        if slot is None:
            raise Http404("no hand with this number")
        return view(request, public_id, secret, slot)

    by_number.__name__ = f"{view.__name__}_by_number"
    by_number.__doc__ = f"``{view.__name__}`` for the hand shown as ``number``."
    return by_number


hand_change_by_number = _by_number(hand_change)
hand_dispute_by_number = _by_number(hand_dispute)
hand_remove_by_number = _by_number(hand_remove)
