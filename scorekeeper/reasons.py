"""Why a hand was changed, stored as a code with parameters and shown in the reader's language.

A correction proposed by the referee's deal review carries a code (``review_revoke`` with the
seat and the trick, ``review_points`` with the card points); the player may add words of their
own. The app's own reasons are codes too: ``restored`` (a version brought back) and
``replaced_offline`` (a phone's offline hand kept over the other phone's). The log stores ``{"code": …, "params": {…}, "text": …}`` as JSON in ``Entry.reason``; a
reason typed by hand alone stays plain text. :func:`reason_text` turns either into a line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from common.numbers import read_number

# code -> the integer parameters it takes
REASON_CODES: dict[str, tuple[str, ...]] = {
    "review_revoke": ("seat", "trick"),
    "review_no_trump": ("seat", "trick"),
    "review_illegal": ("seat", "trick"),
    "review_points": ("a", "b"),
    "restored": ("n",),  # a hand brought back to the version change #n wrote
    "replaced_offline": (),  # «Replace with mine»: a phone's offline hand replaced the other phone's
    "ended_sooner": ("n",),  # removed: after the correction of hand n the match ends before it
}


def parse_params(code: str, raw: str) -> dict[str, int] | None:
    """``seat=1,trick=3`` for ``code``; None when the code or a parameter is not as it must be."""
    names = REASON_CODES.get(code)
    if names is None:
        return None
    out: dict[str, int] = {}
    for part in raw.split(","):
        key, _sep, value = part.partition("=")
        n = read_number(value, 0, 999)
        if key in names and n is not None:
            out[key] = n
    return out if set(out) == set(names) else None


def format_params(params: Mapping[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items())


def encode(code: str, params: Mapping[str, int], text: str = "") -> str:
    """The stored form of a coded reason (fits ``Entry.reason``: the player's text is capped)."""
    return json.dumps({"code": code, "params": dict(params), "text": text[:200]}, ensure_ascii=False)


def decode(stored: str) -> tuple[str, dict[str, int], str] | None:
    if not stored.startswith("{"):
        return None
    try:
        d = json.loads(stored)
    except ValueError:
        return None
    if not isinstance(d, dict) or d.get("code") not in REASON_CODES or not isinstance(d.get("params"), dict):
        return None
    return d["code"], d["params"], str(d.get("text", ""))


def coded_line(code: str, params: Mapping[str, int], seat_name: Callable[[int], str]) -> str:
    p: dict[str, Any] = dict(params)
    if "seat" in p:
        p["player"] = seat_name(int(p["seat"]))
    match code:
        case "review_revoke":
            return _("Review: %(player)s did not follow in trick %(trick)s") % p
        case "review_no_trump":
            return _("Review: %(player)s did not trump in trick %(trick)s") % p
        case "review_illegal":
            return _("Review: an illegal play by %(player)s in trick %(trick)s") % p
        case "review_points":
            return _("Review: %(a)s:%(b)s by the cards") % p
        case "restored":
            return _("restored the version of change #%(n)s") % p
        case "replaced_offline":
            return _("Replaced by the hand kept on the other phone while it was offline")
        case "ended_sooner":
            return _("removed: after the correction of hand %(n)s the match ends before it") % p
    return code


def reason_text(stored: str, seat_name: Callable[[int], str]) -> str:
    """The reason as the reader reads it: a coded one in their language, the player's own words
    after it; a plain typed reason as it was typed."""
    coded = decode(stored)
    if coded is None:
        return stored
    code, params, text = coded
    line = coded_line(code, params, seat_name)
    return f"{line}. {text}" if text else line


def seat_namer(player_names: Sequence[str]) -> Callable[[int], str]:
    def name(seat: int) -> str:
        given = player_names[seat] if 0 <= seat < len(player_names) else ""
        return given or _("player %(n)s") % {"n": seat + 1}

    return name
