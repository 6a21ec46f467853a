"""A variant's options as data (docs/rules.md#variants): what values each takes, how a link or a
form writes them, and the values older requests, stored matches and house sheets still say.

:class:`Option` checks one value; :func:`read_options` reads a whole dict of them over the
defaults, an alias (``blind_seat``, one blind seat) read as the option it names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import KozelError

TRUE_WORDS = frozenset({"1", "true", "yes", "on", "y"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", "n"})

BLIND_CHOICES: tuple[str, ...] = ("none", "0", "1", "2", "3")
"""The ``blind_seat`` table option: no blind seat, or the seat whose cards a player plays blind."""

BLIND_SEATS_CHOICES: tuple[str, ...] = (*BLIND_CHOICES, "0,1", "0,3", "1,2", "2,3")
"""The ``blind_seats`` table option (classic-sixes#blind): none, one seat, or two seats of different
sides (two people, each with a blind partner)."""

MULTI_LEADS_CHOICES: tuple[str, ...] = ("off", "suit", "suit_or_rank")
"""The ``multi_leads`` option (classic-sixes#leading): one card; also one to three cards of one
printed suit or all trumps; also two or three cards of one rank."""


class VariantError(KozelError):
    """Unknown variant (``unknown_variant``), unknown option (``unknown_option``) or a bad value (``bad_option``)."""


def _seats_value(value: object) -> object:
    """The JSON forms of a blind seat's option: null, a seat number, or a list of seat numbers."""
    if value is None:
        return "none"
    if type(value) is int:
        return str(value)
    if isinstance(value, list) and value and all(type(s) is int for s in value):
        return ",".join(str(s) for s in sorted(value))
    return value


@dataclass(frozen=True)
class Option:
    key: str
    kind: str  # "bool" or "choice"
    default: object
    choices: tuple[object, ...] = ()
    source: str = ""  # docs/rules.md section
    # only with another option at a value: draw-four's scoring brings its own options
    # (DECISIONS draw_four_system_options), penalty goats' trump_lead comes with its khvalyonki
    when: tuple[str, object] | None = None
    # values the option took before it changed shape, each read as the value it became
    legacy: tuple[tuple[object, object], ...] = ()
    # another option's name for some of its values (``blind_seat``: one blind seat)
    alias_of: str | None = None

    def applies(self, values: Mapping[str, object]) -> bool:
        return self.when is None or values.get(self.when[0]) == self.when[1]

    def from_text(self, raw: str) -> object:
        """The value an option has in a link or a form (``opt_<key>=1``), before :meth:`check`:
        a bool from ``1/true/yes/on/y`` or ``0/false/no/off/n``; anything else is left as written,
        so that :meth:`check` names the bad value. A choice that was a bool reads those words too."""
        low = raw.strip().lower()
        if self.kind == "bool" or (self.legacy and low not in self.choices):
            if low in TRUE_WORDS:
                return True if self.kind == "bool" else self._old(True)
            if low in FALSE_WORDS:
                return False if self.kind == "bool" else self._old(False)
            return raw
        return raw.strip()

    def _old(self, value: bool) -> object:
        return next((new for old, new in self.legacy if old is value), value)

    def to_text(self, value: object) -> str:
        """The value as a link writes it; ``from_text(to_text(v)) == v``."""
        if value is True:
            return "1"
        if value is False:
            return "0"
        return str(value)

    def check(self, value: object) -> object:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise VariantError(
                "bad_option",
                f"option {self.key} takes true or false",
                field=self.key,
                token=repr(value),
                option=self.key,
            )
        if isinstance(value, bool) and self.legacy:
            value = self._old(value)
        elif self.choices[0] == "none" and "0" in self.choices:
            value = _seats_value(value)
        if isinstance(value, str) and value in self.choices:
            return value
        raise VariantError(
            "bad_option",
            f"option {self.key} takes one of {', '.join(map(str, self.choices))}",
            field=self.key,
            token=repr(value),
            option=self.key,
            choices=list(self.choices),
        )

    def as_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"key": self.key, "kind": self.kind, "default": self.default}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.when is not None:
            d["when"] = {"option": self.when[0], "value": self.when[1]}
        if self.alias_of is not None:
            d["alias_of"] = self.alias_of
        return d


def read_options(
    options: Sequence[Option], aliases: Sequence[Option], given: Mapping[str, object]
) -> dict[str, object]:
    """The defaults of ``options`` overlaid by ``given``, each value checked, an alias read as the
    option it names; the options that do not apply with the values chosen left out. An unknown key
    is ``unknown_option``; an alias and its option both given, the alias not at its default and
    the two saying different things, is ``option_conflict`` naming the alias."""
    by_key = {o.key: o for o in (*options, *aliases)}
    merged = {o.key: o.default for o in options}
    read: dict[str, object] = {}
    for key, value in given.items():
        o = by_key.get(str(key))
        if o is None:
            raise VariantError(
                "unknown_option", f"no option {key}", field=str(key), token=str(key), option=str(key)
            )
        read[o.key] = o.check(value)
    for alias in aliases:
        if alias.key not in read:
            continue
        value = read.pop(alias.key)
        target = str(alias.alias_of)
        if target not in read:
            read[target] = value
        elif value != alias.default and value != read[target]:
            raise VariantError(
                "option_conflict",
                f"{alias.key} and {target} say different things",
                field=alias.key,
                token=repr(value),
                option=alias.key,
                alias_of=target,
            )
    merged.update(read)
    return {o.key: merged[o.key] for o in options if o.applies(merged)}
