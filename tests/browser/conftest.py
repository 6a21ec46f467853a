"""Playwright drives Debian's chromium at a phone's size (390x844): its headless shell where it
is installed (scripts/chromium.py), the full browser otherwise."""

from __future__ import annotations

import os

import pytest

from scripts.chromium import ARGS, CHROMIUM, HEADLESS_SHELL


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # the hook sees every collected item, not only this folder's: mark just the browser tests
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.path).startswith(here):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else CHROMIUM,
        "args": ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "ru-RU",
    }
