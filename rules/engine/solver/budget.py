"""What one analysis may spend (docs/rules.md#analysis): it decides when a search stops.

A :class:`Budget` counts the positions every search of one analysis visits and may also carry a
wall-clock deadline; past either the search stops with its own refusal, :class:`TooComplex`
(the nodes) or :class:`TimeUp` (the clock), which the analysis answers as ``too_complex`` or
``solver_timeout``.
"""

from __future__ import annotations

import time

from ..cards import KozelError

NODE_BUDGET = 22_000_000
"""Positions one analysis may search before it gives up with ``too_complex``: a few seconds here
at the slowest table."""

CLOCK_EVERY = 1 << 12
"""Positions between two looks at the clock where a deadline is set: a look costs about as much
as a few positions, and the reference search, the slowest, passes these many in a few
hundredths of a second."""


class Spent(KozelError):
    """Raised inside a search when the budget is spent, one way or the other."""


class TooComplex(Spent):
    """The node budget is spent."""


class TimeUp(Spent):
    """The deadline has passed."""


class Budget:
    """Nodes searched, shared by every search of one analysis, and where to stop: past ``limit``
    nodes, and past ``seconds`` of wall-clock time from the budget's making where given."""

    def __init__(self, limit: int = NODE_BUDGET, seconds: float | None = None) -> None:
        self.nodes = 0
        self.limit = limit
        self.seconds = seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.look = 1  # the count at which the clock is read next

    @property
    def stop(self) -> int:
        """The count at which a search calls :meth:`spent`."""
        return self.limit + 1 if self.deadline is None else min(self.limit + 1, self.look)

    def spent(self) -> None:
        """Raises where the budget is spent; else the clock is read again later."""
        if self.nodes > self.limit:
            raise TooComplex("too_complex", f"more than {self.limit} positions")
        if self.deadline is not None:
            if time.monotonic() > self.deadline:
                raise TimeUp("solver_timeout", f"more than {self.seconds} s")
            self.look = self.nodes + CLOCK_EVERY

    def count(self) -> None:
        """One position more (the reference search counts them one at a time)."""
        self.nodes += 1
        if self.nodes >= self.stop:
            self.spent()
