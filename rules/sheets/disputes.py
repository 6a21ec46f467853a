"""The common disputes, answered for each variant by the engine itself (verdicts, winners and
score deltas are computed, never written by hand), each with a referee link."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from common.http import url
from rules.engine.cards import Card, KozelError
from rules.engine.tricks import TrickContext, resolve_trick
from rules.engine.variants import VARIANTS, Ruleset, resolve
from rules.messages import card_text, describe, variant_name


def _ref(rs: Ruleset, leader: int, cards: list[str], **extra: str) -> str:
    q = {"variant": rs.key, "leader": str(leader), "cards": " ".join(cards), **extra}
    return url("rules:referee", query=q)


def _in(rs: Ruleset, *codes: str) -> bool:
    return all(Card.parse(c) in rs.deck for c in codes)


def _verdict(
    rs: Ruleset,
    leader: int,
    cards: list[str],
    seat: int,
    held: list[str],
    ctx: TrickContext | None = None,
    **extra: str,
) -> tuple[str, str]:
    hands: list[Any] = [None] * 4
    hands[seat] = held
    t = resolve_trick(rs, leader, cards, hands=hands, context=ctx)
    p = t.play_of(seat)
    if p.legal is False:
        text = _("Not allowed.") + " " + describe(p.reason, p.params)
    elif rs.is_trump(p.cards[0]) and seat != leader:
        text = _("Allowed.")
    else:
        text = _("Allowed.")
    q = {f"h{seat}": " ".join(c for c in held if c not in cards)} if len(held) > 1 else {}
    return text, _ref(rs, leader, cards, **q, **extra)


def _score(rs: Ruleset, records: list[dict[str, Any]]) -> str:
    from rules.engine import HandRecord, replay

    state = replay(rs, None, [HandRecord.from_dict(r) for r in records])
    last = state.hands[-1]
    parts = []
    for team, d in enumerate(last.delta):
        if d:
            parts.append(
                _("%(team)s: %(delta)+d")
                % {"team": _("players 1 and 3") if team == 0 else _("players 2 and 4"), "delta": d}
            )
    unit = {"pairs": _("pairs"), "penalty": _("penalty marks"), "series": _("series points")}.get(
        rs.scoring, _("eyes")
    )
    return (", ".join(parts) + f" ({unit})") if parts else _("nobody scores")


def answer(dispute: str, rs: Ruleset) -> tuple[str, str | None]:
    """The engine's answer to one dispute in one variant, and a referee link when there is one."""
    d = dispute
    try:
        if d == "queen-of-spades":
            low = "8S"
            return _verdict(rs, 0, ["9S", "QS", "KS", "10S"], 1, ["QS", low])
        if d == "other-ace":
            cards = ["KH", "10H", "8H", "AS"]
            if rs.is_trump(Card.parse("AS")) or rs.is_trump(Card.parse("KH")):
                cards = ["KD", "10D", "8D", "AS"]
            t = resolve_trick(rs, 0, cards)
            winner = card_text(t.winning[0])
            return (
                _("%(card)s takes it: without a trump only the led suit can win.") % {"card": winner},
                _ref(rs, 0, cards),
            )
        if d == "must-trump":
            trump = "JD" if rs.is_trump(Card.parse("JD")) else rs.lowest_trump.code
            return _verdict(
                rs,
                0,
                ["9H", "8S", "KH", "10H"] if not rs.is_trump(Card.parse("9H")) else ["9S", "8H", "KS", "10S"],
                1,
                ["8S" if not rs.is_trump(Card.parse("9H")) else "8H", trump],
            )
        if d == "trump-lead":
            top = rs.trumps[1].code
            ctx = TrickContext(hand_number=2, first_leader=1, trick_number=3)
            cards = (
                [top, "9S", "KS", "10S"]
                if not any(rs.is_trump(Card.parse(c)) for c in ("9S", "KS", "10S"))
                else [top, "9D", "KD", "10D"]
            )
            return _verdict(rs, 0, cards, 0, [top, "8H"], ctx, hand="2", first="1", trick="3")
        if d == "points-92":
            rec: dict[str, Any] = {"points": [92, 28]}
            if rs.obyaz:
                rec["obyaz"] = 0
            return _("92:28 gives %(result)s.") % {"result": _score(rs, [rec])}, None
        if d == "eggs":
            recs: list[dict[str, Any]] = [{"points": [60, 60]}, {"points": [75, 45]}]
            if rs.obyaz:
                recs[1]["obyaz"] = 0
            return _("After 60:60 nobody scores; the next hand, 75:45, gives %(result)s.") % {
                "result": _score(rs, recs)
            }, None
        if d == "capture":
            if rs.capture is None:
                return _("There is no queen capture in this variant."), None
            catcher, queen = (c.code for c in rs.capture)
            cards = [catcher, queen, "AH", "10H"]
            t = resolve_trick(rs, 0, cards)
            if t.events:
                return capture_sentence(rs), _ref(rs, 0, cards)
    except (KozelError, KeyError, StopIteration, IndexError):
        pass
    return _("Not applicable here."), None


def capture_sentence(rs: Ruleset) -> str:
    from .facts import capture_text

    return capture_text(rs)


# the disputes the page asks (rules/disputes.html words each question), in its order
DISPUTES = ("queen-of-spades", "other-ace", "must-trump", "trump-lead", "points-92", "eggs", "capture")


def answers() -> dict[str, list[dict[str, Any]]]:
    """Each dispute's answer in every variant, with its referee link."""
    rulesets = [resolve(k) for k in VARIANTS]
    out: dict[str, list[dict[str, Any]]] = {}
    for d in DISPUTES:
        rows = []
        for rs in rulesets:
            text, link = answer(d, rs)
            rows.append({"key": rs.key, "name": variant_name(rs.key), "text": text, "link": link})
        out[d] = rows
    return out
