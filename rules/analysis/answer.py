"""The engine's answers as JSON: :func:`jsonable` for any of its values (a card as its code,
sets sorted), :func:`analysis_json` for an :class:`~rules.engine.solver.Analysis` as
``POST /api/v1/analyse`` answers it (docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.engine import Card

if TYPE_CHECKING:
    from rules.engine.solver import Analysis


def jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [jsonable(v) for v in value]
        return sorted(items) if isinstance(value, (set, frozenset)) else items
    return value


def _play(play: Card | tuple[Card, ...]) -> str | list[str]:
    """A play as the answer writes it: a card code, or a list of codes where a play is several."""
    return play.code if isinstance(play, Card) else [c.code for c in play]


def analysis_json(a: Analysis) -> dict[str, Any]:
    return {
        "to_move": a.to_move,
        "taken": list(a.taken),
        "value": list(a.value),
        "goals": [dict(g) for g in a.goals],
        "moves": [
            {"card": _play(m.card), "value": list(m.value), "cost": m.cost, "lost_goals": list(m.lost_goals)}
            for m in a.moves
        ],
        "plays": [
            {
                "seat": p.seat,
                "card": _play(p.card),
                "legal": p.legal,
                "cost": p.cost,
                "lost_goals": list(p.lost_goals),
                "best": [_play(b) for b in p.best],
            }
            for p in a.plays
        ],
        "turning_point": a.turning_point,
        "nodes": a.nodes,
    }
