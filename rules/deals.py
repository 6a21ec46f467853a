"""A deal as the engine takes it (``play_deal``, ``analyse_deal``): the engine's
:class:`~rules.engine.deal.DealInput` (the hands, the plays, the table: stock, prikup, dealer, and
the trick's context), read once per request from the API's JSON (:func:`rules.api.read.deal_body`)
or the referee's form (:func:`rules.referee.deal.deal_of`) and handed as one value to the review
and to the analysis. The engine reads the cards and names a bad
one by its place (``hands[1][2]``, ``plays[3]``): the API answers with that path, the pages with
the form field it was typed in (:func:`form_field`), the error's code and words the same."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.engine.deal import DealInput
from rules.engine.tricks import TrickContext
from rules.engine.variants import Ruleset

DealIn = DealInput
"""The engine's deal input, by the name the web layer reads requests into."""


def split_codes(text: str) -> list[str]:
    """Card codes as typed: separated by spaces, commas or «+»."""
    return text.replace(",", " ").replace("+", " ").split()


def plays_typed(rs: Ruleset, text: str) -> list[Any]:
    """The plays as typed: codes in order; where a play may be several cards, each play's codes,
    the plays separated by «;» or «|»."""
    if rs.multi_card_leads:
        return [split_codes(p) for p in text.replace("|", ";").split(";") if p.strip()]
    return split_codes(text)


def form_field(field: str | None) -> str:
    """The referee's form field of an engine error's place: ``hands[1][2]`` → ``h1``,
    ``prikup[0]`` → ``k0``, any play → ``plays``; another place as it is."""
    name = field or ""
    if name.startswith("hands["):
        return "h" + name[6]
    if name.startswith("prikup["):
        return "k" + name[7]
    if name.startswith("plays"):
        return "plays"
    return name


def read_typed(
    rs: Ruleset,
    leader: int,
    hands: Sequence[str],
    plays: str,
    *,
    stock: str = "",
    prikup: Sequence[str] = (),
    dealer: int | None = None,
    context: TrickContext | None = None,
) -> DealIn:
    """The deal as the referee's form has it typed: a text of codes per seat (a seat left out or
    blank holds none), the plays, the draw-four stock, the second round where the table deals
    one (a seat's ``prikup``), the dealer."""
    n = rs.seats
    second = list(prikup[:n])
    return DealIn(
        rs,
        leader,
        hands=[split_codes(t) for t in (list(hands) + [""] * n)[:n]],
        plays=plays_typed(rs, plays),
        context=context,
        stock=split_codes(stock) if rs.draws and stock.strip() else None,
        prikup=[split_codes(t) for t in (second + [""] * n)[:n]]
        if rs.rounds > 1 and any(t.strip() for t in second)
        else None,
        dealer=dealer,
    )
