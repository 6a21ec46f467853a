"""«А было ли видно?» in words: a review by what was seen (:mod:`rules.analysis.seen`) as the deal
review shows it beside a costly play. While the worker runs, where it is (waiting, judging so
many plays of so many); once done, the verdict on the play with the chances side by side
(«По тому, что было видно, после Т♣ можно было взять 61 в 72% раскладов, а после 10♥ — в 41%:
ошибка»), how many layouts the figures are over, and what the review cannot know; a review that
failed or was refused says why in one line.

The figures speak of the goal the play gave up (the first of them that made it a mistake, else
the first it gave up) or, where it cost card points alone, of the mean card points; each
compares the played card with the best other one. No sentence names the player (it is beside
the play), so nothing in it has to agree with one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.formats import number_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from rules.engine.cards import Card
from rules.messages import describe
from rules.templatetags.rules_tags import face

from .best_words import goal_words

# the order a review's summary takes the goals in (docs/rules.md, the deciding play)
ORDER = ("win", "big_win", "all_tricks", "all_points", "capture")
AGAIN = {"lost", "timeout", "task_error"}  # failures a new ask queues again


@dataclass
class Seen:
    """What the page shows of one play's review by what was seen: ``state`` is ``queued``,
    ``running``, ``done``, ``failed`` or ``refused``; ``again``: the control is offered again
    (a failure or a refusal that may pass)."""

    state: str
    poll: str = ""  # the fragment's own address while the worker runs
    judged: int = 0
    to_judge: int = 0
    verdict: str = ""
    words: SafeString | str = ""  # the verdict in a sentence, with the chances
    figures: SafeString | str = ""  # the chances, where the verdict's sentence does not hold them
    sample: str = ""  # how many layouts the figures are over
    error: str = ""
    again: bool = False

    @property
    def pending(self) -> bool:
        return self.state in ("queued", "running")


def pending(status: str, progress: Sequence[int], poll: str) -> Seen:
    return Seen(status, poll=poll, judged=progress[0], to_judge=progress[1])


def failed(error: Mapping[str, Any] | None) -> Seen:
    error = error or {"code": "task_error", "params": {}}
    code = error.get("code") or "task_error"
    return Seen("failed", error=describe(code, error.get("params") or {}), again=code in AGAIN)


def refused(code: str, params: Mapping[str, Any] | None = None, again: bool = True) -> Seen:
    return Seen("refused", error=describe(code, params or {}), again=again)


def done(result: Mapping[str, Any] | None, index: int, lost: Sequence[str]) -> Seen:
    """The verdict on play ``index`` of a done review, the exact analysis saying it gave up the
    goals ``lost``."""
    play = next((p for p in (result or {}).get("plays", ()) if p.get("index") == index), None)
    if play is None:  # not judged: the worker's analysis found it cost nothing
        return Seen("done", verdict="best", words=_("This play cost nothing."))
    verdict = play["verdict"]
    seen = Seen("done", verdict=verdict)
    if verdict == "best":
        seen.words = _("This play cost nothing.")
        return seen
    moves = play.get("moves") or []
    if not play.get("layouts") or not moves:
        seen.words = _(
            "Nothing was seen to judge it by: the card was picked unseen (the blind seat), or an "
            "earlier play broke the rules where nobody could see it."
        )
        return seen
    mine = next((m for m in moves if m["card"] == play["card"]), None)
    others = [m for m in moves if m["card"] != play["card"]]
    if mine is None or not others:
        seen.words = _("By what could be seen, there was no other card to play: bad luck.")
        return seen
    seen.sample = _sample(play)
    width = float(play.get("margin") or 0)
    goal = _goal(mine, others, [g for g in ORDER if g in lost], width, verdict == "mistake")
    if goal is not None:
        best = max(others, key=lambda m: (m["chances"][goal], m["mean"]))
        params = {
            "goal": goal_words(goal),
            "card": mine["card"],
            "own": _percent(mine["chances"][goal]),
            "better": best["card"],
            "top": _percent(best["chances"][goal]),
        }
        if verdict == "mistake":
            seen.words = _say(
                _(
                    "By what could be seen, after %(better)s the side could still %(goal)s in %(top)s of "
                    "the layouts, after %(card)s in %(own)s: a mistake."
                ),
                params,
            )
        else:
            seen.words = _("By what could be seen, no card was clearly better: bad luck.")
            seen.figures = _say(
                _(
                    "After %(card)s the side could still %(goal)s in %(own)s of the layouts, after %(better)s in %(top)s."
                ),
                params,
            )
        return seen
    best = max(others, key=lambda m: m["mean"])
    params = {
        "card": mine["card"],
        "own": _points(mine["mean"]),
        "better": best["card"],
        "top": _points(best["mean"]),
    }
    if verdict == "mistake":
        seen.words = _say(
            _(
                "By what could be seen, %(better)s gave the side more card points on average (%(top)s) "
                "than %(card)s (%(own)s): a mistake."
            ),
            params,
        )
    else:
        seen.words = _("By what could be seen, no card was clearly better: bad luck.")
        seen.figures = _say(
            _("Card points for the side on average: after %(card)s %(own)s, after %(better)s %(top)s."),
            params,
        )
    return seen


def _goal(
    mine: Mapping[str, Any],
    others: Sequence[Mapping[str, Any]],
    lost: Sequence[str],
    width: float,
    mistake: bool,
) -> str | None:
    """The goal the figures speak of: of those the play gave up (and the variant has), the first
    by which it was a mistake, else the first; None where it gave up card points alone."""
    goals = [g for g in lost if mine["chances"].get(g) is not None]
    if mistake:
        for g in goals:
            own = mine["chances"][g]
            if any(m["chances"].get(g) is not None and m["chances"][g] - own > 2 * width for m in others):
                return g
    return goals[0] if goals else None


def _sample(play: Mapping[str, Any]) -> str:
    if play.get("exact"):
        return _("Every possible layout taken: %(n)s.") % {
            "n": number_format(play["layouts"], force_grouping=True)
        }
    return _("A sample of the layouts: %(solved)s of %(n)s; each share within ±%(margin)s.") % {
        "solved": number_format(play["solved"], force_grouping=True),
        "n": number_format(play["layouts"], force_grouping=True),
        "margin": _percent(play.get("margin") or 0),
    }


def _percent(share: float) -> str:
    return f"{round(float(share) * 100)}%"


def _points(mean: float) -> str:
    value = round(float(mean), 1)
    return number_format(value, 0 if value == int(value) else 1)


def _say(template: str, params: Mapping[str, Any]) -> SafeString:
    """``template`` with its parameters, the cards as coloured faces."""
    safe = {
        k: face(Card.parse(v)) if k in ("card", "better") else conditional_escape(v)
        for k, v in params.items()
    }
    return mark_safe(conditional_escape(template) % safe)  # noqa: S308 - every part escaped above


__all__ = ["AGAIN", "ORDER", "Seen", "done", "failed", "pending", "refused"]
