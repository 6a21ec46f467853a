"""A match and its append-only log of hand entries (scores are a fold over the log).

An :class:`Entry` is never UPDATEd or DELETEd once written: a correction is a new entry. The
current list of hands and the score are derived from the log. Two caches of that derivation are
kept beside it so a read or a write costs the same at hand 1 and at hand 1,000: the match's
``snapshot`` (the engine's fold state after the latest entry, tagged with the log version) and
one :class:`Line` per hand on the board (its record, its result, its text, and on every
``snapshots.CHECKPOINT``-th line the fold state after it). Both are rewritten in the transaction that appends an entry, and both
can be rebuilt from the log at any time (``manage.py check_snapshots``).
"""

from __future__ import annotations

import json
from typing import Any

from django.db import models


class UnescapedJSONEncoder(json.JSONEncoder):
    """JSON with letters as themselves, not as ``\\uXXXX``: a board line's words and notes are
    mostly Cyrillic, six bytes a letter escaped and two in UTF-8. A correction rewrites every
    later line, so the bytes it sends (and PostgreSQL's bulk insert quotes character by
    character) and the pages SQLite writes shrink by about half. The values read back are the
    same either way."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["ensure_ascii"] = False
        super().__init__(*args, **kwargs)


class Match(models.Model):
    public_id = models.CharField(max_length=24, unique=True)
    # SHA-256 of the edit secret; the secret itself is never stored. Rematches share it, so a
    # phone holding the edit link can follow the series.
    secret_hash = models.CharField(max_length=64)
    variant = models.CharField(max_length=32)
    options = models.JSONField(default=dict)  # the full resolved options, frozen at creation
    team_names = models.JSONField(default=list)  # one name per side: [team 0, team 1], or each player's
    player_names = models.JSONField(default=list)  # one per seat, "" when not named
    # the seats at the table (docs/tables.md#sides): 4 for the team games, 2 to 4 for the short tables
    seats = models.PositiveSmallIntegerField(default=4)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    first_leader = models.PositiveSmallIntegerField(null=True, blank=True)
    house = models.CharField(max_length=80, blank=True)
    series = models.CharField(max_length=24)  # shared by a match and its rematches
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="rematch"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The log's last seq: the version every write form carries; the view link's poll reads it.
    version = models.PositiveIntegerField(default=0)
    # rules.engine.Fold.to_dict() after the latest entry (its tag is ``version``), plus
    # "broken": the error code of a stored hand the engine refused ("" normally). None: not built
    # yet (a match from before snapshots); the first read or write builds it from the log.
    snapshot = models.JSONField(null=True, blank=True)

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


class Line(models.Model):
    """One hand on the board, derived from the log (a cache: ``snapshots.rebuild``
    writes the same rows from the log alone). ``number`` is the hand's place among the hands
    still in the match; ``fold`` is the engine's state after it on every
    ``snapshots.CHECKPOINT``-th line (None on the others), the checkpoint a correction of a later
    hand replays from; ``texts`` holds the line as shown, per language, built once when
    the hand is written or replayed."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="lines")
    number = models.PositiveIntegerField()
    slot = models.PositiveIntegerField()
    record = models.JSONField(encoder=UnescapedJSONEncoder)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    # the score of each side after the hand (solo-twelve's marks go to 0 and below); sides 2 and 3
    # only at a table of three or four sides
    score0 = models.IntegerField()
    score1 = models.IntegerField()
    score2 = models.IntegerField(null=True, blank=True)
    score3 = models.IntegerField(null=True, blank=True)
    edited = models.BooleanField(default=False)
    restored = models.BooleanField(default=False)  # its last change brought back an earlier version
    fold = models.JSONField(encoder=UnescapedJSONEncoder, null=True, blank=True)
    texts = models.JSONField(encoder=UnescapedJSONEncoder)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="line_unique_number"),
            models.UniqueConstraint(fields=["match", "slot"], name="line_unique_slot"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} hand {self.number} (slot {self.slot})"


__all__ = ["Entry", "Line", "Match"]
