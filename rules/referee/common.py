"""What the referee's three pages share: the query-string state and the card picker.

Everything a ruling needs lives in the GET query string, so a ruling is a link:

- ``variant`` and ``opt_<name>=<value>``; ``seats`` (2, 3 or 4) where the variant is played by
  several counts; blind seats are the option ``opt_blind_seats`` (``opt_blind_seat``, one seat,
  still read; docs/tables.md#blind-seat);
- ``name0``..``name3``: the players' names when a match opened the page (names only, never the
  match's edit secret; a seat without one is «Игрок N», a blind seat «слепой»);
- ``leader`` (a seat of the table), ``cards`` (codes in play order, spaces or commas), ``n``
  (draw-four: cards per play);
- the deal review: ``h0``..``h3`` the hands as dealt, ``k0``..``k3`` the second round (the
  duel's prikup, solo-twelve's second four), ``dealer`` (who takes the cards left over);
- ``h0``..``h3``: what a seat is known to have held besides the card it played (``-`` = none
  of the cards asked about);
- context: ``hand`` (hand number), ``score`` (``a:b``), ``first`` (seat of the hand's first
  lead), ``led`` (plain suits led before in this hand), ``trick`` (trick number).

This package writes that state (:mod:`.forms` reads it) and groups the deck for the picker. Every verdict
comes from :mod:`rules.engine`; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from rules.engine.cards import SUIT_SYMBOLS, Card, KozelError
from rules.engine.variants import ALL_VARIANTS, Ruleset, Variant
from rules.messages import card_text, describe

NONE_HELD = "-"  # a hand known to hold none of the cards asked about, in a link
# the same in a hand field as the player reads and types it (any language's word, or the dash)
NONE_WORDS = frozenset({NONE_HELD, "—", "нет", "none"})
MAX_PARAM = 400  # characters; a whole deal is about 32 codes


def player(seat: int) -> int:
    """Seats are numbered from 0 in URLs and the engine; players from 1 on screen."""
    return seat + 1


NAME_MAX = 40  # characters of a player's name carried in a referee link


def seat_name(seat: int, names: Sequence[str] = (), rs: Ruleset | None = None) -> str:
    """A seat as the page names it: «слепой» for a blind seat (nobody sits there,
    docs/tables.md#blind-seat), the player's name when a match gave one, else «Игрок N»."""
    if rs is not None and seat in rs.blind_seats:
        if len(rs.blind_seats) > 1:  # two blind seats: each by its number too
            return _("blind, seat %(n)s") % {"n": player(seat)}
        return _("blind")
    name = names[seat].strip() if seat < len(names) else ""
    return name or _("Player %(n)s") % {"n": player(seat)}


def side_class(rs: Ruleset | None, seat: int) -> str:
    """The colour class of a seat: its team where partners sit together, none where every
    player is a side of his own."""
    if rs is None or all(len(side) == 1 for side in rs.sides):
        return "solo"
    return f"team{rs.side_of(seat)}"


def names_params(names: Sequence[str]) -> dict[str, str]:
    """The players' names as a link carries them (``name0``..``name3``, blanks left out)."""
    return {f"name{i}": n for i, n in enumerate(names) if n.strip()}


def table_seats(rs: Ruleset | None, names: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every seat of the table for a seat choice: number, name and colour class."""
    n = rs.seats if rs is not None else 4
    return [
        {
            "seat": s,
            "name": seat_name(s, names, rs),
            "cls": side_class(rs, s),
            "blind": rs is not None and s in rs.blind_seats,
        }
        for s in range(n)
    ]


@dataclass
class Problem:
    field: str
    message: str


# ------------------------------------------------------------------ variant and options


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
        if len(self.variant.seats) > 1 and self.ruleset is not None:
            out["seats"] = str(self.ruleset.seats)
        for key, value in self.options.items():
            if value != self.variant.option(key).default:
                out[f"opt_{key}"] = self.variant.option(key).to_text(value)
        return out

    @property
    def seats(self) -> int:
        return self.ruleset.seats if self.ruleset is not None else 4


def variant_choices() -> list[str]:
    return list(ALL_VARIANTS)


# ------------------------------------------------------------------ card faces and picker


@dataclass
class Face:
    code: str
    text: str
    red: bool
    trump: bool = False


def face(c: Card, rs: Ruleset | None = None) -> Face:
    return Face(c.code, card_text(c), c.is_red, bool(rs and rs.is_trump(c)))


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


def group_label(group: str) -> str:
    if group == "T":
        return _("Trumps, high to low")
    return _("Plain %(suit)s") % {"suit": SUIT_SYMBOLS[group]}


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


SECTION_OF_REASON = {
    "must_follow_suit": "following",
    "must_answer_trump": "following",
    "must_trump": "following",
    "ace_discard_forbidden": "following",
    "trump_lead_forbidden": "leading",
    "must_lead_ad": "leading",
    "mixed_lead": "leading",
    "wrong_first_leader": "leading",
    "wrong_card_count": "leading",
    "blind_seat": "blind",
}


def capture_event(e: Any, who: Any = None) -> str:
    """A trick's queen-capture event in words (who caught whose queen); ``who(seat)`` names a
    seat (default «N», the player's number)."""
    name = who or player
    return describe(
        "queen_capture_event",
        {
            "catcher": e.params.get("catcher"),
            "queen": e.params.get("queen"),
            "catcher_player": name(int(e.params.get("catcher_seat", 0))),
            "queen_player": name(int(e.params.get("queen_seat", 0))),
            "team": e.team + 1,
        },
    )


def table_query(
    variant: str, options: Mapping[str, object], seats: int | None = None, names: Sequence[str] = ()
) -> dict[str, str]:
    """A referee link's query for a match's table: its variant, the options that differ from the
    defaults, its seat count where the variant has several, and the players' names. Nothing
    else of the match goes into it (a referee link is shared; a match's edit secret never is)."""
    from rules.engine.variants import check_options, get_variant

    v = get_variant(variant)
    out = {"variant": v.key}
    if seats is not None and len(v.seats) > 1:
        out["seats"] = str(seats)
    try:
        read = check_options(v, options)  # a match's options as the engine reads them today
    except KozelError:
        read = {}
    for key, value in read.items():
        option = v.option(key)
        if value != option.default:
            out[f"opt_{key}"] = option.to_text(value)
    return out | names_params([str(n)[:NAME_MAX] for n in names])
