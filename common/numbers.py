"""Whole numbers read from a request: the one place the site turns text into an ``int``.

``str.isdigit()`` accepts «²» and «①», which ``int()`` refuses, and ``int()`` accepts «١٢», «１２»,
``1_000`` and spaces, and refuses more than 4,300 digits: each was a 500 or a surprise. Here a
number is ASCII digits only, at most :data:`MAX_DIGITS` of them, within the bounds the caller
gives. A bad one raises :class:`BadNumber`, Django's ``BadRequest``: the site answers 400 with a
message naming the field (``kozel_site.views.bad_request``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import forms
from django.core.exceptions import BadRequest, ValidationError
from django.utils.translation import gettext_lazy as _

MAX_DIGITS = 9
MESSAGE = _("“%(field)s” must be a whole number from %(min)s to %(max)s.")


def is_number_text(text: str) -> bool:
    """ASCII digits only, one to :data:`MAX_DIGITS` of them."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def read_number(raw: object, lo: int, hi: int) -> int | None:
    """``raw`` as a whole number in ``lo..hi``, or None when it is not one."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not is_number_text(text):
        return None
    value = int(text)
    return value if lo <= value <= hi else None


INSTANT_DIGITS = 11  # seconds since 1970: until the year 5138


def read_instant(raw: object) -> datetime | None:
    """``raw`` as a time in seconds since 1970 (a page's link to what came before it), or None
    when it is not one: ASCII digits only, at most :data:`INSTANT_DIGITS` of them."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not (0 < len(text) <= INSTANT_DIGITS and text.isascii() and text.isdigit()):
        return None
    try:
        return datetime.fromtimestamp(int(text), tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None


class BadNumber(BadRequest):
    def __init__(self, field: str, lo: int, hi: int) -> None:
        self.field, self.lo, self.hi = field, lo, hi
        super().__init__(f"{field}: not a whole number in {lo}..{hi}")

    @property
    def message(self) -> str:
        return str(MESSAGE % {"field": self.field, "min": self.lo, "max": self.hi})


def number(raw: object, field: str, lo: int, hi: int) -> int:
    """``raw`` as a whole number in ``lo..hi``; otherwise :class:`BadNumber` naming ``field``."""
    value = read_number(raw, lo, hi)
    if value is None:
        raise BadNumber(field, lo, hi)
    return value


def optional_number(raw: object, field: str, lo: int, hi: int) -> int | None:
    """As :func:`number`, a blank or missing value being None."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    return number(raw, field, lo, hi)


class WholeNumberField(forms.IntegerField):
    """Django's ``IntegerField`` that takes ASCII digits only (``int()`` takes any script's), at
    most :data:`MAX_DIGITS` of them: more is past any ``max_value`` (its message), or without one
    not a number this site reads. The one form field for a number in a request; a page gives
    it its own words by ``error_messages`` (``invalid``, ``min_value``, ``max_value``). Blank,
    or only spaces, is no number (as :func:`optional_number` reads it)."""

    def to_python(self, value: Any) -> int | None:
        text = "" if value in self.empty_values else str(value).strip()
        if not text:
            return None
        if is_number_text(text):
            return int(text)
        if text.isascii() and text.isdigit() and self.max_value is not None:
            raise ValidationError(
                self.error_messages["max_value"], code="max_value", params={"limit_value": self.max_value}
            )
        raise ValidationError(self.error_messages["invalid"], code="invalid")
