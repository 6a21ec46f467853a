"""``{% per_language %}…{% endper_language %}``: markup that depends on nothing but the page's
language (translated words, static files' URLs, URLs without arguments), rendered once per
language in each process and kept with the parsed template.

Every page carries a few kilobytes of such markup (``base.html``'s head, the scripts' texts):
rendering it again on every request was a third of the cost of the lightest page. The block is
rendered in a context of its own, holding only ``LANGUAGE_CODE``: a variable of the page used
inside it renders empty (on every request alike), so nothing request-specific can be frozen into
it by mistake (tests/kozel_site/test_per_language.py)."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.template.base import Node, NodeList, Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()


class PerLanguageNode(Node):
    def __init__(self, nodelist: NodeList) -> None:
        self.nodelist = nodelist
        self.kept: dict[str, SafeString] = {}  # language -> the markup

    def render(self, context: Context) -> SafeString:
        language = get_language() or settings.LANGUAGE_CODE
        html = self.kept.get(language)
        if html is None:
            html = mark_safe(self.nodelist.render(context.new({"LANGUAGE_CODE": language})))
            self.kept[language] = html
        return html


@register.tag("per_language")
def per_language(parser: Parser, token: Token) -> PerLanguageNode:
    if len(token.split_contents()) != 1:
        raise template.TemplateSyntaxError("per_language takes no arguments")
    nodelist = parser.parse(("endper_language",))
    parser.delete_first_token()
    return PerLanguageNode(nodelist)
