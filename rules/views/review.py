"""The whole-deal review page: the referee's own (``/rules/referee/deal/``) and the one a match
reuses for «Спор» under its edit path (scorekeeper.views.corrections.hand_dispute)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from rules.messages import variant_name
from rules.referee.best import review_context as best_review_context
from rules.referee.best import section as best_section
from rules.referee.best import wants_fragment as wants_best_fragment
from rules.referee.common import names_params, picker, table_seats
from rules.referee.deal import DealQuery, DealResult, deal_of, read_deal, review_deal

from .pages import card_example, notation, render_page, rules_form, seat_counts, variants_offered
from .seen import ask_url, unavailable


def deal_review(
    request: HttpRequest,
    query: Mapping[str, str],
    *,
    action: str,
    record_to: str | None = None,
    fixed_rules: bool = False,
    back: str | None = None,
    names: Sequence[str] = (),
    about: str = "",
) -> HttpResponse:
    """The deal review page, whose GET form submits to ``action``. With ``record_to`` (a recorded
    hand's correction page, reached from «Спор» under a match's edit path) a finished deal links
    back there with the hand record in the query; with ``fixed_rules`` the match's variant and
    options are shown, not offered for change; ``back`` is the page to return to; ``names`` are
    the match's players by seat (a seat without a name is «player N»); ``about`` says which
    recorded hand is under review and what it holds."""
    review = read_deal(query)
    if names:  # a match's players (the dispute page under its edit path), not the query's
        review.names = list(names)
    deal = deal_of(review)  # read once: the review and its best play share it
    all_qs = urlencode({k: v for k, v in review.params().items() if k != "step"}, safe=":")
    best_link = f"{action}?{all_qs}&best=1"
    if wants_best_fragment(request):  # the analysis section asking for itself
        best = best_section(request, review, deal, query)
        section = {"best": best, "best_url": best_link, "best_link": best_link, **seen_context(review)}
        return render(request, "rules/_best_review.html", section)
    result = review_deal(review, deal)
    record_link = None
    if result and record_to and result.finished:
        record_link = f"{record_to}?{urlencode(result.record_params)}"
    context: dict[str, Any] = {
        "r": review,
        "result": result,
        "action": action,
        "fixed_rules": fixed_rules,
        "back": back,
        "about": about,
        "variants": variants_offered(),
        "options": rules_form(review.rules),
        "seats": table_seats(review.rs, review.names),
        "seat_counts": [] if fixed_rules else seat_counts(review.rules),
        # names travel in the form only on the referee's own page; under a match they come from it
        "names": {} if names else names_params(review.names),
        "hands": [
            {
                **seat,
                "hand": notation((review.hands_text + [""] * 4)[seat["seat"]]),
                "prikup": notation((review.prikup_text + [""] * 4)[seat["seat"]]),
            }
            for seat in table_seats(review.rs, review.names)
        ],
        "two_rounds": bool(review.rs and review.rs.rounds > 1 and not review.rs.multi_card_leads),
        "kitty": bool(review.rs and review.rs.kitty and not review.rs.multi_card_leads),
        "boaster_rule": bool(review.rs and review.rs.lead_rule == "hvalyonka_only"),
        # the rules name the first leader from the dealer (DECISIONS fixed_first_leader)
        "dealer_names_leader": bool(review.rs and review.rs.leading in ("left_of_dealer", "dealer")),
        "record_link": record_link,
        "all_qs": all_qs,
        "sheet": reverse("rules:sheet", args=[review.rules.ruleset.key]) if review.rules.ruleset else "",
        "variant_name": variant_name(review.rules.ruleset.key) if review.rules.ruleset else "",
        "tap": deal_tap(review, result),
        "plays_text": notation(review.plays_text),
        "stock_text": notation(review.stock_text),
        "example": card_example(review.rs.deck if review.rs else None),
    }
    context.update(best_review_context(request, review, deal, result, query, best_link))
    context.update(seen_context(review))
    status = 400 if review.problems else 200
    return render_page(request, "rules/deal.html", "review", context, status=status)


def seen_context(review: DealQuery) -> dict[str, str | None]:
    """«А было ли видно?» beside the costly plays: where it asks (the deal alone, whichever page
    shows the review), or why this table is not judged by what was seen."""
    return {"seen_action": ask_url(review), "seen_unavailable": unavailable(review)}


def deal_tap(review: DealQuery, result: DealResult | None) -> dict | None:
    """What the tap-to-enter picker needs: the deck as the variant groups it, the hand size and
    the leader of every trick reviewed so far (then the next one), so the page knows whose turn it is."""
    rs = review.rs
    if rs is None:
        return None
    leaders = [review.leader]
    if result is not None and result.step is None and result.rows:
        leaders = [row.plays[0]["player"] - 1 for row in result.rows]
        if not result.ended_early:
            leaders.append(next(p["player"] for p in result.rows[-1].plays if p["winner"]) - 1)
    return {
        "groups": picker(rs, set(), lambda c: ""),
        "multi": rs.multi_card_leads,
        "size": rs.hand_size,  # draw-four: 4, drawn back to 4
        "rounds": rs.rounds,
        "seats": rs.seats,
        "plays": rs.hand_size * rs.rounds * rs.seats,
        "leaders": " ".join(map(str, leaders)),
    }
