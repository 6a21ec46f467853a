"""The engine's refusal of a record as a form's error: on the field it names, or (an edit that
breaks a later hand) a general error naming that hand. Shared by the forms, which build the
record, and the services, which fold it."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules.engine import RecordError

from . import explain

FIELD_RE = re.compile(r"^hands\[(\d+)\]\.?(.*)$")
FIELD_MAP = {
    "points": "points_0",
    "points[0]": "points_0",
    "points[1]": "points_1",
    "points[2]": "points_2",
    "points[3]": "points_3",
    "last_suit": "last_suit",
    "lone": "lone",
    "penalty.kind": "penalty_kind",
    "penalty.against": "penalty_against",
    "penalty": "penalty_kind",
    "all_tricks": "all_tricks",
    "obyaz": "obyaz",
    "queen_capture": "queen_capture",
    "hvalyonka": "hvalyonka",
    "revoke": "revoke",
    "note": "note",
}


def as_validation_error(exc: RecordError, index: int, *, shift: int = 0) -> ValidationError:
    """The engine's error on the form field it names; an error in another hand than ``index``
    is a general error naming that hand by the board's number (``shift``: the board's numbers
    against the replayed list's, one more after a removal)."""
    m = FIELD_RE.match(exc.field or "")
    message = explain.error_message(exc.code)
    if m and int(m.group(1)) != index:
        n = int(m.group(1)) + 1 + shift
        if exc.code == "match_finished":  # one plain sentence, not the engine's words glued on
            message = _("With this change the match ends before hand %(n)s.") % {"n": n}
        else:
            message = _("Hand %(n)s would no longer fit: %(why)s") % {"n": n, "why": message}
        # the hand's number rides along: a correction that ends the match sooner offers to
        # remove the hands from it on (scorekeeper.services.sooner)
        return ValidationError(message.replace("%", "%%"), code=exc.code, params={"hand": n})
    field = FIELD_MAP.get(m.group(2) if m else (exc.field or ""), None)
    err = ValidationError(message, code=exc.code)
    return ValidationError({field: err}) if field else err


def hand_index(exc: RecordError) -> int:
    """The hand a new record's error names is the new hand itself."""
    m = FIELD_RE.match(exc.field or "")
    return int(m.group(1)) if m else -1
