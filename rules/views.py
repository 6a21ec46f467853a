"""Rule sheets and the referee. Function views, thin: read the query, ask the engine
(through :mod:`rules.referee` and :mod:`rules.sheets`), render one template per screen; an htmx
request gets the fragment ``<template>#<partial>`` (``rules/referee.html#referee``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

import segno
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRedirect, push_url

from kozel_site.http import htmx, url
from rules import facts, services
from rules import referee as ref
from rules.engine.cards import SUIT_SYMBOLS, Card, KozelError, card
from rules.engine.variants import ALL_VARIANTS, DEFAULT_VARIANT, VARIANTS, resolve
from rules.forms import HouseRuleForm
from rules.messages import VARIANT_BLURBS, card_text, describe, option_label, option_value, variant_name
from rules.models import HouseRule


def _render(
    request: HttpRequest, template: str, fragment: str, context: dict, status: int = 200
) -> HttpResponse:
    name = f"{template}#{fragment}" if htmx(request) and not htmx(request).boosted else template
    return render(request, name, context, status=status)


def _variants() -> list[dict]:
    """Every variant a page offers: the four-seat games, then the short-handed tables."""
    return [{"key": k, "name": variant_name(k), "blurb": VARIANT_BLURBS.get(k, "")} for k in ALL_VARIANTS]


def _seat_counts(rules: ref.RulesChoice) -> list[int]:
    """The seat counts to choose from, where the variant is played by several."""
    if rules.variant is None or len(rules.variant.seats) < 2:
        return []
    return list(rules.variant.seats)


def _rules_form(rules: ref.RulesChoice, every_table: bool = False) -> list[dict]:
    """The option fields of the chosen variant, with the current values (an option the table's
    seat count does not allow is left out, unless ``every_table``: a rule sheet lists them all)."""
    if rules.variant is None:
        return []
    merged = rules.variant.defaults | rules.options
    out = []
    seats = rules.seats
    for opt in rules.variant.applicable(merged):  # draw-four: only the chosen score's options
        if not every_table and seats not in rules.variant.seat_options.get(opt.key, (seats,)):
            continue
        choices = [("1", True), ("0", False)] if opt.kind == "bool" else [(str(c), c) for c in opt.choices]
        out.append(
            {
                "key": opt.key,
                "name": f"opt_{opt.key}",
                "label": _option_label(rules, opt.key),
                "choices": [(value, option_value(opt.key, raw)) for value, raw in choices],
                "value": opt.to_text(merged[opt.key]),
                "default": opt.to_text(opt.default),
            }
        )
    return out


def _option_label(rules: ref.RulesChoice, key: str) -> str:
    """An option's label; the trump suit says who sets it where a player or the last deal does."""
    rs = rules.ruleset
    if key == "trump_suit" and rs is not None:
        if rs.lone_queen is not None:
            return _("Trumps named by the player with the queen of spades")
        if rs.trump_from_last_card:
            return _("Trumps of this deal (clubs in the first, then the last card's suit)")
        if rs.dealer_scores:
            return _("Trumps of this deal (the suit of the card turned up)")
    return option_label(key)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    return render(request, "rules/index.html", {"variants": _variants()})


