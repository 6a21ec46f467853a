"""Best play in words: the deal review's «Разбор с лучшей игрой» (what each play cost, the best
card at each play, a summary led by the deciding play of the highest goal lost, then the turning
point where it is another play, what the deal gave and could have given, each player's costly
plays), and the words the trick page's «Как лучше сыграть?» (:mod:`.best_trick`) shares; the
sentences are :mod:`.best_words`. The numbers are the engine's exact analysis
(:mod:`rules.analysis.exact`); a solve refused (the node budget, a busy worker, too many asked)
is said in words instead."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest

from common.http import htmx
from rules.analysis import exact, gate
from rules.deals import DealIn
from rules.engine.cards import Card, KozelError
from rules.engine.deciding import deciding, highest
from rules.engine.solver import GOALS, Analysis
from rules.engine.variants import Ruleset
from rules.messages import describe

from .best_words import (
    cards_of,
    deciding_sentence,
    given_back_sentence,
    given_back_words,
    goals_text,
    side_label,
    side_names,
    spas_words,
    text_of,
    turning_sentence,
)
from .common import Face, face, player, side_class


def faces_of(play: Card | tuple[Card, ...], rs: Ruleset | None) -> list[Face]:
    return [face(c, rs) for c in cards_of(play)]


@dataclass
class SideLine:
    label: str
    cls: str
    names: tuple[tuple[str, str], ...]  # the label's names, each with the words after it (kept on one line)
    gave: int | None  # card points the deal gave (taken, when it is over)
    best: int | None  # with best play from the first lead (None: past the budget)
    now: int | None = None  # with best play from the position reached, while the deal is open
    goals: str = ""  # what it could force from the first lead


@dataclass
class PlayerTally:
    """One player's costly plays over the plays reviewed: how many, and the goals they gave up.
    Each cost is measured against best play at its own moment, so the costs of several plays
    overlap and are never added up (docs/rules.md#analysis)."""

    name: str
    cls: str
    mistakes: int  # plays that cost his side card points or a goal
    goals: str  # the goals they gave up, in words ("" where none)


@dataclass
class PlayLine:
    player: int
    name: str
    team: str
    faces: list[Face]
    legal: bool
    cost: int | None
    best: list[list[Face]]  # the best cards for points at that moment, when the play was not one
    lost: str  # the goals this play gave up, in words
    turning: bool = False
    deciding: bool = False  # the summary's deciding play
    given_back: str = ""  # the turning point's goals this play gave back, and to whom, in words
    reviewed: bool = True  # False before the trick a partial review starts at
    index: int = 0  # in the deal's plays
    goals: tuple[str, ...] = ()  # the goals this play gave up

    @property
    def marks(self) -> str:
        """Its classes in the list: the turning point, the deciding play, a goal given back."""
        marked = {"turning": self.turning, "deciding": self.deciding, "given-back": bool(self.given_back)}
        return " ".join(k for k, v in marked.items() if v)

    @property
    def costly(self) -> bool:  # reviewed, and cost points or a goal: judged by what was seen
        return self.legal and self.reviewed and bool(self.cost or self.goals)


@dataclass
class TrickLines:
    number: int
    plays: list[PlayLine]

    @property
    def clean(self) -> bool:
        """Every play in it a best card, with nothing to point at."""
        return all(
            p.legal and p.reviewed and p.cost == 0 and not p.goals and not p.given_back for p in self.plays
        )


@dataclass
class TrickRun:
    """Tricks shown together: one with something to read, or a run of clean ones folded under
    one line (a long deal played well is then a few lines on a phone)."""

    tricks: list[TrickLines]

    @property
    def folded(self) -> bool:
        return self.tricks[0].clean

    @property
    def first(self) -> int:
        return self.tricks[0].number

    @property
    def last(self) -> int:
        return self.tricks[-1].number


def trick_runs(tricks: list[TrickLines]) -> list[TrickRun]:
    """Each trick with something to read alone; each run of clean tricks as one."""
    runs: list[TrickRun] = []
    for t in tricks:
        if t.clean and runs and runs[-1].folded:
            runs[-1].tricks.append(t)
        else:
            runs.append(TrickRun([t]))
    return runs


@dataclass
class BestReview:
    refusal: str = ""  # the solve was refused: why, in words
    retry: bool = False  # refused because this worker was solving: the section asks again
    too_big: bool = False  # refused past the node budget: later in the deal it will answer
    sides: list[SideLine] = field(default_factory=list)
    tricks: list[TrickLines] = field(default_factory=list)  # the tricks reviewed
    deciding: str = ""  # the summary's lead: the deciding play of the highest goal lost, in words
    turning: str = ""  # the turning point in words, where it is not the deciding play
    turning_trick: int | None = None
    given_back: str = ""  # the play that gave the turning point's goals back, in words
    finished: bool = False
    nodes: int = 0
    unreviewed: list[TrickLines] = field(default_factory=list)  # before a review past the budget starts
    tally: list[PlayerTally] = field(default_factory=list)  # each player's costly plays, in seat order

    @property
    def runs(self) -> list[TrickRun]:
        return trick_runs(self.tricks)

    @property
    def costly(self) -> bool:  # a play reviewed cost its side something
        return any(p.costly for t in self.tricks for p in t.plays)

    @property
    def from_trick(self) -> int | None:
        """The trick a review past the budget starts at."""
        return len(self.unreviewed) + 1 if self.unreviewed else None


def refused(e: Exception) -> dict[str, Any]:
    """What a page says of a refused solve: why, in words; whether it asks again by itself (this
    worker was solving); whether it was past the node budget (later in the deal it will answer)."""
    too_big = isinstance(e, KozelError) and e.code == "too_complex"
    return {"refusal": refusal_words(e), "retry": isinstance(e, gate.Busy), "too_big": too_big}


def refusal_words(e: Exception) -> str:
    if isinstance(e, gate.Busy):
        return describe("solver_busy")
    if isinstance(e, gate.Limited):
        return describe("rate_limited", {"retry_after": e.retry_after})
    if isinstance(e, KozelError):
        params = exact.budget_params(e)
        if e.token is not None:
            params.setdefault("token", e.token)
        return describe(e.code, params)
    raise e


def play_lines(
    rs: Ruleset,
    plays: Sequence[Any],
    who: Callable[[int], str],
    turning: int | None = None,
    first: int = 0,
    back: tuple[int, str] | None = None,
    decided: int | None = None,
) -> list[PlayLine]:
    """Each play given with its cost and, where it was not one, the best cards for points then;
    the plays before ``first`` were not reviewed; ``back``: the play that gave the turning point's
    goals back, with what it gave back and to whom in words; ``decided``: the deciding play."""
    return [
        PlayLine(
            player=player(p.seat),
            name=who(p.seat),
            team=side_class(rs, p.seat),
            faces=faces_of(p.card, rs),
            legal=bool(p.legal),
            cost=p.cost,
            best=[faces_of(b, rs) for b in p.best] if p.cost else [],
            lost=goals_text(list(p.lost_goals)),
            turning=i == turning,
            deciding=i == decided,
            given_back=back[1] if back is not None and back[0] == i else "",
            reviewed=i >= first,
            index=i,
            goals=tuple(p.lost_goals),
        )
        for i, p in enumerate(plays)
    ]


def player_tally(rs: Ruleset, plays: Sequence[Any], who: Callable[[int], str]) -> list[PlayerTally]:
    """Each player's costly plays and the goals they gave up (the plays not reviewed, and the
    illegal ones, cost nothing); empty where no play cost anything."""
    costly = [p for p in plays if p.legal and p.cost is not None and (p.cost or p.lost_goals)]
    if not costly:
        return []
    tally = []
    for seat in range(rs.seats):
        mine = [p for p in costly if p.seat == seat]
        gave = {g for p in mine for g in p.lost_goals}
        goals = goals_text([g for g in GOALS if g in gave])
        tally.append(PlayerTally(who(seat), side_class(rs, seat), len(mine), goals))
    return tally


def _forcible(goals: Mapping[str, bool | None]) -> list[str]:
    return [g for g in GOALS if goals.get(g) is True]


def deciding_words(rs: Ruleset, who: Callable[[int], str], a: Analysis, lead: tuple[str, int] | None) -> str:
    """The summary's lead in words (docs/rules.md#analysis): the deciding play ``lead`` of the
    highest goal lost, and the cards that kept it then: at the turning point those the analysis
    found for its goals; elsewhere a best card for points, which keeps a goal of points (a side
    that could force one has that many points with its best card), and none named for the others."""
    if lead is None:
        return ""
    goal, j = lead
    p = a.plays[j]
    side = rs.side_of(p.seat)
    if j == a.turning_point and a.turning_keeps is not None:
        better = a.turning_keeps
    else:
        better = p.best if goal in ("win", "big_win", "all_points") else ()
    words = spas_words(rs, side, who) if goal == "big_win" else goals_text([goal])
    return deciding_sentence(rs, who, j // rs.seats + 1, p, words, [text_of(b) for b in better])


def best_review(request: HttpRequest, d: Any, deal: DealIn) -> BestReview:
    """The review's analysis: ``d`` the deal's query (its names), ``deal`` the deal it read
    (:func:`~rules.referee.deal.deal_of`). One solve within the node budget: the deal
    as played, reviewed as far back from its last play as the budget reaches (``from_trick``
    where that is not the first trick), and with it what the deal could have given from the first
    lead (where the review reached it) and the cards that kept the turning point's goal (where
    the budget's rest was enough)."""
    rs = deal.rs
    n = rs.seats
    try:
        played = exact.kept(request, deal, budget=exact.budget(), partial=True, alternatives=True)
    except (KozelError, gate.Busy, gate.Limited) as e:
        return BestReview(**refused(e))
    tp = played.turning_point
    finished = played.to_move is None
    sides = [
        SideLine(
            label=side_label(rs, i, d.who),
            cls=side_class(rs, owned[0]),
            names=side_names(rs, i, d.who),
            gave=played.taken[i] if finished else None,
            best=played.first_value[i] if played.first_value else None,
            now=None if finished else played.value[i],
            goals=goals_text(_forcible(played.first_goals[i])) if played.first_goals else "",
        )
        for i, owned in enumerate(rs.sides)
    ]
    back = played.turning_back
    lead = highest(rs, played, deciding(rs, played))
    summary, decided = deciding_words(rs, d.who, played, lead), lead[1] if lead else None
    turning, turning_trick, given_back = "", None, ""
    marked = None
    if tp is not None:
        p = played.plays[tp]
        better = [text_of(m) for m in played.turning_keeps or ()]
        turning_trick = tp // n + 1
        if tp != decided:
            turning = turning_sentence(rs, d.who, turning_trick, p, better)
        if back is not None:
            side, given = rs.side_of(p.seat), goals_text(list(played.given_back))
            given_back = given_back_sentence(rs, d.who, back // n + 1, played.plays[back], side, given)
            marked = (back, given_back_words(rs, d.who, side, given))
    tricks: list[TrickLines] = []
    lines = play_lines(rs, played.plays, d.who, tp, played.reviewed_from, marked, decided)
    for i, line in enumerate(lines):
        if i % n == 0:
            tricks.append(TrickLines(i // n + 1, []))
        tricks[-1].plays.append(line)
    skipped = played.reviewed_from // n
    return BestReview(
        sides=sides,
        tally=player_tally(rs, played.plays, d.who),
        tricks=tricks[skipped:],
        deciding=summary,
        turning=turning,
        turning_trick=turning_trick,
        given_back=given_back,
        finished=finished,
        nodes=played.nodes,
        unreviewed=tricks[:skipped],
    )


def wants_fragment(request: HttpRequest) -> bool:
    """The section asked for itself (htmx, ``hx-target="this"`` on ``#best``)."""
    return bool(htmx(request)) and htmx(request).target == "best"


def review_context(
    request: HttpRequest, d: Any, deal: DealIn | None, result: Any, query: Mapping[str, str], link: str
) -> dict[str, Any]:
    """What the deal review's template needs for its «Разбор с лучшей игрой» under the review
    ``result``: the analysis when the query asks for it (``best=1``), else the address ``link``
    the section asks itself from."""
    if result is None or deal is None:
        return {}
    best = best_review(request, d, deal) if query.get("best") else None
    return {"best": best, "best_url": link, "best_link": link}


def section(request: HttpRequest, d: Any, deal: DealIn | None, query: Mapping[str, str]) -> BestReview:
    """The section asking for itself: the analysis alone, the deal not reviewed for it. A deal the
    review cannot play has no section on the page; asked for all the same, it is a bad request
    where the analysis is refused too (a deal played on past a queen capture's end, which the
    analysis plays and the review refuses, is answered)."""
    bad = BestReview(refusal=describe("bad_request"))
    if deal is None or not query.get("best"):
        return bad
    best = best_review(request, d, deal)
    if best.refusal and not reviewable(deal):
        return bad
    return best


def reviewable(deal: DealIn) -> bool:
    """Does the review play the deal's whole tricks without an error?"""
    try:
        deal.whole_tricks().play()
    except KozelError:
        return False
    return True
