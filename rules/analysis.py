"""The engine's exact analysis of a deal, as the API and the referee pages ask for it: one call
(:func:`solve`), and :func:`kept` for the pages, which keeps an answer (or the budget's refusal)
a while per position in the worker, so a page drawn again (a step of the review, the other
language) does not solve again. Every solve of a page goes through :mod:`rules.solving`'s gate.

The answers are kept in the process, not in Django's cache: they are the engine's objects (read
only mappings inside), and a worker's own recent solves are the ones its pages ask for again."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.http import HttpRequest
from django.utils.formats import number_format

from rules import solving
from rules.engine.cards import KozelError
from rules.engine.tricks import TrickContext
from rules.engine.variants import Ruleset

if TYPE_CHECKING:
    from rules.engine.solver import Analysis

KEEP = 600  # seconds an analysis is kept for the pages
KEEP_MAX = 256  # analyses kept per worker, the oldest dropped first

_kept: OrderedDict[str, tuple[float, Any]] = OrderedDict()
_kept_lock = threading.Lock()


def budget() -> int:
    """Positions one request may search: ``KOZEL_NODE_BUDGET``, else the engine's own."""
    from rules.engine.solver import NODE_BUDGET

    return settings.KOZEL_NODE_BUDGET or NODE_BUDGET


def budget_params(e: KozelError) -> dict[str, Any]:
    """An engine error's params, the node budget written as the reader groups digits."""
    params = dict(e.params)
    budget = params.get("budget")
    if isinstance(budget, int):
        params["budget"] = number_format(budget, force_grouping=True)
    return params


UNAVAILABLE = ("rank_leads", "blind_seats", "multi_ace_ban")
"""What of a table the exact analysis cannot play yet, each a reason of ``not_available``: leads
of one rank (classic-sixes#leading ``multi_leads=suit_or_rank``), two blind seats
(classic-sixes#blind), and the ace ban with leads of several cards (classic-sixes#following),
whose legal answers hang on the suits led so far, which the search of several-card plays does
not yet key its legal plays and its table on."""


def unavailable(rs: Ruleset) -> str | None:
    """Why the exact analysis cannot answer for ``rs`` yet (a reason of :data:`UNAVAILABLE`), or None."""
    if rs.rank_leads:
        return "rank_leads"
    if len(rs.blind_seats) > 1:
        return "blind_seats"
    if rs.multi_card_leads and rs.ace_discard_ban:
        return "multi_ace_ban"
    return None


def check_available(rs: Ruleset) -> None:
    """Refuse at once (``not_available``, naming the reason) a table the analysis cannot play:
    before the gate, so a refusal costs no solve and counts against no limit."""
    reason = unavailable(rs)
    if reason is not None:
        raise KozelError("not_available", f"the exact analysis cannot play {reason} yet", reason=reason)


def solve(
    rs: Ruleset,
    leader: int,
    hands: Sequence[Any],
    plays: Sequence[Any],
    *,
    context: TrickContext | None = None,
    **table: Any,
) -> Analysis:
    """The analysis of the position after ``plays``; ``table``: the ``stock``, ``prikup`` and
    ``dealer`` as ``/deal`` takes them. ``midway=True``: ``hands`` are held at the start of the
    trick ``plays`` belong to, in the middle of the deal (the engine's ``analyse_midway``)."""
    from rules.engine.solver import analyse_deal, analyse_midway

    check_available(rs)
    table.setdefault("budget", budget())
    if table.pop("midway", False):
        return analyse_midway(rs, leader, hands, plays, context=context, **table)
    return analyse_deal(rs, leader, hands, plays, context=context, **table)


def _key(rs: Ruleset, leader: int, hands: Any, plays: Any, context: Any, table: Any) -> str:
    return repr((rs.key, sorted(rs.options.items()), rs.seats, leader, hands, plays, context, table))


def _get(key: str) -> Any:
    with _kept_lock:
        hit = _kept.get(key)
        if hit is None or hit[0] < time.monotonic():
            return None
        _kept.move_to_end(key)
        return hit[1]


def _put(key: str, value: Any) -> None:
    with _kept_lock:
        _kept[key] = (time.monotonic() + KEEP, value)
        _kept.move_to_end(key)
        while len(_kept) > KEEP_MAX:
            _kept.popitem(last=False)


def forget() -> None:
    """Drop every kept analysis (the tests start from none)."""
    with _kept_lock:
        _kept.clear()


def kept(
    request: HttpRequest,
    rs: Ruleset,
    leader: int,
    hands: Sequence[Any],
    plays: Sequence[Any],
    *,
    context: TrickContext | None = None,
    **table: Any,
) -> Analysis:
    """:func:`solve` behind the gate, kept for :data:`KEEP` seconds; a refusal for the node
    budget (``too_complex``) is kept too and raised again the same way (it cost a whole budget)."""
    check_available(rs)
    key = _key(rs, leader, hands, plays, context, table)
    hit = _get(key)
    if isinstance(hit, dict):  # the budget's refusal: its params
        raise KozelError("too_complex", **hit)
    if hit is not None:
        return hit  # type: ignore[no-any-return]
    try:
        result = solving.gated(request, lambda: solve(rs, leader, hands, plays, context=context, **table))
    except KozelError as e:
        if e.code == "too_complex":
            _put(key, dict(e.params))
        raise
    _put(key, result)
    return result
