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


class SeenReview(models.Model):
    """A review of a deal by what each player could see (docs/api.md#the-review-by-what-was-seen), stored under the
    request it answers: ``id`` is the hex SHA-256 of the canonical request and the analysis's
    version, ``request`` that request (the deal, its options, the plays to judge: never a match
    or a link). Its task (rules.analysis.seen) moves ``status`` from queued to running to done or
    failed, counts ``judged`` of ``to_judge`` and stores ``result`` or ``error``; ``beat`` is its
    last sign of life. Kept 30 days (``SEEN_KEEP_DAYS``)."""

    id = models.CharField(primary_key=True, max_length=64)
    request = models.JSONField()
    status = models.CharField(max_length=8, default="queued")
    judged = models.PositiveIntegerField(default=0)
    to_judge = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True)
    error = models.JSONField(null=True)
    task_id = models.CharField(max_length=64, blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    beat = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["status", "created"])]
