"""The table of the counts behind the limits on creation (``common.limits``)."""

from __future__ import annotations

from django.db import models


class RateCount(models.Model):
    """A row of the ``ratelimit`` cache's table, made by ``createcachetable`` (migration 0001).
    Described here only so that ``common.limits.AtomicDatabaseCache`` can lock a count's row with
    the ORM; Django's database cache reads and writes the table itself."""

    cache_key = models.CharField(max_length=255, primary_key=True)

    class Meta:
        managed = False
        db_table = "kozel_ratelimit"
