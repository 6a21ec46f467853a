"""Writes of the rules app: a house-rule sheet is the only thing it stores."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from rules.engine.variants import get_variant
from rules.models import HouseRule


@transaction.atomic
def house_create(*, name: str, variant: str, options: Mapping[str, object]) -> HouseRule:
    """A named sheet over ``variant`` keeping only the ``options`` that differ from its defaults
    (the form asked the engine to check them). It is found by its link only: nothing lists it."""
    return HouseRule.objects.create(name=name, variant=get_variant(variant).key, options=dict(options))
