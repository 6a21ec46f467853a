"""The referee's query string read through Django forms.

:class:`RulesForm` reads ``variant`` and its ``opt_<name>`` options; :class:`RefereeForm` adds
what the referee's pages share (``leader``, ``cards``, ``hand``, ``score``); the trick, deal and
hand forms extend it. A field that is bad gets the form's error (shown beside it, and the page
answers 400); where the old value is still useful (the good cards of a list with one bad code)
the form keeps it in :meth:`RulesForm.value`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import Any, TypeVar

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.numbers import WholeNumberField, number, read_number
from rules.deals import split_codes
from rules.engine.cards import SUITS, Card, KozelError
from rules.engine.variants import DEFAULT_VARIANT, Ruleset, Variant, get_variant, resolve
from rules.messages import describe, option_label

from .common import MAX_PARAM, NAME_MAX, NONE_WORDS, Problem, RulesChoice, engine_problem


class SeatField(forms.Field):
    """A seat, 0-3 (blank: none)."""

    def to_python(self, value: Any) -> int | None:
        raw = (value or "").strip()
        if raw == "":
            return None
        seat = read_number(raw, 0, 3)
        if seat is None:
            raise ValidationError(describe("bad_seat"))
        return seat


def whole_number(lo: int, hi: int, *, required: bool = False) -> WholeNumberField:
    """A whole number between ``lo`` and ``hi`` (blank: none), refused in the referee's words."""
    out_of_range = lazy(describe, str)("out_of_range", {"min": lo, "max": hi})
    messages = {
        "invalid": lazy(describe, str)("bad_type", {"expected": gettext_lazy("a whole number")}),
        "min_value": out_of_range,
        "max_value": out_of_range,
    }
    return WholeNumberField(min_value=lo, max_value=hi, required=required, error_messages=messages)


class ScoreField(forms.Field):
    """The match score as ``a:b`` (also ``a-b``, ``a/b``)."""

    def to_python(self, value: Any) -> tuple[int, int] | None:
        raw = (value or "").strip()
        if not raw:
            return None
        parts = [read_number(p, 0, 1000) for p in raw.replace("-", ":").replace("/", ":").split(":")]
        if len(parts) != 2 or None in parts:
            raise ValidationError(_("Write the score as two numbers, e.g. 10:10."))
        a, b = parts
        assert a is not None and b is not None
        return a, b


class TextField(forms.CharField):
    """Free text kept as typed, cut to ``limit`` characters."""

    def __init__(self, limit: int = MAX_PARAM) -> None:
        self.limit = limit
        super().__init__(required=False, strip=False)

    def to_python(self, value: Any) -> str:
        return (super().to_python(value) or "")[: self.limit]