@require_safe
def referee(request: HttpRequest) -> HttpResponse:
    """Who takes the trick and was each card allowed: the whole ruling is in the query string."""
    q = ref.read_trick(request.GET)

    def link(params: dict[str, str]) -> str:
        return url("rules:referee", query=params)

    answer = ref.answer_trick(q, link)
    rs = q.rs
    plays = q.plays()
    slots = []
    for i in range(q.seats):
        seat = (q.leader + i) % q.seats
        slots.append(
            {
                "seat": seat,
                "player": q.who(seat),
                "team": ref.side_class(rs, seat),
                "blind": rs is not None and seat == rs.blind_seat,
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
        "variants": _variants(),
        "options": _rules_form(q.rules),
        "undo": link(q.params(cards=q.cards[:-1])) if q.cards else None,
        "clear": link(q.params(cards=[], held={})) if q.cards or q.held else None,
        "held": ref.held_summary(q),
        "next_player": q.who(q.next_seat()),
        "in_play": len(q.cards) % q.n,  # draw-four: cards of the current play tapped so far
        "voon": bool(rs and rs.lead_rule == "voon"),
        "ace_ban": bool(rs and rs.ace_discard_ban),
        "sheet": reverse("rules:sheet", args=[rs.key]) if rs else reverse("rules:index"),
        "seats": ref.table_seats(rs, q.names),
        "seat_counts": _seat_counts(q.rules),
        "names": ref.names_params(q.names),
        # the other referee pages for the same table and players
        "deal_link": url("rules:deal", query=q.rules.params() | ref.names_params(q.names)),
        "hand_link": url("rules:hand", query=q.rules.params() | ref.names_params(q.names)),
        "suits": [(s, SUIT_SYMBOLS[s], s in q.led_suits) for s in ("C", "S", "H", "D")],
        # the field speaks the page's notation (Т♥ Д♦ in Russian); the parser takes both
        "cards_text": cards_shown(q.cards),
        "example": card_example(),
    }
    context.update(ref.best_trick_context(request, q, link))
    if ref.wants_best_fragment(request):  # «Как лучше сыграть?» asking for itself
        context["best"] = context.get("best") or ref.BestMoves(refusal=str(describe("bad_request")))
        return render(request, "rules/_best_moves.html", context)
    status = 400 if q.problems else 200  # bad input: the errors, and a 400
    resp = _render(request, "rules/referee.html", "referee", context, status=status)
    if htmx(request):  # the address bar gets the clean link, not the old variant's option fields
        push_url(resp, link(q.params()))
    return resp


def cards_shown(cards: Sequence[Card]) -> str:
    return " ".join(card_text(c) for c in cards)


def notation(text: str) -> str:
    """Typed cards as the page writes them (Т♥ Д♦ in Russian), separators kept; a token that is
    not a card stays as typed, so its error still points at it."""

    def one(m: re.Match[str]) -> str:
        try:
            return card_text(Card.parse(m.group(0)))
        except KozelError:
            return m.group(0)

    return re.sub(r"[^\s,;|+]+", one, text)


def card_example() -> str:
    """Four cards in the page's notation, for the hint beside a card field."""
    return cards_shown([card(c) for c in ("AH", "QD", "10H", "7C")])


def _start_match_url(params: dict[str, str], house: str | None = None) -> str:

    p = dict(params)
    if house:
        p["house"] = house
    return url("scorekeeper:new", query=p)


@require_safe
def sheet(request: HttpRequest, key: str) -> HttpResponse:
    """One variant's rule sheet, built from the engine's ruleset (``?opt_<name>=`` shows it with options)."""
    if key not in ALL_VARIANTS:
        raise Http404(key)
    query = request.GET.copy()
    query["variant"] = key
    query.pop("was", None)
    rules = ref.read_rules(query)
    rs = rules.ruleset
    assert rs is not None
    context = {
        "key": key,
        "name": variant_name(key),
        "blurb": VARIANT_BLURBS.get(key, ""),
        # lazy: the sheet.html fragment cache usually answers without reading the facts
        "rs": rs,
        "rules": rules,
        "f": SimpleLazyObject(lambda: facts.sheet_facts(rs)),
        "options": _rules_form(rules, every_table=True),
        "house": key in VARIANTS,  # house rules are made from the four-seat games
        "referee": url("rules:referee", query=rules.params()),
        "start": _start_match_url(rules.params()),
    }
    return render(request, "rules/sheet.html", context, status=400 if rules.problems else 200)


@require_safe
def compare(request: HttpRequest) -> HttpResponse:
    """Two or three variants side by side (``?v=classic-sixes&v=voon-series``), so the table fits
    a phone; the highlight still compares each value with what most variants do."""
    table = facts.comparison()
    keys = [v["key"] for v in table["variants"]]
    picked = [k for k in dict.fromkeys(request.GET.getlist("v")) if k in keys]
    too_many = len(picked) > COMPARE_MAX
    picked = picked[:COMPARE_MAX]
    if len(picked) < 2:
        picked = (picked + [k for k in keys if k not in picked])[:2] if picked else keys[:2]
    cols = [keys.index(k) for k in picked]
    shown = {
        "variants": [table["variants"][i] for i in cols],
        "rows": [{**row, "cells": [row["cells"][i] for i in cols]} for row in table["rows"]],
    }
    choices = [{**v, "checked": v["key"] in picked} for v in table["variants"]]
    context = {"table": shown, "choices": choices, "too_many": too_many, "max": COMPARE_MAX}
    return render(request, "rules/compare.html", context)


COMPARE_MAX = 3


@require_safe
def deal(request: HttpRequest) -> HttpResponse:
    """Whole-deal review: four hands and the plays in order (all in the query string)."""
    return deal_review(request, request.GET, action=reverse("rules:deal"))


def deal_review(
    request: HttpRequest,
    query: Mapping[str, str],
    *,
    action: str,
    record_to: str | None = None,
    fixed_rules: bool = False,
    back: str | None = None,
    names: Sequence[str] = (),
) -> HttpResponse:
    """The deal review page, whose GET form submits to ``action``. With ``record_to`` (a recorded
    hand's correction page, reached from «Спор» under a match's edit path) a finished deal links
    back there with the hand record in the query; with ``fixed_rules`` the match's variant and
    options are shown, not offered for change; ``back`` is the page to return to; ``names`` are
    the match's players by seat (a seat without a name is «player N»)."""
    review = ref.read_deal(query)
    if names:  # a match's players (the dispute page under its edit path), not the query's
        review.names = list(names)
    result = ref.review_deal(review)
    record_link = None
    if result and record_to and result.finished:
        record_link = f"{record_to}?{urlencode(result.record_params)}"
    context: dict[str, Any] = {
        "r": review,
        "result": result,
        "action": action,
        "fixed_rules": fixed_rules,
        "back": back,
        "variants": _variants(),
        "options": _rules_form(review.rules),
        "seats": ref.table_seats(review.rs, review.names),
        "seat_counts": [] if fixed_rules else _seat_counts(review.rules),
        # names travel in the form only on the referee's own page; under a match they come from it
        "names": {} if names else ref.names_params(review.names),
        "hands": [
            {
                **seat,
                "hand": notation((review.hands_text + [""] * 4)[seat["seat"]]),
                "prikup": notation((review.prikup_text + [""] * 4)[seat["seat"]]),
            }
            for seat in ref.table_seats(review.rs, review.names)
        ],
        "two_rounds": bool(review.rs and review.rs.rounds > 1 and not review.rs.multi_card_leads),
        "kitty": bool(review.rs and review.rs.kitty and not review.rs.multi_card_leads),
        "record_link": record_link,
        "all_qs": urlencode({k: v for k, v in review.params().items() if k != "step"}, safe=":"),
        "sheet": reverse("rules:sheet", args=[review.rules.ruleset.key]) if review.rules.ruleset else "",
        "variant_name": variant_name(review.rules.ruleset.key) if review.rules.ruleset else "",
        "tap": _deal_tap(review, result),
        "plays_text": notation(review.plays_text),
        "stock_text": notation(review.stock_text),
        "example": card_example(),
    }
    context.update(ref.best_review_context(request, review, result, query, action, context["all_qs"]))
    if ref.wants_best_fragment(request):  # the analysis section asking for itself
        context["best"] = context.get("best") or ref.BestReview(refusal=str(describe("bad_request")))
        return render(request, "rules/_best_review.html", context)
    status = 400 if review.problems else 200
    return _render(request, "rules/deal.html", "review", context, status=status)


def _deal_tap(review: ref.DealQuery, result: ref.DealResult | None) -> dict | None:
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
        "groups": ref.picker(rs, set(), lambda c: ""),
        "multi": rs.multi_card_leads,
        "size": 4 if rs.multi_card_leads else rs.hand_size,
        "rounds": 1 if rs.multi_card_leads else rs.rounds,
        "seats": rs.seats,
        "plays": rs.hand_size * rs.rounds * rs.seats,
        "leaders": " ".join(map(str, leaders)),
    }


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
        "variants": _variants(),
        "options": _rules_form(h.rules),
        "seats": ref.table_seats(rs, h.names),
        "seat_counts": _seat_counts(h.rules),
        "names": ref.names_params(h.names),
        "cards_text": cards_shown(h.cards),
        "example": card_example(),
        "faces": [ref.face(c, rs) for c in h.cards],
        "sheet": reverse("rules:sheet", args=[rs.key]) if rs else "",
    }
    status = 400 if h.problems else 200
    return _render(request, "rules/hand.html", "hand", context, status=status)


