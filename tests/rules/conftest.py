"""Shared by the rule and referee tests."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.fixture
def en(client: Client) -> Client:
    """The test client with the site in English (the language cookie)."""
    client.cookies["kozel_lang"] = "en"
    return client
