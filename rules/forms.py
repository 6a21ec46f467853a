"""Forms check shape; the engine checks the rules (ARCHITECTURE.md)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.engine.cards import KozelError
from rules.engine.variants import VARIANTS, differing_options, get_variant
from rules.messages import describe, variant_name


class HouseRuleForm(forms.Form):
    """Name, base variant and ``opt_<name>`` fields taken from the raw POST (the options depend
    on the variant); ``clean`` asks the engine and keeps only what differs from the defaults."""

    name = forms.CharField(label=_("Name"), max_length=60, strip=True)
    variant = forms.ChoiceField(label=_("Base variant"), choices=())

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [(k, variant_name(k)) for k in VARIANTS]  # type: ignore[attr-defined]
        self.differing: dict[str, object] = {}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        key = self.data.get("variant")
        if key not in VARIANTS:
            return data
        variant = get_variant(key)
        raw = {k[4:]: v for k, v in self.data.items() if k.startswith("opt_")}
        options = {}
        for okey, value in raw.items():
            try:
                option = variant.option(okey)
                options[okey] = option.check(option.from_text(str(value)))
            except KozelError as e:
                self._engine_error(e)
        if not self.errors:
            try:
                self.differing = differing_options(variant, options)  # an alias read as its option
            except KozelError as e:
                self._engine_error(e)
        return data

    def _engine_error(self, e: KozelError) -> None:
        params = dict(e.params)
        params.setdefault("token", e.token)
        self.add_error(None, forms.ValidationError(describe(e.code, params), code=e.code))
