"""The referee's pages: one trick, a whole deal, a hand's checks (all their state in the query)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django_htmx.http import push_url

from common.http import htmx, url
from rules import referee as ref
from rules.engine.cards import SUIT_SYMBOLS, Card
from rules.engine.solver import last_round
from rules.messages import describe

from .pages import card_example, cards_shown, render_page, rules_form, seat_counts, variants_offered
from .review import deal_review


@require_safe
def referee(request: HttpRequest) -> HttpResponse:
    """Who takes the trick and was each card allowed: the whole ruling is in the query string."""
    q = ref.read_trick(request.GET)

    def link(params: dict[str, str]) -> str:
        return url("rules:referee", query=params)

    answer = ref.answer_trick(q, link)
    rs = q.rs
    plays = q.plays()
    # a game dealt in two rounds: the trick's number says «Как лучше сыграть?» is in the last
    first_of_last = last_round(rs) if rs else None
    slots = []
    for i in range(q.seats):
        seat = (q.leader + i) % q.seats
        slots.append(
            {
                "seat": seat,
                "player": q.who(seat),
                "team": ref.side_class(rs, seat),
                "blind": rs is not None and seat in rs.blind_seats,
                "faces": [ref.face(c, rs) for c in plays[i]] if i < len(plays) else [],
                "next": i == len(q.cards) // q.n and not q.full,
            }
        )
    groups = []
    if rs is not None and not q.full:  # the deck is shown only while the trick is open

        def add(c):
            return link(q.params(cards=[*q.cards, c]))

        groups = ref.picker(rs, set(q.cards) | ref.not_held_by_next(q), add, disabled=q.full)
    share = link(q.params()) if answer else None
    context: dict[str, Any] = {
        "q": q,
        "answer": answer,
        "slots": slots,
        "groups": groups,
        "share": share,
        "variants": variants_offered(),
        "options": rules_form(q.rules),
        "undo": link(q.params(cards=q.cards[:-1])) if q.cards else None,
        "clear": link(q.params(cards=[], held={})) if q.cards or q.held else None,
        "held": ref.held_summary(q),
        "next_player": q.who(q.next_seat()),
        "in_play": len(q.cards) % q.n,  # draw-four: cards of the current play tapped so far
        "voon": bool(rs and rs.lead_rule == "voon"),
        "ace_ban": bool(rs and rs.ace_discard_ban),
        "boaster_rule": bool(rs and rs.lead_rule == "hvalyonka_only"),
        "draws": bool(rs and rs.draws),
        "last_round": first_of_last,
        # «Что было в коне» opens where something of it is given
        "ctx_given": bool(
            q.hand_number
            or q.score
            or q.first_leader is not None
            or q.led_suits
            or q.boaster is not None
            or first_of_last
            and q.trick_number
        ),
        "lead_sizes": [str(k) for k in range(1, (rs.max_lead if rs else 1) + 1)],
        "sheet": reverse("rules:sheet", args=[rs.key]) if rs else reverse("rules:index"),
        "seats": ref.table_seats(rs, q.names),
        "seat_counts": seat_counts(q.rules),
        "names": ref.names_params(q.names),
        # the other referee pages for the same table and players
        "deal_link": url("rules:deal", query=q.rules.params() | ref.names_params(q.names)),
        "hand_link": url("rules:hand", query=q.rules.params() | ref.names_params(q.names)),
        "suits": [(s, SUIT_SYMBOLS[s], s in q.led_suits) for s in ("C", "S", "H", "D")],
        # the field speaks the page's notation (Т♥ Д♦ in Russian); the parser takes both
        "cards_text": cards_shown(q.cards),
        "example": card_example(rs.deck if rs else None),
    }
    context.update(ref.best_trick_context(request, q, link))
    if ref.wants_best_fragment(request):  # «Как лучше сыграть?» asking for itself
        context["best"] = context.get("best") or ref.BestMoves(refusal=str(describe("bad_request")))
        return render(request, "rules/_best_moves.html", context)
    status = 400 if q.problems else 200  # bad input: the errors, and a 400
    resp = render_page(request, "rules/referee.html", "referee", context, status=status)
    if htmx(request):  # the address bar gets the clean link, not the old variant's option fields
        push_url(resp, link(q.params()))
    return resp


@require_safe
def deal(request: HttpRequest) -> HttpResponse:
    """Whole-deal review: four hands and the plays in order (all in the query string)."""
    return deal_review(request, request.GET, action=reverse("rules:deal"))


@require_safe
def hand(request: HttpRequest) -> HttpResponse:
    """Hand checks: may this hand be redealt, royal goat, Belka's trump suit this deal."""
    h = ref.read_hand(request.GET)
    rs = h.rules.ruleset

    def toggle(c: Card) -> str:
        cards = [x for x in h.cards if x != c] if c in h.cards else [*h.cards, c]
        return url("rules:hand", query=h.params(cards=cards))

    groups = ref.picker(rs, set(), toggle, selected=set(h.cards)) if rs else []
    checks = ref.check_hand(h)
    context = {
        "h": h,
        "checks": checks,
        "groups": groups,
        "variants": variants_offered(),
        "options": rules_form(h.rules),
        "seats": ref.table_seats(rs, h.names),
        "seat_counts": seat_counts(h.rules),
        "names": ref.names_params(h.names),
        "cards_text": cards_shown(h.cards),
        "example": card_example(rs.deck if rs else None),
        "faces": [ref.face(c, rs) for c in h.cards],
        "sheet": reverse("rules:sheet", args=[rs.key]) if rs else "",
    }
    status = 400 if h.problems else 200
    return render_page(request, "rules/hand.html", "hand", context, status=status)
