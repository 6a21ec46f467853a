"""The JSON API (docs/api.md): thin views over the rules engine.

Every answer is JSON. Bad input answers 400 with ``{"error", "message", "field"}``
and never 500. The endpoints compute and store nothing, so they take no cookie
and need no CSRF token.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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

MAX_BODY = 64 * 1024  # bytes; a larger body is a 413, read and dropped up to DROP_AT_MOST
# A server that answers and closes with the body unread resets the connection: the client sees
# «connection reset» instead of the 413. Reading it costs little up to this bound; past it the
# client may see the reset, which no honest client of this API meets.
DROP_AT_MOST = 8 * 1024 * 1024
MAX_RECORDS = 2000  # hand records per /score
MAX_PLAYS = 200  # plays per /deal


class BadRequest(Exception):
    """A request the endpoint refuses: 400 unless ``status`` says otherwise (422: well formed, but
    past what the server will compute)."""

    def __init__(self, code: str, field: str | None = None, *, status: int = 400, **params: Any) -> None:
        super().__init__(code)
        self.code, self.field, self.params, self.status = code, field, params, status


def error_response(
    code: str, field: str | None, params: Mapping[str, Any] | None = None, status: int = 400
) -> JsonResponse:
    return JsonResponse(
        {"error": code, "message": str(describe(code, params or {})), "field": field},
        status=status,
        json_dumps_params={"ensure_ascii": False},
    )


def json_view(
    func: Callable[[dict[str, Any]], dict[str, Any]], max_body: int = MAX_BODY
) -> Callable[[HttpRequest], HttpResponse]:
    """Parse the body (at most ``max_body`` bytes), call ``func``, turn engine and shape errors into 400s."""

    @csrf_exempt
    @require_http_methods(["POST"])
    @wraps(func)
    def view(request: HttpRequest) -> HttpResponse:
        raw = _read_body(request, max_body)
        if raw is None:
            return error_response("body_too_large", None, {"max": max_body}, status=413)
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
            return error_response(e.code, e.field, e.params, status=e.status)
        except KozelError as e:
            params = dict(e.params)
            if e.token is not None:
                params.setdefault("token", e.token)
            return error_response(e.code, e.field, params)
        except RecursionError:
            return error_response("bad_json", None)
        return JsonResponse(data, json_dumps_params={"ensure_ascii": False})

    return view


def _read_body(request: HttpRequest, max_body: int = MAX_BODY) -> bytes | None:
    """The body, or None when it is over ``max_body``: judged by its declared length before
    reading, so a body of any size (past Django's own 2.5 MB limit too) is a JSON 413."""
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > max_body:
        _drop_body(request, declared)
        return None
    try:
        body = request.body
    except RequestDataTooBig:
        return None
    return body if len(body) <= max_body else None


def _drop_body(request: HttpRequest, declared: int) -> None:
    left = min(declared, DROP_AT_MOST)
    while left > 0:
        chunk = request.read(min(left, 64 * 1024))
        if not chunk:
            break
        left -= len(chunk)


# --- shape checks -----------------------------------------------------------------------------


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest("bad_type", field, expected="integer")
    if not lo <= value <= hi:
        raise BadRequest("out_of_range", field, min=lo, max=hi)
    return value


def required(body: Mapping[str, Any], field: str) -> Any:
    if field not in body:
        raise BadRequest("missing_field", field)
    return body[field]


def read_list(value: Any, field: str, max_len: int = 64) -> list[Any]:
    if not isinstance(value, list):
        raise BadRequest("bad_type", field, expected="list")
    if len(value) > max_len:
        raise BadRequest("too_many", field, max=max_len)
    return value


def _code(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise BadRequest("bad_card", field, token=repr(value)[:20])
    return value


def read_ruleset(body: Mapping[str, Any]) -> engine.Ruleset:
    """The variant, its options and, where it is played by several seat counts, ``seats``."""
    variant = required(body, "variant")
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


def read_records(value: Any, field: str = "hands", max_len: int = MAX_RECORDS) -> list[engine.HandRecord]:
    """Hand records as ``/score`` takes them; an error names ``hands[i]…``."""
    parsed = []
    for i, rec in enumerate(read_list(value, field, max_len)):
        if not isinstance(rec, dict):
            raise BadRequest("bad_record", f"{field}[{i}]")
        try:
            parsed.append(engine.HandRecord.from_dict(rec))
        except KozelError as e:
            e.field = f"{field}[{i}]" + (f".{e.field}" if e.field else "")
            raise
    return parsed


def read_dealer(body: Mapping[str, Any], rs: engine.Ruleset) -> int | None:
    """The seat that dealt the first record (solo-twelve's transfers need it), if given."""
    if body.get("dealer") is None:
        return None
    dealer = check_seat(body["dealer"], "dealer")
    if dealer >= rs.seats:
        raise BadRequest("bad_seat", "dealer", seats=rs.seats)
    return dealer


def _cards_field(value: Any, field: str, multi: bool, max_len: int = 64) -> list[Any]:
    out: list[Any] = []
    for i, item in enumerate(read_list(value, field, max_len)):
        if multi and isinstance(item, list):
            out.append([_code(c, f"{field}[{i}]") for c in read_list(item, f"{field}[{i}]", 9)])
        else:
            out.append(_code(item, f"{field}[{i}]"))
    return out


def _hands(
    value: Any, seats: int, field: str = "hands", *, allow_unknown: bool = False
) -> list[list[str] | None]:
    """One list of card codes per seat; with ``allow_unknown`` a seat may be null (hand not given)."""
    hands = read_list(value, field)
    if len(hands) != seats:
        raise BadRequest("bad_hand", field, expected=seats)
    out: list[list[str] | None] = []
    for s, h in enumerate(hands):
        if h is None and allow_unknown:
            out.append(None)
            continue
        out.append([_code(c, f"{field}[{s}][{i}]") for i, c in enumerate(read_list(h, f"{field}[{s}]", 16))])
    return out


def _context(value: Any, rs: engine.Ruleset | None = None) -> engine.TrickContext | None:
    """A trick's context; ``trick_number`` is bounded by the ruleset's tricks per deal."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise BadRequest("bad_type", "context", expected="object")
    unknown = set(value) - {"hand_number", "trick_number", "score", "first_leader", "led_suits", "boaster"}
    if unknown:
        raise BadRequest("unknown_field", f"context.{sorted(unknown)[0]}")
    hand_number = value.get("hand_number")
    if hand_number is not None:
        hand_number = _int(hand_number, "context.hand_number", 1, 10_000)
    trick_number = value.get("trick_number")
    if trick_number is not None:
        trick_number = _int(
            trick_number, "context.trick_number", 1, rs.tricks_per_deal if rs is not None else 18
        )
    score = value.get("score")
    if score is not None:
        score_list = read_list(score, "context.score", 2)
        if len(score_list) != 2:
            raise BadRequest("bad_type", "context.score", expected="[a, b]")
        score = (
            _int(score_list[0], "context.score[0]", 0, 1000),
            _int(score_list[1], "context.score[1]", 0, 1000),
        )
    first = value.get("first_leader")
    if first is not None:
        first = check_seat(first, "context.first_leader")
    boaster = value.get("boaster")
    if boaster is not None:
        boaster = check_seat(boaster, "context.boaster")
    led = value.get("led_suits", [])
    led_suits = []
    for i, s in enumerate(read_list(led, "context.led_suits", 4)):
        if s not in ("C", "S", "H", "D"):
            raise BadRequest("bad_suit", f"context.led_suits[{i}]", token=str(s)[:10])
        led_suits.append(s)
    return engine.TrickContext(
        hand_number=hand_number,
        trick_number=trick_number,
        score=score,
        first_leader=first,
        led_suits=frozenset(led_suits),
        boaster=boaster,
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


def jsonable(value: Any) -> Any:
    if isinstance(value, engine.Card):
        return value.code
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [jsonable(v) for v in value]
        return sorted(items) if isinstance(value, (set, frozenset)) else items
    return value


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
    cards = _cards_field(required(body, "cards"), "cards", rs.multi_card_leads)
    hands = None
    if body.get("hands") is not None:
        hands = _hands(body["hands"], rs.seats, allow_unknown=True)
    context = _context(body.get("context"), rs)
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


@dataclass
class DealBody:
    """A ``/deal`` body read and checked for shape (``/analyse`` takes the same): the cards each
    place holds are one of each as far as the seats of the plays are known before the tricks."""

    rs: engine.Ruleset
    leader: int
    hands: Any  # one hand of codes per seat, all known
    plays: list[Any]
    table: dict[str, Any]  # what play_deal takes for the table: stock, prikup, dealer
    context: engine.TrickContext | None
    placed: list[tuple[str, Any, Any]]

    def recheck_not_in_hand(self, e: KozelError) -> None:
        """A play the engine says its seat did not hold may be a card given in another hand:
        then the answer is that card's two places."""
        m = re.fullmatch(r"plays\[(\d+)\]", e.field or "")
        if e.code == "card_not_in_hand" and m and isinstance(e.params.get("seat"), int):
            i = int(m.group(1))
            self.placed[i] = (self.placed[i][0], e.params["seat"], self.plays[i])
            check_one_of_each(self.hands, self.placed, self.table.get("stock"))

    def recheck_seats(self, seats: Sequence[int]) -> None:
        """Once the tricks say who played each card: every play against the hands."""
        placed = [(name, seats[i], p) for i, (name, _s, p) in enumerate(self.placed) if i < len(seats)]
        check_one_of_each(self.hands, placed)


def deal_body(body: Mapping[str, Any]) -> DealBody:
    rs = read_ruleset(body)
    leader = check_seat(required(body, "leader"), "leader")
    n = rs.seats
    hands: Any = _hands(required(body, "hands"), n)
    plays = _cards_field(required(body, "plays"), "plays", rs.multi_card_leads, MAX_PLAYS)
    table: dict[str, Any] = {}
    if rs.draws and body.get("stock") is not None:
        table["stock"] = [
            _code(c, f"stock[{i}]") for i, c in enumerate(read_list(body["stock"], "stock", 36))
        ]
    if body.get("prikup") is not None:
        table["prikup"] = _hands(body["prikup"], n, "prikup")
    if body.get("dealer") is not None:
        table["dealer"] = check_seat(body["dealer"], "dealer")
    context = _context(body.get("context"), rs)
    # who plays after the first trick is known only once the tricks are judged: check what is
    # known now, then every play with its seat
    placed: list[tuple[str, Any, Any]] = [
        (f"plays[{i}]", (leader + i) % n if i < n else None, p) for i, p in enumerate(plays)
    ]
    check_one_of_each(hands, placed, table.get("stock"))
    return DealBody(rs, leader, hands, plays, table, context, placed)


@json_view
def deal(body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/v1/deal``: every trick, points and tricks per team, violations, the hand record."""
    d = deal_body(body)
    try:
        result = engine.play_deal(d.rs, d.leader, d.hands, d.plays, context=d.context, **d.table)
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
