"""The company's forms: their shape only; the services decide what fits (names, merges)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from common.numbers import WholeNumberField

from ..forms.write import WriteForm
from .services.players import MAX_NAME


class CompanyForm(forms.Form):
    name = forms.CharField(max_length=60, required=False)
    players = forms.CharField(max_length=800, required=False, widget=forms.Textarea)
    # filled on the phone from Intl.DateTimeFormat().resolvedOptions().timeZone; checked by zoneinfo
    time_zone = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def player_names(self) -> list[str]:
        raw = self.cleaned_data.get("players") or ""
        return [n.strip() for n in raw.replace(",", "\n").splitlines() if n.strip()]


class NameForm(WriteForm):
    name = forms.CharField(max_length=MAX_NAME, error_messages={"required": _("Type the player's name.")})


class RenameForm(NameForm):
    player = WholeNumberField(min_value=1)


class MergeForm(WriteForm):
    keep = WholeNumberField(min_value=1)
    fold = WholeNumberField(min_value=1)


class UnmergeForm(WriteForm):
    merge = WholeNumberField(min_value=1)


class LinkForm(WriteForm):
    link = forms.CharField(max_length=300, error_messages={"required": _("Paste the match's edit link.")})


class RemoveForm(WriteForm):
    match = WholeNumberField(min_value=1)
