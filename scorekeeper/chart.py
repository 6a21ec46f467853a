"""The score's progress as a small server-rendered SVG: one line per team, hand by hand.

Pure arithmetic on the scores after each hand (the replay's ``HandResult.score``), so it covers
every scoring system alike: pairs to 6, marks toward a loss at 12, series points and eyes to 12.
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


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    lines: tuple[str, str]  # SVG polyline points per team
    dots: tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]
    target_y: str
    target: int
    top: int  # the y axis runs 0..top
    ticks: tuple[tuple[str, int], ...]  # (y, value) on the left axis
    hands: tuple[tuple[str, int], ...]  # (x, hand number) on the bottom axis
    scores: tuple[tuple[int, int], ...]  # 0:0 first, then after each hand drawn
    x0: int
    x1: int
    baseline: str

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
    def marks(self) -> SafeString:
        """The dots as SVG elements, joined once here: 120 dots through the template's loop
        and escaping cost more than the rest of the board. Only the numbers above go in."""
        circles = "".join(
            f'<circle class="chart-dot chart-team1" cx="{x}" cy="{y}" r="2.6"/>' for x, y in self.dots[1]
        )
        squares = "".join(
            f'<rect class="chart-dot chart-team0" x="{x}" y="{y}" width="5" height="5"/>'
            for x, y in self.dots[0]
        )
        return mark_safe(circles + squares)  # numbers formatted in build(), nothing else


def build(scores: Sequence[tuple[int, int]], target: int, numbers: Sequence[int] | None = None) -> Chart:
    """``scores``: the score after each hand, in order (without the 0:0 start). ``numbers``: the
    hand each score is after, when only some hands are drawn (a long match is drawn from at most
    :data:`POINTS` of its hands, spread evenly, the last one always; a line of 1,000 dots on a
    phone is no clearer than one of 60); by default every hand, 1, 2, 3 …"""
    series = ((0, 0), *[(int(a), int(b)) for a, b in scores])
    at = (0, *(numbers if numbers is not None else range(1, len(series))))
    top = max(target, *(max(s) for s in series))
    n = at[-1]
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    # coordinates as strings: the template must not localise them («128,0» is no SVG number)
    def x(i: int) -> str:
        return f"{LEFT + (span_x * i / n if n else 0):.1f}"

    def y(v: int) -> str:
        return f"{TOP + span_y * (1 - v / top):.1f}"

    lines = []
    dots = []
    for team in (0, 1):
        pts = [(x(h), y(s[team])) for h, s in zip(at, series, strict=True)]
        lines.append(" ".join(f"{a},{b}" for a, b in pts))
        # team 0 squares (top-left corner), team 1 circles (centre): told apart without colour
        dots.append(
            tuple(
                (f"{float(a) - 2.5:.1f}", f"{float(b) - 2.5:.1f}") if team == 0 else (a, b)
                for a, b in pts[1:]
            )
        )
    step = 1 if top <= 8 else 2 if top <= 16 else 5
    ticks = tuple((y(v), v) for v in range(0, top + 1, step) if v != target) + ((y(target), target),)
    every = 1 if n <= 12 else 5 if n <= 60 else 10 * -(-n // 80)  # at most about 8 labels
    hands = tuple((x(i), i) for i in range(1, n + 1) if i % every == 0 or i == n)
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        lines=(lines[0], lines[1]),
        dots=(dots[0], dots[1]),
        target_y=y(target),
        target=target,
        top=top,
        ticks=ticks,
        hands=hands,
        scores=series,
        x0=LEFT,
        x1=WIDTH - RIGHT,
        baseline=y(0),
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
