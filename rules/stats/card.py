"""The evening's image to share in a chat: a title and a few lines, drawn with Pillow.

A pure function of its words: it knows no language (the caller words it) and reads only the
font. The font is DejaVu Sans, which has Cyrillic: Debian's ``fonts-dejavu-core`` (the test
script installs it; docs/operations.md#one-server says so for a server). 1200×630, the size chat apps
preview a link's image at, with text large enough to read in the preview's thumbnail.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

__all__ = ["FONT_DIRS", "SIZE", "draw_card", "font_path"]

SIZE = (1200, 630)
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts")
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
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(bold)), size)


def _fit(draw: ImageDraw.ImageDraw, text: str, width: int, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    """The font at ``size`` or smaller (down to two thirds of it) that fits ``text`` in ``width``."""
    floor = size * 2 // 3
    while size > floor and draw.textlength(text, font=_font(size, bold)) > width:
        size -= 2
    return _font(size, bold)


def _clip(draw: ImageDraw.ImageDraw, text: str, width: int, font: ImageFont.FreeTypeFont) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_card(title: str, rows: Sequence[tuple[str, str]], footer: str = "") -> bytes:
    """A PNG: ``title`` on top, then each row's label (small) and value (large), at most four
    rows; a text too long for the width is set smaller, then cut with «…»."""
    img = Image.new("RGB", SIZE, BACKGROUND)
    draw = ImageDraw.Draw(img)
    width = SIZE[0] - 2 * MARGIN
    draw.rectangle((0, 0, SIZE[0], 12), fill=ACCENT)
    font = _fit(draw, title, width, 68, True)
    draw.text((MARGIN, 44), _clip(draw, title, width, font), font=font, fill=TEXT)
    y = 150
    shown = rows[:4]
    step = (SIZE[1] - y - 70) // max(len(shown), 1)
    for label, value in shown:
        draw.rounded_rectangle((MARGIN - 20, y - 8, SIZE[0] - MARGIN + 20, y + step - 14), 18, fill=PANEL)
        small = _font(28, False)
        draw.text((MARGIN, y), _clip(draw, label, width, small), font=small, fill=MUTED)
        big = _fit(draw, value, width, 44, True)
        draw.text((MARGIN, y + 36), _clip(draw, value, width, big), font=big, fill=TEXT)
        y += step
    if footer:
        draw.text((MARGIN, SIZE[1] - 52), footer, font=_font(26, False), fill=ACCENT)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
