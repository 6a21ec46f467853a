"""What a write can meet besides an engine refusal (a ``ValidationError``)."""

from __future__ import annotations


class StaleForm(Exception):
    """The match changed since the form was shown (another phone, another tab); ``version`` is
    the match's version now (a phone's outbox applies a change again on top of it)."""

    def __init__(self, version: int | None = None) -> None:
        super().__init__()
        self.version = version


class NotFound(Exception):
    """No such hand or log entry in this match."""


class NonceReused(Exception):
    """The form's nonce already did a different change: a nonce belongs to one action, so a
    retry of that action is answered as done and anything else is refused (nothing written)."""
