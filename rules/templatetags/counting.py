"""``{{ n|count:"point" }}`` → «24 очка»: the one plural helper (rules.counting) in templates,
and the same forms for the scripts (``{% count_catalogue %}``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html_join

from rules import counting

register = template.Library()


@register.filter
def count(n: Any, word: str) -> str:
    try:
        return counting.count(int(n), word)
    except (TypeError, ValueError):  # nothing to count (a page showing an error): as Django's filters do
        return ""


@register.simple_tag
def count_catalogue() -> str:
    """Data attributes for site.js's Kozel.count: the plural index table and each word's forms
    (on every page, through base.html)."""
    return format_html_join(" ", 'data-count-{}="{}"', counting.js_catalogue().items())
