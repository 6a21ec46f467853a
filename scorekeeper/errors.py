"""What a write can meet. The one family of refusals (:class:`WriteRefused`: nothing was
stored, and the view answers with its ``status``, the phone's outbox also with its ``code``),
raised by a match's writes and a company's alike; and the engine's refusal of a record as a
form's error: on the field it names, or (an edit that breaks a later hand) a general error
naming that hand, shared by the forms, which build the record, and the services, which fold it."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules.engine import RecordError

from . import explain


class WriteRefused(Exception):
    """A write that was not done; nothing changed."""

    status = 409
    code = "refused"


class StaleForm(WriteRefused):
    """The match changed since the form was shown (another phone, another tab); ``version`` is
    the match's version now (a phone's outbox applies a change again on top of it)."""

    code = "stale"

    def __init__(self, version: int | None = None) -> None:
        super().__init__()
        self.version = version


class NonceReused(WriteRefused):
    """The form's nonce already did a different change: a nonce belongs to one action, so a
    retry of that action is answered as done and anything else is refused (nothing written)."""

    code = "nonce_reused"


class NotFound(WriteRefused):
    """No such hand or log entry in this match."""

    status = 404
    code = "not_found"


class Invalid(WriteRefused):
    """The change does not fit (the engine refuses the record, a bound is reached, a company's
    rule): ``error`` says why, on the form field it names when it names one."""

    status = 422
    code = "invalid"

    def __init__(self, error: ValidationError) -> None:
        super().__init__(error)
        self.error = error

    @property
    def messages(self) -> list[str]:
        return self.error.messages


FIELD_RE = re.compile(r"^hands\[(\d+)\]\.?(.*)$")
FIELD_MAP = {
    "points": "points_0",
    "points[0]": "points_0",
    "points[1]": "points_1",
    "points[2]": "points_2",
    "points[3]": "points_3",
    "last_suit": "last_suit",
    "lone": "lone",
    "first_leader": "first_leader",
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
