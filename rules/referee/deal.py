"""A whole deal reviewed: the four hands and the plays, trick by trick, with the first illegal play."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _

from rules.deals import DealIn, form_field, read_typed, split_codes
from rules.engine.cards import SUIT_SYMBOLS, KozelError
from rules.engine.tricks import TrickContext
from rules.engine.variants import Ruleset
from rules.messages import describe

from .common import (
    SECTION_OF_REASON,
    Problem,
    RulesChoice,
    capture_event,
    engine_problem,
    face,
    names_params,
    player,
    seat_name,
    side_class,
)
from .forms import DealForm, read_query


@dataclass
class DealQuery:
    rules: RulesChoice
    leader: int = 0
    # one per seat of the table (h0..h3); the second round's cards (the duel's prikup,
    # solo-twelve's second four) k0..k3
    hands_text: list[str] = field(default_factory=lambda: ["", "", "", ""], metadata={"param": "hands"})
    prikup_text: list[str] = field(default_factory=list, metadata={"param": "prikup"})
    plays_text: str = field(default="", metadata={"param": "plays"})
    stock_text: str = field(default="", metadata={"param": "stock"})
    dealer: int | None = None
    hand_number: int | None = field(default=None, metadata={"param": "hand"})
    score: tuple[int, int] | None = None
    boaster: int | None = None  # classic-sixes#leading option: who called the khvalyonka
    step: int | None = None
    names: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def rs(self) -> Ruleset | None:
        return self.rules.ruleset

    @property
    def seats(self) -> int:
        return self.rules.seats

    def who(self, seat: int) -> str:
        return seat_name(seat, self.names, self.rs)

    def params(self, **change: Any) -> dict[str, str]:
        out = self.rules.params()
        out["leader"] = str(self.leader)
        for s, text in enumerate(self.hands_text[: self.seats]):
            if text.strip():
                out[f"h{s}"] = " ".join(split_codes(text))
        for s, text in enumerate(self.prikup_text[: self.seats]):
            if text.strip():
                out[f"k{s}"] = " ".join(split_codes(text))
        if self.dealer is not None:
            out["dealer"] = str(self.dealer)
        if self.plays_text.strip():
            out["plays"] = self.plays_text.strip()
        if self.stock_text.strip():
            out["stock"] = " ".join(split_codes(self.stock_text))
        if self.hand_number:
            out["hand"] = str(self.hand_number)
        if self.score:
            out["score"] = f"{self.score[0]}:{self.score[1]}"
        if self.boaster is not None:
            out["boaster"] = str(self.boaster)
        step = change.get("step", self.step)
        if step:
            out["step"] = str(step)
        out.update(names_params(self.names))
        return out


def read_deal(query: Mapping[str, str]) -> DealQuery:
    return read_query(DealQuery, DealForm(query))


@dataclass
class TrickRow:
    number: int
    leader: str
    plays: list[dict[str, Any]]
    winner: str
    team: str
    side: int
    points: int
    events: list[str]
    running: tuple[int, ...]


@dataclass
class SideTotal:
    """One side's line under the review: who plays it, its card points and tricks."""

    label: str
    cls: str
    points: int
    tricks: int
    names: tuple[str, ...]  # the label's names, each kept on one line


@dataclass
class DealResult:
    rows: list[TrickRow]
    total_tricks: int
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]
    sides: list[SideTotal]
    first_violation: dict[str, Any] | None
    violations: list[dict[str, Any]]
    complete: bool
    ended_early: bool
    incomplete_tail: int  # plays of an unfinished last trick, not reviewed
    unknown: int
    record: dict[str, Any]
    record_params: dict[str, str]
    finished: bool
    winner_team: int | None
    steps: list[tuple[int, str]]
    step: int | None
    kitty: list[Any] = field(default_factory=list)  # cards dealt to nobody, with the dealer's tricks
    dealer: str = ""
    lone: str = ""  # two against one: who played alone
    next_trumps: str = ""  # the duel: the next deal's trump suit (the last card's suit)
    capture_side: str = ""  # who caught the queen, when a capture ended the hand


def deal_of(d: DealQuery) -> DealIn | None:
    """The deal as the engine takes it, once per request (the review and its best play share it):
    each seat's hand, every play typed (an unfinished last trick too), the table and the hand's
    context; None where there is nothing to review (the query's problems, no hand given)."""
    rs = d.rs
    if rs is None or d.problems or not any(t.strip() for t in d.hands_text):
        return None
    return read_typed(
        rs,
        d.leader,
        d.hands_text,
        d.plays_text,
        stock=d.stock_text,
        prikup=d.prikup_text,
        dealer=d.dealer,
        context=TrickContext(hand_number=d.hand_number, score=d.score, boaster=d.boaster),
    )


