"""The referee's query-string state and the view models built from the engine's answers.

Everything a ruling needs lives in the GET query string, so a ruling is a link:

- ``variant`` and ``opt_<name>=<value>`` (RULES.md §2);
- ``leader`` (seat 0-3), ``cards`` (codes in play order, spaces or commas), ``n`` (draw-four:
  cards per play);
- ``h0``..``h3``: what a seat is known to have held besides the card it played (``-`` = none
  of the cards asked about);
- context: ``hand`` (hand number), ``score`` (``a:b``), ``first`` (seat of the hand's first
  lead), ``led`` (plain suits led before in this hand), ``trick`` (trick number).

This module reads and writes that state and groups the deck for the picker. Every verdict
comes from :mod:`rules.engine`; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from rules.engine.cards import SUITS, Card, KozelError
from rules.engine.tricks import Trick, TrickContext, resolve_trick
from rules.engine.variants import VARIANTS, Ruleset, Variant, get_variant, resolve, team_of
from rules.messages import describe, describe_verdict

DEFAULT_VARIANT = "classic-sixes"
TRUE_WORDS = {"1", "true", "yes", "on", "y"}
FALSE_WORDS = {"0", "false", "no", "off", "n"}
NONE_HELD = "-"
MAX_PARAM = 400  # characters; a whole deal is about 32 codes


def lang() -> str:
    return (get_language() or "ru")[:2]


def split_codes(text: str) -> list[str]:
    return text.replace(",", " ").replace("+", " ").split()


def player(seat: int) -> int:
    """Seats are 0-3 in URLs and the engine; players are 1-4 on screen (seed 000 numbers them)."""
    return seat + 1


@dataclass
class Problem:
    field: str
    message: str


# ------------------------------------------------------------------ variant and options


def option_from_text(variant: Variant, key: str, raw: str) -> object:
    """A query-string value for an option, before the engine checks it."""
    opt = variant.option(key)  # unknown_option
    if opt.kind == "bool":
        low = raw.strip().lower()
        if low in TRUE_WORDS:
            return True
        if low in FALSE_WORDS:
            return False
        return raw  # the engine names the bad value
    return raw.strip()


def option_to_text(value: object) -> str:
    if value is True:
        return "1"
    if value is False:
        return "0"
    return str(value)


def engine_problem(e: KozelError, field_name: str | None = None) -> Problem:
    params = dict(e.params)
    if e.token is not None:
        params.setdefault("token", e.token)
    return Problem(field_name or e.field or "", describe(e.code, params))


@dataclass
class RulesChoice:
    """The variant and its options read from a query string."""

    variant: Variant | None
    options: dict[str, object]  # only the options given (checked), not the defaults
    ruleset: Ruleset | None
    problems: list[Problem] = field(default_factory=list)

    def params(self) -> dict[str, str]:
        """``variant`` and the options that differ from the defaults."""
        if self.variant is None:
            return {}
        out = {"variant": self.variant.key}
        for key, value in self.options.items():
            if value != self.variant.option(key).default:
                out[f"opt_{key}"] = option_to_text(value)
        return out


def read_rules(query: Mapping[str, str], default: str | None = DEFAULT_VARIANT) -> RulesChoice:
    key = (query.get("variant") or "").strip() or default
    try:
        variant = get_variant(key)
    except KozelError as e:
        return RulesChoice(None, {}, None, [engine_problem(e, "variant")])
    options: dict[str, object] = {}
    problems: list[Problem] = []
    switched = query.get("was") not in (None, "", variant.key)
    if not switched:
        for name, raw in query.items():
            if not name.startswith("opt_"):
                continue
            okey = name[4:]
            try:
                value = option_from_text(variant, okey, raw[:40])
                options[okey] = variant.option(okey).check(value)
            except KozelError as e:
                problems.append(engine_problem(e, name))
    try:
        rs = resolve(variant, options)
    except KozelError as e:  # pragma: no cover - options were checked one by one
        problems.append(engine_problem(e))
        rs = resolve(variant)
    return RulesChoice(variant, options, rs, problems)


def variant_choices() -> list[str]:
    return list(VARIANTS)


# ------------------------------------------------------------------ card faces and picker


@dataclass
class Face:
    code: str
    text: str
    red: bool
    trump: bool = False


def face(c: Card, rs: Ruleset | None = None) -> Face:
    return Face(c.code, c.display(lang()), c.is_red, bool(rs and rs.is_trump(c)))


@dataclass
class PickCell:
    face: Face
    used: bool
    href: str | None
    selected: bool = False


@dataclass
class PickGroup:
    key: str  # "T" or a suit
    label: str
    cells: list[PickCell]


SUIT_SYMBOL = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}


def group_label(group: str) -> str:
    if group == "T":
        return _("Trumps, high to low")
    return _("Plain %(suit)s") % {"suit": SUIT_SYMBOL[group]}


def deck_groups(rs: Ruleset) -> list[tuple[str, tuple[Card, ...]]]:
    """The deck as the variant sees it: the trump ladder, then each plain suit high to low."""
    out: list[tuple[str, tuple[Card, ...]]] = [("T", rs.trumps)]
    for s in rs.plain_suits():
        out.append((s, rs.plain_cards(s)))
    return out


def picker(
    rs: Ruleset,
    used: set[Card],
    href_for,
    *,
    only: set[str] | None = None,
    selected: set[Card] | None = None,
    disabled: bool = False,
) -> list[PickGroup]:
    groups = []
    for key, cards in deck_groups(rs):
        if only is not None and key not in only:
            continue
        cells = []
        for c in cards:
            is_used = c in used
            cells.append(
                PickCell(
                    face(c, rs),
                    is_used,
                    None if (is_used or disabled) else href_for(c),
                    bool(selected and c in selected),
                )
            )
        groups.append(PickGroup(key, group_label(key), cells))
    return groups


# ------------------------------------------------------------------ the trick query


@dataclass
class TrickQuery:
    rules: RulesChoice
    leader: int = 0
    cards: list[Card] = field(default_factory=list)
    n: int = 1
    held: dict[int, list[Card]] = field(default_factory=dict)  # seat -> known other cards ([] = none)
    hand_number: int | None = None
    score: tuple[int, int] | None = None
    first_leader: int | None = None
    led_suits: str = ""
    trick_number: int | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def rs(self) -> Ruleset | None:
        return self.rules.ruleset

    def plays(self) -> list[list[Card]]:
        return [self.cards[i : i + self.n] for i in range(0, len(self.cards), self.n)]

    @property
    def full(self) -> bool:
        return len(self.cards) >= 4 * self.n

    def next_seat(self) -> int:
        return (self.leader + len(self.cards) // self.n) % 4

    def params(self, **change: Any) -> dict[str, str]:
        """The canonical query string (short: defaults and empty fields left out)."""
        state = {
            "leader": self.leader,
            "cards": self.cards,
            "n": self.n,
            "held": self.held,
            "hand": self.hand_number,
            "score": self.score,
            "first": self.first_leader,
            "led": self.led_suits,
            "trick": self.trick_number,
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
        )


def _int(query: Mapping[str, str], name: str, lo: int, hi: int, problems: list[Problem]) -> int | None:
    raw = (query.get(name) or "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        problems.append(Problem(name, describe("bad_type", {"expected": _("a whole number")})))
        return None
    if not lo <= value <= hi:
        problems.append(Problem(name, describe("out_of_range", {"min": lo, "max": hi})))
        return None
    return value


def _seat(query: Mapping[str, str], name: str, problems: list[Problem]) -> int | None:
    raw = (query.get(name) or "").strip()
    if raw == "":
        return None
    if raw not in ("0", "1", "2", "3"):
        problems.append(Problem(name, describe("bad_seat")))
        return None
    return int(raw)


def _cards(text: str, name: str, problems: list[Problem], rs: Ruleset | None) -> list[Card]:
    out: list[Card] = []
    for token in split_codes(text[:MAX_PARAM]):
        try:
            c = Card.parse(token)
        except KozelError as e:
            problems.append(engine_problem(e, name))
            continue
        if rs is not None and c not in rs.deck:
            problems.append(Problem(name, describe("card_not_in_deck", {"card": c.code})))
            continue
        if c in out:
            problems.append(Problem(name, describe("duplicate_card", {"card": c.code})))
            continue
        out.append(c)
    return out


def read_score(query: Mapping[str, str], problems: list[Problem]) -> tuple[int, int] | None:
    raw = (query.get("score") or "").strip()
    if not raw:
        return None
    parts = raw.replace("-", ":").replace("/", ":").split(":")
    try:
        a, b = (int(p) for p in parts)
        if not (0 <= a <= 1000 and 0 <= b <= 1000):
            raise ValueError
    except ValueError:
        problems.append(Problem("score", _("Write the score as two numbers, e.g. 10:10.")))
        return None
    return a, b


def read_trick(query: Mapping[str, str]) -> TrickQuery:
    rules = read_rules(query)
    problems = list(rules.problems)
    rs = rules.ruleset
    q = TrickQuery(rules)
    q.leader = _seat(query, "leader", problems) or 0
    if rs is not None and rs.multi_card_leads:
        q.n = _int(query, "n", 1, 4, problems) or 1
    q.cards = _cards(query.get("cards", ""), "cards", problems, rs)
    if len(q.cards) > 4 * q.n:
        problems.append(Problem("cards", describe("wrong_trick_size")))
        q.cards = q.cards[: 4 * q.n]
    for seat in range(4):
        raw = (query.get(f"h{seat}") or "").strip()
        if not raw:
            continue
        q.held[seat] = [] if raw == NONE_HELD else _cards(raw, f"h{seat}", problems, rs)
    q.hand_number = _int(query, "hand", 1, 999, problems)
    q.score = read_score(query, problems)
    q.first_leader = _seat(query, "first", problems)
    led = (query.get("led") or "").upper()
    bad = [ch for ch in led if ch not in SUITS]
    if bad:
        problems.append(Problem("led", describe("bad_suit")))
    q.led_suits = "".join(s for s in SUITS if s in led)
    q.trick_number = _int(query, "trick", 1, 12, problems)
    q.problems = problems
    return q


# ------------------------------------------------------------------ the answer

SECTION_OF_REASON = {
    "must_follow_suit": "following",
    "must_answer_trump": "following",
    "must_trump": "following",
    "ace_discard_forbidden": "following",
    "trump_lead_forbidden": "leading",
    "must_lead_ad": "leading",
    "mixed_lead": "leading",
    "wrong_card_count": "leading",
}


@dataclass
class PlayView:
    seat: int
    player: int
    team: int
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
    player: int
    text: str
    groups: list[PickGroup]
    none_href: str | None
    known: list[Face]
    clear_href: str | None
    context: bool = False  # the answer also needs the hand's context (voon)


def _group_name(group: str) -> str:
    return _("trumps") if group == "T" else SUIT_SYMBOL[group]


def _none_of(group: str) -> str:
    """The group after «no» (Russian genitive: «не осталось козырей», not «козыри»)."""
    return pgettext("none of", "trumps") if group == "T" else SUIT_SYMBOL[group]


def explain_play(rs: Ruleset, trick: Trick, i: int) -> tuple[str, str]:
    """The rule a play falls under, in plain words, and the sheet section it comes from."""
    p = trick.plays[i]
    led = trick.led_group
    if p.legal is False:
        return describe(p.reason, p.params), SECTION_OF_REASON.get(p.reason or "", "following")
    if i == 0:
        if rs.multi_card_leads and len(p.cards) > 1:
            return _("Several cards of one group may be led together."), "leading"
        if rs.lead_rule == "voon" and rs.is_trump(p.cards[0]) and p.legal:
            return _("Leading a trump is allowed here (lead rights checked)."), "leading"
        if p.legal is None:
            return describe_verdict(None, p.reason, p.params), "leading"
        return _("The leader may lead any card."), "leading"
    if rs.multi_card_leads:
        return _("Any cards may be given; only a play that beats every card takes over."), "following"
    if p.legal is None:
        if p.reason in ("must_follow_suit", "must_answer_trump"):
            return (
                _("Allowed only if the player had no %(group)s left.") % {"group": _none_of(led)},
                "following",
            )
        return describe_verdict(None, p.reason, p.params), SECTION_OF_REASON.get(p.reason or "", "following")
    if rs.group(p.cards[0]) == led:
        if led == "T":
            return _("Answered the trump lead with a trump."), "following"
        return _("Followed the led suit %(suit)s.") % {"suit": SUIT_SYMBOL[led]}, "following"
    if rs.is_trump(p.cards[0]):
        return _("Had no %(group)s: free to trump.") % {"group": _none_of(led)}, "following"
    if rs.must_trump and led != "T":
        return _("Had no %(group)s and no trump: free to discard.") % {"group": _none_of(led)}, "following"
    return _("Had no %(group)s: free to discard any card.") % {"group": _none_of(led)}, "following"


def winner_rule(rs: Ruleset, trick: Trick) -> str:
    win = trick.winning
    faces = " ".join(c.display(lang()) for c in win)
    if rs.multi_card_leads:
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
    winner_player: int
    winner_team: int
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
    if rs.ace_discard_ban and c.rank == "A" and not rs.is_trump(c) and c.suit != led:
        return None
    groups = {led}
    if rs.must_trump and not rs.is_trump(c):
        groups.add("T")
    return groups


def _question_text(rs: Ruleset, trick: Trick, i: int) -> str:
    p = trick.plays[i]
    who = {"player": player(p.seat)}
    if i == 0 and p.reason == "must_lead_ad":
        return (
            _(
                "Hand 1, trick 1: did player %(player)s hold A♦? If so, tap it; if someone else held it, ask them."
            )
            % who
        )
    if i == 0:
        return (
            _(
                "Did player %(player)s still hold a plain (non-trump) card? Tap one, or answer «None of these»."
            )
            % who
        )
    led = trick.led_group
    groups = _group_name(led)
    if rs.must_trump and not rs.is_trump(p.cards[0]):
        groups = _("%(group)s or a trump") % {"group": groups}
    if (
        rs.ace_discard_ban
        and p.cards[0].rank == "A"
        and not rs.is_trump(p.cards[0])
        and p.cards[0].suit != led
    ):
        return _("Which other cards did player %(player)s hold? Tap any one of them.") % who
    return _("Did player %(player)s hold any %(groups)s? Tap a card they had, or answer «None of these».") % {
        **who,
        "groups": groups,
    }


def answer_trick(q: TrickQuery, url) -> TrickAnswer | None:
    """Resolve the four plays with the engine; ``url(params)`` builds links."""
    rs = q.rs
    if rs is None or not q.full or q.problems:
        return None
    plays = q.plays()
    hands: list[tuple[Card, ...] | None] = [None] * 4
    played_by = {c: (q.leader + i) % 4 for i, pl in enumerate(plays) for c in pl}
    for seat, cards in q.held.items():
        for c in cards:
            if played_by.get(c, seat) != seat:
                q.problems.append(
                    Problem(
                        f"h{seat}",
                        describe(
                            "held_but_played",
                            {"card": c.code, "player": player(seat), "other": player(played_by[c])},
                        ),
                    )
                )
    if q.problems:
        return None
    for seat, cards in q.held.items():
        own = [c for i, pl in enumerate(plays) if (q.leader + i) % 4 == seat for c in pl]
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
                player=player(p.seat),
                team=team_of(p.seat),
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
                    player=player(seat),
                    text=_question_text(rs, trick, i),
                    groups=picker(rs, in_trick | set(known), add, only=only),
                    none_href=None if seat in q.held else url(q.params(held=none_held)),
                    known=[face(c, rs) for c in known],
                    clear_href=None,
                    context=needs_context,
                )
            )
    events = []
    for e in trick.events:
        if e.kind == "queen_capture":
            events.append(
                describe(
                    "queen_capture_event",
                    {
                        "catcher": e.params.get("catcher"),
                        "queen": e.params.get("queen"),
                        "catcher_player": player(int(e.params.get("catcher_seat", 0))),
                        "queen_player": player(int(e.params.get("queen_seat", 0))),
                        "team": e.team + 1,
                    },
                )
            )
    return TrickAnswer(
        trick=trick,
        plays=views,
        winner_player=player(trick.winner),
        winner_team=team_of(trick.winner),
        points=trick.points,
        winner_rule=winner_rule(rs, trick),
        events=events,
        questions=questions,
        complete=all(p.legal is not None for p in trick.plays),
    )


def held_summary(q: TrickQuery) -> list[tuple[int, list[Face], str]]:
    """What the page was told about hands, each with a link that forgets it."""
    out = []
    for seat in sorted(q.held):
        rest = {s: v for s, v in q.held.items() if s != seat}
        out.append((player(seat), [face(c, q.rs) for c in q.held[seat]], q.query(held=rest)))
    return out


# ------------------------------------------------------------------ whole-deal review


@dataclass
class DealQuery:
    rules: RulesChoice
    leader: int = 0
    hands_text: list[str] = field(default_factory=lambda: ["", "", "", ""])
    plays_text: str = ""
    stock_text: str = ""
    hand_number: int | None = None
    score: tuple[int, int] | None = None
    step: int | None = None
    return_to: str | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def rs(self) -> Ruleset | None:
        return self.rules.ruleset

    def params(self, **change: Any) -> dict[str, str]:
        out = self.rules.params()
        if self.return_to:
            out["return_to"] = self.return_to
        out["leader"] = str(self.leader)
        for s in range(4):
            if self.hands_text[s].strip():
                out[f"h{s}"] = " ".join(split_codes(self.hands_text[s]))
        if self.plays_text.strip():
            out["plays"] = self.plays_text.strip()
        if self.stock_text.strip():
            out["stock"] = " ".join(split_codes(self.stock_text))
        if self.hand_number:
            out["hand"] = str(self.hand_number)
        if self.score:
            out["score"] = f"{self.score[0]}:{self.score[1]}"
        step = change.get("step", self.step)
        if step:
            out["step"] = str(step)
        return out


def read_deal(query: Mapping[str, str]) -> DealQuery:
    rules = read_rules(query)
    problems = list(rules.problems)
    d = DealQuery(rules)
    d.leader = _seat(query, "leader", problems) or 0
    d.hands_text = [(query.get(f"h{s}") or "")[:MAX_PARAM] for s in range(4)]
    d.plays_text = (query.get("plays") or "")[: MAX_PARAM * 2]
    d.stock_text = (query.get("stock") or "")[:MAX_PARAM]
    d.hand_number = _int(query, "hand", 1, 999, problems)
    d.score = read_score(query, problems)
    d.step = _int(query, "step", 0, 40, problems)
    d.problems = problems
    return d


@dataclass
class TrickRow:
    number: int
    leader: int
    plays: list[dict[str, Any]]
    winner: int
    team: int
    points: int
    events: list[str]
    running: tuple[int, int]


@dataclass
class DealResult:
    rows: list[TrickRow]
    total_tricks: int
    points: tuple[int, int]
    tricks_won: tuple[int, int]
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


def _deal_plays(rs: Ruleset, text: str) -> list[Any]:
    if rs.multi_card_leads:
        return [split_codes(p) for p in text.replace("|", ";").split(";") if p.strip()]
    return split_codes(text)


def violation_reason(v_reason: str, seat: int, trick: int) -> str:
    """A short reason for the match log («Разбор: ренонс игрока 2 во взятке 3»)."""
    params = {"player": player(seat), "trick": trick}
    if v_reason in ("must_follow_suit", "must_answer_trump"):
        return _("Review: revoke by player %(player)s in trick %(trick)s") % params
    if v_reason == "must_trump":
        return _("Review: player %(player)s did not trump in trick %(trick)s") % params
    return _("Review: illegal play by player %(player)s in trick %(trick)s") % params


def review_deal(d: DealQuery) -> DealResult | None:
    from rules.engine.deal import play_deal

    rs = d.rs
    if rs is None or d.problems or not any(t.strip() for t in d.hands_text):
        return None
    plays = _deal_plays(rs, d.plays_text)
    tail = len(plays) % 4
    if tail:
        plays = plays[:-tail]
    kwargs: dict[str, Any] = {}
    if rs.multi_card_leads and d.stock_text.strip():
        kwargs["stock"] = split_codes(d.stock_text)
    ctx = TrickContext(hand_number=d.hand_number, score=d.score)
    hands = [split_codes(t) for t in d.hands_text]
    try:
        result = play_deal(rs, d.leader, hands, plays, context=ctx, **kwargs)
    except KozelError as e:
        fname = e.field or ""
        if fname.startswith("hands["):
            fname = "h" + fname[6]
        elif fname.startswith("plays"):
            fname = "plays"
        prob = engine_problem(e, fname)
        if "trick" in e.params:
            prob.message = _("Trick %(n)s: %(msg)s") % {"n": e.params["trick"], "msg": prob.message}
        d.problems.append(prob)
        return None
    rows = []
    running = [0, 0]
    for k, t in enumerate(result.tricks, start=1):
        running[t.team] += t.points
        row_plays = []
        for p in t.plays:
            row_plays.append(
                {
                    "player": player(p.seat),
                    "team": team_of(p.seat),
                    "faces": [face(c, rs) for c in p.cards],
                    "trump": all(p.trump),
                    "legal": p.legal,
                    "winner": p.seat == t.winner,
                    "message": describe(p.reason, p.params) if p.legal is False else "",
                }
            )
        events = [
            describe(
                "queen_capture_event",
                {
                    "catcher": e.params.get("catcher"),
                    "queen": e.params.get("queen"),
                    "catcher_player": player(int(e.params.get("catcher_seat", 0))),
                    "queen_player": player(int(e.params.get("queen_seat", 0))),
                    "team": e.team + 1,
                },
            )
            for e in t.events
            if e.kind == "queen_capture"
        ]
        rows.append(
            TrickRow(
                k,
                player(t.leader),
                row_plays,
                player(t.winner),
                t.team,
                t.points,
                events,
                (running[0], running[1]),
            )
        )
    violations = [
        {
            "trick": v.trick,
            "player": player(v.seat),
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
    shown_points = rows[-1].running if rows else (0, 0)
    shown_tricks = (sum(1 for r in rows if r.team == 0), sum(1 for r in rows if r.team == 1))
    record = dict(result.record)
    finished = result.complete or result.ended_early
    rp: dict[str, str] = {
        "points_0": str(result.points[0]),
        "points_1": str(result.points[1]),
        "all_tricks": "1" if record.get("all_tricks") else "0",
    }
    if "queen_capture" in record:
        rp["queen_capture"] = str(record["queen_capture"])
    if result.first_violation:
        v = result.first_violation
        rp["reason"] = violation_reason(v.reason, v.seat, v.trick)
    else:
        rp["reason"] = _("Review: %(a)s:%(b)s by the cards") % {"a": result.points[0], "b": result.points[1]}
    steps = [(k, urlencode(d.params(step=k), safe=":/")) for k in range(1, total + 1)]
    return DealResult(
        rows=rows,
        total_tricks=total,
        points=shown_points,
        tricks_won=shown_tricks,
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
    )


# ------------------------------------------------------------------ hand checks


@dataclass
class HandQuery:
    rules: RulesChoice
    cards: list[Card] = field(default_factory=list)
    hand_number: int | None = None
    first_jc: int | None = None
    jc: int | None = None
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
        return out


def read_hand(query: Mapping[str, str]) -> HandQuery:
    rules = read_rules(query)
    problems = list(rules.problems)
    h = HandQuery(rules)
    h.cards = _cards(query.get("cards", ""), "cards", problems, rules.ruleset)
    h.hand_number = _int(query, "hand", 1, 999, problems)
    h.first_jc = _seat(query, "first_jc", problems)
    h.jc = _seat(query, "jc", problems)
    h.problems = problems
    return h


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
        if len(h.cards) == rs.hand_size and not rs.multi_card_leads:
            try:
                rc = redeal_check(rs, h.cards)
                out["redeal"] = {
                    "allowed": rc.allowed,
                    "reasons": [describe(r, dict(rc.params)) for r in rc.reasons],
                }
            except KozelError as e:
                h.problems.append(engine_problem(e))
        if rs.royal_goat or any(o.key == "royal_goat" for o in h.rules.variant.options):
            try:
                out["royal_goat"] = {"yes": is_royal_goat(rs, h.cards), "on": rs.royal_goat}
            except KozelError as e:
                h.problems.append(engine_problem(e))
    if rs.key == "yc-belka":
        belka: dict[str, Any] = {}
        if h.first_jc is not None:
            belka["seats"] = [
                (player(s), SUIT_SYMBOL[suit]) for s, suit in sorted(belka_seat_suits(h.first_jc).items())
            ]
        if h.hand_number == 1:
            belka["suit"] = SUIT_SYMBOL[belka_trump_suit(1, None, 0)]
        elif h.hand_number and h.first_jc is not None and h.jc is not None:
            try:
                belka["suit"] = SUIT_SYMBOL[belka_trump_suit(h.hand_number, h.first_jc, h.jc)]
            except KozelError as e:
                h.problems.append(engine_problem(e))
        out["belka"] = belka
    return out
