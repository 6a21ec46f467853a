"""House rules: a named set of options over a base variant."""

from __future__ import annotations

import secrets

from django.db import models

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def new_slug() -> str:
    """The sheet's link is the only way to it: 12 letters of 31, about 59 bits, not guessable."""
    return "".join(secrets.choice(ALPHABET) for _ in range(12))


class HouseRule(models.Model):
    """Only the options that differ from the base variant are stored (checked by the engine)."""

    name = models.CharField(max_length=60)
    variant = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    slug = models.SlugField(max_length=12, unique=True, default=new_slug)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.name} ({self.variant})"
