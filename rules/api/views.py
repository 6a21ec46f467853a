"""The JSON API's endpoints on the rules (docs/api.md): thin views over the rules engine.
``/variants`` lists them; ``/trick``, ``/deal`` and ``/score`` judge, play out and score what
they are given (the body read by :mod:`.read`, the answer JSON by :mod:`.http`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from rules import engine
from rules.analysis.answer import jsonable
from rules.engine import KozelError
from rules.engine.inputs import check_seat
from rules.engine.validate import check_one_of_each
from rules.messages import describe, describe_verdict, variant_name

from .http import json_view
from .read import (
    deal_body,
    read_cards,
    read_context,
    read_dealer,
    read_hands,
    read_records,
    read_ruleset,
    required,
)

# --- serialisation ----------------------------------------------------------------------------


def play_json(play: engine.Play) -> dict[str, Any]:
    codes = [c.code for c in play.cards]
    return {
        "seat": play.seat,
        "card": codes[0] if len(codes) == 1 else " ".join(codes),
        "cards": codes,
        "trump": play.trump[0] if len(play.trump) == 1 else list(play.trump),
        "legal": play.legal,
        "reason": play.reason,
        "message": describe_verdict(play.legal, play.reason, play.params),
        "params": jsonable(play.params),
    }


def event_json(event: engine.Event) -> dict[str, Any]:
    return {"kind": event.kind, "team": event.team, **jsonable(event.params)}


def trick_json(trick: engine.Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "winner": trick.winner,
        "team": trick.team,
        "winning_card": trick.winning[0].code
        if len(trick.winning) == 1
        else " ".join(c.code for c in trick.winning),
        "points": trick.points,
        "plays": [play_json(p) for p in trick.plays],
        "events": [event_json(e) for e in trick.events],
    }


# --- endpoints --------------------------------------------------------------------------------


@csrf_exempt  # nothing to protect: any other method than a read is 405 with Allow, not CSRF's 403
@require_http_methods(["GET", "HEAD"])
def variants(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/variants``: every variant with its options and defaults."""
    data = []
    for v in engine.ALL_VARIANTS.values():
        rules = engine.resolve(v).as_dict()
        del rules["variant"], rules["options"]  # the defaults, below
        # an alias (``blind_seat``: one blind seat) is listed too, for the requests that name it
        defaults = v.defaults | {a.key: a.default for a in v.aliases}
        data.append({**v.as_dict(), "name": variant_name(v.key), "defaults": defaults, **rules})
    return JsonResponse({"variants": data}, json_dumps_params={"ensure_ascii": False})


@json_view
def trick(body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/v1/trick``: winner, points, trumps, a verdict on every play, events."""
    rs = read_ruleset(body)
    leader = check_seat(required(body, "leader"), "leader")
    cards = read_cards(required(body, "cards"), "cards", rs.multi_card_leads)
    hands = None
    if body.get("hands") is not None:
        hands = read_hands(body["hands"], rs.seats, allow_unknown=True)
    context = read_context(body.get("context"), rs)
    n = rs.seats
    check_one_of_each(hands, [(f"cards[{i}]", (leader + i) % n, c) for i, c in enumerate(cards)])
    try:
        result = engine.resolve_trick(rs, leader, cards, hands=hands, context=context)
    except KozelError as e:
        # The engine names the played cards "plays"; this endpoint calls them "cards".
        if e.field and e.field.startswith("plays"):
            e.field = "cards" + e.field[len("plays") :]
        raise
    return trick_json(result)


@json_view
def deal(body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/v1/deal``: every trick, points and tricks per team, violations, the hand record."""
    d = deal_body(body)
    try:
        result = d.deal.play()
    except KozelError as e:
        d.recheck_not_in_hand(e)
        raise
    d.recheck_seats([p.seat for t in result.tricks for p in t.plays])
    violations = [
        {
            "trick": v.trick,
            "seat": v.seat,
            "cards": [c.code for c in v.cards],
            "reason": v.reason,
            "message": str(describe(v.reason, v.params)),
            "params": jsonable(v.params),
        }
        for v in result.violations
    ]
    out: dict[str, Any] = {
        "trick_results": [trick_json(t) for t in result.tricks],
        "points": list(result.points),
        "tricks": list(result.tricks_won),
        "violations": violations,
        "first_violation": violations[0] if violations else None,
        "events": [event_json(e) for e in result.events],
        "complete": result.complete,
        "ended_early": result.ended_early,
        "record": jsonable(result.record),
    }
    if result.dealer is not None:
        out["dealer"] = result.dealer
    if result.kitty:
        out["kitty"] = [c.code for c in result.kitty]
    if result.lone_seat is not None:
        out["lone_seat"] = result.lone_seat
    return out


@json_view
def score(body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/v1/score``: replay hand records into the variant's match score."""
    rs = read_ruleset(body)
    parsed = read_records(required(body, "hands"))
    dealer = read_dealer(body, rs)
    state = engine.replay(rs, None, parsed, first_dealer=dealer)
    return {
        "score": list(state.score),
        "finished": state.finished,
        "winner": state.winner,
        "goats": list(state.goats),
        "titles": list(state.titles),
        "hands": [
            {
                "delta": list(h.delta),
                "score": list(h.score),
                "notes": [n.code for n in h.notes],
                "winner": h.winner,
                "pending": jsonable(h.pending),
            }
            for h in state.hands
        ],
        "pending": jsonable(state.pending),
        "next": _next(state, dealer),
    }


def _next(state: engine.MatchState, dealer: int | None) -> dict[str, Any] | None:
    """The next deal (``NextDeal.as_next``): the records' first dealer is ``dealer``, seat 0 when
    not given; None once the match is over."""
    if state.finished:
        return None
    return engine.next_deal_after(state, first_dealer=dealer or 0).as_next()
