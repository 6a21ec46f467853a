"""What the rule pages share: the htmx-aware render, the variants offered, the option fields of
a chosen ruleset and the cards in the page's notation (the referee pages, the sheets, the house
rules and the deal review the scorekeeper reuses)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from common.http import htmx, url
from rules.engine.cards import Card, KozelError, card
from rules.engine.variants import ALL_VARIANTS
from rules.messages import VARIANT_BLURBS, card_text, option_label, option_value, variant_name
from rules.referee.common import RulesChoice
from rules.sheets import option_texts


def render_page(
    request: HttpRequest, template: str, fragment: str, context: dict, status: int = 200
) -> HttpResponse:
    name = f"{template}#{fragment}" if htmx(request) and not htmx(request).boosted else template
    return render(request, name, context, status=status)


def variants_offered() -> list[dict]:
    """Every variant a page offers: the four-seat games, then the short-handed tables."""
    return [{"key": k, "name": variant_name(k), "blurb": VARIANT_BLURBS.get(k, "")} for k in ALL_VARIANTS]


def seat_counts(rules: RulesChoice) -> list[int]:
    """The seat counts to choose from, where the variant is played by several."""
    if rules.variant is None or len(rules.variant.seats) < 2:
        return []
    return list(rules.variant.seats)


def rules_form(rules: RulesChoice, every_table: bool = False) -> list[dict]:
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
                "label": option_label_for(rules, opt.key),
                "choices": [(value, option_value(opt.key, raw)) for value, raw in choices],
                "value": opt.to_text(merged[opt.key]),
                "default": opt.to_text(opt.default),
                "help": option_texts.option_help(opt.key),
            }
        )
    return out


def option_label_for(rules: RulesChoice, key: str) -> str:
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


def card_example(deck: Iterable[Card] | None = None) -> str:
    """Four cards of ``deck`` (the variant's) in the page's notation, for the hint beside a card
    field: a deck without sevens (Belka's) shows its lowest club instead of 7♣."""
    cards = [card(c) for c in ("AH", "QD", "10H", "7C")]
    if deck is not None:
        have = set(deck)
        low = next((c for c in (card(x) for x in ("7C", "8C", "6C", "9C")) if c in have), cards[3])
        cards[3] = cards[3] if cards[3] in have else low
    return cards_shown(cards)


def start_match_url(params: dict[str, str], house: str | None = None) -> str:

    p = dict(params)
    if house:
        p["house"] = house
    return url("scorekeeper:new", query=p)