def _house_form_context(form, variant_key: str | None, values: dict | None = None) -> dict:
    key = variant_key if variant_key in VARIANTS else DEFAULT_VARIANT
    rules = ref.read_rules(
        {"variant": key, **{k: v for k, v in (values or {}).items() if k.startswith("opt_")}}
    )
    if rules.problems:  # show the defaults; the errors are on the form
        rules = ref.read_rules({"variant": key})
    return {
        "form": form,
        "variants": [v for v in _variants() if v["key"] in VARIANTS],  # house rules: the four-seat games
        "current": key,
        "options": _rules_form(rules),
    }


@require_http_methods(["GET", "HEAD", "POST"])
def house_new(request: HttpRequest) -> HttpResponse:
    """Start from a variant, change its options, get a named sheet (POST with CSRF)."""
    if request.method == "POST":
        form = HouseRuleForm(request.POST)
        if form.is_valid():
            house = services.house_create(
                name=form.cleaned_data["name"], variant=form.cleaned_data["variant"], options=form.differing
            )
            url = reverse("rules:house", args=[house.slug])
            if htmx(request):
                return HttpResponseClientRedirect(url)
            return redirect(url)
        context = _house_form_context(form, request.POST.get("variant"), request.POST)
        return _render(request, "rules/house_new.html", "house-form", context, status=400)
    form = HouseRuleForm(initial={"variant": request.GET.get("variant")})
    context = _house_form_context(form, request.GET.get("variant"))
    return _render(request, "rules/house_new.html", "house-form", context)


