"""The scorekeeper's template tags."""

from __future__ import annotations

import json

from django import template

from scorekeeper.names import default_names, neutral_names

register = template.Library()


@register.simple_tag
def default_names_json() -> str:
    """Every language's default side names, each as the page's language shows it, as JSON: the
    list of matches on this phone shows a match's default names in the language it is read in."""
    return json.dumps(default_names(), ensure_ascii=False)


@register.filter
def neutral_teams(names: list[str]) -> str:
    """A match's side names for the list of matches on this phone, defaults as message ids."""
    return " – ".join(neutral_names(names))
