"""Card faces for the rules pages: suit symbols red or black, rank letters in the page's language."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join

from rules.engine.cards import Card
from rules.messages import card_text
from rules.messages import variant_name as _variant_name

register = template.Library()


@register.filter
def face(value: Any) -> str:
    """``{{ card|face }}``: a Card, a code or a referee ``Face`` as a coloured card face."""
    if value is None or value == "":
        return ""
    text = getattr(value, "text", None)
    if text is not None:
        red = value.red
    else:
        try:
            c = value if isinstance(value, Card) else Card.parse(str(value))
        except ValueError:
            return str(value)
        text, red = card_text(c), c.is_red
    return format_html('<span class="cardface {}">{}</span>', "suit-red" if red else "suit-black", text)


@register.filter
def faces(values: Any) -> str:
    return format_html_join(" ", "{}", ((face(v),) for v in (values or ())))


@register.filter
def variant_name(key: str) -> str:
    return _variant_name(key)


@register.filter
def player_no(seat: int) -> int:
    return int(seat) + 1


@register.simple_tag
def team_label(team: int) -> str:
    from django.utils.translation import gettext as _

    return _("players 1 and 3") if int(team) == 0 else _("players 2 and 4")


@register.simple_tag
def table_link(page: str, variant: str, options: Any, seats: Any = None, names: Any = ()) -> str:
    """``{% table_link "rules:referee" match.variant match.options match.seats match.player_names %}``:
    a referee page opened from a match, for its table and naming its players (no secret)."""
    from common.http import url
    from rules.referee.common import table_query

    return url(
        page,
        query=table_query(variant, options or {}, seats if isinstance(seats, int) else None, names or ()),
    )


@register.simple_tag
def variant_names_json() -> str:
    """Every variant's name in the page's language, as JSON: the list of matches on this phone
    names each match's variant in the language it is read in, not the one it was opened in."""
    import json

    from rules.engine.variants import ALL_VARIANTS

    return json.dumps({k: _variant_name(k) for k in ALL_VARIANTS}, ensure_ascii=False)


@register.inclusion_tag("rules/_answers.html", takes_context=True)
def answers(context: Any, dispute: str) -> dict[str, Any]:
    """``{% answers "eggs" %}``: one dispute's answers, every variant's, as the view worked them
    out (``rules.sheets.disputes.answers``)."""
    return {"rows": context["answers"][dispute]}
