"""The company tests use the match helpers of tests/scorekeeper (a match through the real views)."""

from tests.scorekeeper.conftest import Table, start

__all__ = ["Table", "start"]
