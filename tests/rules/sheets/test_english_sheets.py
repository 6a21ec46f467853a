"""An English page speaks English: a Russian game word appears only named as such, in brackets or
quotes («козлы», Hand (кон)); in running text it is the glossary's own spelling (spas, khvalyonka)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.engine.variants import VARIANTS

pytestmark = pytest.mark.django_db

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def bare_russian(html: str) -> list[str]:
    text = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", "\n", text)
    text = re.sub(r"«[^»]*»|\([^)]*\)", " ", text)  # a word named as such
    text = text.replace("Русский", " ")  # the language switch names its language
    return [line.strip() for line in text.splitlines() if CYRILLIC.search(line)]


@pytest.mark.parametrize(
    "url", [*[f"/rules/{k}/" for k in sorted(VARIANTS)], "/rules/glossary/", "/rules/compare/"]
)
def test_english_sheets_have_no_bare_russian(client: Client, url: str) -> None:
    client.cookies["kozel_lang"] = "en"
    resp = client.get(url)
    assert resp.status_code == 200
    assert bare_russian(resp.content.decode()) == []
