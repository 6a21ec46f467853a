"""The evening's image to share in a chat: a title and a few lines, drawn with Pillow.

A pure function of its words: it knows no language (the caller words it) and reads only the
fonts. The font is DejaVu Sans, which has Cyrillic: Debian's ``fonts-dejavu-core``; a character
it lacks (an emoji in a player's name) is drawn in Symbola, Debian's ``fonts-symbola``, and one
neither has is left out rather than drawn as a box (``scripts/font.sh`` installs both;
docs/operations.md#one-server says so for a server). Which characters a font has is read from its
own table (fontTools). 1200×630, the size chat apps preview a link's image at, with text large
enough to read in the preview's thumbnail.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

__all__ = ["FONT_DIRS", "SIZE", "draw_card", "font_path", "runs"]

SIZE = (1200, 630)
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
# the fonts a character DejaVu lacks is looked for in, in order
FALLBACKS = (
    "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    "/usr/share/fonts/truetype/Symbola.ttf",
)
BACKGROUND = (23, 74, 52)  # the card table's green
PANEL = (31, 92, 66)
TEXT = (250, 245, 230)
MUTED = (196, 214, 200)
ACCENT = (244, 196, 48)
MARGIN = 56


def font_path(bold: bool = False) -> Path:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for d in FONT_DIRS:
        p = Path(d) / name
        if p.is_file():
            return p
    raise FileNotFoundError(f"{name} not found in {', '.join(FONT_DIRS)}: install fonts-dejavu-core")


@cache
def _chain(bold: bool) -> tuple[Path, ...]:
    """DejaVu, then the fallbacks this machine has."""
    return (font_path(bold), *(Path(p) for p in FALLBACKS if Path(p).is_file()))


@cache
def _has(path: Path) -> frozenset[int]:
    """The characters the font has a glyph for (its cmap)."""
    with TTFont(str(path), lazy=True) as font:
        return frozenset(font.getBestCmap())


def runs(text: str, bold: bool = False) -> list[tuple[str, Path]]:
    """``text`` cut where the font changes: each character in the first font of the chain that has
    it; a character none has is left out."""
    out: list[tuple[str, Path]] = []
    for ch in text:
        path = next((p for p in _chain(bold) if ord(ch) in _has(p)), None)
        if path is None:
            continue
        if out and out[-1][1] == path:
            out[-1] = (out[-1][0] + ch, path)
        else:
            out.append((ch, path))
    return out


@cache
def _font(size: int, path: Path) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


def _length(draw: ImageDraw.ImageDraw, text: str, size: int, bold: bool) -> float:
    return sum(draw.textlength(part, font=_font(size, path)) for part, path in runs(text, bold))


def _draw(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, size: int, bold: bool, fill: tuple[int, ...]
) -> None:
    """``text`` from ``xy`` on, each run in its font, on one baseline."""
    x, y = xy
    ascent = _font(size, font_path(bold)).getmetrics()[0]
    for part, path in runs(text, bold):
        font = _font(size, path)
        draw.text((x, y + ascent), part, font=font, fill=fill, anchor="ls")
        x += round(draw.textlength(part, font=font))


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool) -> int:
    """The size ``size`` or smaller (down to two thirds of it) that fits ``text`` in ``width``."""
    floor = size * 2 // 3
    while size > floor and _length(draw, text, size, bold) > width:
        size -= 2
    return size


def _clip(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool) -> str:
    if _length(draw, text, size, bold) <= width:
        return text
    while text and _length(draw, text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    width: int,
    size: int,
    bold: bool,
    fill: tuple[int, ...],
) -> None:
    """One line within ``width``: cut with «…» where it is longer."""
    _draw(draw, xy, _clip(draw, text, width, size, bold), size, bold, fill)


def draw_card(title: str, rows: Sequence[tuple[str, str]], footer: str = "") -> bytes:
    """A PNG: ``title`` on top, then each row's label (small) and value (large), at most four
    rows, and the footer; a text too long for the width is set smaller, then cut with «…»."""
    img = Image.new("RGB", SIZE, BACKGROUND)
    draw = ImageDraw.Draw(img)
    width = SIZE[0] - 2 * MARGIN
    draw.rectangle((0, 0, SIZE[0], 12), fill=ACCENT)
    _line(draw, (MARGIN, 44), title, width, _fit(draw, title, width, 68, True), True, TEXT)
    y = 150
    shown = rows[:4]
    step = (SIZE[1] - y - 70) // max(len(shown), 1)
    for label, value in shown:
        draw.rounded_rectangle((MARGIN - 20, y - 8, SIZE[0] - MARGIN + 20, y + step - 14), 18, fill=PANEL)
        _line(draw, (MARGIN, y), label, width, 28, False, MUTED)
        _line(draw, (MARGIN, y + 36), value, width, _fit(draw, value, width, 44, True), True, TEXT)
        y += step
    if footer:
        _line(draw, (MARGIN, SIZE[1] - 52), footer, width, 26, False, ACCENT)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