class RulesForm(forms.Form):
    """``variant`` and its ``opt_<name>`` options (``was``: the variant the options were set for;
    after a switch they are dropped)."""

    variant = forms.CharField(required=False)
    unused: tuple[str, ...] = ()  # fields of a base form this page does not read

    def __init__(self, data: Mapping[str, str], *, default: str | None = DEFAULT_VARIANT) -> None:
        super().__init__(data)
        self.default = default
        self.rules = RulesChoice(None, {}, None)
        self.partial: dict[str, Any] = {}  # a bad field's still useful part
        for name in self.unused:
            del self.fields[name]
        for name in data:
            if name.startswith("opt_"):
                self.fields[name] = forms.CharField(required=False, strip=False)

    @property
    def ruleset(self) -> Ruleset | None:
        return self.rules.ruleset

    def clean_variant(self) -> str:
        key = self.cleaned_data["variant"] or self.default
        try:
            variant = get_variant(key)
        except KozelError as e:
            raise ValidationError(engine_problem(e, "variant").message) from None
        options: dict[str, object] = {}
        same_variant = self.data.get("was") in (None, "", variant.key)
        seats = self._seats(variant) if same_variant else variant.seats[-1]
        # the page's seat choice changed: options that count does not allow are dropped, like
        # the old variant's options after a switch; a link that asks for both is an error
        seats_changed = self.data.get("was_seats") not in (None, "", str(seats))
        if same_variant:
            for name, raw in self.data.items():
                if not name.startswith("opt_"):
                    continue
                try:
                    option = variant.option(name[4:])  # unknown_option
                    value = option.check(option.from_text(raw[:40]))
                except KozelError as e:
                    self.add_error(name, engine_problem(e, name).message)
                    continue
                if option.alias_of is not None:  # opt_blind_seat: one seat of blind_seats
                    if f"opt_{option.alias_of}" in self.data:
                        continue
                    option = variant.option(option.alias_of)
                allowed = variant.seat_options.get(option.key)
                if allowed is not None and seats not in allowed and value != option.default:
                    if not seats_changed:
                        message = describe(
                            "option_needs_seats", {"option": option_label(option.key), "seats": allowed}
                        )
                        self.add_error(name, message)
                    continue
                options[option.key] = value
        try:
            rs = resolve(variant, options, seats=seats)
        except KozelError as e:  # pragma: no cover - options were checked one by one
            self.add_error(None, engine_problem(e).message)
            rs = resolve(variant, seats=seats)
        self.rules = RulesChoice(variant, options, rs)
        return variant.key

    def _seats(self, variant: Variant) -> int:
        """The seat count asked for (``seats``), where the variant is played by several; a count
        it is not played by is an error, and the largest table is used."""
        raw = str(self.data.get("seats") or "").strip()
        if not raw or len(variant.seats) == 1:
            return variant.seats[-1]
        seats = number(raw, "seats", 0, 99)
        if seats in variant.seats:
            return seats
        self.add_error(None, describe("bad_seats", {"allowed": ", ".join(map(str, variant.seats))}))
        return variant.seats[-1]

    def value(self, name: str, default: Any = None) -> Any:
        """A field's clean value; for a bad field what of it is still useful, else ``default``."""
        if name in self.cleaned_data:
            value = self.cleaned_data[name]
            return default if value is None else value
        return self.partial.get(name, default)

    def problems(self) -> list[Problem]:
        out = []
        for name, messages in self.errors.items():
            for message in messages:
                out.append(Problem("" if name == NON_FIELD_ERRORS else name, str(message)))
        return out

    def choice(self) -> RulesChoice:
        """The variant and options read, with their problems."""
        self.rules.problems = [
            p for p in self.problems() if p.field in ("", "variant") or p.field.startswith("opt_")
        ]
        return self.rules

    def card_list(self, name: str) -> list[Card]:
        """The codes in field ``name`` as cards of this variant's deck, each once. A bad code is
        an error; the good cards are kept either way."""
        out: list[Card] = []
        errors: list[str] = []
        rs = self.ruleset
        for token in split_codes(self.cleaned_data.get(name, "")[:MAX_PARAM]):
            try:
                c = Card.parse(token)
            except KozelError as e:
                errors.append(engine_problem(e, name).message)
                continue
            if rs is not None and c not in rs.deck:
                errors.append(describe("card_not_in_deck", {"card": c.code}))
            elif c in out:
                errors.append(describe("duplicate_card", {"card": c.code}))
            else:
                out.append(c)
        if errors:
            self.partial[name] = out
            raise ValidationError(errors)
        return out


class RefereeForm(RulesForm):
    """What the referee's pages share: the rules, who leads, the cards, the hand's number and
    the match score."""

    leader = SeatField(required=False)
    cards = forms.CharField(required=False, strip=False)
    hand = whole_number(1, 999)
    score = ScoreField(required=False)
    # the match's players by seat, when a match opened the page (names only: never its secret)
    name0 = TextField(NAME_MAX)
    name1 = TextField(NAME_MAX)
    name2 = TextField(NAME_MAX)
    name3 = TextField(NAME_MAX)

    def clean_cards(self) -> list[Card]:
        return self.card_list("cards")

    def clean(self) -> dict[str, Any]:
        names = [self.value(f"name{seat}", "").strip() for seat in range(4)]
        while names and not names[-1]:
            names.pop()
        self.cleaned_data["names"] = names
        seats = self.ruleset.seats if self.ruleset is not None else 4
        leader = self.cleaned_data.get("leader")
        if leader is not None and leader >= seats:
            if self.data.get("was_seats") not in (None, "", str(seats)):
                self.cleaned_data["leader"] = 0  # the table just got smaller: its first seat leads
            else:
                self.add_error("leader", describe("bad_seat"))
        return self.cleaned_data


