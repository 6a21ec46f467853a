"""A match and its append-only log of hand entries (STYLE.md: scores are a fold over a log).

Nothing here is ever UPDATEd or DELETEd once written, except nothing: a correction is a new
:class:`Entry`. The current list of hands and the score are derived (``selectors``).
"""

from __future__ import annotations

from django.db import models


class Match(models.Model):
    public_id = models.CharField(max_length=24, unique=True)
    # SHA-256 of the edit secret; the secret itself is never stored. Rematches share it, so a
    # phone holding the edit link can follow the series.
    secret_hash = models.CharField(max_length=64)
    variant = models.CharField(max_length=32)
    options = models.JSONField(default=dict)  # the full resolved options, frozen at creation
    team_names = models.JSONField(default=list)  # [team 0, team 1]
    player_names = models.JSONField(default=list)  # seats 0-3, "" when not named
    first_dealer = models.PositiveSmallIntegerField(default=0)
    first_leader = models.PositiveSmallIntegerField(null=True, blank=True)
    house = models.CharField(max_length=80, blank=True)
    series = models.CharField(max_length=24)  # shared by a match and its rematches
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="rematch"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["series"])]

    def __str__(self) -> str:
        return f"{self.public_id} ({self.variant})"


class Entry(models.Model):
    """One line of a match's log. ``slot`` is the seq of the ``add`` entry that created the hand."""

    ADD, EDIT, DELETE, UNDO, RESTORE = "add", "edit", "delete", "undo", "restore"
    ACTIONS = [(a, a) for a in (ADD, EDIT, DELETE, UNDO, RESTORE)]

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="entries")
    seq = models.PositiveIntegerField()  # 1, 2, 3 … per match; the form's version is the last seq
    action = models.CharField(max_length=8, choices=ACTIONS)
    slot = models.PositiveIntegerField()
    record = models.JSONField(null=True, blank=True)  # HandRecord.to_dict() for add/edit/restore
    source = models.PositiveIntegerField(null=True, blank=True)  # restore: the entry restored
    reason = models.CharField(max_length=300, blank=True)
    nonce = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="entry_unique_seq"),
            models.UniqueConstraint(fields=["match", "nonce"], name="entry_unique_nonce"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.action} {self.slot}"