@require_safe
def house_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    """A house rule's own sheet: only what differs from the base variant, a link and a QR code."""
    house = get_object_or_404(HouseRule, slug=slug)
    if house.variant not in VARIANTS:
        raise Http404(house.variant)
    base = VARIANTS[house.variant]
    try:
        rs = resolve(base, house.options)
    except KozelError as exc:  # stored before an engine change: say so, never 500
        raise Http404(str(exc)) from exc
    base_rs = resolve(base)
    params = {
        "variant": base.key,
        **{f"opt_{k}": base.option(k).to_text(v) for k, v in house.options.items()},
    }
    changed = [
        {
            "label": option_label(k),
            "base": option_value(k, base.option(k).default),
            "house": option_value(k, v),
        }
        for k, v in house.options.items()
    ]
    ours, theirs = facts.ruleset_rows(rs), facts.ruleset_rows(base_rs)
    derived = [(label, b, a) for (label, a), (_l, b) in zip(ours, theirs, strict=True) if a != b]
    link = request.build_absolute_uri(reverse("rules:house", args=[house.slug]))
    qr = segno.make(link, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")
    context = {
        "house": house,
        "base_name": variant_name(base.key),
        "changed": changed,
        "derived": derived,
        "link": link,
        "qr": mark_safe(qr),  # noqa: S308 - generated by segno from our own URL
        "start": _start_match_url(params, house.name),
        "full_sheet": url("rules:sheet", base.key, query=params),
        "referee": url("rules:referee", query=params),
        "ladder": [ref.face(c, rs) for c in rs.trumps] if rs.trumps != base_rs.trumps else None,
    }
    return render(request, "rules/house.html", context)


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    from rules import sheets

    return render(request, "rules/glossary.html", {"terms": sheets.glossary()})


@require_safe
def disputes(request: HttpRequest) -> HttpResponse:
    from rules import disputes as d

    return render(request, "rules/disputes.html", {"disputes": d.disputes()})
