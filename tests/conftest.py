"""Shared test set-up: live_server + Playwright may run in the same thread as Django."""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
