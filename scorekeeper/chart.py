"""The score's progress as a small server-rendered SVG: one line per side, hand by hand.

Pure arithmetic on the scores after each hand (the replay's ``HandResult.score``), so it covers
every scoring system alike: pairs to 6, marks toward a loss at 12, series points and eyes to 12,
and solo-twelve's marks falling from 12 toward the goat at 0, one line per player.
A Lyusya reset shows as the line falling to 0. The template draws it; no JavaScript.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 320, 150
POINTS = 60  # hands drawn at most
LEFT, RIGHT, TOP, BOTTOM = 26, 10, 10, 22  # room for the axis numbers


SYMBOLS = ("■", "●", "▲", "◆")  # each side's dot in the key, as drawn: told apart without colour


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[str, ...]  # SVG polyline points per side
    dots: tuple[tuple[tuple[str, str], ...], ...]  # per side: each dot's centre
    target_y: str
    target: int
    top: int  # the y axis runs bottom..top
    ticks: tuple[tuple[str, int], ...]  # (y, value) on the left axis
    hands: tuple[tuple[str, int], ...]  # (x, hand number) on the bottom axis
    scores: tuple[tuple[int, ...], ...]  # the start first, then after each hand drawn
    x0: int
    x1: int
    baseline: str
    bottom: int = 0  # below 0 only where marks are lost past zero (solo-twelve's goat)

    @property
    def axes(self) -> SafeString:
        """The grid lines with the score on the left and the hand numbers at the bottom."""
        x0, x1, label = self.x0, self.x1, self.x0 - 6
        grid = "".join(
            f'<line class="chart-grid" x1="{x0}" x2="{x1}" y1="{y}" y2="{y}"/>'
            f'<text class="chart-axis" x="{label}" y="{y}" dy="4" text-anchor="end">{v}</text>'
            for y, v in self.ticks
        )
        bottom = self.height - 6
        numbers = "".join(
            f'<text class="chart-axis" x="{x}" y="{bottom}" text-anchor="middle">{n}</text>'
            for x, n in self.hands
        )
        return mark_safe(grid + numbers)  # numbers formatted in build(), nothing else

    @property
    def polylines(self) -> SafeString:
        """One line per side, the first side drawn last (on top)."""
        return mark_safe(  # numbers formatted in build(), nothing else
            "".join(
                f'<polyline class="chart-line chart-team{side}" points="{self.lines[side]}"/>'
                for side in reversed(range(len(self.lines)))
            )
        )

    @property
    def marks(self) -> SafeString:
        """The dots as SVG elements, made from the numbers above only. Each side has its own
        shape (square, circle, triangle, diamond), so no colour is needed."""
        out = []
        for side in reversed(range(len(self.dots))):
            cls = f"chart-dot chart-team{side}"
            for x, y in self.dots[side]:
                out.append(_dot(side, cls, float(x), float(y)))
        return mark_safe("".join(out))


def _dot(side: int, cls: str, x: float, y: float) -> str:
    if side == 0:
        return f'<rect class="{cls}" x="{x - 2.5:.1f}" y="{y - 2.5:.1f}" width="5" height="5"/>'
    if side == 1:
        return f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="2.6"/>'
    if side == 2:
        pts = f"{x:.1f},{y - 3.2:.1f} {x + 3:.1f},{y + 2.4:.1f} {x - 3:.1f},{y + 2.4:.1f}"
    else:
        pts = f"{x:.1f},{y - 3.2:.1f} {x + 3.2:.1f},{y:.1f} {x:.1f},{y + 3.2:.1f} {x - 3.2:.1f},{y:.1f}"
    return f'<polygon class="{cls}" points="{pts}"/>'


def build(
    scores: Sequence[Sequence[int]],
    target: int,
    numbers: Sequence[int] | None = None,
    start: Sequence[int] | None = None,
) -> Chart:
    """``scores``: the score of every side after each hand, in order (without the start).
    ``start``: the score before the first hand (default 0 for each side; solo-twelve's 12 marks).
    ``numbers``: the hand each score is after, when only some hands are drawn (a long match is
    drawn from at most :data:`POINTS` of its hands, spread evenly, the last one always; a line of
    1,000 dots on a phone is no clearer than one of 60); by default every hand, 1, 2, 3 …"""
    sides = len(start) if start is not None else len(scores[0]) if scores else 2
    first = tuple(int(v) for v in start) if start is not None else (0,) * sides
    series = (first, *[tuple(int(v) for v in s) for s in scores])
    at = (0, *(numbers if numbers is not None else range(1, len(series))))
    top = max(target, *(max(s) for s in series))
    low = min(0, *(min(s) for s in series))
    n = at[-1]
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    # coordinates as strings: the template must not localise them («128,0» is no SVG number)
    def x(i: int) -> str:
        return f"{LEFT + (span_x * i / n if n else 0):.1f}"

    def y(v: int) -> str:
        return f"{TOP + span_y * (top - v) / (top - low or 1):.1f}"

    lines = []
    dots = []
    for side in range(sides):
        pts = [(x(h), y(s[side])) for h, s in zip(at, series, strict=True)]
        lines.append(" ".join(f"{a},{b}" for a, b in pts))
        dots.append(tuple(pts[1:]))
    spread = top - low
    step = 1 if spread <= 8 else 2 if spread <= 16 else 5
    ticks = tuple((y(v), v) for v in range(low, top + 1) if v % step == 0 and v != target)
    ticks += ((y(target), target),)
    every = 1 if n <= 12 else 5 if n <= 60 else 10 * -(-n // 80)  # at most about 8 labels
    hands = tuple((x(i), i) for i in range(1, n + 1) if i % every == 0 or i == n)
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        lines=tuple(lines),
        dots=tuple(dots),
        target_y=y(target),
        target=target,
        top=top,
        ticks=ticks,
        hands=hands,
        scores=series,
        x0=LEFT,
        x1=WIDTH - RIGHT,
        baseline=y(0),
        bottom=low,
    )


def sample(count: int) -> list[int]:
    """The hands a match of ``count`` hands is drawn from: all up to :data:`POINTS`, else
    :data:`POINTS` spread evenly, the last hand always among them."""
    return list(_sample(count))


@functools.lru_cache(maxsize=4096)
def _sample(count: int) -> tuple[int, ...]:
    if count <= POINTS:
        return tuple(range(1, count + 1))
    return tuple(sorted({max(1, round(i * count / POINTS)) for i in range(1, POINTS + 1)} | {count}))
