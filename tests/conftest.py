"""Shared test set-up: live_server + Playwright may run in the same thread as Django."""

from __future__ import annotations

import os

from django.conf import settings

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# The limits on creation (common.limits) are off for the suite: its tests start hundreds of
# matches from one address. pytest-django reads the settings before this file, so the setting
# is changed here, and the variable is for the servers the tests start; tests/kozel_site/
# test_limits.py turns them on.
os.environ.setdefault("KOZEL_RATELIMIT", "0")
settings.RATELIMIT_ENABLE = False
