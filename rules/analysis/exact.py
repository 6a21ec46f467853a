"""The engine's exact analysis of a deal, as the API and the referee pages ask for it: one call
(:func:`solve`), and :func:`kept` for the pages, which keeps an answer (or the budget's refusal)
a while per position in Django's ``analysis`` cache (each process's memory, or the Redis of
``KOZEL_CACHE_URL`` shared by every server), so a page drawn again (a step of the review, the
other language) does not solve again. Every solve of a page goes through :mod:`.gate`."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django.utils.formats import number_format

from rules.deals import DealIn
from rules.engine.cards import Card, KozelError

from . import gate
from .answer import analysis_of, analysis_state

if TYPE_CHECKING:
    from rules.engine.solver import Analysis, Budget


def budget() -> int:
    """Positions one request may search: ``KOZEL_NODE_BUDGET``, else the engine's own."""
    from rules.engine.solver import NODE_BUDGET

    return settings.KOZEL_NODE_BUDGET or NODE_BUDGET


def spend(nodes: int | Budget | None = None) -> Budget:
    """What one solve of a request may spend: ``nodes`` positions (else :func:`budget`) and
    ``KOZEL_SOLVE_SECONDS`` of wall-clock time, so a slow or busy machine frees its worker."""
    from rules.engine.solver import Budget

    if isinstance(nodes, Budget):
        return nodes
    return Budget(nodes or budget(), seconds=settings.KOZEL_SOLVE_SECONDS)


def late(spent: Budget) -> bool:
    """The solve reached its deadline: its answer (perhaps cut short) holds for this machine and
    this moment only, so it is not kept."""
    return spent.deadline is not None and time.monotonic() > spent.deadline


def budget_params(e: KozelError) -> dict[str, Any]:
    """An engine error's params, the node budget written as the reader groups digits."""
    params = dict(e.params)
    budget = params.get("budget")
    if isinstance(budget, int):
        params["budget"] = number_format(budget, force_grouping=True)
    return params


def solve(deal: DealIn, **options: Any) -> Analysis:
    """The analysis of the position after the deal's plays; ``options`` the engine's (``budget``,
    ``review``, ``partial``, ``alternatives``; a ``budget`` of nodes gets the request's deadline,
    :func:`spend`). ``midway=True``: the hands are held at the start of the trick the plays belong
    to, in the middle of the deal (the engine's ``analyse_midway``)."""
    from rules.engine.solver import analyse, analyse_midway

    options["budget"] = spend(options.get("budget"))
    if options.pop("midway", False):
        return analyse_midway(
            deal.rs, deal.leader, deal.hands, deal.plays, context=deal.context, **deal.table, **options
        )
    return analyse(deal, **options)


def key(deal: DealIn, options: dict[str, Any]) -> str:
    """The question's name in the cache: the same for the same question in every process."""
    rs, context = deal.rs, deal.context
    ctx = None if context is None else {**asdict(context), "led_suits": sorted(context.led_suits)}
    question = [
        rs.key,
        sorted(rs.options.items()),
        rs.seats,
        deal.leader,
        deal.hands,
        deal.plays,
        ctx,
        sorted(deal.table.items()),
        sorted(options.items()),
    ]
    text = json.dumps(question, default=lambda v: v.code if isinstance(v, Card) else repr(v))
    return hashlib.sha256(text.encode()).hexdigest()


def cached(name: str) -> Analysis | None:
    """The kept analysis of ``name``, or None; the kept refusal for the node budget is raised."""
    hit = caches["analysis"].get(name)
    if not isinstance(hit, dict):
        return None
    if "too_complex" in hit:
        raise KozelError("too_complex", **hit["too_complex"])
    try:
        return analysis_of(hit)
    except (KeyError, TypeError, ValueError):  # kept by a release that wrote it otherwise
        return None


def forget() -> None:
    """Drop every kept analysis (the tests start from none)."""
    caches["analysis"].clear()


def kept(request: HttpRequest, deal: DealIn, **options: Any) -> Analysis:
    """:func:`solve` behind the gate, its answer kept in the ``analysis`` cache (its JSON form);
    a refusal for the node budget (``too_complex``) is kept too and raised again the same way (it
    cost a whole budget, and is the same on every machine). Nothing else is kept: another refusal
    (``solver_timeout`` among them) or an answer that reached the deadline may not hold next time."""
    name = key(deal, options)
    hit = cached(name)
    if hit is not None:
        return hit
    try:
        spent = spend(options.get("budget"))
        result = gate.gated(request, lambda: solve(deal, **{**options, "budget": spent}))
    except KozelError as e:
        if e.code == "too_complex":
            caches["analysis"].set(name, {"too_complex": dict(e.params)})
        raise
    if not late(spent):
        caches["analysis"].set(name, analysis_state(result))
    return result