class TrickForm(RefereeForm):
    """One trick: ``n`` cards a play (draw-four), what seats held (``h0``..``h3``, ``-``: none of
    the cards asked about), the hand's first leader, the plain suits led before, the trick number,
    and whether draw-four's stock is drawn."""

    n = forms.CharField(required=False)
    h0 = forms.CharField(required=False)
    h1 = forms.CharField(required=False)
    h2 = forms.CharField(required=False)
    h3 = forms.CharField(required=False)
    first = SeatField(required=False)
    led = forms.CharField(required=False, strip=False)
    trick = whole_number(1, 18)  # the duel with sevens has 18 tricks
    boaster = SeatField(required=False)
    drawn = forms.BooleanField(required=False)  # draw-four: the stock is drawn

    def clean_n(self) -> int:
        if self.ruleset is None or not self.ruleset.multi_card_leads:
            return 1
        return whole_number(1, self.ruleset.max_lead).clean(self.cleaned_data["n"]) or 1

    def _held(self, name: str) -> list[Card] | None:
        raw = self.cleaned_data[name]
        if not raw:
            return None
        return [] if raw.strip().lower() in NONE_WORDS else self.card_list(name)

    def clean_h0(self) -> list[Card] | None:
        return self._held("h0")

    def clean_h1(self) -> list[Card] | None:
        return self._held("h1")

    def clean_h2(self) -> list[Card] | None:
        return self._held("h2")

    def clean_h3(self) -> list[Card] | None:
        return self._held("h3")

    def clean_led(self) -> str:
        led = self.cleaned_data["led"].upper()
        self.partial["led"] = "".join(s for s in SUITS if s in led)
        if any(ch not in SUITS for ch in led):
            raise ValidationError(describe("bad_suit"))
        return self.partial["led"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        held = {seat: self.value(f"h{seat}") for seat in range(4)}
        self.cleaned_data["held"] = {seat: c for seat, c in held.items() if c is not None}
        cards, n = self.value("cards", []), self.value("n", 1)
        seats = self.ruleset.seats if self.ruleset is not None else 4
        if len(cards) > seats * n:
            self.partial["cards"] = cards[: seats * n]
            self.add_error("cards", describe("wrong_trick_size"))
        return self.cleaned_data


class DealForm(RefereeForm):
    """A whole deal: the four hands as typed (``h0``..``h3``), the plays, the draw-four stock
    and the step shown."""

    unused = ("cards",)
    h0 = TextField()
    h1 = TextField()
    h2 = TextField()
    h3 = TextField()
    k0 = TextField()
    k1 = TextField()
    k2 = TextField()
    k3 = TextField()
    plays = TextField(MAX_PARAM * 2)
    stock = TextField()
    dealer = SeatField(required=False)
    boaster = SeatField(required=False)
    step = whole_number(0, 40)

    def clean(self) -> dict[str, Any]:
        super().clean()
        seats = self.ruleset.seats if self.ruleset is not None else 4
        self.cleaned_data["hands"] = [self.value(f"h{seat}", "") for seat in range(seats)]
        self.cleaned_data["prikup"] = [self.value(f"k{seat}", "") for seat in range(seats)]
        dealer = self.cleaned_data.get("dealer")
        if dealer is not None and dealer >= seats:
            self.add_error("dealer", describe("bad_seat"))
        return self.cleaned_data


class HandForm(RefereeForm):
    """Hand checks: the cards of one hand, the hand's number and, for Belka, the seats that held
    the jack of clubs first and this deal."""

    unused = ("leader", "score")
    first_jc = SeatField(required=False)
    jc = SeatField(required=False)


Query = TypeVar("Query")


def read_query(cls: type[Query], form: RulesForm) -> Query:
    """A page's state (a dataclass of ``rules``, ``problems`` and the rest) from its form: each
    other field takes the form's value of the parameter its metadata ``param`` names (else its
    own name), or its default when the parameter is blank or bad."""
    problems = form.problems()  # cleans the form
    values: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name in ("rules", "problems"):
            continue
        default = f.default_factory() if f.default_factory is not MISSING else f.default
        values[f.name] = form.value(f.metadata.get("param", f.name), default)
    return cls(form.choice(), problems=problems, **values)  # type: ignore[call-arg]


def read_rules(query: Mapping[str, str], default: str | None = DEFAULT_VARIANT) -> RulesChoice:
    """The variant, its options and the table a query asks for (the referee pages, the sheets)."""
    return RulesForm(query, default=default).choice()
