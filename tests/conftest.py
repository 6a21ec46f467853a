"""Shared test set-up: live_server + Playwright may run in the same thread as Django."""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# the limits on creation (kozel_site.limits) are off for the suite: tests start hundreds of
# matches from one address; tests/kozel_site/test_limits.py turns them on
os.environ.setdefault("KOZEL_RATELIMIT", "0")
