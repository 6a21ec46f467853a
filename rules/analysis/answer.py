"""The engine's answers as JSON: :func:`jsonable` for any of its values (a card as its code,
sets sorted); an :class:`~rules.engine.Analysis` whole (:func:`analysis_state`, read back by
:func:`analysis_of`: the form the analysis cache keeps, as the engine's answer holds read-only
mappings that do not pickle) and as ``POST /api/v1/analyse`` answers it (:func:`analysis_json`,
docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from rules.engine import Analysis, Card, MoveValue, PlayReview, Ruleset, card
from rules.engine.deciding import deciding


def jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [jsonable(v) for v in value]
        return sorted(items) if isinstance(value, (set, frozenset)) else items
    return value


def play_json(play: Card | tuple[Card, ...]) -> str | list[str]:
    """A play as the answer writes it: a card code, or a list of codes where a play is several."""
    return play.code if isinstance(play, Card) else [c.code for c in play]


def play_of(value: str | list[str]) -> Card | tuple[Card, ...]:
    """A play read back from :func:`play_json`."""
    return card(value) if isinstance(value, str) else tuple(card(c) for c in value)


API_FIELDS = ("to_move", "taken", "value", "goals", "moves", "plays", "turning_point", "nodes")


def analysis_json(rs: Ruleset, a: Analysis) -> dict[str, Any]:
    """The answer of ``POST /api/v1/analyse``: :data:`API_FIELDS` of :func:`analysis_state`, and
    each side's deciding plays (read from the plays' review, so not kept)."""
    state = analysis_state(a)
    return {**{k: state[k] for k in API_FIELDS}, "deciding": [dict(d) for d in deciding(rs, a)]}


def analysis_state(a: Analysis) -> dict[str, Any]:
    """Every field of an analysis as JSON: what the API answers and what the pages read besides
    (the value and goals from the first lead, the turning point's better plays, what a later
    play gave back); :func:`analysis_of` reads it back."""
    return {
        "to_move": a.to_move,
        "taken": list(a.taken),
        "value": list(a.value),
        "goals": [dict(g) for g in a.goals],
        "moves": [
            {
                "card": play_json(m.card),
                "value": list(m.value),
                "cost": m.cost,
                "lost_goals": list(m.lost_goals),
            }
            for m in a.moves
        ],
        "plays": [
            {
                "seat": p.seat,
                "card": play_json(p.card),
                "legal": p.legal,
                "cost": p.cost,
                "lost_goals": list(p.lost_goals),
                "best": [play_json(b) for b in p.best],
            }
            for p in a.plays
        ],
        "turning_point": a.turning_point,
        "nodes": a.nodes,
        "reviewed_from": a.reviewed_from,
        "first_value": None if a.first_value is None else list(a.first_value),
        "first_goals": None if a.first_goals is None else [dict(g) for g in a.first_goals],
        "turning_keeps": None if a.turning_keeps is None else [play_json(k) for k in a.turning_keeps],
        "unvalued": [play_json(u) for u in a.unvalued],
        "turning_back": a.turning_back,
        "given_back": list(a.given_back),
    }


def analysis_of(state: dict[str, Any]) -> Analysis:
    """The analysis :func:`analysis_state` wrote (``KeyError``, ``TypeError`` or ``ValueError``
    for anything else)."""

    def goals(rows: list[dict[str, bool | None]]) -> tuple[Mapping[str, bool | None], ...]:
        return tuple(MappingProxyType(dict(g)) for g in rows)

    first_value, first_goals, keeps = state["first_value"], state["first_goals"], state["turning_keeps"]
    return Analysis(
        to_move=state["to_move"],
        taken=tuple(state["taken"]),
        value=tuple(state["value"]),
        goals=goals(state["goals"]),
        moves=tuple(
            MoveValue(play_of(m["card"]), tuple(m["value"]), m["cost"], tuple(m["lost_goals"]))
            for m in state["moves"]
        ),
        plays=tuple(
            PlayReview(
                p["seat"],
                play_of(p["card"]),
                p["legal"],
                p["cost"],
                tuple(p["lost_goals"]),
                tuple(play_of(b) for b in p["best"]),
            )
            for p in state["plays"]
        ),
        turning_point=state["turning_point"],
        nodes=state["nodes"],
        reviewed_from=state["reviewed_from"],
        first_value=None if first_value is None else tuple(first_value),
        first_goals=None if first_goals is None else goals(first_goals),
        turning_keeps=None if keeps is None else tuple(play_of(k) for k in keeps),
        unvalued=tuple(play_of(u) for u in state["unvalued"]),
        turning_back=state["turning_back"],
        given_back=tuple(state["given_back"]),
    )
