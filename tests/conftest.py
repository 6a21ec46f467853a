"""Shared test set-up: live_server + Playwright may run in the same thread as Django; the tests
that use Django's test database are marked ``database`` (the PostgreSQL pass runs those).

``make test`` runs the suite in pytest-xdist workers, one process per core, each with its own
test database (pytest-django adds ``_gw0``, ``_gw1``… to its name), live server and browser. So a
test takes a free port (``tests.servers.free_port``) and writes under ``tmp_path``, never to a
fixed port or a fixed file in the work tree; a session fixture is set up once per worker, so it
holds nothing two workers would share; a server of its own starts through ``tests.servers``
(a fresh database copied from a migrated one, its static files in ``tmp_path``) or on the test
database through ``database_url()`` with ``transactional_db``, which also puts the test in the
PostgreSQL pass."""

from __future__ import annotations

import os

import pytest
from django.conf import settings

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# The limits on creation (common.limits) are off for the suite: its tests start hundreds of
# matches from one address. pytest-django reads the settings before this file, so the setting
# is changed here, and the variable is for the servers the tests start; tests/kozel_site/
# test_limits.py turns them on.
os.environ.setdefault("KOZEL_RATELIMIT", "0")
settings.RATELIMIT_ENABLE = False
# The suite's solves share a loaded machine: their deadline is long, so an answer never hangs on
# the load; tests/api/test_analyse_timeout.py sets its own.
os.environ.setdefault("KOZEL_SOLVE_SECONDS", "120")
settings.KOZEL_SOLVE_SECONDS = float(os.environ["KOZEL_SOLVE_SECONDS"])

# pytest-django's fixtures that open the test database (admin_client, django_user_model and the
# like ask for db, so they are in a test's fixture closure too); live_server brings its own
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("django_db") or DATABASE_FIXTURES.intersection(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.database)
