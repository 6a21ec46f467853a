"""The history page in pages: the newest :data:`PAGE` changes, and a link to the ones before.

A match may keep 5,000 changes (``scorekeeper.bounds``); one page of all of them took half a
second to draw, and a phone does not scroll through it. Each page costs the same at any length.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

PAGE = 200


def history_page(
    rows: Sequence[dict[str, Any]], before: int | None
) -> tuple[list[dict[str, Any]], int | None]:
    """``rows`` (newest first) with a seq below ``before``, at most :data:`PAGE` of them, and the
    ``before`` of the next page (None: this is the oldest)."""
    shown = [r for r in rows if before is None or r["entry"].seq < before]
    page = shown[:PAGE]
    return page, page[-1]["entry"].seq if len(shown) > PAGE else None
