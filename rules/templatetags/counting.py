"""``{{ n|count:"point" }}`` → «24 очка»: the one plural helper (rules.counting) in templates."""

from __future__ import annotations

from typing import Any

from django import template

from rules import counting

register = template.Library()


@register.filter
def count(n: Any, word: str) -> str:
    try:
        return counting.count(int(n), word)
    except (TypeError, ValueError):  # nothing to count (a page showing an error): as Django's filters do
        return ""
