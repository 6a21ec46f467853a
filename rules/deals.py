"""A deal as the engine takes it (``play_deal``, ``analyse_deal``): the hands, the plays, the
table (stock, prikup, dealer) and the trick's context, read once per request from the API's JSON
(:func:`rules.api.read.deal_body`) or the referee's form (:func:`rules.referee.deal.deal_of`) and
handed as one value to the review and to the analysis. The engine reads the cards and names a bad
one by its place (``hands[1][2]``, ``plays[3]``): the API answers with that path, the pages with
the form field it was typed in (:func:`form_field`), the error's code and words the same."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.engine.cards import Card
from rules.engine.deal import Deal, play_deal
from rules.engine.tricks import TrickContext
from rules.engine.variants import Ruleset


@dataclass(frozen=True)
class DealIn:
    """What ``play_deal`` and ``analyse_deal`` take: ``hands`` one list of cards (or their codes)
    per seat, ``plays`` the same (a list where a play is several cards), and the table."""

    rs: Ruleset
    leader: int
    hands: Sequence[Sequence[Card | str]]
    plays: Sequence[Any]
    context: TrickContext | None = None
    stock: Sequence[Card | str] | None = None
    prikup: Sequence[Sequence[Card | str] | None] | None = None
    dealer: int | None = None

    @property
    def table(self) -> dict[str, Any]:
        """The table as the engine's keywords: the stock, the prikup and the dealer given."""
        given = {"stock": self.stock, "prikup": self.prikup, "dealer": self.dealer}
        return {k: v for k, v in given.items() if v is not None}

    @property
    def tail(self) -> int:
        """Plays of an unfinished last trick."""
        return len(self.plays) % self.rs.seats

    def whole_tricks(self) -> DealIn:
        """The deal without the plays of an unfinished last trick."""
        return replace(self, plays=self.plays[: len(self.plays) - self.tail]) if self.tail else self

    def play(self) -> Deal:
        """The deal played out by the engine (its errors for bad input)."""
        return play_deal(self.rs, self.leader, self.hands, self.plays, context=self.context, **self.table)


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