REVIEW_CODES = {
    "must_follow_suit": "review_revoke",
    "must_answer_trump": "review_revoke",
    "must_trump": "review_no_trump",
}


def review_deal(d: DealQuery, deal: DealIn | None) -> DealResult | None:
    """The deal's whole tricks played by the engine, put into rows; None (the engine's error
    among the query's problems, under its form field) where it cannot be reviewed."""
    if deal is None:
        return None
    rs = deal.rs
    tail = deal.tail
    try:
        result = deal.whole_tricks().play()
    except KozelError as e:
        prob = engine_problem(e, form_field(e.field))
        if "trick" in e.params:
            prob.message = _("Trick %(n)s: %(msg)s") % {"n": e.params["trick"], "msg": prob.message}
        d.problems.append(prob)
        return None
    rows = []
    running = [0] * len(rs.sides)
    for k, t in enumerate(result.tricks, start=1):
        running[t.team] += t.points
        row_plays = []
        for p in t.plays:
            row_plays.append(
                {
                    "player": player(p.seat),
                    "name": d.who(p.seat),
                    "team": side_class(rs, p.seat),
                    "faces": [face(c, rs) for c in p.cards],
                    "trump": all(p.trump),
                    "legal": p.legal,
                    "winner": p.seat == t.winner,
                    "message": describe(p.reason, p.params) if p.legal is False else "",
                }
            )
        events = [capture_event(e, d.who) for e in t.events if e.kind == "queen_capture"]
        rows.append(
            TrickRow(
                k,
                d.who(t.leader),
                row_plays,
                d.who(t.winner),
                side_class(rs, t.winner),
                t.team,
                t.points,
                events,
                tuple(running),
            )
        )
    violations = [
        {
            "trick": v.trick,
            "player": d.who(v.seat),
            "faces": [face(c, rs) for c in v.cards],
            "message": describe(v.reason, v.params),
            "reason": v.reason,
            "section": SECTION_OF_REASON.get(v.reason, "following"),
        }
        for v in result.violations
    ]
    total = len(rows)
    step = d.step if d.step is not None and 0 <= d.step <= total else None
    if step is not None:
        rows = rows[:step]
    shown_points = (
        tuple(result.points)
        if step is None or step == total
        else rows[-1].running
        if rows
        else (0,) * len(rs.sides)
    )
    shown_tricks = tuple(sum(1 for r in rows if r.side == i) for i in range(len(rs.sides)))
    sides = [
        SideTotal(
            " · ".join(d.who(seat) for seat in owned),
            side_class(rs, owned[0]),
            shown_points[i],
            shown_tricks[i],
            tuple(d.who(seat) for seat in owned),
        )
        for i, owned in enumerate(rs.sides)
    ]
    record = dict(result.record)
    finished = result.complete or result.ended_early
    rp: dict[str, str] = {f"points_{i}": str(p) for i, p in enumerate(result.points)}
    rp["all_tricks"] = "1" if record.get("all_tricks") else "0"
    # what the short tables, Belka and the classic revoke option record besides points
    for name in ("dealer", "lone", "last_suit", "obyaz", "revoke"):
        if record.get(name) is not None:
            rp[name] = str(record[name])
    if "queen_capture" in record:
        rp["queen_capture"] = str(record["queen_capture"])
    # the match log stores why as a code with parameters, shown later in the reader's language
    if result.first_violation:
        v = result.first_violation
        rp["reason_code"] = REVIEW_CODES.get(v.reason, "review_illegal")
        rp["reason_params"] = f"seat={v.seat},trick={v.trick}"
    else:
        rp["reason_code"] = "review_points"
        rp["reason_params"] = f"a={result.points[0]},b={result.points[1]}"
    last = record.get("last_suit")
    steps = [(k, urlencode(d.params(step=k), safe=":/")) for k in range(1, total + 1)]
    return DealResult(
        rows=rows,
        total_tricks=total,
        points=shown_points,
        tricks_won=shown_tricks,
        sides=sides,
        first_violation=violations[0] if violations else None,
        violations=violations,
        complete=result.complete,
        ended_early=result.ended_early,
        incomplete_tail=tail,
        unknown=result.unknown,
        record=record,
        record_params=rp,
        finished=finished,
        winner_team=result.winner_team if step is None or step == total else None,
        steps=steps,
        step=step,
        kitty=[face(c, rs) for c in result.kitty],
        dealer=d.who(result.dealer) if result.dealer is not None else "",
        lone=d.who(result.lone_seat) if result.lone_seat is not None else "",
        next_trumps=SUIT_SYMBOLS[str(last)] if last else "",
        capture_side=sides[int(str(record["queen_capture"]))].label if "queen_capture" in record else "",
    )
