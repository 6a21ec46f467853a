"""Every referee and rule-sheet page marks where the player is in the top menu."""

from __future__ import annotations

import re

import pytest
from django.test import Client


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "current"),
    [
        ("/rules/", "Правила"),
        ("/rules/classic-sixes/", "Правила"),
        ("/rules/compare/", "Правила"),
        ("/rules/house/", "Правила"),
        ("/rules/referee/", "Судья"),
        ("/rules/referee/deal/", "Судья"),
        ("/rules/referee/hand/", "Судья"),
        ("/rules/glossary/", "Словарь"),
        ("/rules/disputes/", "Споры"),
    ],
)
def test_menu_marks_the_current_area(client: Client, path: str, current: str) -> None:
    html = client.get(path).content.decode()
    assert re.findall(r'aria-current="page">([^<]+)<', html) == [current]
    assert "rules/rules.css" in html
