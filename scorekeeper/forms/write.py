"""What every write form sends (the version, the nonce, a reason), and the seats' choices the
forms that name a seat share."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from common.numbers import WholeNumberField

from .. import reasons

SEAT_CHOICES = [(str(s), str(s + 1)) for s in range(4)]
NOT_AT_TABLE = {"invalid_choice": _("Choose one of the players at this table.")}


def new_nonce() -> str:
    """A fresh idempotency nonce for a write form (a retried POST with it is applied once)."""
    return secrets.token_urlsafe(12)


VERSION_MISSING = _(
    "This form did not say which state of the match it was filled in against. "
    "Reload the page and enter it again."
)


BAD_REASON = _("The review's reason came back damaged. Open the review again from the match.")


class WriteForm(forms.Form):
    """What every write sends: the log version the page showed, the nonce of this one action,
    maybe a reason. Without the version a write could overwrite what another phone changed."""

    version = WholeNumberField(
        min_value=0,
        widget=forms.HiddenInput,
        error_messages={
            "required": VERSION_MISSING,
            "invalid": VERSION_MISSING,
            "min_value": VERSION_MISSING,
        },
    )
    nonce = forms.CharField(max_length=64, widget=forms.HiddenInput)
    reason = forms.CharField(required=False, max_length=300)
    # a reason proposed by the referee, as a code with parameters (scorekeeper.reasons)
    reason_code = forms.CharField(required=False, max_length=32, widget=forms.HiddenInput)
    reason_params = forms.CharField(required=False, max_length=60, widget=forms.HiddenInput)
    # the coded reason in words as the reason field was filled in with it: kept as the code alone
    reason_shown = forms.CharField(required=False, max_length=300, widget=forms.HiddenInput)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        # hidden fields: their errors are shown with the form's own, where the player sees them
        for name in ("version", "nonce"):
            if name in self.errors:
                errors = self.errors.pop(name)
                self.add_error(None, errors)
        code = data.get("reason_code") or ""
        if code:
            params = reasons.parse_params(code, data.get("reason_params") or "")
            if params is None:
                self.add_error(None, forms.ValidationError(BAD_REASON, code="bad_reason"))
            else:
                text = data.get("reason") or ""
                data["reason"] = reasons.encode(
                    code, params, "" if text == data.get("reason_shown") else text
                )
        return data

    def add_refusal(self, error: forms.ValidationError) -> None:
        """A refusal of the write (the engine's, a bound's) beside the field it names, else
        the form's own."""
        if hasattr(error, "error_dict"):
            for field, errors in error.error_dict.items():
                self.add_error(field if field in self.fields else None, errors)
        else:
            self.add_error(None, error)

    def message(self) -> str:
        """Every error of the form in one line: a control form (undo, delete, restore, rematch)
        has no fields to show its errors beside, so they are the page's message."""
        return " ".join(str(m) for errors in self.errors.values() for m in errors)
