"""The JSON API (README «JSON API»): thin views over the rules engine.

Every answer is JSON. Bad input answers 400 with ``{"error", "message", "field"}``
and never 500. The endpoints compute and store nothing, so they take no cookie
and need no CSRF token.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from rules import engine
from rules.engine import KozelError
from rules.engine.inputs import check_seat
from rules.engine.validate import check_one_of_each
from rules.messages import describe, describe_verdict, variant_name

MAX_BODY = 64 * 1024  # bytes; a larger body is a 413 before it is read
MAX_RECORDS = 2000  # hand records per /score
MAX_PLAYS = 200  # plays per /deal


class BadRequest(Exception):
    def __init__(self, code: str, field: str | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code, self.field, self.params = code, field, params


def error_response(
    code: str, field: str | None, params: Mapping[str, Any] | None = None, status: int = 400
) -> JsonResponse:
    return JsonResponse(
        {"error": code, "message": str(describe(code, params or {})), "field": field},
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )


def json_view(func: Callable[[dict[str, Any]], dict[str, Any]]) -> Callable[[HttpRequest], HttpResponse]:
    """Parse the body, call ``func``, turn engine and shape errors into 400s."""

    @csrf_exempt
    @require_http_methods(["POST"])
    @wraps(func)
    def view(request: HttpRequest) -> HttpResponse:
        raw = _read_body(request)
        if raw is None:
            return error_response("body_too_large", None, {"max": MAX_BODY}, status=413)
        try:
            body = json.loads(raw.decode("utf-8") or "null")
        except (UnicodeDecodeError, ValueError, RecursionError):  # deep nesting was a 500
            return error_response("bad_json", None)
        if not isinstance(body, dict):
            return error_response("bad_json", None)
        try:
            # A "\ud800" escape parses to a lone surrogate, which no answer could echo back as
            # UTF-8 (it was a 500): such a body is not text, so it is bad JSON.
            json.dumps(body, ensure_ascii=False).encode("utf-8")
        except (UnicodeEncodeError, RecursionError):
            return error_response("bad_json", None)
        try:
            data = func(body)
        except BadRequest as e:
            return error_response(e.code, e.field, e.params)
        except KozelError as e:
            params = dict(e.params)
            if e.token is not None:
                params.setdefault("token", e.token)
            return error_response(e.code, e.field, params)
        except RecursionError:
            return error_response("bad_json", None)
        return JsonResponse(data, json_dumps_params={"ensure_ascii": False})

    return view


def _read_body(request: HttpRequest) -> bytes | None:
    """The body, or None when it is over ``MAX_BODY``: judged by its declared length before
    reading, so a body of any size (past Django's own 2.5 MB limit too) is a JSON 413."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > MAX_BODY:
        return None
    try:
        body = request.body
    except RequestDataTooBig:
        return None
    return body if len(body) <= MAX_BODY else None


# --- shape checks -----------------------------------------------------------------------------


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest("bad_type", field, expected="integer")
    if not lo <= value <= hi:
        raise BadRequest("out_of_range", field, min=lo, max=hi)
    return value


def _required(body: Mapping[str, Any], field: str) -> Any:
    if field not in body:
        raise BadRequest("missing_field", field)
    return body[field]


def _list(value: Any, field: str, max_len: int = 64) -> list[Any]:
    if not isinstance(value, list):
        raise BadRequest("bad_type", field, expected="list")
    if len(value) > max_len:
        raise BadRequest("too_many", field, max=max_len)
    return value


def _code(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise BadRequest("bad_card", field, token=repr(value)[:20])
    return value


def _ruleset(body: Mapping[str, Any]) -> engine.Ruleset:
    """The variant, its options and, where it is played by several seat counts, ``seats``."""
    variant = _required(body, "variant")
    options = body.get("options")
    if options is not None and not isinstance(options, dict):
        raise BadRequest("bad_type", "options", expected="object")
    seats = body.get("seats")
    try:
        v = engine.get_variant(variant)
        if seats is None and len(v.seats) > 1:
            raise BadRequest("missing_field", "seats", allowed=list(v.seats))
        return engine.resolve(v, options, seats=seats)
    except KozelError as e:
        if e.field and e.field not in ("variant", "seats"):
            e.field = f"options.{e.field}"
        raise


def _cards_field(value: Any, field: str, multi: bool, max_len: int = 64) -> list[Any]:
    out: list[Any] = []
    for i, item in enumerate(_list(value, field, max_len)):
        if multi and isinstance(item, list):
            out.append([_code(c, f"{field}[{i}]") for c in _list(item, f"{field}[{i}]", 9)])
        else:
            out.append(_code(item, f"{field}[{i}]"))
    return out


def _hands(
    value: Any, seats: int, field: str = "hands", *, allow_unknown: bool = False
) -> list[list[str] | None]:
    """One list of card codes per seat; with ``allow_unknown`` a seat may be null (hand not given)."""
    hands = _list(value, field)
    if len(hands) != seats:
        raise BadRequest("bad_hand", field, expected=seats)
    out: list[list[str] | None] = []
    for s, h in enumerate(hands):
        if h is None and allow_unknown:
            out.append(None)
            continue
        out.append([_code(c, f"{field}[{s}][{i}]") for i, c in enumerate(_list(h, f"{field}[{s}]", 16))])
    return out


def _context(value: Any) -> engine.TrickContext | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadRequest("bad_type", "context", expected="object")
    unknown = set(value) - {"hand_number", "trick_number", "score", "first_leader", "led_suits"}
    if unknown:
        raise BadRequest("unknown_field", f"context.{sorted(unknown)[0]}")
    hand_number = value.get("hand_number")
    if hand_number is not None:
        hand_number = _int(hand_number, "context.hand_number", 1, 10_000)
    trick_number = value.get("trick_number")
    if trick_number is not None:
        trick_number = _int(trick_number, "context.trick_number", 1, 9)
    score = value.get("score")
    if score is not None:
        score_list = _list(score, "context.score", 2)
        if len(score_list) != 2:
            raise BadRequest("bad_type", "context.score", expected="[a, b]")
        score = (
            _int(score_list[0], "context.score[0]", 0, 1000),
            _int(score_list[1], "context.score[1]", 0, 1000),
        )
    first = value.get("first_leader")
    if first is not None:
        first = check_seat(first, "context.first_leader")
    led = value.get("led_suits", [])
    led_suits = []
    for i, s in enumerate(_list(led, "context.led_suits", 4)):
        if s not in ("C", "S", "H", "D"):
            raise BadRequest("bad_suit", f"context.led_suits[{i}]", token=str(s)[:10])
        led_suits.append(s)
    return engine.TrickContext(
        hand_number=hand_number,
        trick_number=trick_number,
        score=score,
        first_leader=first,
        led_suits=frozenset(led_suits),
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
        "params": _jsonable(play.params),
    }


def event_json(event: engine.Event) -> dict[str, Any]:
    return {"kind": event.kind, "team": event.team, **_jsonable(event.params)}


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


def _jsonable(value: Any) -> Any:
    if isinstance(value, engine.Card):
        return value.code
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in value]
        return sorted(items) if isinstance(value, (set, frozenset)) else items
    return value


# --- endpoints --------------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD"])
def variants(request: HttpRequest) -> HttpResponse:
    """``GET /api/v1/variants``: every variant with its options and defaults."""
    data = []
    for v in engine.ALL_VARIANTS.values():
        rules = engine.resolve(v).as_dict()
        del rules["variant"], rules["options"]  # the defaults, below
        data.append({**v.as_dict(), "name": variant_name(v.key), "defaults": v.defaults, **rules})
    return JsonResponse({"variants": data}, json_dumps_params={"ensure_ascii": False})


@json_view
def trick(body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/v1/trick``: winner, points, trumps, a verdict on every play, events."""
    rs = _ruleset(body)
    leader = check_seat(_required(body, "leader"), "leader")
    cards = _cards_field(_required(body, "cards"), "cards", rs.multi_card_leads)
    hands = None
    if body.get("hands") is not None:
        hands = _hands(body["hands"], rs.seats, allow_unknown=True)
    context = _context(body.get("context"))
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
    rs = _ruleset(body)
    leader = check_seat(_required(body, "leader"), "leader")
    n = rs.seats
    hands: Any = _hands(_required(body, "hands"), n)  # one hand of codes per seat, all known here
    plays = _cards_field(_required(body, "plays"), "plays", rs.multi_card_leads, MAX_PLAYS)
    kwargs: dict[str, Any] = {}
    if rs.multi_card_leads and body.get("stock") is not None:
        kwargs["stock"] = [_code(c, f"stock[{i}]") for i, c in enumerate(_list(body["stock"], "stock", 36))]
    if body.get("prikup") is not None:
        kwargs["prikup"] = _hands(body["prikup"], n, "prikup")
    if body.get("dealer") is not None:
        kwargs["dealer"] = check_seat(body["dealer"], "dealer")
    context = _context(body.get("context"))
    # who plays after the first trick is known only once the tricks are judged: check what is
    # known now, then every play with its seat (a play the engine says its seat did not hold may
    # be a card given in another hand)
    placed: list[tuple[str, Any, Any]] = [
        (f"plays[{i}]", (leader + i) % n if i < n else None, p) for i, p in enumerate(plays)
    ]
    check_one_of_each(hands, placed, kwargs.get("stock"))
    try:
        result = engine.play_deal(rs, leader, hands, plays, context=context, **kwargs)
    except KozelError as e:
        m = re.fullmatch(r"plays\[(\d+)\]", e.field or "")
        if e.code == "card_not_in_hand" and m and isinstance(e.params.get("seat"), int):
            i = int(m.group(1))
            placed[i] = (placed[i][0], e.params["seat"], plays[i])
            check_one_of_each(hands, placed, kwargs.get("stock"))
        raise
    seats = [p.seat for t in result.tricks for p in t.plays]
    check_one_of_each(hands, [(n, seats[i], p) for i, (n, _s, p) in enumerate(placed) if i < len(seats)])
    violations = [
        {
            "trick": v.trick,
            "seat": v.seat,
            "cards": [c.code for c in v.cards],
            "reason": v.reason,
            "message": str(describe(v.reason, v.params)),
            "params": _jsonable(v.params),
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
        "record": _jsonable(result.record),
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
    rs = _ruleset(body)
    records = _list(_required(body, "hands"), "hands", MAX_RECORDS)
    parsed = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict):
            raise BadRequest("bad_record", f"hands[{i}]")
        try:
            parsed.append(engine.HandRecord.from_dict(rec))
        except KozelError as e:
            e.field = f"hands[{i}]" + (f".{e.field}" if e.field else "")
            raise
    dealer = None
    if body.get("dealer") is not None:  # the seat that dealt the first record (solo-twelve)
        dealer = check_seat(body["dealer"], "dealer")
        if dealer >= rs.seats:
            raise BadRequest("bad_seat", "dealer", seats=rs.seats)
    state = engine.replay(rs, None, parsed, first_dealer=dealer)
    return {
        "score": list(state.score),
        "finished": state.finished,
        "winner": state.winner,
        "titles": list(state.titles),
        "hands": [
            {
                "delta": list(h.delta),
                "score": list(h.score),
                "notes": [n.code for n in h.notes],
                "winner": h.winner,
                "pending": _jsonable(h.pending),
            }
            for h in state.hands
        ],
        "pending": _jsonable(state.pending),
        "next": _next(state, dealer),
    }


def _next(state: engine.MatchState, dealer: int | None) -> dict[str, Any] | None:
    """The next deal (``NextDeal.as_next``): the records' first dealer is ``dealer``, seat 0 when
    not given; None once the match is over."""
    if state.finished:
        return None
    return engine.next_deal_after(state, first_dealer=dealer or 0).as_next()
