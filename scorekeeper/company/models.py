"""A company: the same friends, match after match, with an append-only log like a match's.

The log (:class:`CompanyEntry`) is the truth: who the players are and what they are called
now (renames and merges replayed, a merge undone by a later entry), and which matches belong
to the company. :class:`CompanyMatch` rows and ``Company.figures`` are caches of the figures
(``scorekeeper.company.figures``), rebuilt from the logs at any time (``manage.py
check_companies``).

The tables are the ones the scorekeeper app made when it held these models: the models moved to
this app by its migration 0001 and the scorekeeper's 0009, state only, nothing copied or dropped.
"""

from __future__ import annotations

from django.db import models


class Company(models.Model):
    public_id = models.CharField(max_length=24, unique=True)
    # SHA-256 of the edit secret, compared in constant time (as a match's: selectors.secret_hash)
    secret_hash = models.CharField(max_length=64)
    name = models.CharField(max_length=60)
    time_zone = models.CharField(max_length=64)  # an IANA name, from the phone that made it
    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(default=0)  # the log's last seq, carried by every form
    # the all-time figures per variant and over every variant (figures.py); {} until built
    figures = models.JSONField(default=dict)
    # a kept figure could not be updated after a match's write: rebuilt on the next write
    stale = models.BooleanField(default=False)
    # the log replayed (log.Roster.to_dict), written with each entry; None: replay the log
    roster = models.JSONField(null=True, blank=True)
    # bumped by every write of the figures: a fold read before the lock is written only if unchanged
    folds = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "scorekeeper_company"  # the table the scorekeeper app made (migration 0005)

    def __str__(self) -> str:
        return f"{self.public_id} ({self.name})"


class CompanyEntry(models.Model):
    """One change to a company. ``player`` is a player's id: the seq of the entry that added
    him. A merge folds ``other`` into ``player``; an unmerge undoes the merge entry ``source``."""

    PLAYER, RENAME, MERGE, UNMERGE, MATCH, UNMATCH = (
        "player",
        "rename",
        "merge",
        "unmerge",
        "match",
        "unmatch",
    )
    ACTIONS = [(a, a) for a in (PLAYER, RENAME, MERGE, UNMERGE, MATCH, UNMATCH)]

    company = models.ForeignKey(Company, on_delete=models.PROTECT, related_name="entries")
    seq = models.PositiveIntegerField()
    action = models.CharField(max_length=8, choices=ACTIONS)
    player = models.PositiveIntegerField(null=True, blank=True)
    other = models.PositiveIntegerField(null=True, blank=True)
    name = models.CharField(max_length=30, blank=True)
    match = models.ForeignKey("scorekeeper.Match", null=True, blank=True, on_delete=models.PROTECT)
    seats = models.JSONField(null=True, blank=True)  # match: a player id per seat, None at a blind seat
    source = models.PositiveIntegerField(null=True, blank=True)
    nonce = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scorekeeper_companyentry"
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["company", "seq"], name="company_entry_unique_seq"),
            models.UniqueConstraint(fields=["company", "nonce"], name="company_entry_unique_nonce"),
        ]

    def __str__(self) -> str:
        return f"{self.company_id}#{self.seq} {self.action}"


class CompanyMatch(models.Model):
    """A match of the company as its figures see it (a cache of the logs): its outcome by player
    id, where it falls in the order the matches ended, every rating after it and now and then
    the tally up to it (where a fold from a later row starts)."""

    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="rows")
    match = models.ForeignKey("scorekeeper.Match", on_delete=models.CASCADE, related_name="company_rows")
    seats = models.JSONField()  # a player id per seat, as the log linked them
    variant = models.CharField(max_length=32)
    started = models.DateTimeField()
    ended = models.DateTimeField(null=True, blank=True)  # its last hand's time
    order = models.DateTimeField()  # ``ended``, or ``started`` before the first hand
    match_version = models.PositiveIntegerField()  # the match's log version the outcome reads
    outcome = models.JSONField()  # rules.stats.store.dump_outcome, sides by player id as linked
    ratings = models.JSONField(default=dict)  # scope ("*" or the variant) -> ratings after it
    # scope -> the scope's tally up to this row, on every fold.EVERY-th row of the scope
    tally = models.JSONField(default=dict)

    class Meta:
        db_table = "scorekeeper_companymatch"
        ordering = ["order", "match_id"]
        indexes = [models.Index(fields=["company", "order", "match"], name="company_row_order")]
        constraints = [models.UniqueConstraint(fields=["company", "match"], name="company_row_unique")]

    def __str__(self) -> str:
        return f"{self.company_id}: {self.match_id}"
