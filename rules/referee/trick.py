"""One trick: the query that states it, and the engine's verdict on each play in words."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.engine.cards import SUIT_SYMBOLS, SUITS, Card, KozelError
from rules.engine.tricks import Trick, TrickContext, resolve_trick
from rules.engine.variants import Ruleset
from rules.messages import card_text, describe, describe_verdict

from .common import (
    NONE_HELD,
    SECTION_OF_REASON,
    Face,
    PickGroup,
    Problem,
    RulesChoice,
    capture_event,
    engine_problem,
    face,
    names_params,
    picker,
    seat_name,
    side_class,
)
from .forms import TrickForm, read_query


@dataclass
class TrickQuery:
    rules: RulesChoice
    leader: int = 0
    cards: list[Card] = field(default_factory=list)
    n: int = 1
    held: dict[int, list[Card]] = field(default_factory=dict)  # seat -> known other cards ([] = none)
    hand_number: int | None = field(default=None, metadata={"param": "hand"})
    score: tuple[int, int] | None = None
    first_leader: int | None = field(default=None, metadata={"param": "first"})
    led_suits: str = field(default="", metadata={"param": "led"})
    trick_number: int | None = field(default=None, metadata={"param": "trick"})
    boaster: int | None = None  # classic-sixes#leading option: who called the khvalyonka
    drawn: bool = False  # draw-four: the stock is drawn, every card still to play is in a hand
    names: list[str] = field(default_factory=list)  # the match's players by seat, when opened from one
    problems: list[Problem] = field(default_factory=list)

    @property
    def rs(self) -> Ruleset | None:
        return self.rules.ruleset

    def plays(self) -> list[list[Card]]:
        return [self.cards[i : i + self.n] for i in range(0, len(self.cards), self.n)]

    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def full(self) -> bool:
        return len(self.cards) >= self.seats * self.n

    def next_seat(self) -> int:
        return (self.leader + len(self.cards) // self.n) % self.seats

    def who(self, seat: int) -> str:
        """A seat as this page names it (the match's player, «слепой», or «Игрок N»)."""
        return seat_name(seat, self.names, self.rs)

    def params(self, **change: Any) -> dict[str, str]:
        """The canonical query string (short: defaults and empty fields left out)."""
        state: dict[str, Any] = {
            "leader": self.leader,
            "cards": self.cards,
            "n": self.n,
            "held": self.held,
            "hand": self.hand_number,
            "score": self.score,
            "first": self.first_leader,
            "led": self.led_suits,
            "trick": self.trick_number,
            "boaster": self.boaster,
            "drawn": self.drawn,
        }
        state.update(change)
        out = self.rules.params()
        out["leader"] = str(state["leader"])
        if state["cards"]:
            out["cards"] = " ".join(c.code for c in state["cards"])
        if state["n"] and state["n"] != 1:
            out["n"] = str(state["n"])
        for seat in range(4):
            if seat in state["held"]:
                cards = state["held"][seat]
                out[f"h{seat}"] = " ".join(c.code for c in cards) if cards else NONE_HELD
        if state["hand"]:
            out["hand"] = str(state["hand"])
        if state["score"]:
            out["score"] = f"{state['score'][0]}:{state['score'][1]}"
        if state["first"] is not None:
            out["first"] = str(state["first"])
        if state["led"]:
            out["led"] = state["led"]
        if state["trick"]:
            out["trick"] = str(state["trick"])
        if state["boaster"] is not None:
            out["boaster"] = str(state["boaster"])
        if state["drawn"]:
            out["drawn"] = "1"
        out.update(names_params(self.names))
        return out

    def query(self, **change: Any) -> str:
        return urlencode(self.params(**change), safe=":")

    def context(self) -> TrickContext:
        return TrickContext(
            hand_number=self.hand_number,
            score=self.score,
            first_leader=self.first_leader,
            led_suits=frozenset(self.led_suits),
            trick_number=self.trick_number,
            boaster=self.boaster,
        )


def read_trick(query: Mapping[str, str]) -> TrickQuery:
    return read_query(TrickQuery, TrickForm(query))


@dataclass
class PlayView:
    seat: int
    player: str
    team: str
    faces: list[Face]
    trump: bool
    legal: bool | None
    reason: str | None
    message: str
    rule: str  # the plain-words rule that applies (legal plays too)
    section: str
    winner: bool = False


@dataclass
class Question:
    seat: int
    player: str
    text: str
    groups: list[PickGroup]
    none_href: str | None
    known: list[Face]
    clear_href: str | None
    context: bool = False  # the answer also needs the hand's context (voon)


def _group_name(group: str) -> str:
    return _("trumps") if group == "T" else SUIT_SYMBOLS[group]


def _none_of(group: str) -> str:
    """The group after «no» (Russian genitive: «не осталось козырей», not «козыри»)."""
    return pgettext("none of", "trumps") if group == "T" else SUIT_SYMBOLS[group]


def explain_play(rs: Ruleset, trick: Trick, i: int) -> tuple[str, str]:
    """The rule a play falls under, in plain words, and the sheet section it comes from."""
    p = trick.plays[i]
    led = trick.led_group
    if p.reason == "blind_seat":
        return describe("blind_seat"), "blind"
    if p.legal is False:
        return describe(p.reason, p.params), SECTION_OF_REASON.get(p.reason or "", "following")
    if i == 0:
        if rs.multi_card_leads and len(p.cards) > 1:
            if len({c.suit for c in p.cards}) > 1 and len({rs.group(c) for c in p.cards}) > 1:
                return _("Two or three cards of one rank may be led together."), "leading"
            return _("Several cards of one group may be led together."), "leading"
        if rs.lead_rule == "voon" and rs.is_trump(p.cards[0]) and p.legal:
            return _("Leading a trump is allowed here (lead rights checked)."), "leading"
        if p.legal is None:
            return describe_verdict(None, p.reason, p.params), "leading"
        return _("The leader may lead any card."), "leading"
    if rs.multi_card_leads and rs.free_answers:
        return _("Any cards may be given; only a play that beats every card takes over."), "following"
    if rs.multi_card_leads and len(p.cards) > 1 and p.legal:
        return _("Each led card was answered from its own group, as far as the hand allowed."), "following"
    if p.legal is None:
        if p.reason in ("must_follow_suit", "must_answer_trump"):
            if rs.must_trump and led != "T" and not rs.is_trump(p.cards[0]):  # a discard: no trump either
                return (
                    _("Allowed only if the player had neither %(group)s nor a trump left.")
                    % {"group": _none_of(led)},
                    "following",
                )
            return (
                _("Allowed only if the player had no %(group)s left.") % {"group": _none_of(led)},
                "following",
            )
        return describe_verdict(None, p.reason, p.params), SECTION_OF_REASON.get(p.reason or "", "following")
    if rs.group(p.cards[0]) == led:
        if led == "T":
            return _("Answered the trump lead with a trump."), "following"
        return _("Followed the led suit %(suit)s.") % {"suit": SUIT_SYMBOLS[led]}, "following"
    if rs.is_trump(p.cards[0]):
        return _("Had no %(group)s: free to trump.") % {"group": _none_of(led)}, "following"
    if rs.must_trump and led != "T":
        return _("Had no %(group)s and no trump: free to discard.") % {"group": _none_of(led)}, "following"
    return _("Had no %(group)s: free to discard any card.") % {"group": _none_of(led)}, "following"


def winner_rule(rs: Ruleset, trick: Trick) -> str:
    win = trick.winning
    faces = " ".join(card_text(c) for c in win)
    if rs.multi_card_leads and (rs.free_answers or len(win) > 1):
        if trick.winner == trick.leader:
            return _("Nobody beat every card of the lead, so the leader keeps the trick.")
        return _("The last play that beat every card of the best play so far takes it: %(cards)s.") % {
            "cards": faces
        }
    if rs.is_trump(win[0]):
        return _("A trump was played, so the highest trump takes it: %(card)s.") % {"card": faces}
    return _("No trump was played, so the highest card of the led suit takes it: %(card)s.") % {"card": faces}


@dataclass
class TrickAnswer:
    trick: Trick
    plays: list[PlayView]
    winner_player: str
    winner_team: str
    points: int
    winner_rule: str
    events: list[str]
    questions: list[Question]
    complete: bool  # every verdict known


def _question_groups(rs: Ruleset, trick: Trick, i: int) -> set[str] | None:
    """Which picker groups answer the open question about play ``i`` (None = the whole deck)."""
    p = trick.plays[i]
    led = trick.led_group
    c = p.cards[0]
    if i == 0:
        if p.reason == "must_lead_ad":
            return {"D", "T"}
        return {s for s in SUITS}  # plain cards held by the leader (voon rights)
    if _ace_discard(rs, trick, i):
        return None
    groups = {str(p.params.get("led", led))}  # a lead of several groups: the one not followed
    if rs.must_trump and not rs.is_trump(c):
        groups.add("T")
    return groups


def _ace_discard(rs: Ruleset, trick: Trick, i: int) -> bool:
    """Does play ``i`` discard an ace the ace ban may forbid (classic-sixes#following)? Then the
    question is about every card the player held."""
    lead = {rs.group(x) for x in trick.plays[0].cards}
    return rs.ace_discard_ban and any(
        x.rank == "A" and not rs.is_trump(x) and x.suit not in lead for x in trick.plays[i].cards
    )


def _question_text(rs: Ruleset, trick: Trick, i: int, name: str) -> str:
    p = trick.plays[i]
    who = {"player": name}
    if i == 0 and p.reason == "must_lead_ad":
        return (
            _("Hand 1, trick 1: did %(player)s hold A♦? If so, tap it; if someone else held it, ask them.")
            % who
        )
    if i == 0:
        return (
            _("Did %(player)s still hold a plain (non-trump) card? Tap one, or answer «None of these».") % who
        )
    groups = _group_name(str(p.params.get("led", trick.led_group)))
    if rs.must_trump and not rs.is_trump(p.cards[0]):
        groups = _("%(group)s or a trump") % {"group": groups}
    if _ace_discard(rs, trick, i):
        return _("Which other cards did %(player)s hold? Tap any one of them.") % who
    return _("Did %(player)s hold any %(groups)s? Tap a card they had, or answer «None of these».") % {
        **who,
        "groups": groups,
    }


def answer_trick(q: TrickQuery, url) -> TrickAnswer | None:
    """Resolve the four plays with the engine; ``url(params)`` builds links."""
    rs = q.rs
    if rs is None or not q.full or q.problems:
        return None
    plays = q.plays()
    n = rs.seats
    hands: list[tuple[Card, ...] | None] = [None] * n
    played_by = {c: (q.leader + i) % n for i, pl in enumerate(plays) for c in pl}
    for seat, cards in q.held.items():
        if seat >= n:
            q.problems.append(Problem(f"h{seat}", describe("bad_seat")))
            continue
        for c in cards:
            if played_by.get(c, seat) != seat:
                q.problems.append(
                    Problem(
                        f"h{seat}",
                        describe(
                            "held_but_played",
                            {"card": c.code, "player": q.who(seat), "other": q.who(played_by[c])},
                        ),
                    )
                )
    if q.problems:
        return None
    for seat, cards in q.held.items():
        own = [c for i, pl in enumerate(plays) if (q.leader + i) % n == seat for c in pl]
        hands[seat] = tuple(own + [c for c in cards if c not in own])
    try:
        trick = resolve_trick(
            rs,
            q.leader,
            plays if rs.multi_card_leads else [p[0] for p in plays],
            hands=hands,
            context=q.context(),
        )
    except KozelError as e:
        q.problems.append(engine_problem(e, e.field))
        return None
    views = []
    questions = []
    in_trick = set(q.cards) | {c for cards in q.held.values() for c in cards}
    for i, p in enumerate(trick.plays):
        rule, section = explain_play(rs, trick, i)
        views.append(
            PlayView(
                seat=p.seat,
                player=q.who(p.seat),
                team=side_class(rs, p.seat),
                faces=[face(c, rs) for c in p.cards],
                trump=all(p.trump),
                legal=p.legal,
                reason=p.reason,
                message=describe_verdict(p.legal, p.reason, p.params),
                rule=rule,
                section=section,
                winner=p.seat == trick.winner,
            )
        )
        if p.legal is None:
            seat = p.seat
            known = q.held.get(seat, [])

            def add(c: Card, seat: int = seat, known: list[Card] = known) -> str:
                held = dict(q.held)
                held[seat] = [*known, c]
                return url(q.params(held=held))

            none_held = dict(q.held)
            none_held[seat] = []
            only = _question_groups(rs, trick, i)
            needs_context = p.reason == "trump_lead_forbidden" and (
                q.hand_number is None or (q.hand_number > 1 and q.first_leader is None)
            )
            questions.append(
                Question(
                    seat=seat,
                    player=q.who(seat),
                    text=_question_text(rs, trick, i, q.who(seat)),
                    groups=picker(rs, in_trick | set(known), add, only=only),
                    none_href=None if seat in q.held else url(q.params(held=none_held)),
                    known=[face(c, rs) for c in known],
                    clear_href=None,
                    context=needs_context,
                )
            )
    events = [capture_event(e, q.who) for e in trick.events if e.kind == "queen_capture"]
    return TrickAnswer(
        trick=trick,
        plays=views,
        winner_player=q.who(trick.winner),
        winner_team=side_class(rs, trick.winner),
        points=trick.points,
        winner_rule=winner_rule(rs, trick),
        events=events,
        questions=questions,
        complete=all(p.legal is not None for p in trick.plays),
    )


def held_summary(q: TrickQuery) -> list[tuple[str, list[Face], str]]:
    """What the page was told about hands, each with a link that forgets it."""
    out = []
    for seat in sorted(q.held):
        rest = {s: v for s, v in q.held.items() if s != seat}
        out.append((q.who(seat), [face(c, q.rs) for c in q.held[seat]], q.query(held=rest)))
    return out
