"""``{% per_language %}`` (kozel_site/once.py): markup rendered once per language and kept. It
must follow the page's language, and it must not be able to freeze anything of one request
into every page: a page variable used inside renders empty, always."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.template import engines
from django.test import Client, RequestFactory
from django.utils import translation

TEMPLATE = (
    "{% load i18n once %}{% per_language %}[{% translate 'Kozel' %}|{{ LANGUAGE_CODE }}|{{ who }}]"
    "{% endper_language %}{{ who }}"
)


def render(language: str, who: str, template) -> str:  # type: ignore[no-untyped-def]
    with translation.override(language):
        return template.render({"who": who}, RequestFactory().get("/"))


def test_kept_per_language_and_blind_to_the_page() -> None:
    template = engines["django"].from_string(TEMPLATE)
    assert render("ru", "Аня", template) == "[Козёл|ru|]Аня"
    assert render("en", "Боря", template) == "[Kozel|en|]Боря"
    # kept: the second page in Russian gets the same block, and its own variable outside it
    assert render("ru", "Вера", template) == "[Козёл|ru|]Вера"


def test_it_takes_no_arguments() -> None:
    from django.template import TemplateSyntaxError

    with pytest.raises(TemplateSyntaxError):
        engines["django"].from_string("{% load once %}{% per_language x %}{% endper_language %}")


@pytest.mark.django_db
def test_the_base_page_follows_the_language_cookie() -> None:
    ru, en = Client(), Client()
    en.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    for _ in range(2):  # the second time from what was kept
        ru_html = ru.get("/").content.decode()
        en_html = en.get("/").content.decode()
        assert 'data-offline="Нет сети"' in ru_html and 'data-offline="No network"' in en_html
        assert 'lang="ru"' in ru_html and 'lang="en"' in en_html
