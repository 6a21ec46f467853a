"""The JSON API's bodies read and checked for shape (docs/api.md): each field of the wrong type,
size or range is a :class:`~rules.api.http.BadRequest` naming its path (``hands[1][3]``,
``context.score[0]``); what a card or a rule means is the engine's to say."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules import engine
from rules.deals import DealIn
from rules.engine import KozelError
from rules.engine.inputs import check_seat
from rules.engine.validate import check_one_of_each

from .http import BadRequest

MAX_RECORDS = 2000  # hand records per /score
MAX_PLAYS = 200  # plays per /deal


def read_int(value: Any, field: str, lo: int, hi: int) -> int:
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


def read_code(value: Any, field: str) -> str:
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


def read_cards(value: Any, field: str, multi: bool, max_len: int = 64) -> list[Any]:
    out: list[Any] = []
    for i, item in enumerate(read_list(value, field, max_len)):
        if multi and isinstance(item, list):
            out.append([read_code(c, f"{field}[{i}]") for c in read_list(item, f"{field}[{i}]", 9)])
        else:
            out.append(read_code(item, f"{field}[{i}]"))
    return out


def read_hands(
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
        out.append(
            [read_code(c, f"{field}[{s}][{i}]") for i, c in enumerate(read_list(h, f"{field}[{s}]", 16))]
        )
    return out


def read_context(value: Any, rs: engine.Ruleset | None = None) -> engine.TrickContext | None:
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
        hand_number = read_int(hand_number, "context.hand_number", 1, 10_000)
    trick_number = value.get("trick_number")
    if trick_number is not None:
        trick_number = read_int(
            trick_number, "context.trick_number", 1, rs.tricks_per_deal if rs is not None else 18
        )
    score = value.get("score")
    if score is not None:
        score_list = read_list(score, "context.score", 2)
        if len(score_list) != 2:
            raise BadRequest("bad_type", "context.score", expected="[a, b]")
        score = (
            read_int(score_list[0], "context.score[0]", 0, 1000),
            read_int(score_list[1], "context.score[1]", 0, 1000),
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


@dataclass
class DealBody:
    """A ``/deal`` body read and checked for shape (``/analyse`` takes the same): the deal as the
    engine takes it, and where each play's cards were given, so that the cards each place holds
    are one of each as far as the seats of the plays are known (before the tricks, and again once
    the engine has judged them)."""

    deal: DealIn
    placed: list[tuple[str, Any, Any]]

    def recheck_not_in_hand(self, e: KozelError) -> None:
        """A play the engine says its seat did not hold may be a card given in another hand:
        then the answer is that card's two places."""
        m = re.fullmatch(r"plays\[(\d+)\]", e.field or "")
        if e.code == "card_not_in_hand" and m and isinstance(e.params.get("seat"), int):
            i = int(m.group(1))
            self.placed[i] = (self.placed[i][0], e.params["seat"], self.deal.plays[i])
            check_one_of_each(self.deal.hands, self.placed, self.deal.stock)

    def recheck_seats(self, seats: Sequence[int]) -> None:
        """Once the tricks say who played each card: every play against the hands."""
        placed = [(name, seats[i], p) for i, (name, _s, p) in enumerate(self.placed) if i < len(seats)]
        check_one_of_each(self.deal.hands, placed)


def deal_body(body: Mapping[str, Any]) -> DealBody:
    """The deal of a ``/deal`` or ``/analyse`` body (:class:`~rules.deals.DealIn`): the stock only
    where the table draws, the prikup and the dealer where given."""
    rs = read_ruleset(body)
    leader = check_seat(required(body, "leader"), "leader")
    n = rs.seats
    hands: Any = read_hands(required(body, "hands"), n)
    plays = read_cards(required(body, "plays"), "plays", rs.multi_card_leads, MAX_PLAYS)
    stock = None
    if rs.draws and body.get("stock") is not None:
        stock = [read_code(c, f"stock[{i}]") for i, c in enumerate(read_list(body["stock"], "stock", 36))]
    prikup = read_hands(body["prikup"], n, "prikup") if body.get("prikup") is not None else None
    dealer = check_seat(body["dealer"], "dealer") if body.get("dealer") is not None else None
    context = read_context(body.get("context"), rs)
    # who plays after the first trick is known only once the tricks are judged: check what is
    # known now, then every play with its seat
    placed: list[tuple[str, Any, Any]] = [
        (f"plays[{i}]", (leader + i) % n if i < n else None, p) for i, p in enumerate(plays)
    ]
    check_one_of_each(hands, placed, stock)
    deal = DealIn(rs, leader, hands, plays, context=context, stock=stock, prikup=prikup, dealer=dealer)
    return DealBody(deal, placed)
