"""«Рассадка»: who is here tonight is ticked (a GET form, so the link can be shared), and the page
shows the next match drawn by ``rules.stats.seating.draw`` from the company's history, the
evening's tables so far and the seed (``?seed=``; by default the log's and the evening's). The
page writes nothing: «Другая рассадка» is the same page with the next seed, and «Начать матч»
posts the drawn seats to the company's new-match page (:func:`.new.match_new`), which starts the
match as it starts every other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from common.http import url
from common.numbers import read_number
from rules.engine.variants import ALL_VARIANTS, DEFAULT_VARIANT
from rules.messages import variant_name
from rules.stats import Tally
from rules.stats.seating import MAX_PRESENT, SEEDS, Seating, default_seed, draw, next_seed, why
from rules.stats.store import load_tally

from ..figures import ALL
from ..log import Roster
from ..models import Company
from ..selectors import Setup, Tonight, company_get_for_edit, last_setup, roster_of, tonight

SEATS = 4
MAX_ID = 10**9 - 1  # a player's id is the seq of the entry that added him


@dataclass(frozen=True)
class Asked:
    """What the link asks: the players ticked (as the draw knows them), the seed, and what is
    wrong with it (None: nothing)."""

    ticked: list[str]
    seed: int
    error: str | None


def _ticked(request: HttpRequest, roster: Roster) -> tuple[list[str], str | None]:
    """The players the link ticks, each once as he counts now, and what is wrong (the first
    value that names nobody of the company)."""
    ticked: list[str] = []
    error = None
    for value in request.GET.getlist("p"):
        pid = read_number(value, 1, MAX_ID)
        if pid is None or pid not in roster.names:
            message = _("The link ticks someone who is not a player of this company: “%(value)s”.")
            error = error or message % {"value": value[:30]}
        elif (key := str(roster.canonical(pid))) not in ticked:
            ticked.append(key)
    return ticked, error


def read_asked(request: HttpRequest, company: Company, roster: Roster, evening: Tonight) -> Asked:
    ticked, error = _ticked(request, roster)
    raw = request.GET.get("seed", "")
    seed = read_number(raw, 0, SEEDS - 1) if raw else None
    if raw and seed is None:
        message = _("The seating's number in the link must be a whole number from 0 to %(max)s.")
        error = error or message % {"max": SEEDS - 1}
    if error is None and len(ticked) < SEATS:
        error = _("Tick at least four players: %(n)s ticked.") % {"n": len(ticked)}
    if error is None and len(ticked) > MAX_PRESENT:
        error = _("Tick at most %(max)s players: %(n)s ticked.") % {"max": MAX_PRESENT, "n": len(ticked)}
    if seed is None:
        seed = default_seed(company.public_id, company.version, evening.date)
    return Asked(ticked, seed, error)


def _history(company: Company) -> Tally:
    kept = company.figures.get("scopes", {}).get(ALL)
    return load_tally(kept["tally"]) if kept else Tally()


def reasons(drawn: Seating, history: Tally, present: list[str], evening: Tonight) -> list[str]:
    """Why this table, in a sentence or two: how often its pairs have partnered tonight (or, at
    the evening's first match, in the company), and how the sitting out goes."""
    w = why(history, present, evening.tables, drawn)
    if w.matches and w.tonight[1] == 0:
        lines = [_("Tonight these pairs have not partnered yet.")]
    elif w.matches:
        message = _("These pairs' matches together tonight: %(a)s and %(b)s; no other seating has fewer.")
        lines = [message % {"a": w.tonight[0], "b": w.tonight[1]}]
    elif w.before[1] == 0:
        lines = [_("The evening's first match: these pairs have never partnered in the company.")]
    else:
        message = _(
            "The evening's first match. These pairs' matches together in the company: %(a)s and %(b)s; "
            "no other seating has fewer."
        )
        lines = [message % {"a": w.before[0], "b": w.before[1]}]
    if drawn.out:
        lines.append(_("Sitting out goes by turns: nobody sits out twice before everyone has sat out once."))
    return lines


def _setup_fields(setup: Setup) -> list[tuple[str, str]]:
    """The rules as the new-match form posts them (an unticked box is absent; an option the
    match did not know yet at its default)."""
    fields = [("variant", setup.variant), ("house", setup.house)]
    for o in ALL_VARIANTS[setup.variant].options:
        value = setup.options.get(o.key, o.default)
        if o.kind != "bool":
            fields.append((f"opt_{o.key}", o.to_text(value)))
        elif value is True:
            fields.append((f"opt_{o.key}", "1"))
    return fields


def drawn_context(
    company: Company, secret: str, roster: Roster, drawn: Seating, setup: Setup
) -> dict[str, Any]:
    """The drawn table as the page shows it, with the form that starts it."""
    names = [roster.names[int(p)] for p in drawn.seats]
    teams = [str(_("Reds")), str(_("Blacks"))]
    seats = [{"n": i + 1, "name": names[i], "team": i % 2, "dealer": i == drawn.dealer} for i in range(SEATS)]
    chosen = [(f"player_{i}", names[i]) for i in range(SEATS)] + [("first_dealer", drawn.dealer)]
    fields = [
        *_setup_fields(setup),
        ("seats", str(SEATS)),
        ("team_0", teams[0]),
        ("team_1", teams[1]),
        *((k, str(v)) for k, v in chosen),
    ]
    rules_link = [*chosen, *((k, v) for k, v in _setup_fields(setup) if k != "house" or v)]
    return {
        "seats": seats,
        "teams": [
            {
                "team": t,
                "name": teams[t],
                "players": _("%(a)s and %(b)s") % {"a": names[t], "b": names[t + 2]},
            }
            for t in range(2)
        ],
        "dealer": names[drawn.dealer],
        "out": [roster.names[int(p)] for p in drawn.out],
        "start_action": url("company:match_new", company.public_id, secret, query=chosen),
        "start_fields": fields,
        "rules": variant_name(setup.variant) + (f" · {setup.house}" if setup.house else ""),
        "rules_url": url("company:match_new", company.public_id, secret, query=rules_link),
    }


@require_safe
def seating(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    company = company_get_for_edit(public_id, secret)
    roster = roster_of(company)
    evening = tonight(company, roster, timezone.now())
    players = [str(pid) for pid in roster.players()]
    asked = bool(request.GET)
    ask = read_asked(request, company, roster, evening)
    # unasked, the evening's players are ticked (who sat out is not written anywhere: the page
    # asks for them), or at its start everyone
    if asked:
        ticked = set(ask.ticked)
    elif evening.tables:
        ticked = set(evening.players)
    else:
        ticked = set(players) if len(players) <= MAX_PRESENT else set()
    ctx: dict[str, Any] = {
        "company": company,
        "secret": secret,
        "enough": len(players) >= SEATS,
        "message": ask.error if asked else None,
        "drawn": None,
        "played_ticked": not asked and bool(evening.tables),
    }
    ctx["players"] = [(p, roster.names[int(p)], p in ticked) for p in players]
    if asked and ask.error is None:
        history = _history(company)
        drawn = draw(history, ask.ticked, evening.tables, ask.seed)
        setup = last_setup(company) or Setup(DEFAULT_VARIANT, {}, "")
        ctx["drawn"] = drawn_context(company, secret, roster, drawn, setup)
        ctx["why"] = reasons(drawn, history, ask.ticked, evening)
        ctx["seed"] = ask.seed
        query = [*(("p", p) for p in ask.ticked), ("seed", next_seed(ask.seed))]
        ctx["another"] = url("company:seating", company.public_id, secret, query=query)
    status = 200 if not ctx["message"] else 400
    return render(request, "scorekeeper/company/seating.html", ctx, status=status)
