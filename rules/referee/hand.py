"""Hand checks: a redeal, a royal goat, Belka's suits for a seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.cards import SUIT_SYMBOLS, Card, KozelError
from rules.messages import describe

from .common import (
    Problem,
    RulesChoice,
    engine_problem,
    names_params,
    seat_name,
)
from .forms import HandForm, read_query


@dataclass
class HandQuery:
    rules: RulesChoice
    cards: list[Card] = field(default_factory=list)
    hand_number: int | None = field(default=None, metadata={"param": "hand"})
    first_jc: int | None = None
    jc: int | None = None
    names: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def params(self, **change: Any) -> dict[str, str]:
        out = self.rules.params()
        cards = change.get("cards", self.cards)
        if cards:
            out["cards"] = " ".join(c.code for c in cards)
        if self.hand_number:
            out["hand"] = str(self.hand_number)
        if self.first_jc is not None:
            out["first_jc"] = str(self.first_jc)
        if self.jc is not None:
            out["jc"] = str(self.jc)
        out.update(names_params(self.names))
        return out


def read_hand(query: Mapping[str, str]) -> HandQuery:
    return read_query(HandQuery, HandForm(query))


def check_hand(h: HandQuery) -> dict[str, Any]:
    from rules.engine.checks import belka_seat_suits, belka_trump_suit, is_royal_goat, redeal_check

    rs = h.rules.ruleset
    out: dict[str, Any] = {}
    if rs is None:
        return out
    out["points"] = sum(c.points for c in h.cards)
    out["size"] = rs.hand_size
    out["count"] = len(h.cards)
    if h.cards and not h.problems:
        if len(h.cards) == rs.hand_size and not rs.draws:
            try:
                rc = redeal_check(rs, h.cards)
                reasons = list(rc.reasons)
                if not reasons and not (
                    rs.redeal_four_nines or rs.redeal_four_of_suit or rs.redeal_max_points
                ):
                    reasons = ["no_redeals"]  # the short tables deal no redeal at all
                out["redeal"] = {
                    "allowed": rc.allowed,
                    "reasons": [describe(r, dict(rc.params)) for r in reasons],
                    "declare": [describe(f"declare_{d}", dict(rc.params)) for d in rc.declare],
                }
            except KozelError as e:
                h.problems.append(engine_problem(e))
        if rs.royal_goat or "royal_goat" in rs.variant.defaults:
            try:
                out["royal_goat"] = {"yes": is_royal_goat(rs, h.cards), "on": rs.royal_goat}
            except KozelError as e:
                h.problems.append(engine_problem(e))
    if rs.seat_suits:
        belka: dict[str, Any] = {}
        if h.first_jc is not None:
            belka["seats"] = [
                (seat_name(s, h.names, rs), SUIT_SYMBOLS[suit])
                for s, suit in sorted(belka_seat_suits(h.first_jc).items())
            ]
        if h.hand_number == 1:
            belka["suit"] = SUIT_SYMBOLS[belka_trump_suit(1, None, 0)]
        elif h.hand_number and h.first_jc is not None and h.jc is not None:
            try:
                belka["suit"] = SUIT_SYMBOLS[belka_trump_suit(h.hand_number, h.first_jc, h.jc)]
            except KozelError as e:
                h.problems.append(engine_problem(e))
        out["belka"] = belka
    return out
